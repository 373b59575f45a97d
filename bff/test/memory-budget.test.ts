import { describe, expect, it } from 'vitest';
import { derivativeCost, MemoryBudget } from '@/media/memory-budget.js';

const MB = 1024 * 1024;
const settled = async <T>(promise: Promise<T>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
};

describe('the memory budget of derivative jobs', () => {
  it('holds a job back while the running ones fill the budget, and starts it when they give memory back', async () => {
    const budget = new MemoryBudget(512 * MB);
    const first = await budget.reserve(300 * MB);
    const second = budget.reserve(300 * MB);
    expect(await settled(second)).toBe(false);
    expect(budget.inUse).toBe(300 * MB);
    first();
    expect(await settled(second)).toBe(true);
    expect(budget.inUse).toBe(300 * MB);
    (await second)();
    expect(budget.inUse).toBe(0);
  });

  it('lets small jobs run side by side, keeps the order of those waiting, and runs an oversized job alone', async () => {
    const budget = new MemoryBudget(512 * MB);
    const a = await budget.reserve(150 * MB);
    const b = await budget.reserve(150 * MB);
    const huge = budget.reserve(2000 * MB);
    const small = budget.reserve(10 * MB);
    // The small one would fit, but waits its turn behind the huge one.
    expect(await settled(small)).toBe(false);
    a();
    b();
    expect(await settled(huge)).toBe(true);
    expect(await settled(small)).toBe(false);
    (await huge)();
    expect(await settled(small)).toBe(true);
    const release = await small;
    release();
    release();
    expect(budget.inUse).toBe(0);
  });

  it('estimates what a photo needs from its size', () => {
    expect(derivativeCost(8256, 5504) / MB).toBeGreaterThan(140);
    expect(derivativeCost(8256, 5504) / MB).toBeLessThan(170);
    // Two 45 MP photos fit the default 512 MB together; two 200 MP ones do not.
    expect(2 * derivativeCost(8256, 5504)).toBeLessThan(512 * MB);
    expect(2 * derivativeCost(20_000, 10_000)).toBeGreaterThan(512 * MB);
    // A 2:1 panorama's tile levels come on top: a 103 MP one counts about 320 MB, twice a flat photo's share.
    expect(derivativeCost(14_336, 7168) / MB).toBeGreaterThan(300);
    expect(derivativeCost(14_336, 7168) / MB).toBeLessThan(340);
  });
});
