import { type Role } from '@kanat360/contracts';
import { type DataSource } from 'typeorm';
import { hashPassword } from '../auth/passwords.js';
import { CompanyEntity } from '../companies/company.entity.js';
import { UserEntity } from '../users/user.entity.js';

export const DEMO_PASSWORD = 'kanat360-demo';
export const DEMO_DOMAIN = 'demo.kanat360.local';

export const DEMO_COMPANIES = [
  {
    name: 'Anadolu Rüzgar Enerji A.Ş.',
    contactEmail: `info@anadolu-ruzgar.${DEMO_DOMAIN}`,
    authorizedNumber: 'Ayşe Demir',
    phone: '+90 312 555 01 01',
    address: 'Çankaya, Ankara',
  },
  {
    name: 'Ege Yenilenebilir Enerji Ltd.',
    contactEmail: `iletisim@ege-yenilenebilir.${DEMO_DOMAIN}`,
    authorizedNumber: 'Mehmet Kaya',
    phone: '+90 232 555 02 02',
    address: 'Bornova, İzmir',
  },
] as const;

interface DemoUser {
  id?: number;
  local: string;
  firstName: string;
  lastName: string;
  role: Role;
  company: 0 | 1;
  isProtected?: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: 35,
    local: 'superadmin',
    firstName: 'Selin',
    lastName: 'Yıldız',
    role: 'superadmin',
    company: 0,
    isProtected: true,
  },
  { local: 'admin', firstName: 'Burak', lastName: 'Aydın', role: 'admin', company: 0 },
  { local: 'manager', firstName: 'Elif', lastName: 'Şahin', role: 'company_manager', company: 0 },
  { local: 'operator', firstName: 'Emre', lastName: 'Çelik', role: 'operator', company: 0 },
  { local: 'customer', firstName: 'Zeynep', lastName: 'Arslan', role: 'customer', company: 0 },
  { local: 'operator2', firstName: 'Can', lastName: 'Öztürk', role: 'operator', company: 1 },
];

export const demoEmail = (local: string) => `${local}@${DEMO_DOMAIN}`;

/**
 * Seeds the demo partners and one user of every role, once: a database that already has the demo superadmin is
 * left alone. Answers whether it seeded.
 */
export async function seedDemo(dataSource: DataSource): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const users = manager.getRepository(UserEntity);
    if (await users.exists({ where: { email: demoEmail('superadmin') } })) return false;
    const companyIds: number[] = [];
    for (const company of DEMO_COMPANIES) {
      const result = await manager.getRepository(CompanyEntity).insert({ ...company });
      companyIds.push((result.identifiers[0] as { id: number }).id);
    }
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const user of DEMO_USERS) {
      await users.insert({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: demoEmail(user.local),
        passwordHash,
        role: user.role,
        companyId: companyIds[user.company],
        isProtected: user.isProtected ?? false,
      });
    }
    // Rows inserted with an explicit id (35) must not be handed out again by the identity sequence.
    await manager.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`);
    return true;
  });
}

export function demoLoginsText(): string {
  const width = Math.max(...DEMO_USERS.map((user) => demoEmail(user.local).length));
  const rows = DEMO_USERS.map((user) => `    ${demoEmail(user.local).padEnd(width)}  ${user.role}`);
  return [`  Demo logins (password: ${DEMO_PASSWORD}):`, ...rows].join('\n');
}
