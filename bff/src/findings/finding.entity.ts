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
import {
  type Blade,
  type FindingAction,
  type FindingStage,
  type FindingStatus,
  type FindingSurface,
  type FindingTarget,
  type FindingType,
} from '@kanat360/contracts';
import { MediaEntity } from '@/media/media.entity.js';
import { TurbineEntity } from '@/turbines/turbine.entity.js';
import { UserEntity } from '@/users/user.entity.js';

/**
 * A damage record marked on one version of a turbine's media. Findings of one physical damage across years share
 * a track: `track_id` is the id of the track's first finding, null while a finding stands alone (its track is
 * itself). A finding keeps the media it was marked on: its region means nothing without it, so a photo with
 * findings cannot be deleted (the turbine's delete takes both).
 */
@Index('IDX_findings_turbine_created', ['turbineId', 'createdAt', 'id'])
@Index('IDX_findings_created', ['createdAt', 'id'])
// The turbine list's worst open severity (worstOpenSeverities), read from the index alone.
@Index('IDX_findings_turbine_open', ['turbineId', 'severity', 'stage'], {
  where: `"status" IN ('new', 'monitoring', 'repair_planned')`,
})
@Check('CHK_findings_blade', `"blade" IN ('A', 'B', 'C')`)
@Check(
  'CHK_findings_surface',
  `"surface" IN ('leading_edge', 'trailing_edge', 'pressure_side', 'suction_side', 'shear_web', 'root', 'tip')`,
)
@Check('CHK_findings_zone', `"zone" BETWEEN 1 AND 25`)
@Check(
  'CHK_findings_type',
  `"type" IN ('erosion', 'crack', 'delamination', 'lightning', 'hole', 'bond_line', 'coating', 'contamination', 'other')`,
)
@Check('CHK_findings_severity', `"severity" BETWEEN 1 AND 5`)
@Check('CHK_findings_action', `"action" IN ('none', 'follow_up', 'repair_planned', 'repair_soon', 'stop')`)
@Check('CHK_findings_status', `"status" IN ('new', 'monitoring', 'repair_planned', 'repaired', 'closed')`)
@Check('CHK_findings_stage', `"stage" IN ('draft', 'released')`)
@Entity('findings')
export class FindingEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ name: 'turbine_id', type: 'int' })
  turbineId: number;

  @ManyToOne(() => TurbineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'FK_findings_turbine' })
  turbine: Relation<TurbineEntity>;

  @Index('IDX_findings_media')
  @Column({ name: 'media_id', type: 'int' })
  mediaId: number;

  @ManyToOne(() => MediaEntity, { onDelete: 'NO ACTION' })
  @JoinColumn({ name: 'media_id', foreignKeyConstraintName: 'FK_findings_media' })
  media: Relation<MediaEntity>;

  @Column({ name: 'media_version', type: 'int' })
  mediaVersion: number;

  /** The campaign year of the media it was marked on. */
  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'char', length: 1 })
  blade: Blade;

  @Column({ type: 'varchar', length: 16 })
  surface: FindingSurface;

  @Column({ type: 'int' })
  zone: number;

  @Column({ type: 'boolean', default: false })
  internal: boolean;

  @Column({ name: 'distance_from_root_m', type: 'double precision' })
  distanceFromRootM: number;

  @Column({ name: 'extent_m', type: 'double precision', nullable: true })
  extentM: number | null;

  @Column({ name: 'distance_from_le_m', type: 'double precision', nullable: true })
  distanceFromLeM: number | null;

  /** The W3C Web Annotation target (`{ selector: { type, value } }`) in the original's coordinates. */
  @Column({ type: 'jsonb' })
  target: FindingTarget;

  @Column({ type: 'varchar', length: 16 })
  type: FindingType;

  @Column({ type: 'int' })
  severity: number;

  @Column({ type: 'varchar', length: 16 })
  action: FindingAction;

  @Column({ name: 'length_mm', type: 'double precision', nullable: true })
  lengthMm: number | null;

  @Column({ name: 'width_mm', type: 'double precision', nullable: true })
  widthMm: number | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 16, default: 'new' })
  status: FindingStatus;

  @Column({ type: 'varchar', length: 10, default: 'draft' })
  stage: FindingStage;

  @Index('IDX_findings_track')
  @Column({ name: 'track_id', type: 'int', nullable: true })
  trackId: number | null;

  @Index('IDX_findings_created_by')
  @Column({ name: 'created_by', type: 'int', nullable: true })
  createdBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_findings_created_by' })
  creator: Relation<UserEntity> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
