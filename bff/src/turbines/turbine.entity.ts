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
import { type TurbineStatus } from '@kanat360/contracts';
import { CompanyEntity } from '@/companies/company.entity.js';

/**
 * Spec §3 Turbine. A deleted turbine first gets `deleted_at` (it leaves every list and lookup at once); the purge
 * job then removes its blobs and the row, whose media, reports and comments go with it.
 */
@Check('CHK_turbines_rooms', `"rooms" >= 1`)
@Check('CHK_turbines_status', `"status" IN ('active', 'maintenance', 'faulty', 'offline', 'inactive')`)
// A position is both numbers or neither; the ranges are the contracts' (TURBINE_ASSET_RANGES), held here too so no
// other writer can store a place off the globe.
@Check('CHK_turbines_position', `("latitude" IS NULL) = ("longitude" IS NULL)`)
@Check('CHK_turbines_latitude', `"latitude" BETWEEN -90 AND 90`)
@Check('CHK_turbines_longitude', `"longitude" BETWEEN -180 AND 180`)
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

  @Column({ type: 'varchar', length: 80, nullable: true })
  manufacturer: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  model: string | null;

  @Column({ name: 'rated_power_kw', type: 'double precision', nullable: true })
  ratedPowerKw: number | null;

  @Column({ name: 'hub_height_m', type: 'double precision', nullable: true })
  hubHeightM: number | null;

  @Column({ name: 'rotor_diameter_m', type: 'double precision', nullable: true })
  rotorDiameterM: number | null;

  @Column({ name: 'blade_length_m', type: 'double precision', nullable: true })
  bladeLengthM: number | null;

  @Column({ name: 'commissioned_year', type: 'int', nullable: true })
  commissionedYear: number | null;

  /** Decimal degrees; `coordinates` holds the same as "lat,lng" (or an older client's text naming no position). */
  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

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

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
