import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A photo with findings is no longer deleted with them: the findings' foreign key to their media stops cascading
 * and refuses instead (checked at the end of the statement, so a turbine's delete, which takes its findings and its
 * media in one statement, still removes both).
 */
export class FindingsKeepPhotos1795524893349 implements MigrationInterface {
  name = 'FindingsKeepPhotos1795524893349';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "findings" DROP CONSTRAINT "FK_findings_media"`);
    await queryRunner.query(
      `ALTER TABLE "findings" ADD CONSTRAINT "FK_findings_media" FOREIGN KEY ("media_id") REFERENCES "media"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "findings" DROP CONSTRAINT "FK_findings_media"`);
    await queryRunner.query(
      `ALTER TABLE "findings" ADD CONSTRAINT "FK_findings_media" FOREIGN KEY ("media_id") REFERENCES "media"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }
}
