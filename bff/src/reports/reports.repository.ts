import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { col, type RowOf, rowMapper } from '@/database/row-mapper.js';
import { ReportEntity } from './report.entity.js';

/** A report with the name of whoever uploaded it (null when that user is gone). */
export const REPORT_ROW = rowMapper('report', 'FROM reports r LEFT JOIN users u ON u.id = r.uploaded_by', {
  id: col('reports', 'r', 'id', 'integer'),
  turbineId: col('reports', 'r', 'turbine_id', 'integer'),
  year: col('reports', 'r', 'year', 'integer'),
  originalFilename: col('reports', 'r', 'original_filename', 'character varying'),
  fileSizeBytes: col('reports', 'r', 'file_size_bytes', 'bigint'),
  uploadedAt: col('reports', 'r', 'uploaded_at', 'timestamp with time zone'),
  firstName: col('users', 'u', 'first_name', 'character varying').orNull(),
  lastName: col('users', 'u', 'last_name', 'character varying').orNull(),
});
export type ReportRow = RowOf<typeof REPORT_ROW.columns>;

/** The columns of a new report row. */
export type ReportInsert = Pick<
  ReportEntity,
  'turbineId' | 'year' | 'originalFilename' | 'storageKey' | 'fileSizeBytes' | 'uploadedBy'
>;

const SELECT_REPORT = `SELECT ${REPORT_ROW.select} ${REPORT_ROW.from}`;

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
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `${SELECT_REPORT} ${where} ORDER BY r.uploaded_at DESC, r.id DESC`,
      params,
    );
    return rows.map(REPORT_ROW.map);
  }

  /** The reports of `ids` that belong to the turbine, newest first. */
  async findByIds(turbineId: number, ids: number[]): Promise<ReportRow[]> {
    if (ids.length === 0) return [];
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `${SELECT_REPORT} WHERE r.turbine_id = $1 AND r.id = ANY($2) ORDER BY r.uploaded_at DESC, r.id DESC`,
      [turbineId, ids],
    );
    return rows.map(REPORT_ROW.map);
  }

  /** Several reports in one statement, with the times they were uploaded (the demo seed's history). */
  async insertMany(manager: EntityManager, rows: (ReportInsert & { uploadedAt: Date })[]): Promise<void> {
    await manager.getRepository(ReportEntity).insert(rows);
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
