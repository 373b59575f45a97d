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
import { createFindingBody } from './schemas/findings.js';

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
