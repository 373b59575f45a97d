import { Inject, Injectable } from '@nestjs/common';
import {
  bladeScale,
  type Finding,
  PANORAMA_PATTERN,
  panoramaPixel,
  polygonPoints,
  targetBox,
} from '@kanat360/contracts';
import { type Language, translate } from '@kanat360/i18n';
import sharp from 'sharp';
import { AppError } from '@/common/app-error.js';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { type MediaRow, MediaRepository } from '@/media/media.repository.js';
import { MemoryBudget } from '@/media/memory-budget.js';
import { MAX_IMAGE_PIXELS } from '@/media/sniff.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { TurbineListQuery } from '@/turbines/turbine-list.query.js';
import { toFinding, toTrackEntry } from './findings.mapper.js';
import { FindingsRepository } from './findings.repository.js';
import {
  CROP_PRINT,
  type CropOutline,
  cropPixels,
  InspectionReportPdf,
  type PixelBox,
  type ReportPicture,
} from './inspection-report.pdf.js';

/** How much of the photo around the marked region a crop shows (the region's size on each side). */
const CROP_MARGIN = 0.6;
/** A crop is cut in the camera's 3:2, so every finding's page looks alike. */
const CROP_ASPECT = 3 / 2;
/** The fewest pixels a crop is cut wide, the photo allowing: 10 cm at 300 ppi, so it never prints coarser. */
const MIN_CROP_WIDTH = Math.ceil((CROP_PRINT.minWidthPt / 72) * CROP_PRINT.ppi);
/**
 * The tallest a crop is cut, for its width: any taller could not print 10 cm wide in the room CROP_PRINT gives it. A
 * region taller than that shows its middle, its outline running off the crop's top and bottom.
 */
const TALLEST_CROP = CROP_PRINT.maxHeightPt / CROP_PRINT.minWidthPt;
/** A panorama crop shows this share of the full turn around the marked direction. */
const PANORAMA_CROP_SHARE = 0.15;
/** The report prints released findings for every reader: their repairs count as a customer would read them. */
const REPORT_READER = { readsDrafts: false } as const;
/** JPEG quality of the crops: they are printed, and a report of 200 findings stays a file one can mail. */
const CROP_QUALITY = 82;

export interface BuiltReport {
  pdf: Buffer;
  fileName: string;
}

/** A crop to cut: its frame in the original's pixels, and the finding's outline in the frame's. */
interface CropPlan {
  findingId: number;
  frame: PixelBox;
  outline: CropOutline;
}

/**
 * Gathers a turbine year's released findings, their tracks and photo crops, and renders the inspection report. Each
 * crop is cut from the photo the finding was marked on (that version's original, at full resolution), and printed at
 * up to 300 ppi (CROP_PRINT).
 */
@Injectable()
export class InspectionReportBuilder {
  /**
   * Decoded pixels of the photos being cut, in this process: the part of a photo its crops span, one photo of a
   * report at a time, and as much as derivative jobs may take (DERIVATIVE_MEMORY_MB) across reports.
   */
  private readonly decodes: MemoryBudget;

  constructor(
    @Inject(CONFIG) config: Config,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly turbines: TurbineListQuery,
    private readonly findings: FindingsRepository,
    private readonly media: MediaRepository,
  ) {
    this.decodes = new MemoryBudget(config.derivativeMemoryBytes);
  }

  async build(turbineId: number, year: number, language: Language): Promise<BuiltReport> {
    const turbine = await this.turbines.findLive(turbineId);
    if (!turbine) throw new AppError('TURBINE_NOT_FOUND');
    const rows = await this.findings.releasedOfYear(turbineId, year);
    // Customers read this report too: its history shows released years only.
    const tracks = await this.findings.tracks(
      rows.map((row) => row.trackId),
      true,
    );
    // The scale of the panel's map as a customer sees it: the blade length when recorded, else the reach of the
    // released findings of every year.
    const scale = bladeScale(await this.findings.furthestReleasedReach(turbineId), turbine.blade_length_m);
    const mediaRows = new Map<number, MediaRow | null>();
    for (const row of rows) {
      if (!mediaRows.has(row.mediaId)) mediaRows.set(row.mediaId, await this.media.findById(row.mediaId));
    }
    const findings = rows.map((row) => toFinding(row, REPORT_READER));
    const pdf = new InspectionReportPdf(language, { turbineName: turbine.name, year });
    // One photo at a time: the part of it its findings' crops span is decoded once for all of them, each crop goes
    // into the PDF as it is cut, and the pixels are let go before the next photo.
    const pictures = new Map<number, ReportPicture>();
    for (const [mediaId, media] of mediaRows) {
      if (!media || media.kind !== 'photo') continue;
      for (const [findingId, picture] of await this.cropsOf(
        media,
        findings.filter((finding) => finding.media_id === mediaId),
        pdf,
      )) {
        pictures.set(findingId, picture);
      }
    }
    const taken = [...mediaRows.values()]
      .filter((row): row is MediaRow => row !== null)
      // The day on the camera's clock where it was taken (the cover prints dates in UTC: the clock read as UTC).
      .map((row) => (row.capturedAtLocal ? Date.parse(`${row.capturedAtLocal}Z`) : row.createdAt.getTime()));
    const bytes = await pdf.render({
      turbine: { name: turbine.name, code: turbine.code, companyName: turbine.company_name },
      year,
      inspectionDates:
        taken.length > 0 ? { from: new Date(Math.min(...taken)), to: new Date(Math.max(...taken)) } : null,
      generatedAt: new Date(),
      bladeScale: scale,
      findings: findings.map((finding, index) => ({
        finding,
        history: tracks.filter((entry) => entry.trackId === rows[index]!.trackId).map(toTrackEntry),
        picture: pictures.get(finding.id) ?? null,
      })),
    });
    return { pdf: bytes, fileName: translate(language, 'findings.report.fileName', { turbine: turbine.code, year }) };
  }

  /**
   * The crops of one photo's findings, embedded in the PDF: the photo (after its EXIF orientation, as the viewer
   * shows it and the regions were drawn) is decoded once, only the part its crops span, with room for it reserved
   * first. None for a photo whose bytes are gone or unreadable (the entries go without a picture; the report is
   * still made).
   */
  private async cropsOf(
    media: MediaRow,
    findings: Finding[],
    pdf: InspectionReportPdf,
  ): Promise<Map<number, ReportPicture>> {
    const pictures = new Map<number, ReportPicture>();
    let copy: { path: string; release: () => Promise<void> };
    try {
      copy = await this.storage.localCopy(media.storageKey);
    } catch {
      return pictures;
    }
    try {
      const open = () =>
        sharp(copy.path, {
          autoOrient: true,
          failOn: 'none',
          limitInputPixels: MAX_IMAGE_PIXELS,
          sequentialRead: true,
        });
      const size = (await open().metadata()).autoOrient;
      const plans = findings.flatMap((finding) => {
        const plan = cropPlan(finding, size);
        return plan ? [plan] : [];
      });
      if (plans.length === 0) return pictures;
      const span = union(plans.map((plan) => plan.frame));
      const release = await this.decodes.reserve(span.width * span.height * 3);
      try {
        const { data, info } = await open()
          .extract(span)
          .flatten({ background: '#ffffff' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        for (const plan of plans) {
          const pixels = cropPixels(plan.frame);
          const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
            .extract({ ...plan.frame, left: plan.frame.left - span.left, top: plan.frame.top - span.top })
            .resize(pixels.width, pixels.height)
            .jpeg({ quality: CROP_QUALITY })
            .toBuffer();
          pictures.set(plan.findingId, {
            image: pdf.embed(jpeg),
            frame: plan.frame,
            original: size,
            outline: plan.outline,
          });
        }
      } finally {
        release();
      }
    } catch {
      // An unreadable photo: no crops.
    } finally {
      await copy.release();
    }
    return pictures;
  }
}

/**
 * Where a finding's crop is cut from its photo (`photo`: the original's size, as oriented), and its outline in the
 * crop: the marked region with CROP_MARGIN of photo around it (a panorama's direction with PANORAMA_CROP_SHARE of
 * the turn), widened to 3:2 and to MIN_CROP_WIDTH, no taller than TALLEST_CROP, moved inside the photo. Null for a
 * point of a point cloud.
 */
export function cropPlan(finding: Finding, photo: { width: number; height: number }): CropPlan | null {
  const box = targetBox(finding.target);
  const { selector } = finding.target;
  let centre: { x: number; y: number };
  let needed: { width: number; height: number };
  if (box) {
    centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    needed = { width: box.width * (1 + 2 * CROP_MARGIN), height: box.height * (1 + 2 * CROP_MARGIN) };
  } else if (selector.type === 'PanoramaSelector') {
    const [, yaw = 0, pitch = 0] = (PANORAMA_PATTERN.exec(selector.value) ?? []).map(Number);
    centre = panoramaPixel({ yaw, pitch }, photo.width, photo.height);
    needed = { width: photo.width * PANORAMA_CROP_SHARE, height: 0 };
  } else {
    return null;
  }
  let width = Math.max(needed.width, needed.height * CROP_ASPECT, MIN_CROP_WIDTH);
  let height = width / CROP_ASPECT;
  width = Math.min(photo.width, Math.round(width));
  height = Math.min(photo.height, Math.round(height), Math.floor(width * TALLEST_CROP));
  const left = Math.round(clamp(centre.x - width / 2, 0, photo.width - width));
  const top = Math.round(clamp(centre.y - height / 2, 0, photo.height - height));
  const frame = { left, top, width, height };
  let outline: CropOutline;
  if (selector.type === 'SvgSelector') {
    outline = { kind: 'polygon', points: polygonPoints(selector.value)!.map(([x, y]) => [x - left, y - top]) };
  } else if (box) {
    outline = { kind: 'box', box: { left: box.x - left, top: box.y - top, width: box.width, height: box.height } };
  } else {
    outline = { kind: 'point', x: centre.x - left, y: centre.y - top };
  }
  return { findingId: finding.id, frame, outline };
}

/** The smallest box holding every one of `boxes`. */
function union(boxes: PixelBox[]): PixelBox {
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  return { left, top, width: right - left, height: bottom - top };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
