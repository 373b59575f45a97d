import { createRequire } from 'node:module';
import {
  BLADES,
  FINDING_NAME_KEYS,
  FINDING_SEVERITIES,
  type Finding,
  type FindingSeverity,
  type FindingTrackEntry,
} from '@kanat360/contracts';
import { intlLocale, type Language, translate } from '@kanat360/i18n';
import PDFDocument from 'pdfkit';

/** What one report shows: a turbine's released findings of one campaign year. */
export interface InspectionReportContent {
  turbine: { name: string; code: string; companyName: string };
  year: number;
  /** When the year's photos with findings were taken (or uploaded), first and last day; null with no findings. */
  inspectionDates: { from: Date; to: Date } | null;
  generatedAt: Date;
  findings: { finding: Finding; history: FindingTrackEntry[]; picture: Buffer | null }[];
}

// DejaVu Sans covers every Turkish letter (ç ğ ı ö ş ü İ); pdfkit's standard fonts do not.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const SEVERITY_COLOURS: Record<FindingSeverity, string> = {
  1: '#2e7d32',
  2: '#9e9d24',
  3: '#f9a825',
  4: '#ef6c00',
  5: '#c62828',
};

const MARGIN = 56;

/**
 * The inspection report as a PDF: a cover, a page with the summary by blade and severity and the blade map, then
 * one page per finding (so a report of n findings has n + 2 pages), each with a crop of its photo, its position,
 * type, severity, action, size, status and history. Every page is A4 with a footer "page n of m".
 */
export async function renderInspectionReport(content: InspectionReportContent, language: Language): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
    translate(language, key, params);
  const dates = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${t('findings.report.title')} — ${content.turbine.name} ${content.year}`,
      Producer: 'Kanat360',
    },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

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
  const longest = Math.max(
    10,
    ...content.findings.map(({ finding }) => finding.distance_from_root_m + (finding.extent_m ?? 0)),
  );
  const mapLeft = MARGIN + 30;
  const mapWidth = width - 40;
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
      const x = mapLeft + (finding.distance_from_root_m / longest) * mapWidth;
      doc.circle(x, y, 4).fill(SEVERITY_COLOURS[finding.severity]);
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
    .text(`${numbers.format(longest)} m`, mapLeft, doc.y - 10, { width: mapWidth, align: 'right' });
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
    const pictureHeight = 240;
    if (picture) {
      doc.image(picture, MARGIN, pictureTop, { fit: [width, pictureHeight], align: 'center', valign: 'center' });
    } else {
      doc.rect(MARGIN, pictureTop, width, 60).strokeColor('#cccccc').stroke();
      doc
        .font('body')
        .fontSize(10)
        .fillColor('#777777')
        .text(t('findings.report.noPicture'), MARGIN, pictureTop + 24, { width, align: 'center' });
      doc.fillColor('#000000');
    }
    doc.x = MARGIN;
    doc.y = pictureTop + (picture ? pictureHeight : 60) + 16;
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
  return done;
}
