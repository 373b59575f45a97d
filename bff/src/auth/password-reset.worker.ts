import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { AuthService } from './auth.service.js';

/** Works the password reset requests the API queues (AuthService.requestPasswordReset). */
@Injectable()
export class PasswordResetWorker implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly auth: AuthService,
    private readonly jobs: JobQueue,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.worker === 'off') return;
    await this.jobs.work(QUEUES.passwordReset, ({ email }) => this.auth.sendPasswordResetLink(email));
  }
}
