import {
  type Finding,
  type FindingTarget,
  FINDING_ZONE_MAX,
  type MediaItem,
  SEVERITY_ACTION,
} from '@kanat360/contracts';

/** What the form holds: the text of each box as typed, so a half-typed number is never lost or reformatted. */
export interface FindingFormValues {
  blade: string;
  surface: string;
  zone: string;
  internal: boolean;
  distance_from_root_m: string;
  extent_m: string;
  distance_from_le_m: string;
  type: string;
  severity: number;
  /** Empty: the action the severity recommends. */
  action: string;
  length_mm: string;
  width_mm: string;
  description: string;
  status: string;
}

/** The fields the server may name in a refusal (the form shows its words at that field). */
export const FIELDS: readonly string[] = [
  'blade',
  'surface',
  'zone',
  'internal',
  'distance_from_root_m',
  'extent_m',
  'distance_from_le_m',
  'target',
  'type',
  'severity',
  'action',
  'length_mm',
  'width_mm',
  'description',
  'status',
];

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A finding's values to edit, or a new one's defaults (the blade and room of the photo it is marked on). */
export function initialValues(finding: Finding | null, item: MediaItem): FindingFormValues {
  if (finding) {
    return {
      blade: finding.blade,
      surface: finding.surface,
      zone: String(finding.zone),
      internal: finding.internal,
      distance_from_root_m: text(finding.distance_from_root_m),
      extent_m: text(finding.extent_m),
      distance_from_le_m: text(finding.distance_from_le_m),
      type: finding.type,
      severity: finding.severity,
      action: finding.action === SEVERITY_ACTION[finding.severity] ? '' : finding.action,
      length_mm: text(finding.length_mm),
      width_mm: text(finding.width_mm),
      description: finding.description ?? '',
      status: finding.status,
    };
  }
  const room = Number(item.room);
  return {
    blade: item.blade ?? 'A',
    surface: 'leading_edge',
    zone: String(Number.isInteger(room) && room >= 1 && room <= FINDING_ZONE_MAX ? room : 1),
    internal: false,
    distance_from_root_m: '',
    extent_m: '',
    distance_from_le_m: '',
    type: 'erosion',
    severity: 2,
    action: '',
    length_mm: '',
    width_mm: '',
    description: '',
    status: 'new',
  };
}

/** A typed number, or what the schema should see: nothing for an empty box, the text itself when it is no number. */
function numberOf(value: string): number | string | null {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
}

/** The fields as the API takes them (a body's shared part): numbers parsed, the chosen action only when chosen. */
export function fieldsOf(values: FindingFormValues, target: FindingTarget) {
  return {
    blade: values.blade,
    surface: values.surface,
    zone: numberOf(values.zone),
    internal: values.internal,
    distance_from_root_m: numberOf(values.distance_from_root_m),
    extent_m: numberOf(values.extent_m),
    distance_from_le_m: numberOf(values.distance_from_le_m),
    target,
    type: values.type,
    severity: values.severity,
    ...(values.action ? { action: values.action } : {}),
    length_mm: numberOf(values.length_mm),
    width_mm: numberOf(values.width_mm),
    description: values.description,
  };
}
