import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { type Finding, FINDING_FIELDS, FINDING_NAME_KEYS, MEDIA_FRAGMENT_SPEC } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { stringify } from 'csv-stringify/sync';

/** The findings of an export, in the lists' order, a batch at a time. */
export type FindingBatches = AsyncIterable<Finding[]>;

/** Findings written between two turns of the event loop. */
const FINDINGS_PER_TURN = 25;

/**
 * One finding at a time. Findings already read are handed on through promises alone, which never let the event
 * loop turn: a fast client would take a whole batch in one go while every other request (a new database connection's
 * handshake among them) waits. Every FINDINGS_PER_TURN findings the loop gets its turn.
 */
async function* each(batches: FindingBatches): AsyncGenerator<Finding> {
  let count = 0;
  for await (const batch of batches) {
    for (const finding of batch) {
      yield finding;
      count += 1;
      if (count % FINDINGS_PER_TURN === 0) await setImmediate();
    }
  }
}

/**
 * The findings as CSV: 2a's fields as the header, one row each, UTF-8 with a byte-order mark (Excel reads the file
 * as UTF-8 only with it, and Turkish letters come out right). The target is its JSON. Streamed a batch at a time: a
 * batch is read from the database only when the client has taken the one before, and each is written as one string
 * (few objects per row, so 50 exports at once allocate little), with a turn of the event loop after it.
 */
export function findingsCsv(batches: FindingBatches): Readable {
  const columns = [...FINDING_FIELDS];
  const options = {
    columns,
    cast: {
      boolean: (value: boolean) => String(value),
      object: (value: object) => JSON.stringify(value),
    },
  };
  async function* chunks(): AsyncGenerator<string> {
    yield `\ufeff${stringify([columns])}`;
    for await (const batch of batches) {
      yield stringify(batch, options);
      await setImmediate();
    }
  }
  return Readable.from(chunks());
}

/** The JSON-LD context of an export: the W3C Web Annotation vocabulary, and ours for the finding's own fields. */
const CONTEXT = ['http://www.w3.org/ns/anno.jsonld', { kanat360: 'urn:kanat360:vocab#' }];

/**
 * The findings as a W3C Web Annotation collection (JSON-LD): one annotation per finding, motivated by assessing,
 * its type (in the caller's language) as a classifying body and its description as a describing one, its target
 * the media version it was marked on with the selector drawn. The finding itself rides along as `kanat360:finding`.
 * Streamed like the CSV.
 */
export function findingsJsonLd(batches: FindingBatches, baseUrl: string, t: Translate): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield `{"@context":${JSON.stringify(CONTEXT)},"type":"AnnotationCollection","label":${JSON.stringify(
      'Kanat360 findings',
    )},"first":{"type":"AnnotationPage","items":[`;
    let first = true;
    for await (const finding of each(batches)) {
      yield (first ? '' : ',') + JSON.stringify(toAnnotation(finding, baseUrl, t));
      first = false;
    }
    yield ']}}';
  }
  return Readable.from(chunks());
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
