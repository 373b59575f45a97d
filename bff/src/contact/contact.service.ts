import { Inject, Injectable } from '@nestjs/common';
import { type ContactBody } from '@kanat360/contracts';
import { type Language } from '@kanat360/i18n';
import { AppError } from '@/common/app-error.js';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { MailService } from '@/mail/mail.service.js';
import { contactMail } from './contact-mail.js';
import { ContactRepository } from './contact.repository.js';

/** Messages per client address within the window: enough for a person, too few for a flood. */
export const CONTACT_MAX_PER_ADDRESS = 5;
export const CONTACT_WINDOW_MS = 15 * 60_000;
/** How long messages are kept (the privacy policy says 2 years). */
const RETENTION_MS = 2 * 365 * 24 * 3_600_000;

@Injectable()
export class ContactService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly repository: ContactRepository,
    private readonly mail: MailService,
  ) {}

  /**
   * Stores the message and queues its mail to the business inbox, in one transaction (a message is never stored
   * without its mail, so a retry after a failure stores no duplicate); too many from one address answer 429.
   */
  async send(body: ContactBody, sender: { ip: string; language: Language }): Promise<void> {
    const ip = sender.ip.slice(0, 64);
    await this.repository.lockedForAddress(ip, async (manager) => {
      const recent = await this.repository.sentSince(manager, ip, new Date(Date.now() - CONTACT_WINDOW_MS));
      if (recent.count >= CONTACT_MAX_PER_ADDRESS && recent.oldest) {
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil((recent.oldest.getTime() + CONTACT_WINDOW_MS - Date.now()) / 1000),
        );
        throw new AppError('TOO_MANY_MESSAGES', {
          params: { minutes: Math.ceil(retryAfterSeconds / 60) },
          headers: { 'Retry-After': String(retryAfterSeconds) },
        });
      }
      const stored = await this.repository.insert(manager, { ...body, language: sender.language, ip });
      await this.mail.send(
        contactMail({
          to: this.config.contactInbox,
          message: body,
          language: sender.language,
          sentAt: stored.createdAt,
        }),
        manager,
      );
    });
    // Old messages go on the write path now and then, instead of with a separate job.
    if (Math.random() < 0.01) await this.repository.deleteOlderThan(new Date(Date.now() - RETENTION_MS));
  }
}
