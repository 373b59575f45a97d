import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { CompanyEntity } from '../companies/company.entity.js';

export const TURBINE_STATUSES = ['active', 'maintenance', 'faulty', 'offline', 'inactive'] as const;
export type TurbineStatus = (typeof TURBINE_STATUSES)[number];

/** Spec §3 Turbine. The turbines API arrives with the inspection-data issue; companies already count these. */
@Check('CHK_turbines_rooms', `"rooms" >= 1`)
@Check('CHK_turbines_status', `"status" IN ('active', 'maintenance', 'faulty', 'offline', 'inactive')`)
@Entity('turbines')
export class TurbineEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ name: 'turbine_name', type: 'varchar', length: 120, nullable: true })
  turbineName: string | null;

  @Column({ type: 'varchar', length: 64 })
  code: string;

  @Column({ type: 'varchar', length: 80 })
  city: string;

  @Column({ type: 'varchar', length: 200 })
  location: string;

  @Column({ name: 'site_name', type: 'varchar', length: 120, nullable: true })
  siteName: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  coordinates: string | null;

  @Column({ type: 'int', default: 3 })
  rooms: number;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: TurbineStatus;

  @Index('IDX_turbines_company')
  @Column({ name: 'company_id', type: 'int' })
  companyId: number;

  @ManyToOne(() => CompanyEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'FK_turbines_company' })
  company: Relation<CompanyEntity>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
