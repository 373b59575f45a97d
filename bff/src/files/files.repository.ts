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

/** A media row's original, and where its derivatives are. */
export interface StoredMedia extends StoredFile {
  turbineId: number;
  assetId: string;
}

/**
 * The file rows a signed address may name. A row of a turbine being deleted is as gone as a deleted row: its
 * addresses stop answering the moment the delete is committed, before any blob is removed.
 */
@Injectable()
export class FilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async media(mediaId: number): Promise<StoredMedia | null> {
    const rows: StoredMedia[] = await this.dataSource.query(
      `SELECT m.storage_key AS "storageKey", m.original_name AS name, m.mime, m.size::float8 AS size,
              m.asset_id::text AS etag, m.turbine_id AS "turbineId", m.asset_id::text AS "assetId"
         FROM media m JOIN turbines t ON t.id = m.turbine_id
        WHERE m.id = $1 AND t.deleted_at IS NULL`,
      [mediaId],
    );
    return rows[0] ?? null;
  }

  async report(reportId: number): Promise<StoredFile | null> {
    const rows: StoredFile[] = await this.dataSource.query(
      `SELECT r.storage_key AS "storageKey", regexp_replace(r.original_filename, '^[0-9]+-[0-9]+-', '') AS name, 'application/pdf' AS mime,
              r.file_size_bytes::float8 AS size, 'report-' || r.id AS etag
         FROM reports r JOIN turbines t ON t.id = r.turbine_id
        WHERE r.id = $1 AND t.deleted_at IS NULL`,
      [reportId],
    );
    return rows[0] ?? null;
  }
}
