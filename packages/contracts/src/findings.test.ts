import en from '@kanat360/locales/en.json' with { type: 'json' };
import tr from '@kanat360/locales/tr.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import {
  FINDING_ACTIONS,
  FINDING_NAME_KEYS,
  FINDING_SEVERITIES,
  FINDING_STAGES,
  FINDING_STATUSES,
  FINDING_SURFACES,
  FINDING_TYPES,
  polygonPoints,
  SEVERITY_ACTION,
  targetBox,
} from './findings.js';
import { createFindingBody, type Finding, updateBodyOf, updateFindingBody } from './schemas/findings.js';

const catalogs = { tr: tr as Record<string, string>, en: en as Record<string, string> };

describe('the findings taxonomy', () => {
  it('names every type, surface, severity, action, status and stage in Turkish and English', () => {
    const keys = [
      ...FINDING_TYPES.map(FINDING_NAME_KEYS.type),
      ...FINDING_SURFACES.map(FINDING_NAME_KEYS.surface),
      ...FINDING_SEVERITIES.map(FINDING_NAME_KEYS.severity),
      ...FINDING_ACTIONS.map(FINDING_NAME_KEYS.action),
      ...FINDING_STATUSES.map(FINDING_NAME_KEYS.status),
      ...FINDING_STAGES.map(FINDING_NAME_KEYS.stage),
    ];
    for (const key of keys) {
      expect(catalogs.tr[key], key).toBeTruthy();
      expect(catalogs.en[key], key).toBeTruthy();
    }
    expect(catalogs.tr['findings.type.lightning']).toBe('Yıldırım hasarı');
  });

  it('recommends a growing action with each GWO severity', () => {
    expect(FINDING_SEVERITIES.map((severity) => SEVERITY_ACTION[severity])).toEqual([...FINDING_ACTIONS]);
  });
});

describe('finding targets', () => {
  const base = {
    media_id: 1,
    blade: 'A',
    surface: 'tip',
    zone: 1,
    distance_from_root_m: 3,
    type: 'hole',
    severity: 5,
  };

  it('reads the box of a rectangle and of a polygon', () => {
    expect(
      targetBox({ selector: { type: 'FragmentSelector', conformsTo: '', value: 'xywh=pixel:10,20,30,40' } } as never),
    ).toEqual({
      x: 10,
      y: 20,
      width: 30,
      height: 40,
    });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><polygon points="5,5 50,8 20,60"/></svg>';
    expect(polygonPoints(svg)).toEqual([
      [5, 5],
      [50, 8],
      [20, 60],
    ]);
    expect(targetBox({ selector: { type: 'SvgSelector', value: svg } })).toEqual({ x: 5, y: 5, width: 45, height: 55 });
    expect(targetBox({ selector: { type: 'PointSelector', value: 'xyz=1,2,3' } })).toBeNull();
  });

  it('fills in the defaults and refuses a malformed selector with its code', () => {
    const parsed = createFindingBody.parse({
      ...base,
      target: { selector: { type: 'FragmentSelector', value: 'xywh=pixel:1,2,3,4' } },
    });
    expect(parsed).toMatchObject({ action: 'stop', status: 'new', stage: 'draft', internal: false, extent_m: null });
    expect(parsed.target.selector).toMatchObject({ conformsTo: 'http://www.w3.org/TR/media-frags/' });
    for (const value of ['xywh=1,2,3,4', 'xywh=pixel:1,2,3', 'xywh=pixel:-1,2,3,4', 'xywh=pixel:1,2,0,4']) {
      const result = createFindingBody.safeParse({
        ...base,
        target: { selector: { type: 'FragmentSelector', value } },
      });
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe('FINDING_TARGET_INVALID');
    }
  });
});

describe('updateBodyOf', () => {
  it('gives the body that saves a finding as it is: its editable fields, none the server derives', () => {
    const finding: Finding = {
      id: 7,
      turbine_id: 3,
      media_id: 11,
      media_version: 2,
      year: 2025,
      blade: 'B',
      surface: 'leading_edge',
      zone: 4,
      internal: false,
      distance_from_root_m: 31.5,
      extent_m: null,
      distance_from_le_m: 0.2,
      target: { selector: { type: 'PanoramaSelector', value: 'yaw=10,pitch=-5' } },
      type: 'erosion',
      severity: 3,
      action: 'repair_planned',
      length_mm: 120,
      width_mm: null,
      description: 'Kenar aşınması',
      status: 'repair_planned',
      stage: 'draft',
      track_id: 5,
      created_by: 1,
      created_at: '2025-06-01T10:00:00.000Z',
      updated_at: '2025-06-01T10:00:00.000Z',
      repair: { id: 9, status: 'scheduled' },
    };
    const body = updateBodyOf(finding);
    expect(Object.keys(body)).not.toContain('repair');
    expect(Object.keys(body)).not.toContain('track_id');
    // The server's own schema takes it as it is (a strict object: any derived field would be refused).
    expect(updateFindingBody.parse({ ...body, stage: 'released' })).toMatchObject({ stage: 'released', zone: 4 });
  });
});
