import { type Readable } from 'node:stream';
import {
  FINDING_NAME_KEYS,
  FINDING_TYPES,
  type FindingFileQuery,
  type FindingTarget,
  MEDIA_FRAGMENT_SPEC,
} from '@kanat360/contracts';
import { type Language, type Translate } from '@kanat360/i18n';
import { findingAddress, photoAddress, turbineAddress } from './finding-address.js';
import { type FindingPages, pagedTextExport } from './findings-export.js';
import { toFinding } from './findings.mapper.js';
import { type FindingSheetRow } from './findings.repository.js';

/*
 * The findings as W3C Web Annotations (JSON-LD), for machines (DESIGN "Findings"): what a JSON-LD processor accepts
 * in safe mode. Every node that is named has an IRI (a finding's is its address in the panel, see
 * finding-address.ts), and every term is defined: the W3C context's, and ours for the rest, served by the API
 * (FindingsController.context) under a version, so an export keeps meaning what it meant when a later version
 * changes a term.
 */

/** The W3C Web Annotation context. */
export const ANNOTATION_CONTEXT = 'http://www.w3.org/ns/anno.jsonld';

/** The version of our context that exports name; a change of a term's meaning is a new version. */
export const FINDINGS_CONTEXT_VERSION = 'v1';

/** Where our context is served. */
export function findingsContextUrl(publicUrl: string): string {
  return `${publicUrl}/api/ns/findings/${FINDINGS_CONTEXT_VERSION}.jsonld`;
}

/**
 * Our context: the finding's own fields (the API's names) as properties of a namespace under PUBLIC_URL, which is
 * where a reader can look them up; the selectors the W3C model lacks (a direction on a panorama, a point of a point
 * cloud) and the damage types as classes and terms; and `assessing`, a motivation of the W3C vocabulary that its
 * context forgot. A damage type is written by its code (`"damage_type":
 * "erosion"`) and read as our IRI for it.
 */
export function findingsContext(publicUrl: string): Record<string, unknown> {
  const term = (name: string) => `k360:${name}`;
  const property = (name: string, type?: '@id' | '@vocab') =>
    type ? { '@id': term(name), '@type': type } : term(name);
  return {
    '@context': {
      k360: `${publicUrl}/api/ns/findings#`,
      // The W3C context lacks the motivation the model names for assessments (its terms stop at 'bookmarking').
      assessing: 'http://www.w3.org/ns/oa#assessing',
      Finding: term('Finding'),
      Turbine: term('Turbine'),
      PanoramaSelector: term('PanoramaSelector'),
      PointSelector: term('PointSelector'),
      ...Object.fromEntries(FINDING_TYPES.map((type) => [type, term(type)])),
      damage_type: property('damage_type', '@vocab'),
      turbine: property('turbine', '@id'),
      turbine_code: property('turbine_code'),
      track: property('track', '@id'),
      media_version: property('media_version'),
      year: property('year'),
      blade: property('blade'),
      surface: property('surface'),
      zone: property('zone'),
      internal: property('internal'),
      distance_from_root_m: property('distance_from_root_m'),
      extent_m: property('extent_m'),
      distance_from_le_m: property('distance_from_le_m'),
      severity: property('severity'),
      action: property('action'),
      length_mm: property('length_mm'),
      width_mm: property('width_mm'),
      status: property('status'),
      stage: property('stage'),
    },
  };
}

/** The selector as the W3C model (and our context, for the two it lacks) writes it. */
function selectorOf(target: FindingTarget): Record<string, string> {
  const { selector } = target;
  return selector.type === 'FragmentSelector' ? { ...selector, conformsTo: MEDIA_FRAGMENT_SPEC } : { ...selector };
}

/**
 * A finding as an annotation: motivated by assessing, classified by its damage type, its region the target; the
 * finding's own fields (the API's, as toFinding answers them) as properties of our context.
 */
function toAnnotation(row: FindingSheetRow, publicUrl: string, language: Language, t: Translate) {
  const {
    id,
    turbine_id: turbineId,
    media_id: mediaId,
    target,
    type,
    description,
    track_id: trackId,
    created_by: _author,
    created_at: created,
    updated_at: modified,
    // The repair is not one of the finding's fields (2a) and no term of the context: the repairs have their own.
    repair: _repair,
    ...fields
  } = toFinding(row, { readsDrafts: false });
  const body: Record<string, string>[] = [
    {
      type: 'TextualBody',
      purpose: 'classifying',
      value: t(FINDING_NAME_KEYS.type(type)),
      language,
      format: 'text/plain',
    },
  ];
  if (description) body.push({ type: 'TextualBody', purpose: 'describing', value: description, format: 'text/plain' });
  const annotation: Record<string, unknown> = {
    id: findingAddress(publicUrl, turbineId, id),
    type: ['Annotation', 'Finding'],
    motivation: 'assessing',
    created,
    modified,
    ...(row.author && { creator: { type: 'Person', name: row.author } }),
    body,
    target: {
      source: { id: photoAddress(publicUrl, turbineId, mediaId), type: 'Image', label: row.photoName },
      selector: selectorOf(target),
    },
    damage_type: type,
    turbine: {
      id: turbineAddress(publicUrl, turbineId),
      type: 'Turbine',
      label: row.turbineName,
      turbine_code: row.turbineCode,
    },
    track: findingAddress(publicUrl, turbineId, trackId),
    ...fields,
  };
  // A null is no statement: left out rather than written.
  return Object.fromEntries(Object.entries(annotation).filter(([, value]) => value !== null));
}

/** The address an export with this query is read from: the collection's IRI. */
export function exportAddress(publicUrl: string, fileQuery: FindingFileQuery): string {
  const query = new URLSearchParams(
    Object.entries(fileQuery).flatMap(([name, value]): [string, string][] =>
      value === undefined ? [] : [[name, String(value)]],
    ),
  ).toString();
  return `${publicUrl}/api/findings/export.jsonld${query ? `?${query}` : ''}`;
}

/**
 * The findings as a W3C Web Annotation collection: its first (and only) page holds every annotation, in the list
 * order, and the collection its total. With no finding the collection has no page (the model's pages hold at least
 * one annotation). Streamed page by page (pagedTextExport).
 */
export function findingsJsonLd(
  read: FindingPages,
  { publicUrl, query, language, t }: { publicUrl: string; query: FindingFileQuery; language: Language; t: Translate },
): Promise<Readable> {
  const id = exportAddress(publicUrl, query);
  const collection = {
    '@context': [ANNOTATION_CONTEXT, findingsContextUrl(publicUrl)],
    id,
    type: 'AnnotationCollection',
    label: t('findings.export.collectionLabel'),
  };
  const open = JSON.stringify(collection).slice(0, -1);
  return pagedTextExport(read, {
    head: (empty) =>
      empty ? open : `${open},"first":{"id":${JSON.stringify(`${id}#page-1`)},"type":"AnnotationPage","items":[`,
    page: (rows, first) => {
      const items = rows.map((row) => JSON.stringify(toAnnotation(row, publicUrl, language, t))).join(',');
      return !first && items !== '' ? `,${items}` : items;
    },
    tail: (count, empty) => `${empty ? '' : `],"partOf":${JSON.stringify(id)},"startIndex":0}`},"total":${count}}`,
  });
}
