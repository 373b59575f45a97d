import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { type FindingStatus } from '@kanat360/contracts';
import { FindingEntity } from '@/findings/finding.entity.js';
import { RepairWorkOrderEntity } from './repair-work-order.entity.js';

/**
 * A finding a repair covers. `active` while the repair holds it (open or done): the partial unique index keeps a
 * finding in one such repair at most, even against two requests at once. `previous_status` is what cancelling gives
 * the finding back.
 */
@Index('UQ_repair_findings_active_finding', ['findingId'], { unique: true, where: '"active"' })
@Check(
  'CHK_repair_findings_previous_status',
  `"previous_status" IN ('new', 'monitoring', 'repair_planned', 'repaired', 'closed')`,
)
@Entity('repair_findings')
export class RepairFindingEntity {
  @PrimaryColumn({ name: 'repair_id', type: 'int' })
  repairId: number;

  @ManyToOne(() => RepairWorkOrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repair_id', foreignKeyConstraintName: 'FK_repair_findings_repair' })
  repair: Relation<RepairWorkOrderEntity>;

  @Index('IDX_repair_findings_finding')
  @PrimaryColumn({ name: 'finding_id', type: 'int' })
  findingId: number;

  @ManyToOne(() => FindingEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'finding_id', foreignKeyConstraintName: 'FK_repair_findings_finding' })
  finding: Relation<FindingEntity>;

  @Column({ name: 'previous_status', type: 'varchar', length: 16 })
  previousStatus: FindingStatus;

  @Column({ type: 'boolean', default: true })
  active: boolean;
}
