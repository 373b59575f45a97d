import { type Role } from '@kanat360/contracts';
import { type DataSource } from 'typeorm';
import { hashPassword } from '@/auth/passwords.js';

let sequence = 0;
/** A suffix no other row of the run has. */
export function unique(): string {
  sequence += 1;
  return `${process.pid.toString(36)}${Date.now().toString(36)}${sequence}`;
}

export const PASSWORD = 'correct-horse-7';
let passwordHash: Promise<string> | undefined;

export interface MadeCompany {
  id: number;
  name: string;
}

export async function makeCompany(dataSource: DataSource, overrides: { name?: string } = {}): Promise<MadeCompany> {
  const name = overrides.name ?? `Company ${unique()}`;
  const rows: { id: number }[] = await dataSource.query(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [
    name,
  ]);
  return { id: rows[0]!.id, name };
}

export interface MadeUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  companyId: number;
}

export async function makeUser(
  dataSource: DataSource,
  input: {
    role: Role;
    companyId: number;
    email?: string;
    isActive?: boolean;
    isProtected?: boolean;
    language?: 'tr' | 'en';
  },
): Promise<MadeUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = input.email ?? `${input.role}.${unique()}@test.kanat360.local`;
  const rows: { id: number }[] = await dataSource.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, role, company_id, is_active, is_protected, language)
     VALUES ('Test', $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      input.role,
      email,
      await passwordHash,
      input.role,
      input.companyId,
      input.isActive ?? true,
      input.isProtected ?? false,
      input.language ?? 'tr',
    ],
  );
  return { id: rows[0]!.id, email, password: PASSWORD, role: input.role, companyId: input.companyId };
}

export async function makeTurbine(dataSource: DataSource, companyId: number): Promise<number> {
  const rows: { id: number }[] = await dataSource.query(
    `INSERT INTO turbines (code, city, location, company_id) VALUES ($1, 'izmir', 'Aliağa', $2) RETURNING id`,
    [`T-${unique()}`, companyId],
  );
  return rows[0]!.id;
}
