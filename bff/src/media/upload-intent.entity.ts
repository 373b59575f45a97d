import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { type Blade, type MediaCategory } from '@kanat360/contracts';
import { bigintAsNumber } from '../database/bigint-column.js';
import { TurbineEntity } from '../turbines/turbine.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A blob being written that no row owns yet: a direct upload waiting for its confirm call, or a multipart upload
 * streaming in. Confirming (or finishing the stream) replaces it with a media or report row in one transaction;
 * the sweep job deletes expired intents and their blobs, so an interrupted upload leaves nothing behind.
 */
@Entity('upload_intents')
export class UploadIntentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Index('IDX_upload_intents_turbine')
  @Column({ name: 'turbine_id', type: 'int' })
  turbineId: number;

  @ManyToOne(() => TurbineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'FK_upload_intents_turbine' })
  turbine: Relation<TurbineEntity>;

  @Column({ name: 'storage_key', type: 'varchar', length: 512, unique: true })
  storageKey: string;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName: string;

  /** What the client announced; confirm checks the stored object against it. */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  size: number;

  @Column({ type: 'varchar', length: 16 })
  category: MediaCategory;

  @Column({ type: 'char', length: 1, nullable: true })
  blade: Blade | null;

  @Column({ type: 'int' })
  room: number;

  @Column({ type: 'int' })
  year: number;

  /** Set for a store-side multipart upload (files above 5 GB). */
  @Column({ name: 'multipart_upload_id', type: 'varchar', length: 1024, nullable: true })
  multipartUploadId: string | null;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_upload_intents_user' })
  user: Relation<UserEntity> | null;

  @Index('IDX_upload_intents_expires')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
