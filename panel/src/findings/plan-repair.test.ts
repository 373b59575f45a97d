import { translator } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';
import { repairHolding, type PlannableFinding, planRepairProblem, repairDefaults, worstFinding } from './plan-repair';

function finding(overrides: Partial<PlannableFinding>): PlannableFinding {
  return { id: 1, turbine_id: 7, type: 'erosion', severity: 2, blade: 'A', zone: 3, repair: null, ...overrides };
}

describe('planning a repair from findings', () => {
  it('names and prioritises it after the gravest finding, the oldest of equals, as the server does', () => {
    const findings = [
      finding({ id: 5, severity: 4, type: 'crack', blade: 'B', zone: 6 }),
      finding({ id: 3, severity: 4, type: 'lightning', blade: 'C', zone: 9 }),
      finding({ id: 1, severity: 2 }),
    ];
    expect(worstFinding(findings)?.id).toBe(3);
    expect(repairDefaults(findings, translator('en'))).toEqual({
      title: 'Lightning damage repair – blade C, zone 9 and 2 more findings',
      method: 'lightning_system',
      priority: 4,
    });
    expect(repairDefaults([findings[0]!], translator('en'))?.title).toBe('Crack repair – blade B, zone 6');
    expect(repairDefaults([], translator('en'))).toBeNull();
  });

  it('refuses findings of several turbines and findings already in an open repair', () => {
    expect(planRepairProblem([finding({ id: 1 }), finding({ id: 2 })])).toBeNull();
    expect(planRepairProblem([])).toBe('empty');
    expect(planRepairProblem([finding({ id: 1 }), finding({ id: 2, turbine_id: 8 })])).toBe('turbines');
    expect(planRepairProblem([finding({ id: 1, repair: { id: 9, status: 'scheduled' } })])).toBe('in_repair');
  });

  it('counts a repair open or done as holding the finding, a verified one not (it allows a new repair)', () => {
    expect(repairHolding(finding({ repair: { id: 9, status: 'in_progress' } }))).toEqual({
      id: 9,
      status: 'in_progress',
    });
    expect(repairHolding(finding({ repair: { id: 9, status: 'planned' } }))?.id).toBe(9);
    expect(repairHolding(finding({ repair: { id: 9, status: 'done' } }))?.id).toBe(9);
    expect(repairHolding(finding({ repair: { id: 9, status: 'verified' } }))).toBeNull();
    expect(repairHolding(finding({ repair: null }))).toBeNull();
  });
});
