/*
 * The parts of a one-sheet SpreadsheetML package (ECMA-376 Part 1, the .xlsx Excel and LibreOffice open), as XML
 * texts. sheet-export.ts streams the sheet's rows into the zip and writes these around them; the styles, the
 * workbook and the sheet's relationships are written after the sheet (a zip's entries come in any order), once its
 * rows have said which styles, links and rows there are.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 cannot hold (C0 controls but tab and line ends, U+FFFE/FFFF, lone surrogates). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A text as XML content or an attribute's value. A character XML cannot hold becomes Excel's `_xHHHH_` escape
 * (what Excel writes for it, and reads back as the character), so no text is lost; a carriage return is kept as a
 * reference (a parser would read it as a line feed).
 */
export function xmlText(text: string): string {
  return text
    .replace(/[&<>"\r]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' })[c]!)
    .replace(NOT_XML, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

/** A column's letters: 1 → A, 26 → Z, 27 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A time as a spreadsheet's serial day number (days since 1899-12-30, the fraction the time of day; UTC). */
export function serialDay(value: Date): number {
  return value.getTime() / 86_400_000 + 25_569;
}

export const CONTENT_TYPES =
  HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

/** A part's relationships (package-level ones: rId1, rId2… in the order given): [type, target] pairs. */
function relationships(...targets: [type: string, target: string][]): string {
  const entries = targets.map(
    ([type, target], i) => `<Relationship Id="rId${i + 1}" Type="${type}" Target="${target}"/>`,
  );
  return HEAD + `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${entries.join('')}</Relationships>`;
}

export const PACKAGE_RELS = relationships(
  [`${RELATIONSHIPS}/officeDocument`, 'xl/workbook.xml'],
  ['http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', 'docProps/core.xml'],
);

export const WORKBOOK_RELS = relationships(
  [`${RELATIONSHIPS}/worksheet`, 'worksheets/sheet1.xml'],
  [`${RELATIONSHIPS}/styles`, 'styles.xml'],
);

/** Who made the workbook, and when. */
export function coreProperties(creator: string, created: Date): string {
  const at = `${created.toISOString().slice(0, 19)}Z`;
  return (
    HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>${xmlText(creator)}</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    '</cp:coreProperties>'
  );
}

/** A sheet's name as Excel takes it: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
}

/** The workbook: its one sheet, and the filter's range (Excel's hidden name for it). */
export function workbookXml(name: string, filterRange: string): string {
  const safe = sheetName(name);
  const absolute = filterRange.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
  return (
    HEAD +
    `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets><sheet name="${xmlText(safe)}" sheetId="1" r:id="rId1"/></sheets>` +
    '<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">' +
    `${xmlText(`'${safe.replaceAll("'", "''")}'!${absolute}`)}</definedName></definedNames>` +
    '</workbook>'
  );
}

/** The sheet's start: its frozen header row, its columns' widths, and the rows' opening. */
export function sheetStart(widths: readonly number[]): string {
  const cols = widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`);
  return (
    HEAD +
    `<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols.join('')}</cols><sheetData>`
  );
}

/** The sheet's end: the filter's range, then one link per linked cell (rIdN: the sheet's Nth relationship). */
export function* sheetEnd(filterRange: string, linkedCells: Iterable<string>): Generator<string> {
  yield `</sheetData><autoFilter ref="${filterRange}"/>`;
  let n = 0;
  for (const ref of linkedCells) {
    n += 1;
    yield `${n === 1 ? '<hyperlinks>' : ''}<hyperlink ref="${ref}" r:id="rId${n}"/>`;
  }
  if (n > 0) yield '</hyperlinks>';
  yield '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
}

/** The sheet's relationships: the links' addresses (as XML text: xmlText), in the order of sheetEnd's cells. */
export function* sheetRels(xmlAddresses: Iterable<string>): Generator<string> {
  yield HEAD + `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">`;
  let n = 0;
  for (const address of xmlAddresses) {
    n += 1;
    yield `<Relationship Id="rId${n}" Type="${RELATIONSHIPS}/hyperlink" Target="${address}" TargetMode="External"/>`;
  }
  yield '</Relationships>';
}

/** How a cell looks: its number format (a built-in's id or a code), its text, its background. */
export interface CellStyle {
  format?: string;
  bold?: boolean;
  /** ARGB */
  colour?: string;
  underline?: boolean;
  /** ARGB, a solid background */
  fill?: string;
}

/**
 * The styles the sheet's cells use, gathered as the rows are written: `index` gives a style's number for a cell's
 * `s` (0: the default), `xml` the styles part once the rows are done.
 */
export class SheetStyles {
  private readonly keys = new Map<string, number>([['{}', 0]]);
  private readonly styles: CellStyle[] = [{}];

  index(style: CellStyle): number {
    const key = JSON.stringify(style);
    let index = this.keys.get(key);
    if (index === undefined) {
      index = this.styles.push(style) - 1;
      this.keys.set(key, index);
    }
    return index;
  }

  xml(): string {
    const formats = [...new Set(this.styles.flatMap((style) => (style.format ? [style.format] : [])))];
    const fonts = ['<font><sz val="11"/><name val="Calibri"/></font>'];
    const fills = [
      '<fill><patternFill patternType="none"/></fill>',
      '<fill><patternFill patternType="gray125"/></fill>',
    ];
    const xfs = this.styles.map((style) => {
      let font = 0;
      if (style.bold || style.colour || style.underline) {
        font =
          fonts.push(
            '<font>' +
              (style.bold ? '<b/>' : '') +
              (style.underline ? '<u/>' : '') +
              '<sz val="11"/>' +
              (style.colour ? `<color rgb="${style.colour}"/>` : '') +
              '<name val="Calibri"/></font>',
          ) - 1;
      }
      let fill = 0;
      if (style.fill) {
        fill =
          fills.push(`<fill><patternFill patternType="solid"><fgColor rgb="${style.fill}"/></patternFill></fill>`) - 1;
      }
      const format = style.format ? 164 + formats.indexOf(style.format) : 0;
      return (
        `<xf numFmtId="${format}" fontId="${font}" fillId="${fill}" borderId="0" xfId="0"` +
        (format ? ' applyNumberFormat="1"' : '') +
        (font ? ' applyFont="1"' : '') +
        (fill ? ' applyFill="1"' : '') +
        '/>'
      );
    });
    const numFmts = formats.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(code)}"/>`);
    return (
      HEAD +
      `<styleSheet xmlns="${MAIN}">` +
      (numFmts.length ? `<numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts>` : '') +
      `<fonts count="${fonts.length}">${fonts.join('')}</fonts>` +
      `<fills count="${fills.length}">${fills.join('')}</fills>` +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}
