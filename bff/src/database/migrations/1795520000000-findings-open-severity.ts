import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The turbine list's worst open severity reads each turbine's open findings: this partial index answers it from the
 * index alone (severity and stage in it), one probe a turbine, instead of a heap page per finding.
 */
export class FindingsOpenSeverity1795520000000 implements MigrationInterface {
  name = 'FindingsOpenSeverity1795520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_findings_turbine_open" ON "findings" ("turbine_id", "severity", "stage") WHERE "status" IN ('new', 'monitoring', 'repair_planned')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_findings_turbine_open"`);
  }
}
