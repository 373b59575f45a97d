import { describe, expect, it } from 'vitest';
import { NO_SELECTION, selectable, shownSelection, toggleFinding, toggleShown } from './finding-selection';
import { type PlannableFinding, planRepairProblem } from './plan-repair';

function finding(overrides: Partial<PlannableFinding>): PlannableFinding {
  return { id: 1, turbine_id: 7, type: 'erosion', severity: 2, blade: 'A', zone: 3, repair: null, ...overrides };
}

const held = finding({ id: 3, repair: { id: 9, status: 'in_progress' } });
const verifiedRepair = finding({ id: 4, repair: { id: 8, status: 'verified' } });

describe('selecting findings for a repair', () => {
  it('adds and removes a finding, and never adds one an open repair holds', () => {
    const one = toggleFinding(NO_SELECTION, finding({ id: 1 }));
    expect([...one.keys()]).toEqual([1]);
    expect([...toggleFinding(one, finding({ id: 1 })).keys()]).toEqual([]);
    expect(selectable(held)).toBe(false);
    expect([...toggleFinding(one, held).keys()]).toEqual([1]);
    // A verified repair no longer holds its findings: they can be planned again.
    expect(selectable(verifiedRepair)).toBe(true);
  });

  it('selects all shown findings but the held ones, and a second time takes them out, keeping other picks', () => {
    const shown = [finding({ id: 1 }), finding({ id: 2 }), held];
    const earlier = toggleFinding(NO_SELECTION, finding({ id: 50, turbine_id: 7 }));
    expect(shownSelection(earlier, shown)).toBe('none');
    const all = toggleShown(earlier, shown);
    expect([...all.keys()].sort((a, b) => a - b)).toEqual([1, 2, 50]);
    expect(shownSelection(all, shown)).toBe('all');
    expect(shownSelection(toggleFinding(all, finding({ id: 2 })), shown)).toBe('some');
    expect([...toggleShown(all, shown).keys()]).toEqual([50]);
  });

  it('gives a selection of two turbines to the refusal, and one of a turbine to the dialog', () => {
    const sameTurbine = toggleShown(NO_SELECTION, [finding({ id: 1 }), finding({ id: 2 })]);
    expect(planRepairProblem([...sameTurbine.values()])).toBeNull();
    const twoTurbines = toggleFinding(sameTurbine, finding({ id: 5, turbine_id: 8 }));
    expect(planRepairProblem([...twoTurbines.values()])).toBe('turbines');
  });
});
