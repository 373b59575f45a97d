import { Injectable } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';

/**
 * Where the process is in its life, as a load balancer must see it: ready, or draining after SIGTERM (readiness
 * answers 503 while the requests in flight finish). Counts the requests in flight, so a shutdown knows when they are
 * done.
 */
@Injectable()
export class Lifecycle {
  private drainingSince: number | null = null;
  private inFlight = 0;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Express middleware: counts a request from its arrival until its answer is sent or its client has gone. */
  readonly track = (_request: Request, response: Response, next: NextFunction): void => {
    this.inFlight += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.inFlight -= 1;
    };
    response.once('finish', finish);
    response.once('close', finish);
    next();
  };

  /**
   * Readiness turns 503 now; resolves once `drainMs` have passed and no request is in flight (the caller's own
   * readiness checks aside), or after `timeoutMs` whatever is left.
   */
  async drain({ drainMs, timeoutMs }: { drainMs: number; timeoutMs: number }): Promise<void> {
    this.drainingSince ??= Date.now();
    const started = this.drainingSince;
    for (;;) {
      const waited = Date.now() - started;
      if (waited >= timeoutMs || (waited >= drainMs && this.inFlight === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
