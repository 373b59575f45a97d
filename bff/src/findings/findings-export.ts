import { PassThrough, pipeline, Readable } from 'node:stream';
import { type Finding, FINDING_FIELDS, FINDING_NAME_KEYS, MEDIA_FRAGMENT_SPEC } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { stringify } from 'csv-stringify/sync';
import { type KeysetPosition } from '@/common/page-cursor.js';

/** One page of an export's findings, in the lists' order, and where the next one starts (null: it was the last). */
export interface FindingPage {
  findings: Finding[];
  next: KeysetPosition | null;
}

/** Reads the page of an export after `after` (null: the first page). */
export type FindingPages = (after: KeysetPosition | null) => Promise<FindingPage>;

/** A page as the bytes the client gets, and where the next page starts. */
interface EncodedPage {
  bytes: Buffer;
  next: KeysetPosition | null;
}

/**
 * An export as a stream of bytes: `head`, each page of findings as `encode` writes it, `tail`. A page is read only
 * once the client has taken the one before (Readable.from holds one chunk), and it becomes UTF-8 bytes the moment it
 * arrives, inside one function: what waits for a slow client is one Buffer (outside the V8 heap), never the page's
 * rows, so an export holds one page at most whatever the total. The first page is read before the answer starts, so
 * a failure then is still a proper error answer rather than a cut download.
 */
async function exportStream(
  read: FindingPages,
  encode: (findings: Finding[], first: boolean) => string,
  head: string,
  tail: string,
): Promise<Readable> {
  const encodePage = async (after: KeysetPosition | null): Promise<EncodedPage> => {
    const page = await read(after);
    return { bytes: Buffer.from(encode(page.findings, after === null), 'utf8'), next: page.next };
  };
  let page: EncodedPage | null = await encodePage(null);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(head, 'utf8');
    while (page) {
      const { bytes, next } = page;
      page = null;
      yield bytes;
      if (next === null) break;
      page = await encodePage(next);
    }
    if (tail !== '') yield Buffer.from(tail, 'utf8');
  }
  return Readable.from(chunks());
}

/**
 * The findings as CSV: 2a's fields as the header, then `rows`, the CSV rows PostgreSQL writes (findings.repository
 * makes each column print as the list's JSON answers it, the target as its JSON). UTF-8 with a byte-order mark
 * (Excel reads the file as UTF-8 only with it, and Turkish letters come out right). The rows' bytes pass through as
 * they come, at the client's pace; a client that leaves destroys `rows` (which frees its connection).
 */
export function findingsCsv(rows: Readable): Readable {
  const csv = new PassThrough();
  csv.write(`\ufeff${stringify([[...FINDING_FIELDS]])}`, 'utf8');
  // A failure of either side destroys the other: the answer is cut, or the copy stops.
  pipeline(rows, csv, () => undefined);
  return csv;
}

/** The JSON-LD context of an export: the W3C Web Annotation vocabulary, and ours for the finding's own fields. */
const CONTEXT = ['http://www.w3.org/ns/anno.jsonld', { kanat360: 'urn:kanat360:vocab#' }];

/**
 * The findings as a W3C Web Annotation collection (JSON-LD): one annotation per finding, motivated by assessing,
 * its type (in the caller's language) as a classifying body and its description as a describing one, its target
 * the media version it was marked on with the selector drawn. The finding itself rides along as `kanat360:finding`.
 * Streamed like the CSV.
 */
export function findingsJsonLd(read: FindingPages, baseUrl: string, t: Translate): Promise<Readable> {
  const head = `{"@context":${JSON.stringify(CONTEXT)},"type":"AnnotationCollection","label":${JSON.stringify(
    'Kanat360 findings',
  )},"first":{"type":"AnnotationPage","items":[`;
  const encode = (findings: Finding[], first: boolean) => {
    const items = findings.map((finding) => JSON.stringify(toAnnotation(finding, baseUrl, t))).join(',');
    return !first && items !== '' ? `,${items}` : items;
  };
  return exportStream(read, encode, head, ']}}');
}

function toAnnotation(finding: Finding, baseUrl: string, t: Translate): Record<string, unknown> {
  const body: Record<string, unknown>[] = [
    { type: 'TextualBody', purpose: 'classifying', value: t(FINDING_NAME_KEYS.type(finding.type)) },
    { type: 'TextualBody', purpose: 'tagging', value: finding.type },
  ];
  if (finding.description) body.push({ type: 'TextualBody', purpose: 'describing', value: finding.description });
  const { selector } = finding.target;
  return {
    id: `${baseUrl}/api/turbines/${finding.turbine_id}/findings/${finding.id}`,
    type: 'Annotation',
    motivation: 'assessing',
    created: finding.created_at,
    modified: finding.updated_at,
    body,
    target: {
      source: `urn:kanat360:turbine:${finding.turbine_id}:media:${finding.media_id}:version:${finding.media_version}`,
      selector:
        selector.type === 'FragmentSelector' ? { ...selector, conformsTo: MEDIA_FRAGMENT_SPEC } : { ...selector },
    },
    'kanat360:finding': finding,
  };
}
