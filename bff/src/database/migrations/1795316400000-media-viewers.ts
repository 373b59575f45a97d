import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What the viewers need of a media row: the width a panorama's equirectangular tiles were cut from (their levels
 * follow from it; null until they exist) and a video's length. Written by hand to match MediaEntity; the drift test
 * checks.
 */
export class MediaViewers1795316400000 implements MigrationInterface {
  name = 'MediaViewers1795316400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media" ADD "panorama_width" integer, ADD "duration_s" double precision`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media" DROP COLUMN "duration_s", DROP COLUMN "panorama_width"`);
  }
}
