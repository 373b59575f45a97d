import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ReportEntity } from './report.entity.js';

/** A report with the name of whoever uploaded it (null when that user is gone). */
export interface ReportRow {
  id: number;
  turbineId: number;
  year: number;
  originalFilename: string;
  fileSizeBytes: number;
  uploadedAt: Date;
  firstName: string | null;
  lastName: string | null;
}

/** The columns of a new report row. */
export type ReportInsert = Pick<
  ReportEntity,
  'turbineId' | 'year' | 'originalFilename' | 'storageKey' | 'fileSizeBytes' | 'uploadedBy'
>;

const SELECT_REPORT = `
  SELECT r.id, r.turbine_id AS "turbineId", r.year, r.original_filename AS "originalFilename",
         r.file_size_bytes::float8 AS "fileSizeBytes", r.uploaded_at AS "uploadedAt",
         u.first_name AS "firstName", u.last_name AS "lastName"
    FROM reports r
    LEFT JOIN users u ON u.id = r.uploaded_by`;

/** Reports are always read within one turbine: the caller checked that turbine's visibility first. */
@Injectable()
export class ReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A turbine's reports, newest first, of one year when given; one query. */
  async list(turbineId: number, year?: number): Promise<ReportRow[]> {
    const params: unknown[] = [turbineId];
    let where = 'WHERE r.turbine_id = $1';
    if (year !== undefined) {
      params.push(year);
      where += ' AND r.year = $2';
    }
    return this.dataSource.query(`${SELECT_REPORT} ${where} ORDER BY r.uploaded_at DESC, r.id DESC`, params);
  }

  /** The reports of `ids` that belong to the turbine, newest first. */
  async findByIds(turbineId: number, ids: number[]): Promise<ReportRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(
      `${SELECT_REPORT} WHERE r.turbine_id = $1 AND r.id = ANY($2) ORDER BY r.uploaded_at DESC, r.id DESC`,
      [turbineId, ids],
    );
  }

  async insert(manager: EntityManager, row: ReportInsert): Promise<number> {
    const result = await manager.getRepository(ReportEntity).insert(row);
    return (result.identifiers[0] as { id: number }).id;
  }

  /** Deletes a report of the turbine; answers its storage key, or null when the turbine has no such report. */
  async delete(manager: EntityManager, turbineId: number, id: number): Promise<string | null> {
    // TypeORM answers a DELETE with [rows, affected count], not with the rows alone.
    const [rows]: [{ storageKey: string }[], number] = await manager.query(
      `DELETE FROM reports WHERE id = $1 AND turbine_id = $2 RETURNING storage_key AS "storageKey"`,
      [id, turbineId],
    );
    return rows[0]?.storageKey ?? null;
  }
}
