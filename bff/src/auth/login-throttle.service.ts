import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@/common/app-error.js';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';

/**
 * Slows down password guessing without handing anyone a way to lock a chosen user out. Within the window, 429 with
 * Retry-After (until the oldest failure leaves it) answers too many failures of one account from one address, too
 * many from one address over any accounts, or, far higher, too many of one account over every address (guessing
 * spread over many addresses). A stranger's failures from their address never lock the owner out at theirs.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly repository: LoginThrottleRepository,
  ) {}

  /**
   * Counts the attempt as a failure before the password is checked, then refuses it (429, and uncounted) when its
   * account or address is over the limit. Counting first keeps the limit for parallel guesses: each attempt sees
   * every one recorded before it, so no more than the limit reach the password check.
   */
  async begin(email: string, ip: string): Promise<void> {
    const { windowMs, maxFailuresPerAccountAddress, maxFailuresPerAddress, maxFailuresPerAccount } =
      this.config.loginThrottle;
    const attemptId = await this.repository.recordAttempt(email, ip);
    const since = new Date(Date.now() - windowMs);
    const checks = [
      { failures: await this.repository.failuresSince({ email, ip }, since), max: maxFailuresPerAccountAddress },
      { failures: await this.repository.failuresSince({ ip }, since), max: maxFailuresPerAddress },
      { failures: await this.repository.failuresSince({ email }, since), max: maxFailuresPerAccount },
    ];
    for (const { failures, max } of checks) {
      // `count` includes this attempt: more than `max` means `max` failures were already there.
      if (failures.count > max && failures.oldest) {
        await this.repository.deleteAttempt(attemptId);
        const retryAfterSeconds = Math.max(1, Math.ceil((failures.oldest.getTime() + windowMs - Date.now()) / 1000));
        throw new AppError('TOO_MANY_ATTEMPTS', {
          params: { minutes: Math.ceil(retryAfterSeconds / 60) },
          headers: { 'Retry-After': String(retryAfterSeconds) },
        });
      }
    }
  }

  /** The attempt begun stays counted as a failure. */
  async recordFailure(): Promise<void> {
    // Old rows are only history: drop them now and then, on the write path, instead of with a separate job.
    if (Math.random() < 0.01) await this.repository.deleteOlderThan(new Date(Date.now() - 24 * 3_600_000));
  }

  /**
   * A success forgets the account's failures from this address, the attempt just begun included; those from other
   * addresses still count towards the account's ceiling.
   */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.repository.clearAccountAddress(email, ip);
  }
}
