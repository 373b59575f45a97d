import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { MediaEntity } from '@/media/media.entity.js';
import { RepairWorkOrderEntity } from './repair-work-order.entity.js';

/**
 * An after-repair photo a completion named, in the order given. The photo stays while the repair does: it is the
 * repair's evidence (deleting it answers PHOTO_IN_REPAIR; the turbine's delete takes both).
 */
@Entity('repair_media')
export class RepairMediaEntity {
  @PrimaryColumn({ name: 'repair_id', type: 'int' })
  repairId: number;

  @ManyToOne(() => RepairWorkOrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repair_id', foreignKeyConstraintName: 'FK_repair_media_repair' })
  repair: Relation<RepairWorkOrderEntity>;

  @Index('IDX_repair_media_media')
  @PrimaryColumn({ name: 'media_id', type: 'int' })
  mediaId: number;

  // Checked at commit: a turbine's delete takes its media and its repairs (with these rows) in one statement, whose
  // cascades reach this row after the photo; a photo deleted alone while a repair names it still fails.
  @ManyToOne(() => MediaEntity, { onDelete: 'NO ACTION', deferrable: 'INITIALLY DEFERRED' })
  @JoinColumn({ name: 'media_id', foreignKeyConstraintName: 'FK_repair_media_media' })
  media: Relation<MediaEntity>;

  @Column({ type: 'int' })
  position: number;
}
