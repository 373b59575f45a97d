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

  async assertAllowed(email: string, ip: string): Promise<void> {
    const { windowMs, maxFailuresPerAccount, maxFailuresPerAddress } = this.config.loginThrottle;
    const since = new Date(Date.now() - windowMs);
    const checks = [
      { failures: await this.repository.failuresSince('email', email, since), max: maxFailuresPerAccount },
      { failures: await this.repository.failuresSince('ip', ip, since), max: maxFailuresPerAddress },
    ];
    for (const { failures, max } of checks) {
      if (failures.count >= max && failures.oldest) {
        const retryAfterSeconds = Math.max(1, Math.ceil((failures.oldest.getTime() + windowMs - Date.now()) / 1000));
        throw new AppError('TOO_MANY_ATTEMPTS', {
          params: { minutes: Math.ceil(retryAfterSeconds / 60) },
          headers: { 'Retry-After': String(retryAfterSeconds) },
        });
      }
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.repository.recordFailure(email, ip);
    // Old rows are only history: drop them now and then, on the write path, instead of with a separate job.
    if (Math.random() < 0.01) await this.repository.deleteOlderThan(new Date(Date.now() - 24 * 3_600_000));
  }

  async recordSuccess(email: string): Promise<void> {
    await this.repository.clearAccount(email);
  }
}
