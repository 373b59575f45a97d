/**
 * A reader of PCL's point-cloud format (`.pcd`, v0.5–0.7): the header, then DATA ascii, binary or
 * binary_compressed (LZF, one block per field). It reads x y z and, when present, rgb / rgba and intensity, in any
 * field order and any SIZE / TYPE / COUNT, and writes straight into typed arrays. Beyond a point budget it keeps an
 * even spread of the points while it reads, so a 10-million-point file never becomes 10 million JS objects (three's
 * PCDLoader pushes every point into plain arrays and cannot cope with that).
 */

/** Why a file could not be read; the viewer words each one for people. */
export type PcdErrorCode =
  | 'NOT_PCD'
  | 'HEADER_INVALID'
  | 'NO_XYZ'
  | 'UNSUPPORTED_DATA'
  | 'TRUNCATED'
  | 'CORRUPT_COMPRESSED'
  | 'DATA_INVALID'
  | 'NO_POINTS';

export class PcdError extends Error {
  constructor(
    readonly code: PcdErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'PcdError';
  }
}

export type PcdDataKind = 'ascii' | 'binary' | 'binary_compressed';
type FieldType = 'F' | 'I' | 'U';

export interface PcdField {
  name: string;
  size: number;
  type: FieldType;
  count: number;
}

export interface PcdHeader {
  version: string;
  fields: PcdField[];
  width: number;
  height: number;
  points: number;
  data: PcdDataKind;
  /** Bytes from the start of the file to the first byte of data. */
  dataOffset: number;
}

export interface PointCloud {
  /** x y z per point, relative to `origin` (float32 keeps millimetres on survey-sized coordinates that way). */
  positions: Float32Array;
  /** r g b per point (0–255) when the file has colour. */
  rgb: Uint8Array | null;
  /** One value per point when the file has intensity (and no colour wins over it). */
  intensity: Float32Array | null;
  /** The file's coordinates of position (0, 0, 0). */
  origin: [number, number, number];
  /** Bounds of `positions`. */
  min: [number, number, number];
  max: [number, number, number];
  intensityRange: [number, number] | null;
  /** Points the file declares. */
  pointsInFile: number;
  /** Points read (fewer than in the file beyond the budget, and without points whose x y z is not a number). */
  pointsShown: number;
  decimated: boolean;
  data: PcdDataKind;
}

export interface ParseOptions {
  /** The most points to keep; beyond it an even spread of the file's points. */
  budget: number;
  /** Called now and then with the share of the points read so far (0–1). */
  onProgress?: (share: number) => void;
}

const HEADER_LIMIT = 64 * 1024;
const NEWLINE = 0x0a;

function fail(code: PcdErrorCode, detail: string): never {
  throw new PcdError(code, detail);
}

function positiveInteger(value: string | undefined, what: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) fail('HEADER_INVALID', `${what} is not a whole number: ${value}`);
  return number;
}

/** The header up to and including its DATA line. */
export function parsePcdHeader(bytes: Uint8Array): PcdHeader {
  const entries = new Map<string, string[]>();
  let position = 0;
  let data: PcdDataKind | null = null;
  const end = Math.min(bytes.length, HEADER_LIMIT);
  while (position < end && data === null) {
    const lineEnd = bytes.indexOf(NEWLINE, position);
    if (lineEnd === -1 || lineEnd >= end) {
      if (position === 0 && entries.size === 0) fail('NOT_PCD', 'no header line');
      fail(entries.size === 0 ? 'NOT_PCD' : 'TRUNCATED', 'the header ends before its DATA line');
    }
    const line = new TextDecoder('latin1').decode(bytes.subarray(position, lineEnd)).trim();
    position = lineEnd + 1;
    if (line === '' || line.startsWith('#')) continue;
    const [keyword = '', ...values] = line.split(/\s+/);
    if (!/^[A-Z]+$/.test(keyword)) {
      fail(entries.size === 0 ? 'NOT_PCD' : 'HEADER_INVALID', `unexpected header line: ${line.slice(0, 40)}`);
    }
    if (keyword === 'DATA') {
      const kind = values[0];
      if (kind !== 'ascii' && kind !== 'binary' && kind !== 'binary_compressed') {
        fail('UNSUPPORTED_DATA', `DATA ${kind ?? ''}`);
      }
      data = kind;
    } else {
      entries.set(keyword, values);
    }
  }
  if (data === null) fail(entries.size === 0 ? 'NOT_PCD' : 'HEADER_INVALID', 'no DATA line in the header');

  const names = entries.get('FIELDS');
  if (!names || names.length === 0) fail('HEADER_INVALID', 'no FIELDS line');
  const sizes = entries.get('SIZE') ?? fail('HEADER_INVALID', 'no SIZE line');
  const types = entries.get('TYPE') ?? fail('HEADER_INVALID', 'no TYPE line');
  const counts = entries.get('COUNT') ?? names.map(() => '1');
  if (sizes.length !== names.length || types.length !== names.length || counts.length !== names.length) {
    fail('HEADER_INVALID', 'FIELDS, SIZE, TYPE and COUNT differ in length');
  }
  const fields = names.map((name, index): PcdField => {
    const size = positiveInteger(sizes[index], `SIZE of ${name}`);
    const type = types[index];
    const count = positiveInteger(counts[index], `COUNT of ${name}`);
    if (type !== 'F' && type !== 'I' && type !== 'U') fail('HEADER_INVALID', `TYPE of ${name} is ${type}`);
    const allowed = type === 'F' ? [4, 8] : [1, 2, 4, 8];
    if (!allowed.includes(size)) fail('HEADER_INVALID', `SIZE ${size} of ${name} does not fit TYPE ${type}`);
    if (count < 1) fail('HEADER_INVALID', `COUNT of ${name} is 0`);
    return { name, size, type, count };
  });
  const width = positiveInteger(entries.get('WIDTH')?.[0] ?? '0', 'WIDTH');
  const height = positiveInteger(entries.get('HEIGHT')?.[0] ?? '1', 'HEIGHT');
  const declared = entries.get('POINTS')?.[0];
  const points = declared === undefined ? width * height : positiveInteger(declared, 'POINTS');
  return {
    version: entries.get('VERSION')?.[0] ?? '',
    fields,
    width,
    height,
    points,
    data,
    dataOffset: position,
  };
}

type Reader = (view: DataView, offset: number) => number;

function readerOf(field: PcdField): Reader {
  switch (field.type) {
    case 'F':
      return field.size === 4 ? (v, o) => v.getFloat32(o, true) : (v, o) => v.getFloat64(o, true);
    case 'U':
      if (field.size === 1) return (v, o) => v.getUint8(o);
      if (field.size === 2) return (v, o) => v.getUint16(o, true);
      if (field.size === 4) return (v, o) => v.getUint32(o, true);
      return (v, o) => Number(v.getBigUint64(o, true));
    case 'I':
      if (field.size === 1) return (v, o) => v.getInt8(o);
      if (field.size === 2) return (v, o) => v.getInt16(o, true);
      if (field.size === 4) return (v, o) => v.getInt32(o, true);
      return (v, o) => Number(v.getBigInt64(o, true));
  }
}

/** The packed colour of PCL's rgb / rgba: the bytes of a uint32 0xAARRGGBB, stored as a float or an integer. */
const packedColour: Reader = (v, o) => v.getUint32(o, true);

const colourScratch = new DataView(new ArrayBuffer(4));
/** An ascii rgb value as the uint32 its bits are: PCL writes the packed float's value, e.g. 9.2e-39. */
function packedColourOfText(value: number, type: FieldType): number {
  if (type !== 'F') return value >>> 0;
  colourScratch.setFloat32(0, value, true);
  return colourScratch.getUint32(0, true);
}

interface Layout {
  x: number;
  y: number;
  z: number;
  colour: number;
  intensity: number;
}

function layoutOf(header: PcdHeader): Layout {
  const index = (...names: string[]) => header.fields.findIndex((field) => names.includes(field.name.toLowerCase()));
  const layout = {
    x: index('x'),
    y: index('y'),
    z: index('z'),
    colour: index('rgb', 'rgba'),
    intensity: index('intensity'),
  };
  if (layout.x < 0 || layout.y < 0 || layout.z < 0)
    fail('NO_XYZ', `fields: ${header.fields.map((f) => f.name).join(' ')}`);
  const colour = header.fields[layout.colour];
  if (colour && colour.size !== 4) layout.colour = -1;
  return layout;
}

/**
 * Which points to keep: exactly `budget` of `total` (all of them below the budget), evenly spread — an integer
 * accumulator, so organised clouds keep every k-th point of each row without drifting.
 */
class Decimator {
  private accumulator = 0;
  readonly keepsAll: boolean;
  constructor(
    private readonly total: number,
    private readonly budget: number,
  ) {
    this.keepsAll = total <= budget;
  }
  keep(): boolean {
    if (this.keepsAll) return true;
    this.accumulator += this.budget;
    if (this.accumulator < this.total) return false;
    this.accumulator -= this.total;
    return true;
  }
}

/** Collects the kept points into typed arrays of the final size, with bounds and intensity range. */
class Collector {
  readonly positions: Float32Array;
  readonly rgb: Uint8Array | null;
  readonly intensity: Float32Array | null;
  count = 0;
  origin: [number, number, number] | null = null;
  private readonly min: [number, number, number] = [Infinity, Infinity, Infinity];
  private readonly max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  private intensityMin = Infinity;
  private intensityMax = -Infinity;

  constructor(capacity: number, hasColour: boolean, hasIntensity: boolean) {
    this.positions = new Float32Array(capacity * 3);
    this.rgb = hasColour ? new Uint8Array(capacity * 3) : null;
    this.intensity = hasIntensity && !hasColour ? new Float32Array(capacity) : null;
  }

  add(x: number, y: number, z: number, colour: number, intensity: number): void {
    // Organised clouds mark missing returns with NaN; they have no place in space.
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return;
    const origin = (this.origin ??= [x, y, z]);
    const index = this.count;
    const px = x - origin[0];
    const py = y - origin[1];
    const pz = z - origin[2];
    this.positions[index * 3] = px;
    this.positions[index * 3 + 1] = py;
    this.positions[index * 3 + 2] = pz;
    if (px < this.min[0]) this.min[0] = px;
    if (py < this.min[1]) this.min[1] = py;
    if (pz < this.min[2]) this.min[2] = pz;
    if (px > this.max[0]) this.max[0] = px;
    if (py > this.max[1]) this.max[1] = py;
    if (pz > this.max[2]) this.max[2] = pz;
    if (this.rgb) {
      this.rgb[index * 3] = (colour >>> 16) & 0xff;
      this.rgb[index * 3 + 1] = (colour >>> 8) & 0xff;
      this.rgb[index * 3 + 2] = colour & 0xff;
    }
    if (this.intensity) {
      const value = Number.isFinite(intensity) ? intensity : 0;
      this.intensity[index] = value;
      if (value < this.intensityMin) this.intensityMin = value;
      if (value > this.intensityMax) this.intensityMax = value;
    }
    this.count = index + 1;
  }

  finish(header: PcdHeader, decimated: boolean): PointCloud {
    if (this.count === 0) fail('NO_POINTS', `${header.points} points declared, none with coordinates`);
    const count = this.count;
    return {
      positions: this.positions.length === count * 3 ? this.positions : this.positions.slice(0, count * 3),
      rgb: this.rgb && (this.rgb.length === count * 3 ? this.rgb : this.rgb.slice(0, count * 3)),
      intensity: this.intensity && (this.intensity.length === count ? this.intensity : this.intensity.slice(0, count)),
      origin: this.origin ?? [0, 0, 0],
      min: this.min,
      max: this.max,
      intensityRange: this.intensity ? [this.intensityMin, this.intensityMax] : null,
      pointsInFile: header.points,
      pointsShown: count,
      decimated,
      data: header.data,
    };
  }
}

const PROGRESS_EVERY = 1 << 18;

/**
 * Binary data, either interleaved (DATA binary: one record per point) or by field (binary_compressed once
 * decompressed: all x, then all y, …). `bases[f] + i * strides[f]` is where field f of point i starts.
 */
function readBinary(
  view: DataView,
  header: PcdHeader,
  layout: Layout,
  bases: number[],
  strides: number[],
  options: ParseOptions,
): PointCloud {
  const { fields, points } = header;
  const decimator = new Decimator(points, options.budget);
  const collector = new Collector(Math.min(points, options.budget), layout.colour >= 0, layout.intensity >= 0);
  const readX = readerOf(fields[layout.x]!);
  const readY = readerOf(fields[layout.y]!);
  const readZ = readerOf(fields[layout.z]!);
  const readIntensity = layout.intensity >= 0 ? readerOf(fields[layout.intensity]!) : null;
  const [bx, by, bz] = [bases[layout.x]!, bases[layout.y]!, bases[layout.z]!];
  const [sx, sy, sz] = [strides[layout.x]!, strides[layout.y]!, strides[layout.z]!];
  const bc = bases[layout.colour] ?? 0;
  const sc = strides[layout.colour] ?? 0;
  const bi = bases[layout.intensity] ?? 0;
  const si = strides[layout.intensity] ?? 0;
  const hasColour = layout.colour >= 0;
  for (let i = 0; i < points; i++) {
    if ((i & (PROGRESS_EVERY - 1)) === 0) options.onProgress?.(i / points);
    if (!decimator.keep()) continue;
    collector.add(
      readX(view, bx + i * sx),
      readY(view, by + i * sy),
      readZ(view, bz + i * sz),
      hasColour ? packedColour(view, bc + i * sc) : 0,
      readIntensity ? readIntensity(view, bi + i * si) : 0,
    );
  }
  return collector.finish(header, !decimator.keepsAll);
}

function recordSize(fields: PcdField[]): number {
  return fields.reduce((sum, field) => sum + field.size * field.count, 0);
}

function parseBinary(bytes: Uint8Array, header: PcdHeader, layout: Layout, options: ParseOptions): PointCloud {
  const record = recordSize(header.fields);
  const needed = record * header.points;
  const available = bytes.length - header.dataOffset;
  if (available < needed) {
    fail('TRUNCATED', `${available} bytes of data, ${needed} needed for ${header.points} points`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + header.dataOffset, needed);
  const bases: number[] = [];
  let offset = 0;
  for (const field of header.fields) {
    bases.push(offset);
    offset += field.size * field.count;
  }
  return readBinary(
    view,
    header,
    layout,
    bases,
    header.fields.map(() => record),
    options,
  );
}

/** LZF (liblzf, as PCL writes it): literal runs and back references into the output. */
export function decompressLzf(input: Uint8Array, outputLength: number): Uint8Array {
  const output = new Uint8Array(outputLength);
  let ip = 0;
  let op = 0;
  const corrupt = (why: string): never => fail('CORRUPT_COMPRESSED', why);
  while (ip < input.length) {
    const control = input[ip++]!;
    if (control < 32) {
      const length = control + 1;
      if (ip + length > input.length) corrupt('a literal run goes past the end of the data');
      if (op + length > outputLength) corrupt('the data decompresses to more than its stated size');
      output.set(input.subarray(ip, ip + length), op);
      ip += length;
      op += length;
    } else {
      let length = control >>> 5;
      if (length === 7) {
        if (ip >= input.length) corrupt('a back reference is cut off');
        length += input[ip++]!;
      }
      if (ip >= input.length) corrupt('a back reference is cut off');
      let reference = op - ((control & 0x1f) << 8) - input[ip++]! - 1;
      length += 2;
      if (reference < 0) corrupt('a back reference points before the start');
      if (op + length > outputLength) corrupt('the data decompresses to more than its stated size');
      // Byte by byte: a reference may overlap what it is writing (runs).
      for (let end = op + length; op < end;) output[op++] = output[reference++]!;
    }
  }
  if (op !== outputLength) corrupt(`${op} bytes decompressed, ${outputLength} stated`);
  return output;
}

function parseCompressed(bytes: Uint8Array, header: PcdHeader, layout: Layout, options: ParseOptions): PointCloud {
  const start = header.dataOffset;
  if (bytes.length < start + 8) fail('TRUNCATED', 'the compressed block sizes are missing');
  const sizes = new DataView(bytes.buffer, bytes.byteOffset + start, 8);
  const compressedSize = sizes.getUint32(0, true);
  const rawSize = sizes.getUint32(4, true);
  const record = recordSize(header.fields);
  if (rawSize !== record * header.points) {
    fail('CORRUPT_COMPRESSED', `${rawSize} bytes stated, ${record * header.points} needed for ${header.points} points`);
  }
  if (bytes.length < start + 8 + compressedSize) {
    fail('TRUNCATED', `${bytes.length - start - 8} compressed bytes, ${compressedSize} stated`);
  }
  const raw = decompressLzf(bytes.subarray(start + 8, start + 8 + compressedSize), rawSize);
  const view = new DataView(raw.buffer);
  const bases: number[] = [];
  let offset = 0;
  for (const field of header.fields) {
    bases.push(offset);
    offset += field.size * field.count * header.points;
  }
  return readBinary(
    view,
    header,
    layout,
    bases,
    header.fields.map((field) => field.size * field.count),
    options,
  );
}

const SPACE = 0x20;
const TAB = 0x09;
const RETURN = 0x0d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

/**
 * A number of an ascii line, from bytes: plain decimals (nearly all of them) without building a string — the
 * mantissa divided by an exact power of ten is correctly rounded; anything else (exponents, nan, long mantissas)
 * goes through Number().
 */
function numberAt(bytes: Uint8Array, start: number, end: number): number {
  let position = start;
  let negative = false;
  if (bytes[position] === MINUS || bytes[position] === PLUS) negative = bytes[position++] === MINUS;
  let mantissa = 0;
  let digits = 0;
  let fraction = -1;
  for (; position < end; position++) {
    const byte = bytes[position]!;
    if (byte >= ZERO && byte <= NINE) {
      mantissa = mantissa * 10 + (byte - ZERO);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (byte === DOT && fraction < 0) {
      fraction = 0;
    } else {
      break;
    }
  }
  if (position === end && digits > 0 && digits <= 15 && fraction <= 22) {
    const value = fraction > 0 ? mantissa / POWERS_OF_TEN[fraction]! : mantissa;
    return negative ? -value : value;
  }
  let text = '';
  for (let index = start; index < end; index++) text += String.fromCharCode(bytes[index]!);
  const value = Number(text);
  if (Number.isNaN(value) && !/^[+-]?nan$/i.test(text)) fail('DATA_INVALID', `not a number in the data: ${text}`);
  return value;
}

function parseAscii(bytes: Uint8Array, header: PcdHeader, layout: Layout, options: ParseOptions): PointCloud {
  const { fields, points } = header;
  // The column each value starts at (a field of COUNT n takes n columns); only the first value of a field is read.
  const columns: number[] = [];
  let column = 0;
  for (const field of fields) {
    columns.push(column);
    column += field.count;
  }
  const wanted = new Map<number, 'x' | 'y' | 'z' | 'colour' | 'intensity'>([
    [columns[layout.x]!, 'x'],
    [columns[layout.y]!, 'y'],
    [columns[layout.z]!, 'z'],
  ]);
  if (layout.colour >= 0) wanted.set(columns[layout.colour]!, 'colour');
  if (layout.intensity >= 0) wanted.set(columns[layout.intensity]!, 'intensity');
  const lastWanted = Math.max(...wanted.keys());
  const colourType = layout.colour >= 0 ? fields[layout.colour]!.type : 'F';

  const decimator = new Decimator(points, options.budget);
  const collector = new Collector(Math.min(points, options.budget), layout.colour >= 0, layout.intensity >= 0);
  const values = { x: 0, y: 0, z: 0, colour: 0, intensity: 0 };
  let position = header.dataOffset;
  let read = 0;
  while (read < points) {
    if (position >= bytes.length) {
      fail('TRUNCATED', `${read} of ${points} points before the end of the file`);
    }
    let lineEnd = bytes.indexOf(NEWLINE, position);
    if (lineEnd === -1) lineEnd = bytes.length;
    // A blank line is not a point.
    let probe = position;
    while (probe < lineEnd && (bytes[probe] === SPACE || bytes[probe] === TAB || bytes[probe] === RETURN)) probe++;
    if (probe === lineEnd) {
      position = lineEnd + 1;
      continue;
    }
    if ((read & (PROGRESS_EVERY - 1)) === 0) options.onProgress?.(read / points);
    read++;
    if (!decimator.keep()) {
      position = lineEnd + 1;
      continue;
    }
    let columnIndex = 0;
    let cursor = probe;
    while (cursor < lineEnd && columnIndex <= lastWanted) {
      let tokenEnd = cursor;
      while (tokenEnd < lineEnd && bytes[tokenEnd] !== SPACE && bytes[tokenEnd] !== TAB && bytes[tokenEnd] !== RETURN) {
        tokenEnd++;
      }
      const role = wanted.get(columnIndex);
      if (role) values[role] = numberAt(bytes, cursor, tokenEnd);
      columnIndex++;
      cursor = tokenEnd;
      while (cursor < lineEnd && (bytes[cursor] === SPACE || bytes[cursor] === TAB || bytes[cursor] === RETURN)) {
        cursor++;
      }
    }
    if (columnIndex <= lastWanted) fail('TRUNCATED', `point ${read} has ${columnIndex} of ${column} values`);
    collector.add(
      values.x,
      values.y,
      values.z,
      layout.colour >= 0 ? packedColourOfText(values.colour, colourType) : 0,
      values.intensity,
    );
    position = lineEnd + 1;
  }
  return collector.finish(header, !decimator.keepsAll);
}

/** Reads a whole `.pcd` file; throws a {@link PcdError} saying why when it cannot. */
export function parsePcd(bytes: Uint8Array, options: ParseOptions): PointCloud {
  if (!(options.budget >= 1)) throw new RangeError('the point budget must be at least 1');
  const header = parsePcdHeader(bytes);
  if (header.points === 0) fail('NO_POINTS', 'the file declares 0 points');
  const layout = layoutOf(header);
  const cloud =
    header.data === 'ascii'
      ? parseAscii(bytes, header, layout, options)
      : header.data === 'binary'
        ? parseBinary(bytes, header, layout, options)
        : parseCompressed(bytes, header, layout, options);
  options.onProgress?.(1);
  return cloud;
}
