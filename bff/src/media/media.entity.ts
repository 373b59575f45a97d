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
  type MediaCategory,
  type MediaFailureCode,
  type MediaKind,
  type MediaStatus,
  type MediaWarningCode,
} from '@kanat360/contracts';
import { bigintAsNumber } from '@/database/bigint-column.js';
import { TurbineEntity } from '@/turbines/turbine.entity.js';
import { UserEntity } from '@/users/user.entity.js';

/**
 * A photo, video or point cloud of a turbine. An edited photo is a new row pointing at the original (`original_id`);
 * exactly one row of each lineage is current, and the original is never destroyed by an edit. The migration adds
 * two expression indexes: one current row per lineage, and original names unique per turbine.
 */
@Index('UQ_media_current_lineage', { synchronize: false })
@Index('UQ_media_turbine_name', { synchronize: false })
@Index('IDX_media_turbine_current', ['turbineId', 'room'], { where: '"is_current"' })
@Check('CHK_media_kind', `"kind" IN ('photo', 'video', 'pointcloud')`)
@Check('CHK_media_category', `"category" IN ('blade', 'drone', 'operator', 'robot', 'repair')`)
@Check('CHK_media_blade', `"blade" IS NULL OR "blade" IN ('A', 'B', 'C')`)
@Check('CHK_media_status', `"status" IN ('pending', 'ready', 'failed')`)
@Check('CHK_media_captured_offset', `"captured_offset" IS NULL OR "captured_offset" ~ '^[+-][0-9]{2}:[0-9]{2}$'`)
@Entity('media')
export class MediaEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Index('IDX_media_turbine')
  @Column({ name: 'turbine_id', type: 'int' })
  turbineId: number;

  @ManyToOne(() => TurbineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'FK_media_turbine' })
  turbine: Relation<TurbineEntity>;

  /** Names the blob and its derivatives folder (`turbines/{id}/derivatives/{asset_id}/`). */
  @Column({ name: 'asset_id', type: 'uuid', unique: true })
  assetId: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 512, unique: true })
  storageKey: string;

  @Column({ type: 'varchar', length: 16 })
  kind: MediaKind;

  @Column({ type: 'varchar', length: 16 })
  category: MediaCategory;

  @Column({ type: 'char', length: 1, nullable: true })
  blade: Blade | null;

  @Column({ type: 'int' })
  room: number;

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'int' })
  month: number;

  /** The client's file name: metadata only, never part of a storage key. */
  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  size: number;

  /** Sniffed from the bytes, never taken from the client. */
  @Column({ type: 'varchar', length: 100 })
  mime: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: MediaStatus;

  /** Why processing failed, as people are told it (`errors.<CODE>`). */
  @Column({ name: 'failure_code', type: 'varchar', length: 40, nullable: true })
  failureCode: MediaFailureCode | null;

  /** What the image library said of the failure: for operators, never shown to users. */
  @Column({ name: 'failure_detail', type: 'varchar', length: 500, nullable: true })
  failureDetail: string | null;

  /** What processing went past (a damaged JPEG shown as far as it could be read). */
  @Column({ name: 'processing_warning', type: 'varchar', length: 40, nullable: true })
  processingWarning: MediaWarningCode | null;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  /**
   * When it was taken as the camera's clock read it (no zone); written and read as `YYYY-MM-DDTHH:mm:ss` text
   * (see media.repository.ts), never through a JS Date, which would move it into the server's zone.
   */
  @Column({ name: 'captured_at_local', type: 'timestamp', precision: 0, nullable: true })
  capturedAtLocal: string | null;

  /** The camera clock's offset from UTC (`+03:00`) when the file tells it. */
  @Column({ name: 'captured_offset', type: 'varchar', length: 6, nullable: true })
  capturedOffset: string | null;

  /** The instant it was taken: only when the offset is known. */
  @Column({ name: 'captured_at', type: 'timestamptz', nullable: true })
  capturedAt: Date | null;

  @Column({ name: 'camera_make', type: 'varchar', length: 100, nullable: true })
  cameraMake: string | null;

  @Column({ name: 'camera_model', type: 'varchar', length: 100, nullable: true })
  cameraModel: string | null;

  @Column({ name: 'lens_model', type: 'varchar', length: 100, nullable: true })
  lensModel: string | null;

  @Column({ name: 'focal_length_mm', type: 'double precision', nullable: true })
  focalLengthMm: number | null;

  @Column({ name: 'gps_lat', type: 'double precision', nullable: true })
  gpsLat: number | null;

  @Column({ name: 'gps_lng', type: 'double precision', nullable: true })
  gpsLng: number | null;

  @Column({ name: 'is_panorama', type: 'boolean', default: false })
  isPanorama: boolean;

  @Column({ name: 'thumb_key', type: 'varchar', length: 512, nullable: true })
  thumbKey: string | null;

  @Column({ name: 'preview_key', type: 'varchar', length: 512, nullable: true })
  previewKey: string | null;

  @Column({ name: 'tiles_key', type: 'varchar', length: 512, nullable: true })
  tilesKey: string | null;

  /** The width a panorama's equirectangular tiles were cut from (their levels: panoramaLevels); null without. */
  @Column({ name: 'panorama_width', type: 'int', nullable: true })
  panoramaWidth: number | null;

  /** A video's length in seconds, when ffprobe could read it. */
  @Column({ name: 'duration_s', type: 'double precision', nullable: true })
  durationS: number | null;

  @Index('IDX_media_original')
  @Column({ name: 'original_id', type: 'int', nullable: true })
  originalId: number | null;

  @ManyToOne(() => MediaEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'original_id', foreignKeyConstraintName: 'FK_media_original' })
  original: Relation<MediaEntity> | null;

  @Column({ type: 'int', default: 1 })
  version: number;

  @Column({ name: 'is_current', type: 'boolean', default: true })
  isCurrent: boolean;

  @Index('IDX_media_uploaded_by')
  @Column({ name: 'uploaded_by', type: 'int', nullable: true })
  uploadedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'uploaded_by', foreignKeyConstraintName: 'FK_media_uploaded_by' })
  uploader: Relation<UserEntity> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
