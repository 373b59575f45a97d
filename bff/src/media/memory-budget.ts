import { isEquirectangular } from './panorama-levels.js';

/**
 * Room for memory-hungry work, shared by the jobs of one process: a job waits until its estimated cost fits beside
 * the ones running. A job bigger than the whole budget still runs, alone, so nothing waits for ever. Waiting jobs
 * start in the order they asked.
 */
export class MemoryBudget {
  private used = 0;
  private running = 0;
  private readonly waiting: { cost: number; start: () => void }[] = [];

  constructor(readonly bytes: number) {}

  /** Waits for room for `cost` bytes; answers the function that gives them back. */
  async reserve(cost: number): Promise<() => void> {
    if (this.waiting.length === 0 && this.fits(cost)) this.take(cost);
    else
      await new Promise<void>((start) =>
        this.waiting.push({
          cost,
          start: () => {
            this.take(cost);
            start();
          },
        }),
      );
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= cost;
      this.running -= 1;
      this.startWaiting();
    };
  }

  /** Bytes promised to the work running now. */
  get inUse(): number {
    return this.used;
  }

  private fits(cost: number): boolean {
    return this.running === 0 || this.used + cost <= this.bytes;
  }

  private take(cost: number): void {
    this.used += cost;
    this.running += 1;
  }

  private startWaiting(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.cost)) this.waiting.shift()!.start();
  }
}

/**
 * What making the derivatives of a `width` × `height` photo takes: about 100 MB plus 1.1 bytes a pixel (libvips
 * streams; the tiles and the preview decode side by side). Measured with tests/bench/derivative-memory.probe.mjs:
 * 12 MP grew the process by 102 MB, 45 MP by 151 MB, 96 MP by 185 MB. A 200 MP photo ≈ 320 MB.
 * A 2:1 panorama's equirectangular tiles (cut after the rest, in tiles up to 1024 px tall) cost more: a 103 MP
 * panorama grew the process by 200–315 MB over runs against 120 MB for a 106 MP photo that is no panorama, so
 * panoramas count 2.2 bytes a pixel.
 */
export function derivativeCost(width: number, height: number): number {
  const perPixel = isEquirectangular(width, height) ? 2.2 : 1.1;
  return 100 * 1024 * 1024 + Math.round(width * height * perPixel);
}
