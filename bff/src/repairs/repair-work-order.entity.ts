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
import { type RepairCurrency, type RepairMethod, type RepairStatus } from '@kanat360/contracts';
import { bigintAsNumber } from '@/database/bigint-column.js';
import { TurbineEntity } from '@/turbines/turbine.entity.js';
import { UserEntity } from '@/users/user.entity.js';

/**
 * A repair (work order, DESIGN "Repairs") of one turbine. Its findings are `repair_findings` rows, its after-repair
 * photos `repair_media` rows. Money is numeric (exact to the cent), read as numbers.
 */
@Index('IDX_repair_work_orders_turbine_created', ['turbineId', 'createdAt', 'id'])
@Index('IDX_repair_work_orders_created', ['createdAt', 'id'])
// The turbine list's open and overdue counts, the daily mail's due repairs: open ones only.
@Index('IDX_repair_work_orders_open_due', ['turbineId', 'dueDate'], {
  where: `"status" IN ('planned', 'scheduled', 'in_progress')`,
})
@Check(
  'CHK_repair_work_orders_method',
  `"method" IN ('coating', 'filler', 'laminate', 'leading_edge_protection', 'lightning_system', 'bond_line', 'replacement', 'other')`,
)
@Check(
  'CHK_repair_work_orders_status',
  `"status" IN ('planned', 'scheduled', 'in_progress', 'done', 'verified', 'cancelled')`,
)
@Check('CHK_repair_work_orders_priority', `"priority" BETWEEN 1 AND 5`)
@Check('CHK_repair_work_orders_currency', `"currency" IN ('TRY', 'EUR', 'USD')`)
@Check(
  'CHK_repair_work_orders_window',
  `("window_start" IS NULL AND "window_end" IS NULL) OR ("window_start" IS NOT NULL AND "window_end" > "window_start")`,
)
@Check(
  'CHK_repair_work_orders_amounts',
  `COALESCE("estimated_cost", 0) >= 0 AND COALESCE("actual_cost", 0) >= 0 AND COALESCE("labour_hours", 0) >= 0`,
)
@Entity('repair_work_orders')
export class RepairWorkOrderEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ name: 'turbine_id', type: 'int' })
  turbineId: number;

  @ManyToOne(() => TurbineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'FK_repair_work_orders_turbine' })
  turbine: Relation<TurbineEntity>;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 32 })
  method: RepairMethod;

  @Column({ type: 'int' })
  priority: number;

  @Column({ type: 'varchar', length: 16, default: 'planned' })
  status: RepairStatus;

  @Index('IDX_repair_work_orders_assignee')
  @Column({ name: 'assignee_id', type: 'int', nullable: true })
  assigneeId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'assignee_id', foreignKeyConstraintName: 'FK_repair_work_orders_assignee' })
  assignee: Relation<UserEntity> | null;

  /** A Turkish calendar day (REPAIR_TIME_ZONE). */
  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate: string | null;

  @Column({ name: 'window_start', type: 'timestamptz', nullable: true })
  windowStart: Date | null;

  @Column({ name: 'window_end', type: 'timestamptz', nullable: true })
  windowEnd: Date | null;

  @Column({
    name: 'estimated_cost',
    type: 'numeric',
    precision: 14,
    scale: 2,
    nullable: true,
    transformer: bigintAsNumber,
  })
  estimatedCost: number | null;

  @Column({
    name: 'actual_cost',
    type: 'numeric',
    precision: 14,
    scale: 2,
    nullable: true,
    transformer: bigintAsNumber,
  })
  actualCost: number | null;

  @Column({ type: 'varchar', length: 3, default: 'TRY' })
  currency: RepairCurrency;

  @Column({
    name: 'labour_hours',
    type: 'numeric',
    precision: 10,
    scale: 2,
    nullable: true,
    transformer: bigintAsNumber,
  })
  labourHours: number | null;

  @Column({ type: 'varchar', length: 4000, nullable: true })
  note: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Index('IDX_repair_work_orders_completed_by')
  @Column({ name: 'completed_by', type: 'int', nullable: true })
  completedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'completed_by', foreignKeyConstraintName: 'FK_repair_work_orders_completed_by' })
  completer: Relation<UserEntity> | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  @Index('IDX_repair_work_orders_verified_by')
  @Column({ name: 'verified_by', type: 'int', nullable: true })
  verifiedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'verified_by', foreignKeyConstraintName: 'FK_repair_work_orders_verified_by' })
  verifier: Relation<UserEntity> | null;

  @Index('IDX_repair_work_orders_created_by')
  @Column({ name: 'created_by', type: 'int', nullable: true })
  createdBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_repair_work_orders_created_by' })
  creator: Relation<UserEntity> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
