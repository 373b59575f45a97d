import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error.js';
import { type Config, CONFIG } from '../config/config.provider.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';

/**
 * Slows down password guessing: too many failures for one account, or from one address, within the window
 * answer 429 with Retry-After until the oldest failure leaves the window.
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
    const { windowMs, maxFailuresPerAccount, maxFailuresPerAddress } = this.config.loginThrottle;
    const attemptId = await this.repository.recordAttempt(email, ip);
    const since = new Date(Date.now() - windowMs);
    const checks = [
      { failures: await this.repository.failuresSince('email', email, since), max: maxFailuresPerAccount },
      { failures: await this.repository.failuresSince('ip', ip, since), max: maxFailuresPerAddress },
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

  /** A success forgets the account's failures, the attempt just begun included. */
  async recordSuccess(email: string): Promise<void> {
    await this.repository.clearAccount(email);
  }
}
