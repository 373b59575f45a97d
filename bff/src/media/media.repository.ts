import { Injectable } from '@nestjs/common';
import {
  type Blade,
  type MediaCategory,
  type MediaFailureCode,
  type MediaKind,
  type MediaPlaceCount,
  type MediaStatus,
  type MediaWarningCode,
  type PhotoListQuery,
  roomsNamedBy,
} from '@kanat360/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { cursorTime, type PagePosition } from '@/common/page-cursor.js';
import {
  col,
  expr,
  queryRows,
  type RowOf,
  rowMapper,
  scalar,
  scalars,
  type SqlRunner,
  type SqlType,
  sqlValue,
} from '@/database/row-mapper.js';
import { findingCountOnMedia } from '@/findings/findings.sql.js';
import { repairCountOnMedia } from '@/repairs/repair-work-orders.sql.js';
import { isLiveTurbine } from '@/turbines/turbines.sql.js';
import { joinUser } from '@/users/users.sql.js';
import { type CaptureFacts } from './capture-facts.js';
import { MediaEntity } from './media.entity.js';

const c = <T extends SqlType>(name: string, type: T) => col('media', 'm', name, type);
/** The camera's clock as it was written, as text: pg would read a zoneless timestamp in the server's zone. */
const CAPTURED_AT_LOCAL = `to_char(m.captured_at_local, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** A media row with what the list shows of its uploader and its lineage. */
export const MEDIA_ROW = rowMapper(
  'media',
  `FROM media m
     LEFT JOIN media o ON o.id = m.original_id
     ${joinUser('u', 'm.uploaded_by', { left: true })}`,
  {
    id: c('id', 'integer'),
    turbineId: c('turbine_id', 'integer'),
    assetId: c('asset_id', 'uuid'),
    storageKey: c('storage_key', 'character varying'),
    originalKey: expr('COALESCE(o.storage_key, m.storage_key)', 'character varying'),
    kind: c('kind', 'character varying').as<MediaKind>(),
    category: c('category', 'character varying').as<MediaCategory>(),
    blade: c('blade', 'character').as<Blade>().orNull(),
    room: c('room', 'integer'),
    year: c('year', 'integer'),
    month: c('month', 'integer'),
    originalName: c('original_name', 'character varying'),
    size: c('size', 'bigint'),
    mime: c('mime', 'character varying'),
    status: c('status', 'character varying').as<MediaStatus>(),
    failureCode: c('failure_code', 'character varying').as<MediaFailureCode>().orNull(),
    processingWarning: c('processing_warning', 'character varying').as<MediaWarningCode>().orNull(),
    width: c('width', 'integer').orNull(),
    height: c('height', 'integer').orNull(),
    capturedAtLocal: expr(CAPTURED_AT_LOCAL, 'text').orNull(),
    capturedOffset: c('captured_offset', 'character varying').orNull(),
    capturedAt: c('captured_at', 'timestamp with time zone').orNull(),
    cameraMake: c('camera_make', 'character varying').orNull(),
    cameraModel: c('camera_model', 'character varying').orNull(),
    lensModel: c('lens_model', 'character varying').orNull(),
    focalLengthMm: c('focal_length_mm', 'double precision').orNull(),
    gpsLat: c('gps_lat', 'double precision').orNull(),
    gpsLng: c('gps_lng', 'double precision').orNull(),
    isPanorama: c('is_panorama', 'boolean'),
    thumbKey: c('thumb_key', 'character varying').orNull(),
    previewKey: c('preview_key', 'character varying').orNull(),
    tilesKey: c('tiles_key', 'character varying').orNull(),
    panoramaWidth: c('panorama_width', 'integer').orNull(),
    durationS: c('duration_s', 'double precision').orNull(),
    originalId: c('original_id', 'integer').orNull(),
    version: c('version', 'integer'),
    isCurrent: c('is_current', 'boolean'),
    uploadedBy: c('uploaded_by', 'integer').orNull(),
    uploaderName: expr(`NULLIF(concat_ws(' ', u.first_name, u.last_name), '')`, 'text').orNull(),
    uploaderEmail: col('users', 'u', 'email', 'character varying').orNull(),
    createdAt: c('created_at', 'timestamp with time zone'),
    updatedAt: c('updated_at', 'timestamp with time zone'),
  },
);
export type MediaRow = RowOf<typeof MEDIA_ROW.columns>;

const SELECT_MEDIA = `SELECT ${MEDIA_ROW.select} ${MEDIA_ROW.from}`;

// A photo keeps its place in the list when it is edited: it sorts by when its lineage was uploaded, then its id.
const SORT_TIME = 'COALESCE(o.created_at, m.created_at)';
const SORT_ID = 'COALESCE(m.original_id, m.id)';

/** A row of a page of the list: a media row with its place in the order (the page's cursor is the last one's). */
const MEDIA_PAGE_ROW = rowMapper('media page', MEDIA_ROW.from, {
  ...MEDIA_ROW.columns,
  sortAt: expr(cursorTime(SORT_TIME), 'text'),
  sortId: expr(SORT_ID, 'integer'),
});

/** What a signed address serves of a photo, video or point cloud: its original, and where its derivatives are. */
const MEDIA_FILE_ROW = rowMapper('media file', 'FROM media m', {
  storageKey: c('storage_key', 'character varying'),
  name: c('original_name', 'character varying'),
  mime: c('mime', 'character varying'),
  size: c('size', 'bigint'),
  /** A stable id of the bytes, for the ETag. */
  etag: expr('m.asset_id::text', 'text'),
  turbineId: c('turbine_id', 'integer'),
  assetId: c('asset_id', 'uuid'),
});
export type MediaFile = RowOf<typeof MEDIA_FILE_ROW.columns>;

/** A row's blob and asset, to remove once the row is gone. */
const MEDIA_BLOB_ROW = rowMapper('media blob', 'FROM media m', {
  storageKey: c('storage_key', 'character varying'),
  assetId: c('asset_id', 'uuid'),
});

/** The media of one place of a turbine (year, category, blade, room): what the summary counts. */
const MEDIA_PLACE_ROW = rowMapper(
  'media place',
  'FROM media m',
  {
    year: c('year', 'integer'),
    category: c('category', 'character varying').as<MediaCategory>(),
    blade: c('blade', 'character').as<Blade>().orNull(),
    room: c('room', 'integer'),
    count: expr('count(*)::int', 'integer'),
  },
  { groupBy: 'm.year, m.category, m.blade, m.room' },
);

/** A row and its original, to read the original again. */
const MEDIA_SOURCE_ROW = rowMapper('media source', 'FROM media m', {
  id: c('id', 'integer'),
  storageKey: c('storage_key', 'character varying'),
});

/** A camera of the turbine's current media, with how many it made. */
const MEDIA_CAMERA_ROW = rowMapper(
  'media camera',
  'FROM media m',
  {
    make: c('camera_make', 'character varying').orNull(),
    model: c('camera_model', 'character varying').orNull(),
    count: expr('count(*)::int', 'integer'),
  },
  { groupBy: 'm.camera_make, m.camera_model' },
);

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
    // The id of any version finds the photo as it is now: a finding marked on a version edited since opens it.
    if (filters.ids !== undefined) {
      where.push(`${SORT_ID} IN (SELECT COALESCE(k.original_id, k.id) FROM media k
                                 WHERE k.turbine_id = $1 AND k.id = ANY(${param(filters.ids)}::int[]))`);
    }
    if (filters.room !== undefined) where.push(`m.room = ${param(filters.room)}`);
    if (filters.year !== undefined) where.push(`m.year = ${param(filters.year)}`);
    // Spec §9: blade A also holds photos with no blade.
    if (filters.blade === 'A') where.push(`(m.blade = 'A' OR m.blade IS NULL)`);
    else if (filters.blade !== undefined) where.push(`m.blade = ${param(filters.blade)}`);
    if (filters.category !== undefined) where.push(`m.category = ${param(filters.category)}`);
    // After-repair photos are the repairs': a list shows them when asked for, or named by id (a client following
    // its own upload).
    else if (filters.ids === undefined) where.push(`m.category <> 'repair'`);
    if (filters.camera !== undefined) {
      where.push(`m.camera_make IS NOT DISTINCT FROM ${param(filters.camera.make)}::varchar
              AND m.camera_model IS NOT DISTINCT FROM ${param(filters.camera.model)}::varchar`);
    }
    if (filters.q) {
      const name = `m.original_name ILIKE ${param(`%${escapeLike(filters.q)}%`)}`;
      const rooms = roomsNamedBy(filters.q);
      where.push(rooms.length > 0 ? `(${name} OR m.room = ANY(${param(rooms)}))` : name);
    }
    const matching = where.join(' AND ');
    const keyset = after
      ? ` AND (${SORT_TIME}, ${SORT_ID}) < (${param(after.at)}::timestamptz, ${param(after.id)})`
      : '';
    // The count's row always comes back, so an empty page past the end still knows the total.
    const answer = await queryRows(
      this.dataSource,
      `SELECT t.total, p.*
         FROM (SELECT count(*)::int AS total FROM media m WHERE ${matching}) t
         LEFT JOIN LATERAL (
           SELECT ${MEDIA_PAGE_ROW.select} ${MEDIA_PAGE_ROW.from}
            WHERE ${matching}${keyset}
            ORDER BY ${SORT_TIME} DESC, ${SORT_ID} DESC
            LIMIT ${param(filters.limit + 1)}) p ON true
        ORDER BY p."sortAt" DESC, p."sortId" DESC`,
      params,
    );
    const found = answer.filter((row) => row.id !== null).map(MEDIA_PAGE_ROW.map);
    const more = found.length > filters.limit;
    const page = more ? found.slice(0, filters.limit) : found;
    const lastRow = page.at(-1);
    return {
      rows: page.map(({ sortAt: _at, sortId: _id, ...row }) => row),
      total: sqlValue(answer[0]?.total, 'integer') ?? 0,
      last: lastRow ? { at: lastRow.sortAt, id: lastRow.sortId } : null,
      more,
    };
  }

  async findById(id: number): Promise<MediaRow | null> {
    return this.one(`${SELECT_MEDIA} WHERE m.id = $1`, [id]);
  }

  private async one(sql: string, params: unknown[]): Promise<MediaRow | null> {
    return MEDIA_ROW.one(this.dataSource, sql, params);
  }

  /**
   * The media a signed address names, while it and its turbine are live: an address stops answering the moment its
   * photo or turbine is deleted (committed), before any blob is removed. One primary-key lookup, per request.
   */
  async findServable(id: number): Promise<MediaFile | null> {
    return MEDIA_FILE_ROW.one(
      this.dataSource,
      `SELECT ${MEDIA_FILE_ROW.select} ${MEDIA_FILE_ROW.from} WHERE m.id = $1 AND ${isLiveTurbine('m.turbine_id')}`,
      [id],
    );
  }

  /** How many current media each year, category, blade and room of the turbine holds (one GROUP BY). */
  async places(turbineId: number): Promise<MediaPlaceCount[]> {
    return MEDIA_PLACE_ROW.all(
      this.dataSource,
      `SELECT ${MEDIA_PLACE_ROW.select} ${MEDIA_PLACE_ROW.from}
        WHERE m.turbine_id = $1 AND m.is_current
        GROUP BY ${MEDIA_PLACE_ROW.groupBy}
        ORDER BY m.year DESC, m.category, m.blade, m.room`,
      [turbineId],
    );
  }

  /** The cameras that made the turbine's current media, the most used first (media without one left out). */
  async cameras(turbineId: number): Promise<{ make: string | null; model: string | null; count: number }[]> {
    return MEDIA_CAMERA_ROW.all(
      this.dataSource,
      `SELECT ${MEDIA_CAMERA_ROW.select} ${MEDIA_CAMERA_ROW.from}
        WHERE m.turbine_id = $1 AND m.is_current AND (m.camera_make IS NOT NULL OR m.camera_model IS NOT NULL)
        GROUP BY ${MEDIA_CAMERA_ROW.groupBy}
        ORDER BY count DESC, m.camera_make, m.camera_model`,
      [turbineId],
    );
  }

  /** The campaign years that have inspection media on the turbine (after-repair photos aside), newest first. */
  async years(turbineId: number): Promise<number[]> {
    return scalars(
      this.dataSource,
      `SELECT DISTINCT year AS value FROM media WHERE turbine_id = $1 AND is_current AND category <> 'repair'
        ORDER BY value DESC`,
      [turbineId],
      'integer',
    );
  }

  /**
   * The current version of the photo a key names: the key of any version (the original's included) finds the
   * lineage, so a client holding an older key still reaches the photo.
   */
  async findCurrentByKey(turbineId: number, key: string): Promise<MediaRow | null> {
    return this.one(
      `${SELECT_MEDIA}
        WHERE m.is_current AND m.turbine_id = $1 AND COALESCE(m.original_id, m.id) = (
          SELECT COALESCE(k.original_id, k.id) FROM media k WHERE k.turbine_id = $1 AND k.storage_key = $2)`,
      [turbineId, key],
    );
  }

  async findCurrentById(turbineId: number, id: number): Promise<MediaRow | null> {
    return this.one(
      `${SELECT_MEDIA}
        WHERE m.is_current AND m.turbine_id = $1 AND COALESCE(m.original_id, m.id) = (
          SELECT COALESCE(k.original_id, k.id) FROM media k WHERE k.turbine_id = $1 AND k.id = $2)`,
      [turbineId, id],
    );
  }

  /** Every version of a lineage, oldest first. */
  async versions(rootId: number): Promise<MediaRow[]> {
    return MEDIA_ROW.all(
      this.dataSource,
      `${SELECT_MEDIA} WHERE COALESCE(m.original_id, m.id) = $1 ORDER BY m.version`,
      [rootId],
    );
  }

  /** The names among `names` that a photo of the turbine already has (compared without regard to case). */
  async takenNames(turbineId: number, names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const taken = await scalars(
      this.dataSource,
      `SELECT lower(original_name) AS value FROM media
        WHERE turbine_id = $1 AND original_id IS NULL AND lower(original_name) = ANY($2)`,
      [turbineId, names.map((name) => name.toLowerCase())],
      'text',
    );
    return new Set(taken);
  }

  /** Several rows in one statement (the demo seed); answers their ids in order. */
  async insertMany(manager: EntityManager, rows: MediaInsert[]): Promise<number[]> {
    const result = await manager.getRepository(MediaEntity).insert(rows);
    return result.identifiers.map((identifier) => (identifier as { id: number }).id);
  }

  async insert(manager: EntityManager, row: MediaInsert): Promise<number> {
    const result = await manager.getRepository(MediaEntity).insert(row);
    return (result.identifiers[0] as { id: number }).id;
  }

  /** The highest version number of a lineage (1 for a photo never edited). */
  async latestVersion(manager: EntityManager, rootId: number): Promise<number> {
    const latest = await scalar(
      manager,
      `SELECT max(version)::int AS value FROM media WHERE COALESCE(original_id, id) = $1`,
      [rootId],
      'integer',
    );
    return latest ?? 1;
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

  /** How many findings are marked on any version of a lineage. */
  async findingsOnLineage(runner: SqlRunner, rootId: number): Promise<number> {
    const count = await scalar(
      runner,
      `SELECT ${findingCountOnMedia('SELECT l.id FROM media l WHERE l.id = $1 OR l.original_id = $1')} AS value`,
      [rootId],
      'integer',
    );
    return count ?? 0;
  }

  /** How many repairs name any version of a lineage as an after photo. */
  async repairsOnLineage(runner: SqlRunner, rootId: number): Promise<number> {
    const count = await scalar(
      runner,
      `SELECT ${repairCountOnMedia('SELECT l.id FROM media l WHERE l.id = $1 OR l.original_id = $1')} AS value`,
      [rootId],
      'integer',
    );
    return count ?? 0;
  }

  /** Deletes a whole lineage (the original takes its versions with it); answers the rows' keys and assets. */
  async deleteLineage(manager: EntityManager, rootId: number): Promise<{ storageKey: string; assetId: string }[]> {
    return MEDIA_BLOB_ROW.all(
      manager,
      `DELETE FROM media m WHERE COALESCE(m.original_id, m.id) = $1 RETURNING ${MEDIA_BLOB_ROW.select}`,
      [rootId],
    );
  }

  async markReady(
    id: number,
    facts: Pick<
      MediaEntity,
      | 'width'
      | 'height'
      | 'isPanorama'
      | 'thumbKey'
      | 'previewKey'
      | 'tilesKey'
      | 'panoramaWidth'
      | 'durationS'
      | 'processingWarning'
    > &
      CaptureFacts,
  ): Promise<boolean> {
    return this.update(id, { ...facts, status: 'ready', failureCode: null, failureDetail: null });
  }

  /** The capture facts of a row read again from its original. */
  async updateCapture(id: number, facts: CaptureFacts): Promise<boolean> {
    return this.update(id, facts);
  }

  /**
   * Rows processed before capture facts were read as they are now: photos with a capture instant but no local time
   * (`media.recapture` reads them again), in id order after `afterId`.
   */
  async withoutLocalCaptureTime(afterId: number, limit: number): Promise<{ id: number; storageKey: string }[]> {
    return MEDIA_SOURCE_ROW.all(
      this.dataSource,
      `SELECT ${MEDIA_SOURCE_ROW.select} ${MEDIA_SOURCE_ROW.from}
        WHERE m.kind = 'photo' AND m.captured_at IS NOT NULL AND m.captured_at_local IS NULL AND m.id > $1
        ORDER BY m.id LIMIT $2`,
      [afterId, limit],
    );
  }

  async markFailed(id: number, code: MediaFailureCode, detail: string): Promise<void> {
    await this.update(id, { status: 'failed', failureCode: code, failureDetail: detail.slice(0, 500) });
  }

  private async update(
    id: number,
    {
      capturedAtLocal,
      ...columns
    }: Partial<Omit<MediaEntity, 'capturedAtLocal'>> & { capturedAtLocal?: string | null },
  ): Promise<boolean> {
    const update = this.dataSource.createQueryBuilder().update(MediaEntity).set(columns).where('id = :id', { id });
    // The camera's clock goes in as text: TypeORM would make it a JS Date, in the server's zone.
    if (capturedAtLocal !== undefined) {
      update.set({ ...columns, capturedAtLocal: () => ':capturedAtLocal::timestamp' });
      update.setParameter('capturedAtLocal', capturedAtLocal);
    }
    const result = await update.execute();
    return (result.affected ?? 0) > 0;
  }
}

/** A LIKE pattern that matches the text literally (PostgreSQL's default escape character is the backslash). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
