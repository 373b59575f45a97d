import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
} from 'typeorm';
import { ReportEntity } from '@/reports/report.entity.js';
import { TurbineEntity } from '@/turbines/turbine.entity.js';
import { UserEntity } from '@/users/user.entity.js';

/**
 * An inspection report too big to make within a request: made by a job, then stored as a report of its year.
 * The row is what the caller polls until the report is there.
 */
@Index('IDX_inspection_report_requests_turbine', ['turbineId', 'year'])
@Check('CHK_inspection_report_requests_status', `"status" IN ('pending', 'ready', 'failed')`)
@Check('CHK_inspection_report_requests_language', `"language" IN ('tr', 'en')`)
@Entity('inspection_report_requests')
export class InspectionReportRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'turbine_id', type: 'int' })
  turbineId: number;

  @ManyToOne(() => TurbineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'FK_inspection_report_requests_turbine' })
  turbine: Relation<TurbineEntity>;

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'varchar', length: 2 })
  language: 'tr' | 'en';

  @Index('IDX_inspection_report_requests_requested_by')
  @Column({ name: 'requested_by', type: 'int', nullable: true })
  requestedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'requested_by', foreignKeyConstraintName: 'FK_inspection_report_requests_requested_by' })
  requester: Relation<UserEntity> | null;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: 'pending' | 'ready' | 'failed';

  @Index('IDX_inspection_report_requests_report')
  @Column({ name: 'report_id', type: 'int', nullable: true })
  reportId: number | null;

  @ManyToOne(() => ReportEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'report_id', foreignKeyConstraintName: 'FK_inspection_report_requests_report' })
  report: Relation<ReportEntity> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
