import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { bigintAsNumber } from '@/database/bigint-column.js';
import { TurbineEntity } from '@/turbines/turbine.entity.js';
import { UserEntity } from '@/users/user.entity.js';

/** An inspection report (PDF) of a turbine for one year. */
@Index('IDX_reports_turbine_year', ['turbineId', 'year'])
@Entity('reports')
export class ReportEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ name: 'turbine_id', type: 'int' })
  turbineId: number;

  @ManyToOne(() => TurbineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'FK_reports_turbine' })
  turbine: Relation<TurbineEntity>;

  @Column({ type: 'int' })
  year: number;

  @Column({ name: 'original_filename', type: 'varchar', length: 255 })
  originalFilename: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 512, unique: true })
  storageKey: string;

  @Column({ name: 'file_size_bytes', type: 'bigint', transformer: bigintAsNumber })
  fileSizeBytes: number;

  @Index('IDX_reports_uploaded_by')
  @Column({ name: 'uploaded_by', type: 'int', nullable: true })
  uploadedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'uploaded_by', foreignKeyConstraintName: 'FK_reports_uploaded_by' })
  uploader: Relation<UserEntity> | null;

  @CreateDateColumn({ name: 'uploaded_at', type: 'timestamptz' })
  uploadedAt: Date;
}
