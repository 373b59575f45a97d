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
import { type UploadTarget } from '@kanat360/contracts';
import { bigintAsNumber } from '@/database/bigint-column.js';
import { TurbineEntity } from '@/turbines/turbine.entity.js';
import { UserEntity } from '@/users/user.entity.js';

/**
 * How a blob arrives: `direct`, PUT by the client to a presigned address and waiting for its confirm call; or
 * `stream`, flowing through the BFF in a multipart request.
 */
export type UploadIntentKind = 'direct' | 'stream';

/**
 * The upload ledger: a blob being written that no row owns yet. Confirming a direct upload (or finishing a stream)
 * replaces its entry with a media or report row in one transaction; cancelling or the sweep deletes the entry and
 * whatever was written, so an interrupted upload leaves nothing behind. Entries count against the company's
 * storage quota until then.
 */
@Check('CHK_upload_intents_kind', `"kind" IN ('direct', 'stream')`)
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

  @Column({ type: 'varchar', length: 16 })
  kind: UploadIntentKind;

  @Column({ name: 'storage_key', type: 'varchar', length: 512, unique: true })
  storageKey: string;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName: string;

  /**
   * A direct upload's announced size, which its address is bound to and confirm checks; for a stream, the bytes
   * it may still bring (the request's length), held against the quota while it flows.
   */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  size: number;

  /** Where a direct media upload goes once confirmed (room, blade, year, category); null for streams. */
  @Column({ type: 'jsonb', nullable: true })
  target: UploadTarget | null;

  /** Set for a store-side multipart upload (files above 5 GB), with the size of its parts. */
  @Column({ name: 'multipart_upload_id', type: 'varchar', length: 1024, nullable: true })
  multipartUploadId: string | null;

  @Column({ name: 'part_size', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  partSize: number | null;

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
