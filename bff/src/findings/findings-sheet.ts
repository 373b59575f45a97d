import {
  FINDING_ACTIONS,
  FINDING_NAME_KEYS,
  FINDING_SEVERITIES,
  FINDING_STAGES,
  FINDING_STATUSES,
  FINDING_SURFACES,
  FINDING_TYPES,
  type FindingSelectorType,
  type FindingTarget,
  FRAGMENT_PATTERN,
  PANORAMA_PATTERN,
  POINT_PATTERN,
  SEVERITY_COLOURS,
  SEVERITY_TEXT,
} from '@kanat360/contracts';
import { type MessageKey, type Translate } from '@kanat360/i18n';
import { type SheetColumn as Column } from '@/common/sheet-export.js';
import { csvNumber, csvText, sqlLiteral } from '@/database/copy-csv.js';
import { findingAddress } from './finding-address.js';
import { type CsvColumn, FINDING_SHEET_ROW, type FindingSheetRow } from './findings.repository.js';

/*
 * The findings as a table for people (DESIGN "Findings": CSV for people, an Excel workbook): a header and values in
 * the caller's language, labels instead of codes, names instead of ids, the finding's address, the region as text.
 * Each column says what its cell holds twice, side by side: as a value for the workbook (written from rows read
 * in JavaScript), and as the SQL of its CSV text (the CSV is written by PostgreSQL, whose rows never reach
 * JavaScript). A test reads both files of the same findings and finds the same cells.
 */

/** A column of the findings' table (common/sheet-export.ts), and the SQL of its CSV cell's text. */
export interface SheetColumn extends Column<FindingSheetRow> {
  /** The SQL of the CSV cell's text, over FINDING_SHEET_ROW's columns (null: an empty cell). */
  csv: string;
}

type Field = keyof typeof FINDING_SHEET_ROW.columns;
const sql = (field: Field) => FINDING_SHEET_ROW.columns[field].sql;

/** Times are written in UTC, to the minute; the header says so. */
const CSV_TIME = `'YYYY-MM-DD HH24:MI'`;

/** A code or flag as a literal of a CASE (COPY takes no bind parameters). */
function literal(value: string | number | boolean): string {
  return typeof value === 'boolean' ? String(value) : sqlLiteral(value);
}

/** Marks where an SQL expression stands in a text made by a JavaScript function (see sqlTemplate). */
const PART = '\u0000';

/**
 * A text that `make` builds from parts, as SQL: `make` is the function that builds it in JavaScript, given each
 * part as an SQL expression, so both ways say exactly the same (a catalog message, an address).
 */
function sqlTemplate(make: (part: (expression: string) => string) => string): string {
  const pieces = make((expression) => `${PART}${expression}${PART}`).split(PART);
  return pieces
    .map((piece, index) => (index % 2 === 1 ? `(${piece})::text` : piece === '' ? null : sqlLiteral(piece)))
    .filter((piece) => piece !== null)
    .join(' || ');
}

function text(header: MessageKey, width: number, field: Field): SheetColumn {
  return {
    header,
    kind: 'text',
    width,
    value: (row) => (row[field] === '' ? null : (row[field] as string | null)),
    csv: csvText(sql(field)),
  };
}

function number(header: MessageKey, width: number, field: Field): SheetColumn {
  const integer = FINDING_SHEET_ROW.columns[field].type === 'integer';
  return {
    header,
    kind: 'number',
    width,
    value: (row) => row[field] as number | null,
    csv: integer ? `(${sql(field)})::text` : csvNumber(sql(field)),
  };
}

function time(header: MessageKey, field: Field): SheetColumn {
  return {
    header,
    kind: 'time',
    width: 17,
    value: (row) => row[field] as Date,
    csv: `to_char(${sql(field)} AT TIME ZONE 'UTC', ${CSV_TIME})`,
  };
}

/** A code shown by its name in the caller's language. */
function label<C extends string | number | boolean>(
  header: MessageKey,
  width: number,
  field: Field,
  codes: readonly C[],
  name: (code: C) => string,
  colours?: SheetColumn['colours'],
): SheetColumn {
  const names = new Map(codes.map((code) => [code, name(code)]));
  const cases = [...names].map(([code, text]) => `WHEN ${literal(code)} THEN ${sqlLiteral(text)}`).join(' ');
  return {
    header,
    kind: 'text',
    width,
    // Named once per export, not once per row.
    value: (row) => names.get(row[field] as C) ?? name(row[field] as C),
    ...(colours ? { colours } : {}),
    csv: csvText(`CASE ${sql(field)} ${cases} END`),
  };
}

/**
 * How each kind of region reads: its catalog message, the pattern of the selector's value, and which of the
 * pattern's groups fills which placeholder. A polygon names its points as the SVG lists them.
 */
const REGIONS = {
  FragmentSelector: {
    key: 'findings.export.region.rectangle',
    pattern: FRAGMENT_PATTERN,
    groups: ['x', 'y', 'width', 'height'],
  },
  PanoramaSelector: { key: 'findings.export.region.direction', pattern: PANORAMA_PATTERN, groups: ['yaw', 'pitch'] },
  PointSelector: { key: 'findings.export.region.point', pattern: POINT_PATTERN, groups: ['x', 'y', 'z'] },
  SvgSelector: { key: 'findings.export.region.polygon', pattern: /points="([^"]*)"/, groups: ['points'] },
} as const satisfies Record<FindingSelectorType, { key: MessageKey; pattern: RegExp; groups: readonly string[] }>;

/** A polygon's points as a person reads them: the SVG's list with its spacing made even, and how many there are. */
const polygon = {
  js(points: string): { points: string; n: number } {
    const trimmed = points.trim();
    return { points: trimmed.split(/\s+/).join(' '), n: trimmed.split(/[\s,]+/).length / 2 };
  },
  sql(points: string): { points: string; n: string } {
    const trimmed = `regexp_replace(${points}, '^\\s+|\\s+$', '', 'g')`;
    return {
      points: `regexp_replace(${trimmed}, '\\s+', ' ', 'g')`,
      n: `array_length(regexp_split_to_array(${trimmed}, '[\\s,]+'), 1) / 2`,
    };
  },
};

/** The region of a finding as text: a rectangle, a polygon, a direction on a panorama, a point of a cloud. */
export function regionText(t: Translate, target: FindingTarget): string {
  const region = REGIONS[target.selector.type];
  const match = region.pattern.exec(target.selector.value) ?? [];
  const params = Object.fromEntries(region.groups.map((name, index) => [name, match[index + 1] ?? '']));
  return t(region.key, region.key === REGIONS.SvgSelector.key ? polygon.js(params.points ?? '') : params);
}

/** regionText in SQL, over the target's JSON (`target`, as text). */
function regionSql(t: Translate, target: string): string {
  const selector = `(${target})::jsonb -> 'selector'`;
  const cases = Object.entries(REGIONS).map(([type, region]) => {
    const groups = Object.fromEntries(
      region.groups.map((name, index) => [
        name,
        `(regexp_match(${selector} ->> 'value', ${sqlLiteral(region.pattern.source)}))[${index + 1}]`,
      ]),
    );
    const params = region.key === REGIONS.SvgSelector.key ? polygon.sql(groups.points!) : groups;
    const message = sqlTemplate((part) =>
      t(region.key, Object.fromEntries(Object.entries(params).map(([name, value]) => [name, part(value)]))),
    );
    return `WHEN ${sqlLiteral(type)} THEN ${message}`;
  });
  return `CASE ${selector} ->> 'type' ${cases.join(' ')} END`;
}

/** The export's columns in the caller's language, in their order; `publicUrl` makes the findings' addresses. */
export function findingSheet(t: Translate, publicUrl: string): SheetColumn[] {
  return [
    {
      header: 'findings.export.column.address',
      kind: 'link',
      width: 30,
      value: (row) => findingAddress(publicUrl, row.turbineId, row.id),
      csv: sqlTemplate((part) => findingAddress(publicUrl, part(sql('turbineId')), part(sql('id')))),
    },
    text('findings.export.column.turbine', 22, 'turbineName'),
    text('findings.export.column.turbineCode', 14, 'turbineCode'),
    number('findings.export.column.year', 7, 'year'),
    text('findings.export.column.blade', 7, 'blade'),
    label('findings.export.column.surface', 18, 'surface', FINDING_SURFACES, (code) =>
      t(FINDING_NAME_KEYS.surface(code)),
    ),
    number('findings.export.column.zone', 7, 'zone'),
    label('findings.export.column.side', 9, 'internal', [true, false], (internal) =>
      t(internal ? 'findings.internal.true' : 'findings.internal.false'),
    ),
    number('findings.export.column.distanceFromRoot', 12, 'distanceFromRootM'),
    number('findings.export.column.extent', 12, 'extentM'),
    number('findings.export.column.distanceFromLe', 12, 'distanceFromLeM'),
    label('findings.export.column.type', 16, 'type', FINDING_TYPES, (code) => t(FINDING_NAME_KEYS.type(code))),
    label(
      'findings.export.column.severity',
      24,
      'severity',
      FINDING_SEVERITIES,
      (code) => t(FINDING_NAME_KEYS.severity(code)),
      (row) => ({ fill: SEVERITY_COLOURS[row.severity], text: SEVERITY_TEXT[row.severity] }),
    ),
    label('findings.export.column.action', 24, 'action', FINDING_ACTIONS, (code) => t(FINDING_NAME_KEYS.action(code))),
    number('findings.export.column.length', 10, 'lengthMm'),
    number('findings.export.column.width', 10, 'widthMm'),
    text('findings.export.column.description', 40, 'description'),
    label('findings.export.column.status', 14, 'status', FINDING_STATUSES, (code) => t(FINDING_NAME_KEYS.status(code))),
    label('findings.export.column.stage', 12, 'stage', FINDING_STAGES, (code) => t(FINDING_NAME_KEYS.stage(code))),
    text('findings.export.column.photo', 24, 'photoName'),
    number('findings.export.column.photoVersion', 8, 'mediaVersion'),
    {
      header: 'findings.export.column.region',
      kind: 'text',
      width: 34,
      value: (row) => regionText(t, JSON.parse(row.target) as FindingTarget),
      csv: csvText(regionSql(t, sql('target'))),
    },
    text('findings.export.column.author', 20, 'author'),
    time('findings.export.column.created', 'createdAt'),
    time('findings.export.column.updated', 'updatedAt'),
  ];
}

/** The columns as the CSV export's statement selects them: text ones always quoted (OWASP, CSV injection). */
export function csvColumns(columns: readonly SheetColumn[]): CsvColumn[] {
  return columns.map((column, index) => ({
    name: `c${index + 1}`,
    sql: column.csv,
    quoted: column.kind === 'text' || column.kind === 'link',
  }));
}
