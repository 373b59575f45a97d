import { type EntityManager } from 'typeorm';

/**
 * Holds PostgreSQL's transaction-scoped advisory lock named `name` until the transaction of `manager` ends: work
 * that two processes might start at once (a server and a WORKER=only process both seeding) runs one after the other.
 */
export async function lockUntilCommit(manager: EntityManager, name: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [name]);
}
