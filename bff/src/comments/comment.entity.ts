import {
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
import { TurbineEntity } from '@/turbines/turbine.entity.js';
import { UserEntity } from '@/users/user.entity.js';

/** A comment on a turbine. `updated_at` equals `created_at` until the comment is edited. */
@Index('IDX_comments_turbine', ['turbineId', 'createdAt'])
@Entity('comments')
export class CommentEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ name: 'turbine_id', type: 'int' })
  turbineId: number;

  @ManyToOne(() => TurbineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'turbine_id', foreignKeyConstraintName: 'FK_comments_turbine' })
  turbine: Relation<TurbineEntity>;

  @Index('IDX_comments_user')
  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_comments_user' })
  user: Relation<UserEntity> | null;

  @Column({ type: 'varchar', length: 500 })
  comment: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
