import { readFileSync } from 'node:fs';
import { PCDLoader } from 'three/examples/jsm/loaders/PCDLoader.js';
import { describe, expect, it } from 'vitest';
import { decompressLzf, parsePcd, PcdError, type PcdErrorCode } from './pcd';
import { pointColours } from './point-colours';

interface Field {
  name: string;
  size: number;
  type: 'F' | 'I' | 'U';
  count?: number;
}

const XYZ: Field[] = [
  { name: 'x', size: 4, type: 'F' },
  { name: 'y', size: 4, type: 'F' },
  { name: 'z', size: 4, type: 'F' },
];

function header(fields: Field[], points: number, data: string): string {
  return [
    '# .PCD v0.7 - Point Cloud Data file format',
    'VERSION 0.7',
    `FIELDS ${fields.map((f) => f.name).join(' ')}`,
    `SIZE ${fields.map((f) => f.size).join(' ')}`,
    `TYPE ${fields.map((f) => f.type).join(' ')}`,
    `COUNT ${fields.map((f) => f.count ?? 1).join(' ')}`,
    `WIDTH ${points}`,
    'HEIGHT 1',
    'VIEWPOINT 0 0 0 1 0 0 0',
    `POINTS ${points}`,
    `DATA ${data}`,
    '',
  ].join('\n');
}

function write(view: DataView, offset: number, field: Field, value: number) {
  const setters: Record<string, (o: number, v: number) => void> = {
    F4: (o, v) => view.setFloat32(o, v, true),
    F8: (o, v) => view.setFloat64(o, v, true),
    U1: (o, v) => view.setUint8(o, v),
    U2: (o, v) => view.setUint16(o, v, true),
    U4: (o, v) => view.setUint32(o, v, true),
    I1: (o, v) => view.setInt8(o, v),
    I2: (o, v) => view.setInt16(o, v, true),
    I4: (o, v) => view.setInt32(o, v, true),
  };
  setters[`${field.type}${field.size}`]!(offset, value);
}

type Row = Record<string, number>;
const packed = (r: number, g: number, b: number) => ((r << 16) | (g << 8) | b) >>> 0;
const floatOfBits = (bits: number) => new Float32Array(new Uint32Array([bits]).buffer)[0]!;

/** A record's bytes; an rgb field of TYPE F gets the packed colour's bits, as PCL writes it. */
function recordBytes(fields: Field[], rows: Row[], layout: 'binary' | 'by-field'): Uint8Array {
  const record = fields.reduce((sum, f) => sum + f.size * (f.count ?? 1), 0);
  const bytes = new Uint8Array(record * rows.length);
  const view = new DataView(bytes.buffer);
  let fieldStart = 0;
  for (const field of fields) {
    const width = field.size * (field.count ?? 1);
    rows.forEach((row, index) => {
      const offset = layout === 'binary' ? index * record + fieldStart : fieldStart * rows.length + index * width;
      const value = row[field.name] ?? 0;
      if (field.name.startsWith('rgb')) view.setUint32(offset, value, true);
      else write(view, offset, field, value);
    });
    fieldStart += width;
  }
  return bytes;
}

function concat(...parts: (string | Uint8Array)[]): Uint8Array {
  const buffers = parts.map((part) => (typeof part === 'string' ? new TextEncoder().encode(part) : part));
  const out = new Uint8Array(buffers.reduce((sum, b) => sum + b.length, 0));
  let offset = 0;
  for (const buffer of buffers) {
    out.set(buffer, offset);
    offset += buffer.length;
  }
  return out;
}

/** liblzf's compressor, greedy with a hash of three bytes: enough to make real binary_compressed files. */
function compressLzf(input: Uint8Array): Uint8Array {
  const out: number[] = [];
  const table = new Map<number, number>();
  const literal: number[] = [];
  const flush = () => {
    while (literal.length > 0) {
      const run = literal.splice(0, 32);
      out.push(run.length - 1, ...run);
    }
  };
  let ip = 0;
  while (ip < input.length) {
    if (ip + 2 < input.length) {
      const key = (input[ip]! << 16) | (input[ip + 1]! << 8) | input[ip + 2]!;
      const candidate = table.get(key);
      table.set(key, ip);
      if (candidate !== undefined && ip - candidate - 1 < 8192) {
        let length = 0;
        while (length < 264 && ip + length < input.length && input[candidate + length] === input[ip + length]) length++;
        if (length >= 3) {
          flush();
          const offset = ip - candidate - 1;
          const coded = length - 2;
          if (coded < 7) out.push((coded << 5) | (offset >> 8), offset & 0xff);
          else out.push((7 << 5) | (offset >> 8), coded - 7, offset & 0xff);
          ip += length;
          continue;
        }
      }
    }
    literal.push(input[ip++]!);
  }
  flush();
  return Uint8Array.from(out);
}

function compressedFile(fields: Field[], rows: Row[]): Uint8Array {
  const raw = recordBytes(fields, rows, 'by-field');
  const compressed = compressLzf(raw);
  const sizes = new Uint8Array(8);
  new DataView(sizes.buffer).setUint32(0, compressed.length, true);
  new DataView(sizes.buffer).setUint32(4, raw.length, true);
  return concat(header(fields, rows.length, 'binary_compressed'), sizes, compressed);
}

const ROWS: Row[] = [
  { x: 1, y: 2, z: 3, rgb: packed(255, 0, 0), intensity: 10 },
  { x: -1.5, y: 0.25, z: 7, rgb: packed(0, 128, 0), intensity: 20 },
  { x: 4, y: -2, z: -1, rgb: packed(0, 0, 255), intensity: 30 },
];

/** The points back in the file's coordinates. */
function pointsOf(cloud: ReturnType<typeof parsePcd>): number[][] {
  const points: number[][] = [];
  for (let i = 0; i < cloud.pointsShown; i++) {
    points.push([0, 1, 2].map((axis) => cloud.positions[i * 3 + axis]! + cloud.origin[axis]!));
  }
  return points;
}
const EXPECTED_POINTS = ROWS.map((row) => [row.x, row.y, row.z]);

function failure(bytes: Uint8Array): PcdErrorCode {
  try {
    parsePcd(bytes, { budget: 1e6 });
  } catch (error) {
    expect(error).toBeInstanceOf(PcdError);
    expect((error as PcdError).message.length).toBeGreaterThan(0);
    return (error as PcdError).code;
  }
  throw new Error('the file was read');
}

describe('parsePcd', () => {
  it('reads ascii x y z with a packed float rgb as PCL writes it', () => {
    const fields: Field[] = [...XYZ, { name: 'rgb', size: 4, type: 'F' }];
    const lines = ROWS.map((row) => `${row.x} ${row.y} ${row.z} ${floatOfBits(row.rgb!).toExponential(8)}`);
    const cloud = parsePcd(concat(header(fields, 3, 'ascii'), `${lines.join('\n')}\n`), { budget: 100 });
    expect(pointsOf(cloud)).toEqual(EXPECTED_POINTS);
    expect([...cloud.rgb!]).toEqual([255, 0, 0, 0, 128, 0, 0, 0, 255]);
    expect(cloud).toMatchObject({ pointsInFile: 3, pointsShown: 3, decimated: false, data: 'ascii' });
    expect(pointColours(cloud).source).toBe('rgb');
  });

  it('reads ascii with an integer rgba, extra columns, CRLF line ends, exponents and blank lines', () => {
    const fields: Field[] = [
      { name: 'normal', size: 4, type: 'F', count: 3 },
      { name: 'z', size: 4, type: 'F' },
      { name: 'rgba', size: 4, type: 'U' },
      { name: 'y', size: 4, type: 'F' },
      { name: 'x', size: 4, type: 'F' },
    ];
    const lines = ROWS.map((row) => `0 0 1 ${row.z}e0 ${row.rgb} ${row.y}\t${row.x}\r`);
    const cloud = parsePcd(concat(header(fields, 3, 'ascii'), `\n${lines.join('\n\n')}\n`), { budget: 100 });
    expect(pointsOf(cloud)).toEqual(EXPECTED_POINTS);
    expect([...cloud.rgb!]).toEqual([255, 0, 0, 0, 128, 0, 0, 0, 255]);
  });

  it('reads binary in any field order, with padding, doubles and integer types', () => {
    const fields: Field[] = [
      { name: 'intensity', size: 2, type: 'U' },
      { name: '_', size: 1, type: 'U', count: 2 },
      { name: 'z', size: 8, type: 'F' },
      { name: 'x', size: 4, type: 'F' },
      { name: 'y', size: 4, type: 'F' },
    ];
    const cloud = parsePcd(concat(header(fields, 3, 'binary'), recordBytes(fields, ROWS, 'binary')), { budget: 100 });
    expect(pointsOf(cloud)).toEqual(EXPECTED_POINTS);
    expect(cloud.rgb).toBeNull();
    expect([...cloud.intensity!]).toEqual([10, 20, 30]);
    expect(cloud.intensityRange).toEqual([10, 20 + 10]);
    expect(pointColours(cloud).source).toBe('intensity');
  });

  it('reads binary x y z + rgb (packed float) and keeps the file colour over intensity', () => {
    const fields: Field[] = [...XYZ, { name: 'rgb', size: 4, type: 'F' }, { name: 'intensity', size: 4, type: 'F' }];
    const cloud = parsePcd(concat(header(fields, 3, 'binary'), recordBytes(fields, ROWS, 'binary')), { budget: 100 });
    expect(pointsOf(cloud)).toEqual(EXPECTED_POINTS);
    expect([...cloud.rgb!]).toEqual([255, 0, 0, 0, 128, 0, 0, 0, 255]);
    expect(pointColours(cloud).source).toBe('rgb');
  });

  it('reads binary_compressed (LZF, by field) with and without colour', () => {
    const withColour: Field[] = [{ name: 'rgb', size: 4, type: 'U' }, ...XYZ];
    const coloured = parsePcd(compressedFile(withColour, ROWS), { budget: 100 });
    expect(pointsOf(coloured)).toEqual(EXPECTED_POINTS);
    expect([...coloured.rgb!]).toEqual([255, 0, 0, 0, 128, 0, 0, 0, 255]);

    const plain = parsePcd(compressedFile(XYZ, ROWS), { budget: 100 });
    expect(pointsOf(plain)).toEqual(EXPECTED_POINTS);
    expect(plain.rgb).toBeNull();
    expect(plain.intensity).toBeNull();
    const { colours, source } = pointColours(plain);
    expect(source).toBe('height');
    // Height ramp: the lowest point (z = -1) takes the ramp's first colour, the highest (z = 7) its last.
    expect([...colours.subarray(6, 9)]).toEqual([68, 1, 84]);
    expect([...colours.subarray(3, 6)]).toEqual([253, 231, 37]);
  });

  it('decompresses long runs and back references of a large compressed file', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ x: i % 100, y: Math.floor(i / 100), z: 0 }));
    const file = compressedFile(XYZ, rows);
    expect(file.length).toBeLessThan(20_000 * 12);
    const cloud = parsePcd(file, { budget: 1e6 });
    expect(cloud.pointsShown).toBe(20_000);
    expect(pointsOf(cloud)[12_345]).toEqual([45, 123, 0]);
  });

  it('keeps exactly the budget beyond it, spread evenly over the file', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ x: i, y: 0, z: 0 }));
    for (const file of [
      concat(header(XYZ, rows.length, 'binary'), recordBytes(XYZ, rows, 'binary')),
      concat(header(XYZ, rows.length, 'ascii'), `${rows.map((r) => `${r.x} 0 0`).join('\n')}\n`),
      compressedFile(XYZ, rows),
    ]) {
      const cloud = parsePcd(file, { budget: 2_500 });
      expect(cloud).toMatchObject({ pointsInFile: 10_000, pointsShown: 2_500, decimated: true });
      const xs = pointsOf(cloud).map(([x]) => x!);
      // Every fourth point: even gaps from the start of the file to its end.
      const gaps = new Set(xs.slice(1).map((x, i) => x - xs[i]!));
      expect([...gaps]).toEqual([4]);
      expect(xs[0]).toBe(3);
      expect(xs.at(-1)).toBe(9_999);
    }
    // A budget that does not divide the count still gives exactly the budget, with gaps of 3 or 4.
    const uneven = parsePcd(concat(header(XYZ, rows.length, 'binary'), recordBytes(XYZ, rows, 'binary')), {
      budget: 3_000,
    });
    expect(uneven.pointsShown).toBe(3_000);
    const xs = pointsOf(uneven).map(([x]) => x!);
    expect(new Set(xs.slice(1).map((x, i) => x - xs[i]!))).toEqual(new Set([3, 4]));
  });

  it('leaves out points without coordinates (NaN in organised clouds) and reports progress', () => {
    const rows = [{ x: NaN, y: NaN, z: NaN }, ...ROWS];
    const shares: number[] = [];
    const cloud = parsePcd(concat(header(XYZ, 4, 'binary'), recordBytes(XYZ, rows, 'binary')), {
      budget: 100,
      onProgress: (share) => shares.push(share),
    });
    expect(pointsOf(cloud)).toEqual(EXPECTED_POINTS);
    expect(cloud.pointsInFile).toBe(4);
    expect(shares.at(-1)).toBe(1);
  });

  it('keeps precision on survey-sized coordinates by reading relative to the first point', () => {
    const rows = [
      { x: 500_000.125, y: 4_500_000.5, z: 100 },
      { x: 500_000.25, y: 4_500_000.75, z: 101 },
    ];
    const doubles: Field[] = XYZ.map((field) => ({ ...field, size: 8 }));
    const cloud = parsePcd(concat(header(doubles, 2, 'binary'), recordBytes(doubles, rows, 'binary')), {
      budget: 100,
    });
    expect(cloud.origin).toEqual([500_000.125, 4_500_000.5, 100]);
    expect([...cloud.positions.subarray(3, 6)]).toEqual([0.125, 0.25, 1]);
  });

  it('answers a file it cannot read with a typed error and a reason', () => {
    const binary = concat(header(XYZ, 3, 'binary'), recordBytes(XYZ, ROWS, 'binary'));
    expect(failure(new TextEncoder().encode('hello world, not a point cloud\n'))).toBe('NOT_PCD');
    expect(failure(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('NOT_PCD');
    expect(failure(binary.subarray(0, binary.length - 5))).toBe('TRUNCATED');
    expect(failure(binary.subarray(0, 60))).toBe('TRUNCATED');
    expect(failure(concat(header(XYZ, 3, 'ascii'), '1 2 3\n4 5 6\n'))).toBe('TRUNCATED');
    expect(failure(concat(header(XYZ, 2, 'ascii'), '1 2 3\n4 5\n'))).toBe('TRUNCATED');
    expect(failure(concat(header(XYZ, 1, 'ascii'), '1 two 3\n'))).toBe('DATA_INVALID');
    expect(failure(concat(header(XYZ, 1, 'binary_lzma'), '1 2 3\n'))).toBe('UNSUPPORTED_DATA');
    const noZ: Field[] = [XYZ[0]!, XYZ[1]!, { name: 'intensity', size: 4, type: 'F' }];
    expect(failure(concat(header(noZ, 3, 'binary'), recordBytes(noZ, ROWS, 'binary')))).toBe('NO_XYZ');
    expect(failure(concat(header(XYZ, 0, 'binary')))).toBe('NO_POINTS');
    expect(
      failure(concat(header(XYZ, 1, 'binary').replace('SIZE 4 4 4', 'SIZE 4 4'), recordBytes(XYZ, ROWS, 'binary'))),
    ).toBe('HEADER_INVALID');
    expect(
      failure(concat(header(XYZ, 1, 'binary').replace('TYPE F F F', 'TYPE F F Q'), recordBytes(XYZ, ROWS, 'binary'))),
    ).toBe('HEADER_INVALID');

    const compressed = compressedFile(XYZ, ROWS);
    expect(failure(compressed.subarray(0, compressed.length - 4))).toBe('TRUNCATED');
    const garbled = compressed.slice();
    garbled.fill(0xe0, compressed.length - 12);
    expect(failure(garbled)).toBe('CORRUPT_COMPRESSED');
  });
});

/** PCL's own test clouds (tests/fixtures/real-files): one of each encoding, as PCL wrote them. */
const REAL_CLOUDS = [
  ['pcl-bunny.pcd', 'ascii', 397, false],
  ['pcl-colored_cloud.pcd', 'binary', 1000, true],
  ['pcl-milk_color.pcd', 'binary_compressed', 13_704, true],
] as const;

function realCloud(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/real-files/${name}`, import.meta.url)));
}

describe('parsePcd on PCL’s real files', () => {
  it.each(REAL_CLOUDS)(
    'reads %s (%s, %i points) point for point as three.js’s PCDLoader does',
    (name, data, points, rgb) => {
      const bytes = realCloud(name);
      const cloud = parsePcd(bytes, { budget: 1e6 });
      expect(cloud).toMatchObject({ data, pointsInFile: points, pointsShown: points, decimated: false });
      expect(cloud.rgb !== null).toBe(rgb);
      expect(pointColours(cloud).source).toBe(rgb ? 'rgb' : 'height');

      const reference = new PCDLoader().parse(Uint8Array.from(bytes).buffer);
      const expected = reference.geometry.getAttribute('position');
      expect(expected.count).toBe(points);
      const ours = pointsOf(cloud);
      for (let i = 0; i < points; i++) {
        for (let axis = 0; axis < 3; axis++) {
          expect(ours[i]![axis]).toBeCloseTo(expected.array[i * 3 + axis]!, 5);
        }
      }
      for (let axis = 0; axis < 3; axis++) {
        const values = ours.map((point) => point[axis]!);
        expect(cloud.min[axis]! + cloud.origin[axis]!).toBeCloseTo(Math.min(...values), 5);
        expect(cloud.max[axis]! + cloud.origin[axis]!).toBeCloseTo(Math.max(...values), 5);
      }
    },
  );
});

describe('decompressLzf', () => {
  it('expands literal runs and overlapping back references', () => {
    // "abc" then a back reference of 9 bytes at distance 3: "abcabcabcabc".
    const input = Uint8Array.from([2, 97, 98, 99, (7 << 5) | 0, 0, 2]);
    expect(new TextDecoder().decode(decompressLzf(input, 12))).toBe('abcabcabcabc');
  });

  it('refuses data that stops short of its stated size or reaches before the start', () => {
    expect(() => decompressLzf(Uint8Array.from([2, 97, 98, 99]), 5)).toThrow(PcdError);
    expect(() => decompressLzf(Uint8Array.from([0, 97, 1 << 5, 5]), 4)).toThrow(PcdError);
  });
});
