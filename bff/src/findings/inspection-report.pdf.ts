import { createRequire } from 'node:module';
import {
  alongBlade,
  BLADES,
  type BladeScale,
  DEFAULT_BLADE_LENGTH_M,
  FINDING_NAME_KEYS,
  FINDING_SEVERITIES,
  type Finding,
  type FindingTrackEntry,
  SEVERITY_COLOURS,
} from '@kanat360/contracts';
import { intlLocale, type Language, translate } from '@kanat360/i18n';
import PDFDocument from 'pdfkit';

/** A rectangle in a picture's pixels. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the finding is in its crop, in the crop's pixels: its box, its polygon, or a direction's point. */
export type CropOutline =
  | { kind: 'box'; box: PixelBox }
  | { kind: 'polygon'; points: [number, number][] }
  | { kind: 'point'; x: number; y: number };

/** A JPEG opened in the report's PDF, its bytes already written there (see InspectionReportPdf.embed). */
export interface EmbeddedImage {
  width: number;
  height: number;
}

/** A finding's crop: its image, the frame it was cut as from the original, and where the finding is in it. */
export interface ReportPicture {
  image: EmbeddedImage;
  /** The part of the original the crop shows, in the original's pixels. */
  frame: PixelBox;
  original: { width: number; height: number };
  outline: CropOutline;
}

/** What one report shows: a turbine's released findings of one campaign year. */
export interface InspectionReportContent {
  turbine: { name: string; code: string; companyName: string };
  year: number;
  /** When the year's photos with findings were taken (or uploaded), first and last day; null with no findings. */
  inspectionDates: { from: Date; to: Date } | null;
  generatedAt: Date;
  /** The blade map's scale: the same rule, and the same findings' reach, as the panel's map (contracts). */
  bladeScale: BladeScale;
  findings: { finding: Finding; history: FindingTrackEntry[]; picture: ReportPicture | null }[];
}

// DejaVu Sans covers every Turkish letter (ç ğ ı ö ş ü İ); pdfkit's standard fonts do not.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 56;
const PAGE = { width: 595.28, height: 841.89 } as const;
/** The width between the margins, in points. */
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const POINTS_PER_INCH = 72;
const CM = POINTS_PER_INCH / 2.54;

/**
 * How a crop prints: at least 10 cm wide, at most the page's width; at 300 ppi where its pixels allow (a crop with
 * more is downscaled to 300 ppi at the page's width, one with fewer prints at 10 cm with what it has, never
 * upscaled). The tallest a crop prints is two thirds of its width's room, so the finding's details fit below it.
 */
export const CROP_PRINT = {
  ppi: 300,
  minWidthPt: 10 * CM,
  maxWidthPt: CONTENT_WIDTH,
  maxHeightPt: (CONTENT_WIDTH * 2) / 3,
} as const;

/** The pixels a crop cut as `frame` is embedded with: downscaled to 300 ppi at its printed width, never upscaled. */
export function cropPixels(frame: { width: number; height: number }): { width: number; height: number } {
  const { widthPt } = printedSize(frame);
  const width = Math.min(frame.width, Math.round((widthPt / POINTS_PER_INCH) * CROP_PRINT.ppi));
  return { width, height: Math.max(1, Math.round((frame.height * width) / frame.width)) };
}

/** The printed size of a crop cut as `frame`, in points (see CROP_PRINT). */
export function printedSize(frame: { width: number; height: number }): { widthPt: number; heightPt: number } {
  const natural = (frame.width / CROP_PRINT.ppi) * POINTS_PER_INCH;
  let widthPt = Math.min(CROP_PRINT.maxWidthPt, Math.max(CROP_PRINT.minWidthPt, natural));
  widthPt = Math.min(widthPt, (CROP_PRINT.maxHeightPt * frame.width) / frame.height);
  return { widthPt, heightPt: (widthPt * frame.height) / frame.width };
}

/** The blade map on the page: where its blades run, root (along 0) to tip (along 1). */
export const PDF_BLADE_MAP = { left: MARGIN + 30, width: CONTENT_WIDTH - 40 } as const;

/** The x of a finding's dot on the PDF's blade map: the contracts' rule, as the panel's map places it. */
export function bladeMapX(distanceFromRootM: number, scale: BladeScale): number {
  return PDF_BLADE_MAP.left + alongBlade(distanceFromRootM, scale) * PDF_BLADE_MAP.width;
}

/** pdfkit's image as `openImage` answers it: `embed` writes its bytes to the PDF (a JPEG's are let go then). */
interface PdfKitImage extends EmbeddedImage {
  embed(doc: PDFKit.PDFDocument): void;
}

/**
 * The inspection report as a PDF: a cover, a page with the summary by blade and severity and the blade map, then
 * one page per finding (so a report of n findings has n + 2 pages), each with a crop of its photo (the finding
 * outlined in its severity's colour, and a note of the crop's scale), its position, type, severity, action, size,
 * status and history. Every page is A4 with a footer "page n of m". The crops are embedded as they are cut
 * (`embed`), before the pages are laid out (`render`): the PDF holds their bytes, the builder need not.
 */
export class InspectionReportPdf {
  private readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;

  constructor(
    private readonly language: Language,
    title: { turbineName: string; year: number },
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: {
        Title: `${translate(language, 'findings.report.title')} — ${title.turbineName} ${title.year}`,
        Producer: 'Kanat360',
      },
    });
    this.doc.registerFont('body', FONT);
    this.doc.registerFont('bold', FONT_BOLD);
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
  }

  /** Writes a JPEG into the PDF now; answers the image to place on its page later. */
  embed(jpeg: Buffer): EmbeddedImage {
    const image = (this.doc as unknown as { openImage(src: Buffer): PdfKitImage }).openImage(jpeg);
    image.embed(this.doc);
    return image;
  }

  render(content: InspectionReportContent): Promise<Buffer> {
    const { doc, language } = this;
    const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
      translate(language, key, params);
    const dates = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' });
    const numbers = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });
    const width = CONTENT_WIDTH;

    // Cover.
    doc.font('bold').fontSize(26).text(t('findings.report.title'), { align: 'left' });
    doc.moveDown(1.5);
    const coverLine = (label: string, value: string) => {
      doc.font('bold').fontSize(12).text(`${label}: `, { continued: true }).font('body').text(value);
      doc.moveDown(0.4);
    };
    coverLine(t('findings.report.turbine'), `${content.turbine.name} (${content.turbine.code})`);
    coverLine(t('findings.report.company'), content.turbine.companyName);
    coverLine(t('findings.report.year'), String(content.year));
    coverLine(
      t('findings.report.inspectionDates'),
      content.inspectionDates
        ? `${dates.format(content.inspectionDates.from)} – ${dates.format(content.inspectionDates.to)}`
        : t('findings.report.unknown'),
    );
    coverLine(t('findings.report.generated'), dates.format(content.generatedAt));
    coverLine(t('findings.report.findings'), String(content.findings.length));

    // Summary by blade and severity, and the blade map.
    doc.addPage();
    doc.font('bold').fontSize(16).text(t('findings.report.summary'));
    doc.moveDown(0.8);
    const columns = [t('findings.report.blade'), ...FINDING_SEVERITIES.map(String), t('findings.report.total')];
    const cell = width / columns.length;
    const row = (values: string[], bold: boolean) => {
      const y = doc.y;
      values.forEach((value, index) => {
        doc
          .font(bold ? 'bold' : 'body')
          .fontSize(11)
          .text(value, MARGIN + index * cell, y, { width: cell, align: index === 0 ? 'left' : 'center' });
      });
      doc.x = MARGIN;
      doc.y = y + 20;
      doc
        .moveTo(MARGIN, doc.y - 4)
        .lineTo(MARGIN + width, doc.y - 4)
        .strokeColor('#cccccc')
        .lineWidth(0.5)
        .stroke();
    };
    row(columns, true);
    const count = (blade: string | null, severity: number | null) =>
      content.findings.filter(
        ({ finding }) =>
          (blade === null || finding.blade === blade) && (severity === null || finding.severity === severity),
      ).length;
    for (const blade of [...BLADES, null]) {
      row(
        [
          blade ?? t('findings.report.total'),
          ...FINDING_SEVERITIES.map((severity) => String(count(blade, severity))),
          String(count(blade, null)),
        ],
        blade === null,
      );
    }

    doc.moveDown(1.5);
    doc.font('bold').fontSize(16).text(t('findings.report.bladeMap'), MARGIN);
    doc.font('body').fontSize(9).fillColor('#555555').text(t('findings.report.bladeMapNote'));
    doc.fillColor('#000000');
    doc.moveDown(0.8);
    const scale = content.bladeScale;
    const mapLeft = PDF_BLADE_MAP.left;
    const mapWidth = PDF_BLADE_MAP.width;
    for (const blade of BLADES) {
      const y = doc.y + 12;
      doc
        .font('bold')
        .fontSize(12)
        .text(blade, MARGIN, y - 7);
      // A blade seen from above: wide at the root, narrowing to the tip.
      doc
        .moveTo(mapLeft, y - 10)
        .lineTo(mapLeft + mapWidth * 0.25, y - 12)
        .lineTo(mapLeft + mapWidth, y - 2)
        .lineTo(mapLeft + mapWidth, y + 2)
        .lineTo(mapLeft + mapWidth * 0.25, y + 12)
        .lineTo(mapLeft, y + 10)
        .closePath()
        .fillAndStroke('#eef2f5', '#90a4ae');
      for (const { finding } of content.findings.filter((entry) => entry.finding.blade === blade)) {
        doc.circle(bladeMapX(finding.distance_from_root_m, scale), y, 4).fill(SEVERITY_COLOURS[finding.severity]);
      }
      doc.fillColor('#000000');
      doc.x = MARGIN;
      doc.y = y + 26;
    }
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#555555')
      .text(`0 m`, mapLeft, doc.y)
      .text(`${numbers.format(scale.lengthM)} m`, mapLeft, doc.y - 10, { width: mapWidth, align: 'right' });
    doc.moveDown(0.5);
    doc.text(
      scale.basis === 'blade'
        ? t('findings.report.bladeMapScaleBlade', { length: numbers.format(scale.lengthM) })
        : t('findings.report.bladeMapScale', {
            length: numbers.format(scale.lengthM),
            default: numbers.format(DEFAULT_BLADE_LENGTH_M),
          }),
      MARGIN,
      doc.y,
      { width },
    );
    doc.fillColor('#000000');
    doc.x = MARGIN;
    if (content.findings.length === 0) {
      doc.moveDown(2);
      doc.font('body').fontSize(12).text(t('findings.report.noFindings'));
    }

    // One page per finding.
    for (const { finding, history, picture } of content.findings) {
      doc.addPage();
      doc
        .font('bold')
        .fontSize(16)
        .text(`${t('findings.report.finding', { id: finding.id })} — ${t(FINDING_NAME_KEYS.type(finding.type))}`);
      doc.rect(MARGIN, doc.y + 4, width, 4).fill(SEVERITY_COLOURS[finding.severity]);
      doc.fillColor('#000000');
      doc.moveDown(1);
      const pictureTop = doc.y;
      if (picture) {
        const { widthPt, heightPt } = printedSize(picture.frame);
        const left = MARGIN + (width - widthPt) / 2;
        doc.image(picture.image as unknown as PDFKit.Mixins.ImageSrc, left, pictureTop, {
          width: widthPt,
          height: heightPt,
        });
        outlineFinding(doc, picture, { left, top: pictureTop, scale: widthPt / picture.frame.width }, finding);
        doc
          .font('body')
          .fontSize(8)
          .fillColor('#555555')
          .text(
            t('findings.report.cropNote', {
              width: numbers.format(picture.frame.width),
              height: numbers.format(picture.frame.height),
              originalWidth: numbers.format(picture.original.width),
              originalHeight: numbers.format(picture.original.height),
              cm: numbers.format(widthPt / CM),
              ppi: Math.round((picture.image.width / widthPt) * POINTS_PER_INCH),
            }),
            MARGIN,
            pictureTop + heightPt + 4,
            { width, align: 'center' },
          );
        doc.fillColor('#000000');
        doc.y = pictureTop + heightPt + 30;
      } else {
        doc.rect(MARGIN, pictureTop, width, 60).strokeColor('#cccccc').stroke();
        doc
          .font('body')
          .fontSize(10)
          .fillColor('#777777')
          .text(t('findings.report.noPicture'), MARGIN, pictureTop + 24, { width, align: 'center' });
        doc.fillColor('#000000');
        doc.y = pictureTop + 76;
      }
      doc.x = MARGIN;
      const size =
        finding.length_mm === null && finding.width_mm === null
          ? t('findings.report.unknown')
          : t('findings.report.sizeValue', {
              length: finding.length_mm === null ? '—' : numbers.format(finding.length_mm),
              width: finding.width_mm === null ? '—' : numbers.format(finding.width_mm),
            });
      const line = (label: string, value: string) => {
        doc.font('bold').fontSize(11).text(`${label}: `, { continued: true }).font('body').text(value);
        doc.moveDown(0.3);
      };
      line(
        t('findings.report.position'),
        t('findings.report.positionValue', {
          blade: finding.blade,
          surface: t(FINDING_NAME_KEYS.surface(finding.surface)),
          zone: finding.zone,
          side: t(finding.internal ? 'findings.internal.true' : 'findings.internal.false'),
          distance: numbers.format(finding.distance_from_root_m),
        }),
      );
      line(t('findings.report.type'), t(FINDING_NAME_KEYS.type(finding.type)));
      line(t('findings.report.severity'), t(FINDING_NAME_KEYS.severity(finding.severity)));
      line(t('findings.report.action'), t(FINDING_NAME_KEYS.action(finding.action)));
      line(t('findings.report.size'), size);
      line(t('findings.report.status'), t(FINDING_NAME_KEYS.status(finding.status)));
      if (finding.description) line(t('findings.report.description'), finding.description);
      if (history.length > 1) {
        doc.moveDown(0.5);
        doc.font('bold').fontSize(12).text(t('findings.report.history'));
        for (const entry of history) {
          const entrySize =
            entry.length_mm === null
              ? t('findings.report.unknown')
              : t('findings.report.sizeValue', {
                  length: numbers.format(entry.length_mm),
                  width: entry.width_mm === null ? '—' : numbers.format(entry.width_mm),
                });
          doc
            .font(entry.id === finding.id ? 'bold' : 'body')
            .fontSize(10)
            .text(t('findings.report.historyEntry', { year: entry.year, severity: entry.severity, size: entrySize }));
        }
      }
    }

    // Footers, once the page count is known.
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      // Writing inside the bottom margin would make pdfkit open a new page.
      doc.page.margins.bottom = 0;
      doc
        .font('body')
        .fontSize(8)
        .fillColor('#777777')
        .text(
          `${content.turbine.name} · ${content.year} · ${t('findings.report.page', { n: index + 1, total: range.count })}`,
          MARGIN,
          doc.page.height - MARGIN / 2 - 8,
          { width, align: 'center', lineBreak: false },
        );
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return this.done;
  }
}

/**
 * Outlines the finding on its crop in its severity's colour over a white halo (seen on dark and light blades alike):
 * its box or polygon, or a ring round a panorama's direction. `at` places the crop's pixels on the page.
 */
function outlineFinding(
  doc: PDFKit.PDFDocument,
  picture: ReportPicture,
  at: { left: number; top: number; scale: number },
  finding: Finding,
): void {
  const x = (px: number) => at.left + px * at.scale;
  const y = (px: number) => at.top + px * at.scale;
  const path = () => {
    const { outline } = picture;
    if (outline.kind === 'box') {
      doc.rect(x(outline.box.left), y(outline.box.top), outline.box.width * at.scale, outline.box.height * at.scale);
    } else if (outline.kind === 'polygon') {
      const [first, ...rest] = outline.points;
      doc.moveTo(x(first![0]), y(first![1]));
      for (const [px, py] of rest) doc.lineTo(x(px), y(py));
      doc.closePath();
    } else {
      doc.circle(x(outline.x), y(outline.y), 14);
    }
  };
  doc.save();
  // A region taller than its crop (TALLEST_CROP) runs off the picture's edges, not over the page.
  doc.rect(at.left, at.top, picture.frame.width * at.scale, picture.frame.height * at.scale).clip();
  path();
  doc.lineWidth(3.5).strokeColor('#ffffff').stroke();
  path();
  doc.lineWidth(1.75).strokeColor(SEVERITY_COLOURS[finding.severity]).stroke();
  doc.restore();
}
