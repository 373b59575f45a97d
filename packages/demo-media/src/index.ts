import sharp, { type Exif } from 'sharp';

// Generators of the demo seed's media: blade photos, a 360° panorama, a point cloud, a PDF report and a short video,
// all made here from code so the seed needs no files and no network.

/** A small seeded PRNG (mulberry32): the same seed gives the same picture. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fixed = (value: number) => value.toFixed(1);

/**
 * Renders an SVG (drawn in full-size coordinates) at half size, adds sensor-like grain in one JS pass and scales
 * up to full size by pixel doubling. The grain is what gives a JPEG a camera's file size; working at half size keeps
 * a 24 MP picture well under a second (librsvg at full size, or sharp's composite for the grain, each cost more).
 */
async function rasterWithGrain(svg: string, width: number, height: number, grain: number, seed: number) {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const span = grain * 2 + 1;
  let state = seed | 1;
  for (let i = 0; i < data.length; i += 3) {
    state = (Math.imul(state, 1664525) + 1013904223) | 0;
    const noise = (((state >>> 16) * span) >>> 16) - grain;
    for (let c = i; c < i + 3; c++) {
      const value = (data[c] ?? 0) + noise;
      data[c] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).resize(width, height, {
    fit: 'fill',
    kernel: 'nearest',
  });
}

function svgDocument(width: number, height: number, body: string): string {
  const renderWidth = Math.max(1, Math.round(width / 2));
  const renderHeight = Math.max(1, Math.round(height / 2));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${renderWidth}" height="${renderHeight}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">${body}</svg>`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** EXIF's `YYYY:MM:DD HH:MM:SS`, written in UTC with a `+00:00` offset so readers need not guess a time zone. */
function exifDate(date: Date): string {
  return (
    `${date.getUTCFullYear()}:${pad(date.getUTCMonth() + 1)}:${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** Degrees as EXIF's three rationals: degrees, minutes, seconds (to 1/1000 s). */
function exifDegrees(value: number): string {
  const milliseconds = Math.round(Math.abs(value) * 3600 * 1000);
  const degrees = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor((milliseconds % 3_600_000) / 60_000);
  return `${degrees}/1 ${minutes}/1 ${milliseconds % 60_000}/1000`;
}

function exifTags(capturedAt?: Date, gps?: { lat: number; lng: number }): Exif {
  const exif: Exif = { IFD0: { Make: 'Kanat360', Model: 'Demo inspection camera', Software: 'kanat360 seed' } };
  if (capturedAt) exif.IFD2 = { DateTimeOriginal: exifDate(capturedAt), OffsetTimeOriginal: '+00:00' };
  if (gps) {
    exif.IFD3 = {
      GPSLatitudeRef: gps.lat < 0 ? 'S' : 'N',
      GPSLatitude: exifDegrees(gps.lat),
      GPSLongitudeRef: gps.lng < 0 ? 'W' : 'E',
      GPSLongitude: exifDegrees(gps.lng),
    };
  }
  return exif;
}

export interface BladePhotoOptions {
  width: number;
  height: number;
  seed: number;
  blade: 'A' | 'B' | 'C';
  /** Rooms 1/4/7… show the root, 2/5/8… the middle, 3/6/9… the tip of the blade. */
  room: number;
  capturedAt?: Date;
  gps?: { lat: number; lng: number };
}

const BLADE_TINTS = {
  A: ['#f3f4f2', '#fbfbf9', '#dfe1df', '#a9aeb0'],
  B: ['#f4f2ee', '#fcfaf6', '#e3e0da', '#aeaba5'],
  C: ['#eff2f4', '#f9fbfc', '#dce1e4', '#a4abb1'],
} as const;

/** A point in a picture's full-size pixels. */
export type Point = [x: number, y: number];

/**
 * The blade as a blade photo draws it, in the picture's full-size pixels: its leading edge (the top of the picture,
 * root on the left) and its trailing edge, point for point along the span.
 */
export interface BladeOutline {
  leadingEdge: Point[];
  trailingEdge: Point[];
  /** Where the blade ends on the right: past the frame unless the photo shows the tip. */
  tipX: number;
  /** 0 root, 1 middle, 2 tip: the part of the blade the room shows. */
  section: 0 | 1 | 2;
}

type BladeShapeOptions = Pick<BladePhotoOptions, 'width' | 'height' | 'seed' | 'blade' | 'room'>;

/** Samples along the blade's span: its outline is a polygon of twice this many points (plus two). */
const BLADE_STEPS = 32;

/**
 * The blade's shape, and the picture's random sequence after it: bladePhoto goes on drawing with that sequence, so
 * bladeOutline and the picture can never disagree.
 */
function bladeShape(options: BladeShapeOptions) {
  const { width: w, height: h, blade, room } = options;
  const rand = random(options.seed * 7919 + room * 31 + blade.charCodeAt(0));
  const section = ((((room - 1) % 3) + 3) % 3) as 0 | 1 | 2;

  // The blade's axis crosses the frame at a small angle; the chord in view shrinks from root to tip.
  const angle = (rand() - 0.5) * 0.5;
  const centreY = h * (0.5 + (rand() - 0.5) * 0.2);
  const halfChord = h * [0.36, 0.27, 0.17][section]! * (0.9 + rand() * 0.2);
  const taper = [0.1, 0.2, 0.45][section]!;
  const tipX = section === 2 ? w * (0.72 + rand() * 0.18) : w * 1.05;
  const axisY = (x: number) => centreY + Math.tan(angle) * (x - w / 2);
  const half = (x: number) => halfChord * (1 - (taper * x) / w);
  const bow = h * 0.02 * (rand() - 0.5);
  const leadingEdge: Point[] = [];
  const trailingEdge: Point[] = [];
  for (let i = 0; i <= BLADE_STEPS; i++) {
    const x = -w * 0.05 + ((tipX + w * 0.05) * i) / BLADE_STEPS;
    const curve = Math.sin((Math.PI * i) / BLADE_STEPS) * bow;
    // The tip rounds off over its last tenth.
    const rounding =
      section === 2 ? Math.sqrt(Math.max(0, 1 - Math.max(0, (i - BLADE_STEPS * 0.9) / (BLADE_STEPS * 0.1)) ** 2)) : 1;
    leadingEdge.push([x, axisY(x) - half(x) * rounding + curve]);
    trailingEdge.push([x, axisY(x) + half(x) * rounding + curve]);
  }
  const outline: BladeOutline = { leadingEdge, trailingEdge, tipX, section };
  return { outline, rand, axisY, half, halfChord };
}

/** The blade a blade photo of these options shows (bladePhoto draws exactly this shape). */
export function bladeOutline(options: BladeShapeOptions): BladeOutline {
  return bladeShape(options).outline;
}

/** Whether `point` lies inside `polygon` (even-odd rule). */
export function polygonContains(polygon: readonly Point[], [x, y]: Point): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The blade's outline as one polygon: along the leading edge to the tip, back along the trailing edge. */
export function bladePolygon(outline: BladeOutline): Point[] {
  return [...outline.leadingEdge, ...[...outline.trailingEdge].reverse()];
}

/** The height of a piecewise-linear edge at `x`. */
function edgeAt(edge: readonly Point[], x: number): number {
  const after = edge.findIndex(([px]) => px >= x);
  if (after <= 0) return edge[Math.max(0, after)]![1];
  const [x0, y0] = edge[after - 1]!;
  const [x1, y1] = edge[after]!;
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/**
 * What the blade covers at every x from `left` to `right` alike: the lowest point of its leading edge and the
 * highest of its trailing edge over that span (null where it does not reach both ends). A rectangle of that span
 * between the two lies on the blade.
 */
export function bladeBand(outline: BladeOutline, left: number, right: number): { top: number; bottom: number } | null {
  const first = outline.leadingEdge[0]![0];
  const last = outline.leadingEdge.at(-1)![0];
  if (left < first || right > last || right < left) return null;
  const within = (edge: readonly Point[]) => [
    edgeAt(edge, left),
    edgeAt(edge, right),
    ...edge.filter(([x]) => x > left && x < right).map(([, y]) => y),
  ];
  const top = Math.max(...within(outline.leadingEdge));
  const bottom = Math.min(...within(outline.trailingEdge));
  return bottom > top ? { top, bottom } : null;
}

/**
 * A blade close-up as a drone camera sees it: sky, a large white blade surface crossing the frame with its
 * curvature shading, leading-edge erosion, sometimes a crack and a lightning receptor, and sensor grain. A
 * 6000 × 4000 picture is a JPEG of several MB, like a real one; EXIF carries the capture time and GPS when given.
 */
export async function bladePhoto(options: BladePhotoOptions): Promise<Buffer> {
  const { width: w, height: h, blade } = options;
  const { outline, rand, axisY, half, halfChord } = bladeShape(options);
  const { section, tipX } = outline;
  const [edge, highlight, mid, shadow] = BLADE_TINTS[blade];
  const top = outline.leadingEdge;
  const steps = BLADE_STEPS;
  const outlinePoints = bladePolygon(outline)
    .map(([x, y]) => `${fixed(x)},${fixed(y)}`)
    .join(' ');
  // The leading-edge protection band stops where the tip starts rounding.
  const protectionBand = top
    .slice(0, section === 2 ? Math.floor(steps * 0.9) : undefined)
    .map(([x, y]) => `${fixed(x)},${fixed(y + h * 0.012)}`)
    .join(' ');
  const midX = Math.min(tipX, w) / 2;
  const gradient = `x1="${fixed(midX)}" y1="${fixed(axisY(midX) - half(midX))}" x2="${fixed(midX)}" y2="${fixed(axisY(midX) + half(midX))}"`;

  const clouds: string[] = [];
  for (let i = 0; i < 5; i++) {
    clouds.push(
      `<ellipse cx="${fixed(rand() * w)}" cy="${fixed(rand() * h)}" rx="${fixed(w * (0.1 + rand() * 0.15))}" ry="${fixed(h * (0.04 + rand() * 0.06))}" fill="url(#cloud)"/>`,
    );
  }

  // Dirt and wear streaks along the span.
  const streaks: string[] = [];
  for (let i = 0; i < 12; i++) {
    const offset = (rand() * 1.6 - 0.8) * halfChord;
    const from = rand() * Math.min(tipX, w) * 0.6;
    const to = from + (0.2 + rand() * 0.4) * Math.min(tipX, w);
    streaks.push(
      `<line x1="${fixed(from)}" y1="${fixed(axisY(from) + offset)}" x2="${fixed(to)}" y2="${fixed(axisY(to) + offset)}" stroke="#8f9496" stroke-opacity="${(0.05 + rand() * 0.1).toFixed(2)}" stroke-width="${fixed(h * (0.002 + rand() * 0.008))}"/>`,
    );
  }

  // Erosion: pits and worn patches along the leading edge, denser toward the tip where the blade moves fastest.
  const marks: string[] = [];
  const pits = 60 + section * 60 + Math.floor(rand() * 60);
  for (let i = 0; i < pits; i++) {
    const t = rand() ** (section === 2 ? 0.7 : 1);
    const [x, y] = top[Math.min(steps, Math.floor(t * steps))]!;
    const depth = rand() * h * 0.035;
    const size = 2 + rand() * (rand() < 0.1 ? 22 : 8);
    const colour = rand() < 0.3 ? '#c9b48c' : rand() < 0.5 ? '#6e675d' : '#8d857a';
    marks.push(
      `<ellipse cx="${fixed(x + (rand() - 0.5) * w * 0.03)}" cy="${fixed(y + depth)}" rx="${fixed(size * (1 + rand()))}" ry="${fixed(size)}" fill="${colour}" fill-opacity="${(0.4 + rand() * 0.5).toFixed(2)}"/>`,
    );
  }
  if (rand() < 0.5) {
    // A crack running across the chord from near the leading edge.
    let x = w * (0.2 + rand() * 0.5);
    let y = axisY(x) - half(x) * 0.7;
    const points = [`${fixed(x)},${fixed(y)}`];
    for (let i = 0; i < 14; i++) {
      x += (rand() - 0.3) * w * 0.012;
      y += h * (0.01 + rand() * 0.015);
      points.push(`${fixed(x)},${fixed(y)}`);
    }
    const path = points.join(' ');
    marks.push(`<polyline points="${path}" fill="none" stroke="#f8f8f6" stroke-width="${fixed(h * 0.003)}"/>`);
    marks.push(`<polyline points="${path}" fill="none" stroke="#2e2d2b" stroke-width="${fixed(h * 0.0012)}"/>`);
  }
  if (section !== 0) {
    const x = Math.min(tipX, w) * (0.55 + rand() * 0.3);
    marks.push(
      `<circle cx="${fixed(x)}" cy="${fixed(axisY(x) + half(x) * 0.55)}" r="${fixed(h * 0.011)}" fill="url(#receptor)" stroke="#6d7377" stroke-width="${fixed(h * 0.002)}"/>`,
    );
  }

  const svg = svgDocument(
    w,
    h,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4c8ccc"/><stop offset="1" stop-color="#bcd8ee"/></linearGradient>
      <radialGradient id="cloud"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
      <linearGradient id="blade" gradientUnits="userSpaceOnUse" ${gradient}>
        <stop offset="0" stop-color="${edge}"/><stop offset="0.1" stop-color="${highlight}"/>
        <stop offset="0.5" stop-color="${mid}"/><stop offset="1" stop-color="${shadow}"/>
      </linearGradient>
      <radialGradient id="receptor"><stop offset="0" stop-color="#c3c8cb"/><stop offset="1" stop-color="#7c8387"/></radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    ${clouds.join('')}
    <polygon points="${outlinePoints}" fill="url(#blade)"/>
    <polyline points="${protectionBand}" fill="none" stroke="#d6d1c4" stroke-opacity="0.7" stroke-width="${fixed(h * 0.02)}"/>
    <clipPath id="surface"><polygon points="${outlinePoints}"/></clipPath>
    <g clip-path="url(#surface)">${streaks.join('')}</g>
    ${marks.join('')}`,
  );
  const image = await rasterWithGrain(svg, w, h, 9, options.seed);
  // Cameras use the standard Huffman tables; optimising them would double the encoding time for a few per cent.
  return image
    .withExif(exifTags(options.capturedAt, options.gps))
    .jpeg({ quality: 90, optimiseCoding: false })
    .toBuffer();
}

export interface PanoramaOptions {
  width?: number;
  height?: number;
  seed?: number;
  capturedAt?: Date;
  gps?: { lat: number; lng: number };
}

/** A wind turbine on the panorama's horizon, in the picture's full-size pixels. */
export interface PanoramaTurbine {
  /** How tall it stands in the picture: the nearest is the tallest. */
  towerHeight: number;
  /** Its three blades, each a polygon from the hub to the blade's tip. */
  blades: Point[][];
}

/** The turbines of the panorama and the picture's random sequence after them (see bladeShape). */
function panoramaShape(w: number, h: number, seed: number) {
  const rand = random(seed);
  const horizon = h / 2;
  const turbines: (PanoramaTurbine & {
    x: number;
    base: number;
    hubY: number;
    width: number;
    bladeLength: number;
    rotation: number;
  })[] = [];
  for (let i = 0; i < 9; i++) {
    const distance = 0.3 + rand() * 0.7;
    const x = (w * (i + rand() * 0.6)) / 9;
    const towerHeight = h * 0.28 * (1.1 - distance);
    const base = horizon + h * 0.04 * (1.1 - distance);
    const hubY = base - towerHeight;
    const bladeLength = towerHeight * 0.55;
    const width = Math.max(2, towerHeight * 0.035);
    const rotation = rand() * 120;
    // SVG's rotate() turns clockwise on screen (y points down), about the hub drawn at translate(x, hubY - 0.2 w).
    const blades = PANORAMA_BLADE_ANGLES.map((a) => {
      const turn = ((rotation + a) * Math.PI) / 180;
      return bladeShapePoints(width, bladeLength).map(([px, py]): Point => [
        x + px * Math.cos(turn) - py * Math.sin(turn),
        hubY - width * 0.2 + px * Math.sin(turn) + py * Math.cos(turn),
      ]);
    });
    turbines.push({ towerHeight, blades, x, base, hubY, width, bladeLength, rotation });
  }
  return { turbines, rand, horizon };
}

const PANORAMA_BLADE_ANGLES = [0, 120, 240] as const;

/** One blade of a panorama turbine, pointing up from its hub, before it is turned. */
function bladeShapePoints(width: number, bladeLength: number): Point[] {
  return [
    [0, 0],
    [width * 0.9, -bladeLength * 0.2],
    [0, -bladeLength],
    [-width * 0.5, -bladeLength * 0.2],
  ];
}

/** The turbines the panorama of these options draws (panorama draws exactly these). */
export function panoramaTurbines(options: PanoramaOptions = {}): PanoramaTurbine[] {
  const { turbines } = panoramaShape(options.width ?? 4096, options.height ?? 2048, options.seed ?? 360);
  return turbines.map(({ towerHeight, blades }) => ({ towerHeight, blades }));
}

/** A 2:1 equirectangular 360° view from a wind farm: sky, hills on the horizon, turbines all around. */
export async function panorama(options: PanoramaOptions = {}): Promise<Buffer> {
  const w = options.width ?? 4096;
  const h = options.height ?? 2048;
  const { turbines: shapes, rand, horizon } = panoramaShape(w, h, options.seed ?? 360);

  const hills = (base: number, amplitude: number, colour: string) => {
    const points = [`0,${h}`];
    const phase = rand() * Math.PI * 2;
    for (let i = 0; i <= 48; i++) {
      const x = (w * i) / 48;
      // Periodic in x, so the panorama's seam at 0°/360° joins.
      const turn = (i / 48) * Math.PI * 2;
      const y = base - amplitude * (0.5 + 0.3 * Math.sin(turn * 2 + phase) + 0.2 * Math.sin(turn * 5 - phase));
      points.push(`${fixed(x)},${fixed(y)}`);
    }
    points.push(`${w},${h}`);
    return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
  };

  const turbines = shapes.map(({ x, base, hubY, width, bladeLength, rotation }) => {
    const blades = PANORAMA_BLADE_ANGLES.map(
      (a) =>
        `<polygon points="${bladeShapePoints(width, bladeLength)
          .map(([px, py]) => `${fixed(px)},${fixed(py)}`)
          .join(' ')}" transform="rotate(${fixed(rotation + a)})"/>`,
    ).join('');
    return (
      `<g fill="#f2f3f3" stroke="#b9bec2" stroke-width="${fixed(width * 0.08)}">` +
      `<polygon points="${fixed(x - width)},${fixed(base)} ${fixed(x + width)},${fixed(base)} ${fixed(x + width * 0.5)},${fixed(hubY)} ${fixed(x - width * 0.5)},${fixed(hubY)}"/>` +
      `<rect x="${fixed(x - width * 1.2)}" y="${fixed(hubY - width * 0.9)}" width="${fixed(width * 2.6)}" height="${fixed(width * 1.4)}" rx="${fixed(width * 0.4)}"/>` +
      `<g transform="translate(${fixed(x)} ${fixed(hubY - width * 0.2)})">${blades}</g></g>`
    );
  });

  const svg = svgDocument(
    w,
    h,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f5fa8"/><stop offset="0.45" stop-color="#86b9e4"/><stop offset="0.5" stop-color="#d9e9f4"/></linearGradient>
      <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8e9a5d"/><stop offset="1" stop-color="#5d6a36"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fffbe8"/><stop offset="0.2" stop-color="#fff3c4" stop-opacity="0.8"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${fixed(w * (0.2 + rand() * 0.6))}" cy="${fixed(h * 0.22)}" r="${fixed(h * 0.12)}" fill="url(#sun)"/>
    ${hills(horizon, h * 0.05, '#93a3b3')}
    ${turbines.join('')}
    ${hills(horizon + h * 0.03, h * 0.04, '#7f8c52')}
    <rect y="${fixed(horizon + h * 0.06)}" width="${w}" height="${fixed(h - horizon - h * 0.06)}" fill="url(#ground)"/>`,
  );
  const image = await rasterWithGrain(svg, w, h, 7, options.seed ?? 360);
  return image
    .withExif(exifTags(options.capturedAt, options.gps))
    .jpeg({ quality: 90, optimiseCoding: false })
    .toBuffer();
}

/**
 * A scanned blade as an ASCII PCD v0.7 point cloud (PCL's format; three.js's PCDLoader reads it): points on the
 * surface of a tapering, twisted airfoil, round at the root, in metres along x.
 */
export function pointCloud(options: { points?: number; seed?: number; length?: number } = {}): Buffer {
  const count = options.points ?? 5000;
  const length = options.length ?? 45;
  const rand = random(options.seed ?? 42);
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    const u = rand();
    const chord = u < 0.2 ? 2.4 + 1.6 * (u / 0.2) : 4 - 3.2 * ((u - 0.2) / 0.8);
    const thickness = u < 0.2 ? 1 - 0.65 * (u / 0.2) : 0.35 - 0.23 * ((u - 0.2) / 0.8);
    const twist = ((15 * (1 - u)) / 180) * Math.PI;
    const s = rand();
    const side = rand() < 0.5 ? 1 : -1;
    // NACA 4-digit thickness distribution; the root's 100 % thickness makes it a cylinder-like section.
    const yt =
      5 * thickness * chord * (0.2969 * Math.sqrt(s) - 0.126 * s - 0.3516 * s ** 2 + 0.2843 * s ** 3 - 0.1015 * s ** 4);
    const along = (s - 0.3) * chord;
    const across = side * yt;
    const y = along * Math.cos(twist) - across * Math.sin(twist);
    const z = along * Math.sin(twist) + across * Math.cos(twist);
    rows.push(`${(u * length).toFixed(3)} ${y.toFixed(3)} ${z.toFixed(3)}`);
  }
  const header = [
    '# .PCD v0.7 - Point Cloud Data file format',
    'VERSION 0.7',
    'FIELDS x y z',
    'SIZE 4 4 4',
    'TYPE F F F',
    'COUNT 1 1 1',
    `WIDTH ${count}`,
    'HEIGHT 1',
    'VIEWPOINT 0 0 0 1 0 0 0',
    `POINTS ${count}`,
    'DATA ascii',
  ];
  return Buffer.from(`${[...header, ...rows].join('\n')}\n`, 'ascii');
}

const TURKISH_LETTERS: Record<string, string> = {
  ç: 'c',
  Ç: 'C',
  ğ: 'g',
  Ğ: 'G',
  ı: 'i',
  İ: 'I',
  ö: 'o',
  Ö: 'O',
  ş: 's',
  Ş: 'S',
  ü: 'u',
  Ü: 'U',
};

/** Text for a PDF string in the standard fonts: ASCII only (Turkish letters transliterated), with ( ) \ escaped. */
function pdfText(text: string): string {
  const ascii = text
    .replace(/[çÇğĞıİöÖşŞüÜ]/g, (letter) => TURKISH_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
  return ascii.replace(/[\\()]/g, (c) => `\\${c}`);
}

function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  out.push(current);
  return out;
}

/**
 * An inspection report as a small, valid PDF written by hand: A4 pages of Helvetica text, a cross-reference table
 * with exact byte offsets, and a trailer. Turkish letters are transliterated (the standard fonts' encoding lacks ğ,
 * ş and ı).
 */
export function reportPdf(options: { title: string; turbine: string; year: number; lines: string[] }): Buffer {
  const perPage = 44;
  const body = options.lines.flatMap((line) => wrap(line, 88));
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(1, body.length); i += perPage) pages.push(body.slice(i, i + perPage));

  // Objects: 1 catalog, 2 page tree, 3 info, 4–5 fonts, then a page and its content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = `<< /Title (${pdfText(options.title)}) /Producer (Kanat360 demo seed) >>`;
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[5] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, index) => {
    const pageId = pageIds[index]!;
    const heading =
      index === 0
        ? `BT /F2 18 Tf 56 780 Td (${pdfText(options.title)}) Tj ET\n` +
          `BT /F1 11 Tf 56 760 Td (${pdfText(`Turbine: ${options.turbine}   Year: ${options.year}`)}) Tj ET\n` +
          '0.6 G 56 750 m 539 750 l S\n'
        : '';
    const text = lines.map((line) => `(${pdfText(line)}) Tj T*`).join('\n');
    const content =
      heading +
      `BT /F1 11 Tf 15 TL 56 ${index === 0 ? 728 : 780} Td\n${text}\nET\n` +
      `BT /F1 9 Tf 500 40 Td (${index + 1} / ${pages.length}) Tj ET\n`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ` +
      `/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`;
  });

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(pdf, 'latin1');
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// EBML (Matroska/WebM) writing: an element is its id, its size as a variable-length integer, and its data.
function ebmlSize(size: number): Buffer {
  // Eight-byte sizes always: simple, and valid for any length.
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(size, 2, 6);
  return out;
}

function ebml(id: number, data: Buffer | Buffer[]): Buffer {
  const payload = Array.isArray(data) ? Buffer.concat(data) : data;
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'),
    'hex',
  );
  return Buffer.concat([idBytes, ebmlSize(payload.length), payload]);
}

function ebmlUint(id: number, value: number): Buffer {
  const data = Buffer.alloc(4);
  data.writeUInt32BE(value);
  return ebml(id, data);
}

function ebmlFloat(id: number, value: number): Buffer {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return ebml(id, data);
}

const ebmlString = (id: number, value: string) => ebml(id, Buffer.from(value, 'ascii'));

/** The VP8 key frame inside a lossy WebP (its `VP8 ` chunk): WebM's V_VP8 codec takes it as it is. */
function vp8Frame(webp: Buffer): Buffer {
  let offset = 12;
  while (offset + 8 <= webp.length) {
    const type = webp.toString('latin1', offset, offset + 4);
    const size = webp.readUInt32LE(offset + 4);
    if (type === 'VP8 ') return webp.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('sharp did not write a simple lossy WebP');
}

/**
 * A short WebM video (VP8) of a turning wind turbine, made without ffmpeg: sharp's WebP encoder is libwebp, whose
 * lossy frames are VP8 key frames, and a WebM file is those frames in an EBML container. Every frame is a key frame,
 * which makes the file larger than an encoder's output but playable anywhere WebM is.
 */
export async function shortVideo(options: { width?: number; height?: number; seconds?: number; fps?: number } = {}) {
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  const fps = options.fps ?? 12;
  const frameCount = Math.round((options.seconds ?? 2) * fps);
  const frameMs = 1000 / fps;
  const frames: Buffer[] = [];
  for (let i = 0; i < frameCount; i++) {
    const rotation = (i * 360) / fps / 4;
    const hubX = width / 2;
    const hubY = height * 0.35;
    const length = height * 0.3;
    const blades = [0, 120, 240]
      .map(
        (a) =>
          `<polygon points="0,0 ${length * 0.07},${-length * 0.2} 0,${-length} ${-length * 0.04},${-length * 0.2}" transform="rotate(${rotation + a})"/>`,
      )
      .join('');
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3f7fc4"/><stop offset="1" stop-color="#cfe3f3"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#s)"/>` +
      `<rect y="${height * 0.8}" width="${width}" height="${height * 0.2}" fill="#75874a"/>` +
      `<polygon points="${hubX - 8},${height * 0.82} ${hubX + 8},${height * 0.82} ${hubX + 4},${hubY} ${hubX - 4},${hubY}" fill="#eef0f0"/>` +
      `<g transform="translate(${hubX} ${hubY})" fill="#f6f7f7" stroke="#aab0b4">${blades}<circle r="7" fill="#dfe3e5"/></g>` +
      `</svg>`;
    const webp = await sharp(Buffer.from(svg)).removeAlpha().webp({ quality: 80 }).toBuffer();
    frames.push(vp8Frame(webp));
  }

  const blocks = frames.map((frame, i) => {
    const header = Buffer.alloc(4);
    header[0] = 0x81; // track 1
    header.writeInt16BE(Math.round(i * frameMs), 1); // time from the cluster's start, ms
    header[3] = 0x80; // key frame
    return ebml(0xa3, [header, frame]);
  });
  const header = ebml(0x1a45dfa3, [
    ebmlUint(0x4286, 1),
    ebmlUint(0x42f7, 1),
    ebmlUint(0x42f2, 4),
    ebmlUint(0x42f3, 8),
    ebmlString(0x4282, 'webm'),
    ebmlUint(0x4287, 2),
    ebmlUint(0x4285, 2),
  ]);
  const segment = ebml(0x18538067, [
    ebml(0x1549a966, [
      ebmlUint(0x2ad7b1, 1_000_000),
      ebmlString(0x4d80, 'kanat360'),
      ebmlString(0x5741, 'kanat360'),
      ebmlFloat(0x4489, frameCount * frameMs),
    ]),
    ebml(0x1654ae6b, [
      ebml(0xae, [
        ebmlUint(0xd7, 1),
        ebmlUint(0x73c5, 1),
        ebmlUint(0x9c, 0),
        ebmlString(0x86, 'V_VP8'),
        ebmlUint(0x83, 1),
        ebml(0xe0, [ebmlUint(0xb0, width), ebmlUint(0xba, height)]),
      ]),
    ]),
    ebml(0x1f43b675, [ebmlUint(0xe7, 0), ...blocks]),
  ]);
  return Buffer.concat([header, segment]);
}
