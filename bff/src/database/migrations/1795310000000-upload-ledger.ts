import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The upload ledger serves media and reports alike: where a direct media upload goes moves into one `target`
 * column (streams and reports have none), entries say how their blob arrives, and multipart uploads keep their part
 * size. Written by hand to match UploadIntentEntity; the drift test checks.
 */
export class UploadLedger1795310000000 implements MigrationInterface {
  name = 'UploadLedger1795310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upload_intents" ADD "kind" character varying(16) NOT NULL DEFAULT 'direct'`);
    // Entries of streams were written with size 0 (and dummy media columns for reports).
    await queryRunner.query(`UPDATE "upload_intents" SET "kind" = 'stream' WHERE "size" = 0`);
    await queryRunner.query(`ALTER TABLE "upload_intents" ALTER COLUMN "kind" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "upload_intents" ADD "target" jsonb`);
    await queryRunner.query(
      `UPDATE "upload_intents" SET "target" = jsonb_build_object('category', "category", 'blade', "blade", 'room', "room", 'year', "year") WHERE "kind" = 'direct'`,
    );
    await queryRunner.query(`ALTER TABLE "upload_intents" ADD "part_size" bigint`);
    await queryRunner.query(
      `ALTER TABLE "upload_intents" DROP COLUMN "category", DROP COLUMN "blade", DROP COLUMN "room", DROP COLUMN "year"`,
    );
    await queryRunner.query(
      `ALTER TABLE "upload_intents" ADD CONSTRAINT "CHK_upload_intents_kind" CHECK ("kind" IN ('direct', 'stream'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upload_intents" DROP CONSTRAINT "CHK_upload_intents_kind"`);
    await queryRunner.query(
      `ALTER TABLE "upload_intents" ADD "category" character varying(16) NOT NULL DEFAULT 'blade', ADD "blade" character(1), ADD "room" integer NOT NULL DEFAULT 1, ADD "year" integer NOT NULL DEFAULT 2000`,
    );
    await queryRunner.query(
      `UPDATE "upload_intents" SET "category" = "target"->>'category', "blade" = "target"->>'blade', "room" = ("target"->>'room')::int, "year" = ("target"->>'year')::int WHERE "target" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "upload_intents" ALTER COLUMN "category" DROP DEFAULT, ALTER COLUMN "room" DROP DEFAULT, ALTER COLUMN "year" DROP DEFAULT`,
    );
    await queryRunner.query(
      `ALTER TABLE "upload_intents" DROP COLUMN "part_size", DROP COLUMN "target", DROP COLUMN "kind"`,
    );
  }
}
