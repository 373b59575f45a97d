import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { col, expr, type RowOf, rowMapper, scalar } from '@/database/row-mapper.js';
import { isLiveTurbine } from '@/turbines/turbines.sql.js';
import { joinUser } from '@/users/users.sql.js';
import { ReportEntity } from './report.entity.js';

/** A report with the name of whoever uploaded it (null when that user is gone). */
export const REPORT_ROW = rowMapper('report', `FROM reports r ${joinUser('u', 'r.uploaded_by', { left: true })}`, {
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

/** What a signed address serves of a report: its PDF, under the name it was uploaded with. */
const REPORT_FILE_ROW = rowMapper('report file', 'FROM reports r', {
  storageKey: col('reports', 'r', 'storage_key', 'character varying'),
  // The name the list shows (reportDisplayName in contracts).
  name: expr(`regexp_replace(r.original_filename, '^[0-9]+-[0-9]+-', '')`, 'text'),
  mime: expr(`'application/pdf'`, 'text'),
  size: col('reports', 'r', 'file_size_bytes', 'bigint'),
  /** A stable id of the bytes, for the ETag. */
  etag: expr(`'report-' || r.id`, 'text'),
});
export type ReportFile = RowOf<typeof REPORT_FILE_ROW.columns>;

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
    return REPORT_ROW.all(this.dataSource, `${SELECT_REPORT} ${where} ORDER BY r.uploaded_at DESC, r.id DESC`, params);
  }

  /** The reports of `ids` that belong to the turbine, newest first. */
  async findByIds(turbineId: number, ids: number[]): Promise<ReportRow[]> {
    if (ids.length === 0) return [];
    return REPORT_ROW.all(
      this.dataSource,
      `${SELECT_REPORT} WHERE r.turbine_id = $1 AND r.id = ANY($2) ORDER BY r.uploaded_at DESC, r.id DESC`,
      [turbineId, ids],
    );
  }

  /**
   * The report a signed address names, whatever its turbine (the address is the authorization), while the report
   * and its turbine are live: the address stops answering the moment either delete is committed.
   */
  async findServable(id: number): Promise<ReportFile | null> {
    return REPORT_FILE_ROW.one(
      this.dataSource,
      `SELECT ${REPORT_FILE_ROW.select} ${REPORT_FILE_ROW.from} WHERE r.id = $1 AND ${isLiveTurbine('r.turbine_id')}`,
      [id],
    );
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
    return scalar(
      manager,
      `DELETE FROM reports WHERE id = $1 AND turbine_id = $2 RETURNING storage_key AS value`,
      [id, turbineId],
      'character varying',
    );
  }
}
