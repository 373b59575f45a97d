import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DataSource } from 'typeorm';

/** The SQL that would bring the database to the entities; empty when migrations and entities agree. */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<{ up: string[]; down: string[] }> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return {
    up: sql.upQueries.map((query) => query.query),
    down: sql.downQueries.map((query) => query.query).reverse(),
  };
}

/** Writes a migration class with the pending changes into `dir`; returns its path, or null when there are none. */
export async function generateMigration(dataSource: DataSource, name: string, dir: string): Promise<string | null> {
  const { up, down } = await pendingSchemaChanges(dataSource);
  if (up.length === 0) return null;
  const timestamp = Date.now();
  const className = `${name.replace(/[^A-Za-z0-9]/g, '')}${timestamp}`;
  const statement = (query: string) =>
    `    await queryRunner.query(\`${query.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${')}\`);`;
  const source = `import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up.map(statement).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down.map(statement).join('\n')}
  }
}
`;
  const file = join(dir, `${timestamp}-${name.replace(/[^A-Za-z0-9-]/g, '-').toLowerCase()}.ts`);
  writeFileSync(file, source);
  return file;
}
