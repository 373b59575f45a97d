import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message sent with the site's contact form: kept (2 years, see the privacy policy) and mailed to the inbox. */
@Index('IDX_contact_messages_ip_time', ['ip', 'createdAt'])
@Check('CHK_contact_messages_language', `"language" IN ('tr', 'en')`)
@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  /** The language of the page it was sent from. */
  @Column({ type: 'varchar', length: 2 })
  language: 'tr' | 'en';

  /** The sender's address: messages are throttled per address. */
  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
