import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface StoredFile {
  storageKey: string;
  name: string;
  mime: string;
  size: number;
  /** A stable id of the bytes, for the ETag. */
  etag: string;
}

/** The file rows a signed address may name, always within the turbine it was signed for. */
@Injectable()
export class FilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async media(turbineId: number, mediaId: number): Promise<StoredFile | null> {
    const rows: StoredFile[] = await this.dataSource.query(
      `SELECT m.storage_key AS "storageKey", m.original_name AS name, m.mime, m.size::float8 AS size,
              m.asset_id::text AS etag
         FROM media m JOIN turbines t ON t.id = m.turbine_id
        WHERE m.id = $1 AND m.turbine_id = $2 AND t.deleted_at IS NULL`,
      [mediaId, turbineId],
    );
    return rows[0] ?? null;
  }

  async report(turbineId: number, reportId: number): Promise<StoredFile | null> {
    const rows: StoredFile[] = await this.dataSource.query(
      `SELECT r.storage_key AS "storageKey", regexp_replace(r.original_filename, '^[0-9]+-[0-9]+-', '') AS name, 'application/pdf' AS mime,
              r.file_size_bytes::float8 AS size, 'report-' || r.id AS etag
         FROM reports r JOIN turbines t ON t.id = r.turbine_id
        WHERE r.id = $1 AND r.turbine_id = $2 AND t.deleted_at IS NULL`,
      [reportId, turbineId],
    );
    return rows[0] ?? null;
  }
}
