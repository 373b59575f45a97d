import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Capture facts as the camera wrote them: the local time (`captured_at_local`), its offset when the file tells it,
 * the camera, lens and focal length; failures as a code people are told (`failure_code`), with what the image library
 * said kept apart for operators (`failure_detail`, the former `failure_reason`); and a warning for what processing
 * went past. Rows processed before keep their `captured_at`; the `media.recapture` job reads their files again.
 * Written by hand to match MediaEntity; the drift test checks.
 */
export class MediaCapture1795600000000 implements MigrationInterface {
  name = 'MediaCapture1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media" RENAME COLUMN "failure_reason" TO "failure_detail"`);
    await queryRunner.query(
      `ALTER TABLE "media" ADD "failure_code" character varying(40), ADD "processing_warning" character varying(40),
         ADD "captured_at_local" TIMESTAMP(0), ADD "captured_offset" character varying(6),
         ADD "camera_make" character varying(100), ADD "camera_model" character varying(100),
         ADD "lens_model" character varying(100), ADD "focal_length_mm" double precision`,
    );
    await queryRunner.query(
      `ALTER TABLE "media" ADD CONSTRAINT "CHK_media_captured_offset"
         CHECK ("captured_offset" IS NULL OR "captured_offset" ~ '^[+-][0-9]{2}:[0-9]{2}$')`,
    );
    // The reasons the job wrote until now, as the codes it writes from now on.
    await queryRunner.query(
      `UPDATE "media" SET "failure_code" = CASE
           WHEN "failure_detail" ILIKE '%pixel limit%' THEN 'IMAGE_TOO_LARGE'
           WHEN "failure_detail" = 'not a readable image' THEN 'IMAGE_UNREADABLE'
           WHEN "failure_detail" ILIKE '%missing from storage%' THEN 'MEDIA_ORIGINAL_MISSING'
           ELSE 'IMAGE_CORRUPT' END
         WHERE "status" = 'failed'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media" DROP CONSTRAINT "CHK_media_captured_offset"`);
    await queryRunner.query(
      `ALTER TABLE "media" DROP COLUMN "focal_length_mm", DROP COLUMN "lens_model", DROP COLUMN "camera_model",
         DROP COLUMN "camera_make", DROP COLUMN "captured_offset", DROP COLUMN "captured_at_local",
         DROP COLUMN "processing_warning", DROP COLUMN "failure_code"`,
    );
    await queryRunner.query(`ALTER TABLE "media" RENAME COLUMN "failure_detail" TO "failure_reason"`);
  }
}
