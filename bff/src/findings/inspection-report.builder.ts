import { Inject, Injectable } from '@nestjs/common';
import { type Finding, PANORAMA_PATTERN, targetBox } from '@kanat360/contracts';
import { type Language, translate } from '@kanat360/i18n';
import sharp from 'sharp';
import { AppError } from '@/common/app-error.js';
import { type MediaRow, MediaRepository } from '@/media/media.repository.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { TurbineListQuery } from '@/turbines/turbine-list.query.js';
import { toFinding, toTrackEntry } from './findings.mapper.js';
import { FindingsRepository } from './findings.repository.js';
import { renderInspectionReport } from './inspection-report.pdf.js';

/** The crop's longest side in pixels: sharp enough printed at A4 width, small enough for a 200-finding report. */
const CROP_SIZE = 900;
/** How much of the photo around the marked region a crop shows (the region's size on each side). */
const CROP_MARGIN = 0.6;
/** A panorama crop shows this share of the full turn around the marked direction. */
const PANORAMA_CROP_SHARE = 0.15;
/** The report prints released findings for every reader: their repairs count as a customer would read them. */
const REPORT_READER = { readsDrafts: false } as const;

export interface BuiltReport {
  pdf: Buffer;
  fileName: string;
}

/** Gathers a turbine year's released findings, their tracks and photo crops, and renders the inspection report. */
@Injectable()
export class InspectionReportBuilder {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly turbines: TurbineListQuery,
    private readonly findings: FindingsRepository,
    private readonly media: MediaRepository,
  ) {}

  async build(turbineId: number, year: number, language: Language): Promise<BuiltReport> {
    const turbine = await this.turbines.findLive(turbineId);
    if (!turbine) throw new AppError('TURBINE_NOT_FOUND');
    const rows = await this.findings.releasedOfYear(turbineId, year);
    // Customers read this report too: its history shows released years only.
    const tracks = await this.findings.tracks(
      rows.map((row) => row.trackId),
      true,
    );
    const mediaRows = new Map<number, MediaRow | null>();
    for (const row of rows) {
      if (!mediaRows.has(row.mediaId)) mediaRows.set(row.mediaId, await this.media.findById(row.mediaId));
    }
    // One photo at a time: its preview is read and decoded once for all its findings' crops, then let go, so a
    // 200-finding report never holds more than one decoded photo (only the small JPEG crops stay until the end).
    const crops = new Map<number, Buffer | null>();
    for (const [mediaId, media] of mediaRows) {
      const picture = media ? await this.decodePicture(media) : null;
      if (!media || !picture) continue;
      for (const row of rows) {
        if (row.mediaId === mediaId) crops.set(row.id, await crop(picture, media, toFinding(row, REPORT_READER)));
      }
    }
    const entries = rows.map((row) => ({
      finding: toFinding(row, REPORT_READER),
      history: tracks.filter((entry) => entry.trackId === row.trackId).map(toTrackEntry),
      picture: crops.get(row.id) ?? null,
    }));
    // The day on the camera's clock where it was taken (the cover prints dates in UTC: the clock read as UTC).
    const taken = [...mediaRows.values()]
      .filter((row): row is MediaRow => row !== null)
      .map((row) => (row.capturedAtLocal ? Date.parse(`${row.capturedAtLocal}Z`) : row.createdAt.getTime()));
    const pdf = await renderInspectionReport(
      {
        turbine: { name: turbine.name, code: turbine.code, companyName: turbine.company_name },
        year,
        inspectionDates:
          taken.length > 0 ? { from: new Date(Math.min(...taken)), to: new Date(Math.max(...taken)) } : null,
        generatedAt: new Date(),
        findings: entries,
      },
      language,
    );
    return { pdf, fileName: translate(language, 'findings.report.fileName', { turbine: turbine.code, year }) };
  }

  /**
   * The photo's preview (the original when there is none yet) decoded to pixels; null for what is not a still
   * picture, or for bytes sharp cannot read (the entries go without a crop; the report is still made).
   */
  private async decodePicture(media: MediaRow): Promise<DecodedPicture | null> {
    if (media.kind !== 'photo') return null;
    const key = media.previewKey ?? media.storageKey;
    const object = await this.storage.get(key);
    if (!object) return null;
    const parts: Buffer[] = [];
    for await (const chunk of object.body as AsyncIterable<Buffer>) parts.push(chunk);
    try {
      const { data, info } = await sharp(Buffer.concat(parts), { failOn: 'none' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { pixels: data, width: info.width, height: info.height, channels: info.channels };
    } catch {
      return null;
    }
  }
}

/** A photo's pixels, decoded once for every crop cut from it. */
interface DecodedPicture {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The region of the finding with some photo around it, as a JPEG; null when there is nothing to cut from. */
async function crop(picture: DecodedPicture, media: MediaRow, finding: Finding): Promise<Buffer | null> {
  const { width, height } = picture;
  if (width === 0 || height === 0) return null;
  // The target is in the original's pixels; the picture may be its smaller preview.
  const scale = media.width ? width / media.width : 1;
  let region: { left: number; top: number; width: number; height: number };
  const box = targetBox(finding.target);
  const panorama = PANORAMA_PATTERN.exec(finding.target.selector.value);
  if (box) {
    const marginX = Math.max(box.width * CROP_MARGIN, 40 / scale);
    const marginY = Math.max(box.height * CROP_MARGIN, 40 / scale);
    region = {
      left: (box.x - marginX) * scale,
      top: (box.y - marginY) * scale,
      width: (box.width + 2 * marginX) * scale,
      height: (box.height + 2 * marginY) * scale,
    };
  } else if (panorama && finding.target.selector.type === 'PanoramaSelector') {
    const yaw = Number(panorama[1]);
    const pitch = Number(panorama[2]);
    const cropWidth = width * PANORAMA_CROP_SHARE;
    const cropHeight = cropWidth * 0.66;
    const x = ((((yaw + 180) % 360) + 360) % 360) * (width / 360);
    const y = ((90 - pitch) / 180) * height;
    region = { left: x - cropWidth / 2, top: y - cropHeight / 2, width: cropWidth, height: cropHeight };
  } else {
    return null;
  }
  const left = clamp(Math.round(region.left), 0, width - 1);
  const top = clamp(Math.round(region.top), 0, height - 1);
  const extract = {
    left,
    top,
    width: clamp(Math.round(region.width), 1, width - left),
    height: clamp(Math.round(region.height), 1, height - top),
  };
  try {
    return await sharp(picture.pixels, { raw: { width, height, channels: picture.channels } })
      .extract(extract)
      .resize(CROP_SIZE, CROP_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
