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
import { type Role } from '@kanat360/contracts';
import { CompanyEntity } from '@/companies/company.entity.js';

// Emails are unique without regard to case; the migration creates this expression index.
@Index('UQ_users_email_lower', { synchronize: false })
@Check('CHK_users_role', `"role" IN ('superadmin', 'admin', 'company_manager', 'operator', 'customer')`)
@Check('CHK_users_language', `"language" IN ('tr', 'en')`)
@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ name: 'first_name', type: 'varchar', length: 80 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 80 })
  lastName: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 32 })
  role: Role;

  @Index('IDX_users_company')
  @Column({ name: 'company_id', type: 'int' })
  companyId: number;

  @ManyToOne(() => CompanyEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'FK_users_company' })
  company: Relation<CompanyEntity>;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  /** The root superadmin (id 35 in the seed): cannot be edited, have its password changed, or be deleted. */
  @Column({ name: 'is_protected', type: 'boolean', default: false })
  isProtected: boolean;

  /** The language of the mails sent to this user: the one they last signed in with. */
  @Column({ type: 'varchar', length: 2, default: 'tr' })
  language: 'tr' | 'en';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
