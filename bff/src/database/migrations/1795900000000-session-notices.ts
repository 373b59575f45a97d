import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What an authenticated request reads of its session (the session, its user, the user's company) is kept in each
 * BFF process for a while (auth/session-cache.ts). A change of any of them, by any process or by hand, tells every
 * process at once: a statement that updates, deletes or truncates these tables notifies `kanat360_sessions` when its
 * transaction commits (once per statement, however many rows), and every process drops what it kept.
 */
export class SessionNotices1795900000000 implements MigrationInterface {
  name = 'SessionNotices1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION "kanat360_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM pg_notify('kanat360_sessions', TG_TABLE_NAME);
         RETURN NULL;
       END $$`,
    );
    for (const table of ['sessions', 'users', 'companies']) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "${table}"
           FOR EACH STATEMENT EXECUTE FUNCTION "kanat360_sessions_changed"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['sessions', 'users', 'companies']) {
      await queryRunner.query(`DROP TRIGGER "${table}_changed" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "kanat360_sessions_changed"()`);
  }
}
