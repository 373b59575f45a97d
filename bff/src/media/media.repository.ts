import { Injectable } from '@nestjs/common';
import { type PhotoListQuery, roomsNamedBy } from '@kanat360/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { cursorTime, type PagePosition } from '@/common/page-cursor.js';
import { MediaEntity } from './media.entity.js';

/** A media row with what the list shows of its uploader and its lineage. */
export interface MediaRow {
  id: number;
  turbineId: number;
  assetId: string;
  storageKey: string;
  originalKey: string;
  kind: MediaEntity['kind'];
  category: MediaEntity['category'];
  blade: MediaEntity['blade'];
  room: number;
  year: number;
  month: number;
  originalName: string;
  size: number;
  mime: string;
  status: MediaEntity['status'];
  failureReason: string | null;
  width: number | null;
  height: number | null;
  capturedAt: Date | null;
  gpsLat: number | null;
  gpsLng: number | null;
  isPanorama: boolean;
  thumbKey: string | null;
  previewKey: string | null;
  tilesKey: string | null;
  originalId: number | null;
  version: number;
  isCurrent: boolean;
  uploadedBy: number | null;
  uploaderName: string | null;
  uploaderEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const SELECT_MEDIA = `
  SELECT m.id, m.turbine_id AS "turbineId", m.asset_id AS "assetId", m.storage_key AS "storageKey",
         COALESCE(o.storage_key, m.storage_key) AS "originalKey", m.kind, m.category, m.blade, m.room, m.year,
         m.month, m.original_name AS "originalName", m.size::float8 AS size, m.mime, m.status,
         m.failure_reason AS "failureReason", m.width, m.height, m.captured_at AS "capturedAt", m.gps_lat AS "gpsLat",
         m.gps_lng AS "gpsLng", m.is_panorama AS "isPanorama", m.thumb_key AS "thumbKey",
         m.preview_key AS "previewKey", m.tiles_key AS "tilesKey", m.original_id AS "originalId", m.version,
         m.is_current AS "isCurrent", m.uploaded_by AS "uploadedBy",
         NULLIF(concat_ws(' ', u.first_name, u.last_name), '') AS "uploaderName", u.email AS "uploaderEmail",
         m.created_at AS "createdAt", m.updated_at AS "updatedAt"
    FROM media m
    LEFT JOIN media o ON o.id = m.original_id
    LEFT JOIN users u ON u.id = m.uploaded_by`;

/** The columns of a new media row. */
export type MediaInsert = Pick<
  MediaEntity,
  | 'turbineId'
  | 'assetId'
  | 'storageKey'
  | 'kind'
  | 'category'
  | 'blade'
  | 'room'
  | 'year'
  | 'month'
  | 'originalName'
  | 'size'
  | 'mime'
  | 'uploadedBy'
> &
  Partial<Pick<MediaEntity, 'originalId' | 'version' | 'width' | 'height'>>;

@Injectable()
export class MediaRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page of the current versions of a turbine's media matching the filters, newest upload first, in one query
   * (the total of every page rides along). A photo keeps its place when it is edited: it sorts by when its lineage
   * was uploaded, and by the lineage's id after that.
   */
  async listPage(
    turbineId: number,
    filters: Omit<PhotoListQuery, 'cursor'>,
    after: PagePosition | null,
  ): Promise<{ rows: MediaRow[]; total: number; last: PagePosition | null; more: boolean }> {
    const params: unknown[] = [turbineId];

    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = ['m.turbine_id = $1', 'm.is_current'];
    if (filters.ids !== undefined) where.push(`m.id = ANY(${param(filters.ids)}::int[])`);
    if (filters.room !== undefined) where.push(`m.room = ${param(filters.room)}`);
    if (filters.year !== undefined) where.push(`m.year = ${param(filters.year)}`);
    // Spec §9: blade A also holds photos with no blade.
    if (filters.blade === 'A') where.push(`(m.blade = 'A' OR m.blade IS NULL)`);
    else if (filters.blade !== undefined) where.push(`m.blade = ${param(filters.blade)}`);
    if (filters.category !== undefined) where.push(`m.category = ${param(filters.category)}`);
    if (filters.q) {
      const name = `m.original_name ILIKE ${param(`%${escapeLike(filters.q)}%`)}`;
      const rooms = roomsNamedBy(filters.q);
      where.push(rooms.length > 0 ? `(${name} OR m.room = ANY(${param(rooms)}))` : name);
    }
    const matching = where.join(' AND ');
    const sortTime = 'COALESCE(o.created_at, m.created_at)';
    const sortId = 'COALESCE(m.original_id, m.id)';
    const keyset = after ? ` AND (${sortTime}, ${sortId}) < (${param(after.at)}::timestamptz, ${param(after.id)})` : '';
    // The count's row always comes back, so an empty page past the end still knows the total.
    const rows: (MediaRow & { sortAt: string | null; sortId: number | null; total: number })[] =
      await this.dataSource.query(
        `SELECT t.total, p.*
           FROM (SELECT count(*)::int AS total FROM media m WHERE ${matching}) t
           LEFT JOIN LATERAL (
             ${SELECT_MEDIA.replace('SELECT ', `SELECT ${cursorTime(sortTime)} AS "sortAt", ${sortId} AS "sortId", `)}
              WHERE ${matching}${keyset}
              ORDER BY ${sortTime} DESC, ${sortId} DESC
              LIMIT ${param(filters.limit + 1)}) p ON true
          ORDER BY p."sortAt" DESC, p."sortId" DESC`,
        params,
      );
    const found = rows.filter((row) => row.id !== null);
    const more = found.length > filters.limit;
    const page = more ? found.slice(0, filters.limit) : found;
    const lastRow = page.at(-1);
    return {
      rows: page,
      total: rows[0]?.total ?? 0,
      last: lastRow?.sortAt && lastRow.sortId ? { at: lastRow.sortAt, id: lastRow.sortId } : null,
      more,
    };
  }

  async findById(id: number): Promise<MediaRow | null> {
    const rows: MediaRow[] = await this.dataSource.query(`${SELECT_MEDIA} WHERE m.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * The current version of the photo a key names: the key of any version (the original's included) finds the
   * lineage, so a client holding an older key still reaches the photo.
   */
  async findCurrentByKey(turbineId: number, key: string): Promise<MediaRow | null> {
    const rows: MediaRow[] = await this.dataSource.query(
      `${SELECT_MEDIA}
        WHERE m.is_current AND m.turbine_id = $1 AND COALESCE(m.original_id, m.id) = (
          SELECT COALESCE(k.original_id, k.id) FROM media k WHERE k.turbine_id = $1 AND k.storage_key = $2)`,
      [turbineId, key],
    );
    return rows[0] ?? null;
  }

  async findCurrentById(turbineId: number, id: number): Promise<MediaRow | null> {
    const rows: MediaRow[] = await this.dataSource.query(
      `${SELECT_MEDIA}
        WHERE m.is_current AND m.turbine_id = $1 AND COALESCE(m.original_id, m.id) = (
          SELECT COALESCE(k.original_id, k.id) FROM media k WHERE k.turbine_id = $1 AND k.id = $2)`,
      [turbineId, id],
    );
    return rows[0] ?? null;
  }

  /** Every version of a lineage, oldest first. */
  async versions(rootId: number): Promise<MediaRow[]> {
    return this.dataSource.query(`${SELECT_MEDIA} WHERE COALESCE(m.original_id, m.id) = $1 ORDER BY m.version`, [
      rootId,
    ]);
  }

  /** The names among `names` that a photo of the turbine already has (compared without regard to case). */
  async takenNames(turbineId: number, names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT lower(original_name) AS name FROM media
        WHERE turbine_id = $1 AND original_id IS NULL AND lower(original_name) = ANY($2)`,
      [turbineId, names.map((name) => name.toLowerCase())],
    );
    return new Set(rows.map((row) => row.name));
  }

  async insert(manager: EntityManager, row: MediaInsert): Promise<number> {
    const result = await manager.getRepository(MediaEntity).insert(row);
    return (result.identifiers[0] as { id: number }).id;
  }

  /** Leaves a lineage without a current version, for a moment inside a transaction (one may be current at most). */
  async retireCurrent(manager: EntityManager, rootId: number): Promise<void> {
    await manager.query(`UPDATE media SET is_current = false WHERE COALESCE(original_id, id) = $1 AND is_current`, [
      rootId,
    ]);
  }

  /** Makes `id` the current version of its lineage (the other versions stay, not current). */
  async makeCurrent(manager: EntityManager, rootId: number, id: number): Promise<void> {
    await this.retireCurrent(manager, rootId);
    await manager.query(`UPDATE media SET is_current = true, updated_at = now() WHERE id = $1`, [id]);
  }

  /** Deletes a whole lineage (the original takes its versions with it); answers the rows' keys and assets. */
  async deleteLineage(manager: EntityManager, rootId: number): Promise<{ storageKey: string; assetId: string }[]> {
    // Read first: TypeORM answers a DELETE … RETURNING as [rows, count].
    const rows: { storageKey: string; assetId: string }[] = await manager.query(
      `SELECT storage_key AS "storageKey", asset_id AS "assetId" FROM media WHERE COALESCE(original_id, id) = $1 FOR UPDATE`,
      [rootId],
    );
    await manager.query(`DELETE FROM media WHERE COALESCE(original_id, id) = $1`, [rootId]);
    return rows;
  }

  async markReady(
    id: number,
    facts: Pick<
      MediaEntity,
      'width' | 'height' | 'capturedAt' | 'gpsLat' | 'gpsLng' | 'isPanorama' | 'thumbKey' | 'previewKey' | 'tilesKey'
    >,
  ): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(MediaEntity)
      .update({ id }, { ...facts, status: 'ready', failureReason: null });
    return (result.affected ?? 0) > 0;
  }

  async markFailed(id: number, reason: string): Promise<void> {
    await this.dataSource
      .getRepository(MediaEntity)
      .update({ id }, { status: 'failed', failureReason: reason.slice(0, 500) });
  }
}

/** A LIKE pattern that matches the text literally (PostgreSQL's default escape character is the backslash). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
