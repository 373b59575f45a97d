import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The asset register (issue #25): a turbine's make, model, ratings, size, commissioning year and its position as
 * numbers. The free-text `coordinates` of existing rows is read the way the API reads it (contracts'
 * `parseCoordinates`: two decimal degrees, a comma, semicolon or space between them, in range); what parses becomes
 * latitude/longitude and its text the canonical "lat,lng", anything else (degrees-minutes-seconds, a place name)
 * stays as it was, naming no position. Written by hand to match TurbineEntity; the drift test checks.
 */
export class TurbineAssets1795800000000 implements MigrationInterface {
  name = 'TurbineAssets1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "turbines" ADD "manufacturer" character varying(80), ADD "model" character varying(80),
         ADD "rated_power_kw" double precision, ADD "hub_height_m" double precision,
         ADD "rotor_diameter_m" double precision, ADD "blade_length_m" double precision,
         ADD "commissioned_year" integer, ADD "latitude" double precision, ADD "longitude" double precision`,
    );
    await queryRunner.query(
      `WITH parsed AS (
         SELECT id, round(m[1]::numeric, 7)::float8 AS latitude, round(m[2]::numeric, 7)::float8 AS longitude
           FROM (SELECT id, regexp_match("coordinates",
                   '^\\s*([+-]?\\d{1,3}(?:\\.\\d+)?)\\s*(?:[,;]\\s*|\\s+)([+-]?\\d{1,3}(?:\\.\\d+)?)\\s*$') AS m
                   FROM "turbines" WHERE "coordinates" IS NOT NULL) t
          WHERE m IS NOT NULL AND abs(m[1]::numeric) <= 90 AND abs(m[2]::numeric) <= 180)
       UPDATE "turbines" SET "latitude" = parsed.latitude, "longitude" = parsed.longitude,
              "coordinates" = parsed.latitude::text || ',' || parsed.longitude::text
         FROM parsed WHERE "turbines"."id" = parsed.id`,
    );
    await queryRunner.query(
      `ALTER TABLE "turbines" ADD CONSTRAINT "CHK_turbines_position" CHECK (("latitude" IS NULL) = ("longitude" IS NULL)),
         ADD CONSTRAINT "CHK_turbines_latitude" CHECK ("latitude" BETWEEN -90 AND 90),
         ADD CONSTRAINT "CHK_turbines_longitude" CHECK ("longitude" BETWEEN -180 AND 180)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "turbines" DROP CONSTRAINT "CHK_turbines_longitude", DROP CONSTRAINT "CHK_turbines_latitude",
         DROP CONSTRAINT "CHK_turbines_position"`,
    );
    await queryRunner.query(
      `ALTER TABLE "turbines" DROP COLUMN "longitude", DROP COLUMN "latitude", DROP COLUMN "commissioned_year",
         DROP COLUMN "blade_length_m", DROP COLUMN "rotor_diameter_m", DROP COLUMN "hub_height_m",
         DROP COLUMN "rated_power_kw", DROP COLUMN "model", DROP COLUMN "manufacturer"`,
    );
  }
}
