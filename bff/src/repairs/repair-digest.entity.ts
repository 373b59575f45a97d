import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { UserEntity } from '@/users/user.entity.js';

/**
 * The daily repair mail sent to a user on a Turkish calendar day: the row and the mail's job are written in one
 * transaction, so a person gets one mail a day however many processes run the daily job.
 */
@Entity('repair_digests')
export class RepairDigestEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_repair_digests_user' })
  user: Relation<UserEntity>;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @CreateDateColumn({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;
}
