import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Failed sign-ins, counted per account and per address to throttle guessing. Kept in PostgreSQL so every replica sees them. */
@Index('IDX_login_attempts_email_time', ['email', 'createdAt'])
@Index('IDX_login_attempts_ip_time', ['ip', 'createdAt'])
@Entity('login_attempts')
export class LoginAttemptEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT', type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
