import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { UserEntity } from '@/users/user.entity.js';

/**
 * A user's calendar feed token. The token is an HMAC of the user and `salt` under the server's secret, so the panel
 * can show the address again without it being stored; only its SHA-256 is kept, to find the user by it. Rotating
 * draws a new salt: the old address stops working at once.
 */
@Entity('repair_calendar_tokens')
export class RepairCalendarTokenEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_repair_calendar_tokens_user' })
  user: Relation<UserEntity>;

  @Column({ type: 'char', length: 32 })
  salt: string;

  @Index('UQ_repair_calendar_tokens_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
