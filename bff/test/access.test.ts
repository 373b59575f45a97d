import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Role, ROLES } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessService } from '@/access/access.service.js';
import { type Principal } from '@/access/principal.js';
import { makeCompany, makeTurbine, makeUser, type MadeCompany } from './factories.js';
import { principalOf, refusal } from './services.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let access: AccessService;
let home: MadeCompany;
let other: MadeCompany;

/** A caller of `role` in `company`. */
async function principal(role: Role, company: MadeCompany): Promise<Principal> {
  return principalOf(await makeUser(app.dataSource, { role, companyId: company.id }), company);
}

beforeAll(async () => {
  app = await startTestApp();
  access = app.app.get(AccessService);
  home = await makeCompany(app.dataSource);
  other = await makeCompany(app.dataSource);
});
afterAll(async () => {
  await app.close();
});

describe('requireAccess', () => {
  it('answers foreign, missing and deleted turbines alike, checking many ids in one call', async () => {
    const own = [await makeTurbine(app.dataSource, home.id), await makeTurbine(app.dataSource, home.id)];
    const foreign = await makeTurbine(app.dataSource, other.id);
    const deleted = await makeTurbine(app.dataSource, home.id);
    await app.dataSource.query(`UPDATE turbines SET deleted_at = now() WHERE id = $1`, [deleted]);
    const operator = await principal('operator', home);

    expect(await refusal(access.requireAccess(operator, 'media.upload', own))).toBeUndefined();
    expect(await refusal(access.requireAccess(operator, 'media.read', []))).toBeUndefined();
    for (const stranger of [foreign, 2_000_000_000, deleted]) {
      expect(await refusal(access.requireAccess(operator, 'media.read', [...own, stranger]))).toEqual({
        code: 'TURBINE_NOT_FOUND',
      });
    }
    // Seeing every company is a permission of its own (tenant.all), not a role name.
    const superadmin = await principal('superadmin', home);
    expect(await refusal(access.requireAccess(superadmin, 'turbine.delete', [...own, foreign]))).toBeUndefined();
    expect(await refusal(access.requireAccess(superadmin, 'turbine.read', deleted))).toEqual({
      code: 'TURBINE_NOT_FOUND',
    });
  });

  it('refuses a role the permission map does not give the permission, before looking at any row', async () => {
    const own = await makeTurbine(app.dataSource, home.id);
    expect(await refusal(access.requireAccess(await principal('customer', home), 'media.upload', own))).toEqual({
      code: 'FORBIDDEN',
    });
    expect(
      await refusal(access.requireAccess(await principal('operator', home), 'media.delete', 2_000_000_000)),
    ).toEqual({
      code: 'FORBIDDEN',
    });
  });

  it('scopes users and companies the same way', async () => {
    const mine = await makeUser(app.dataSource, { role: 'customer', companyId: home.id });
    const theirs = await makeUser(app.dataSource, { role: 'customer', companyId: other.id });
    const admin = await principal('admin', home);
    expect(await refusal(access.requireAccess(admin, 'user.delete', [mine.id]))).toBeUndefined();
    expect(await refusal(access.requireAccess(admin, 'user.delete', [mine.id, theirs.id]))).toEqual({
      code: 'USER_NOT_FOUND',
    });
    const superadmin = await principal('superadmin', home);
    expect(await refusal(access.requireAccess(superadmin, 'user.update', [mine.id, theirs.id]))).toBeUndefined();
    expect(await refusal(access.requireAccess(superadmin, 'company.update', [home.id, other.id]))).toBeUndefined();
    // The hidden system company is nobody's partner to manage.
    expect(await refusal(access.requireAccess(superadmin, 'company.delete', 999))).toEqual({
      code: 'COMPANY_NOT_FOUND',
    });
  });

  it("lets a company field name the caller's own company, or any one with tenant.all", async () => {
    const admin = await principal('admin', home);
    expect(await refusal(access.requireAssignableCompany(admin, home.id))).toBeUndefined();
    for (const company of [other.id, 2_000_000_000]) {
      expect(await refusal(access.requireAssignableCompany(admin, company))).toEqual({
        code: 'COMPANY_INVALID',
        field: 'company_id',
      });
    }
    const superadmin = await principal('superadmin', home);
    expect(await refusal(access.requireAssignableCompany(superadmin, other.id))).toBeUndefined();
    expect(await refusal(access.requireAssignableCompany(superadmin, 999))).toBeUndefined();
    expect(await refusal(access.requireAssignableCompany(superadmin, 2_000_000_000))).toEqual({
      code: 'COMPANY_INVALID',
      field: 'company_id',
    });
  });
});

describe('the bff source', () => {
  it('compares no role name outside the permission map', () => {
    const root = fileURLToPath(new URL('../src/', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      // The seed names the roles of the demo users it creates; entities and migrations name them in a CHECK.
      (file) => file.endsWith('.ts') && !/^(seed|database)[/\\]/.test(file) && !file.endsWith('.entity.ts'),
    );
    const name = `['"\`](${ROLES.join('|')})['"\`]`;
    // `role === 'admin'`, `'admin' !== role`, `case 'admin':`, `.includes('admin')`.
    const roleLiteral = new RegExp(`[!=]==?\\s*${name}|${name}\\s*[!=]==?|case\\s+${name}|includes\\(${name}`);
    const offending = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
        .filter(({ line }) => roleLiteral.test(line) && !line.trim().startsWith('//')),
    );
    expect(offending.map(({ where, line }) => `${where}: ${line.trim()}`)).toEqual([]);
  });
});
