import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { addDays, can, type RepairCalendarToken, REPAIR_NAME_KEYS, type RepairStatus } from '@kanat360/contracts';
import { translator } from '@kanat360/i18n';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { UsersRepository } from '@/users/users.repository.js';
import { RepairCalendarTokensRepository } from './repair-calendar-tokens.repository.js';
import { RepairClock } from './repair-clock.js';
import { findingLine, repairLink } from './repair-mails.js';
import { type RepairRow, RepairWorkOrdersRepository } from './repair-work-orders.repository.js';
import { toMailedRepair } from './repairs.mapper.js';

/** How far back a feed keeps repairs that are over (done, verified): what a calendar shows of recent weeks. */
const HISTORY_DAYS = 90;
/** A feed's most events' repairs: far more than a crew's calendar holds, few enough for any client. */
const FEED_LIMIT = 2000;
/** A token's length as made (base64url of 32 bytes); anything else is not looked up at all. */
const TOKEN_LENGTH = 43;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** How an event's status reads in a calendar: a planned repair is tentative until it is scheduled. */
const EVENT_STATUS: Record<Exclude<RepairStatus, 'cancelled'>, ICalEventStatus> = {
  planned: ICalEventStatus.TENTATIVE,
  scheduled: ICalEventStatus.CONFIRMED,
  in_progress: ICalEventStatus.CONFIRMED,
  done: ICalEventStatus.CONFIRMED,
  verified: ICalEventStatus.CONFIRMED,
};

/**
 * The repairs' iCalendar feed (RFC 5545, written by ical-generator), behind a per-user token, since calendar
 * clients cannot send our session. The token is an HMAC of the user and a stored salt under the server's secret:
 * the panel can show the address again, the database holds only the token's SHA-256 (to find its user), and
 * rotating draws a new salt, so the old address stops answering at once. An unknown, rotated or malformed token,
 * or one of a deactivated user, answers the same 404.
 */
@Injectable()
export class RepairCalendar {
  private readonly key: Buffer;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly tokens: RepairCalendarTokensRepository,
    private readonly repairs: RepairWorkOrdersRepository,
    private readonly users: UsersRepository,
    private readonly clock: RepairClock,
  ) {
    this.key = createHmac('sha256', config.sessionSecret).update('kanat360:repair-calendar:v1').digest();
  }

  /** The caller's feed address: the one they have (made on first asking), or a new one when `rotate`. */
  async address(actor: Principal, { rotate }: { rotate: boolean }): Promise<RepairCalendarToken> {
    const existing = rotate ? null : await this.tokens.find(actor.userId);
    const row =
      existing ??
      (await (async () => {
        const salt = randomBytes(16).toString('hex');
        return this.tokens.put(actor.userId, salt, sha256(this.token(actor.userId, salt)), { replace: rotate });
      })());
    const url = `${this.config.publicUrl}/api/repairs/calendar.ics?token=${this.token(row.userId, row.salt)}`;
    return { url, webcal_url: url.replace(/^https?:/, 'webcal:'), created_at: row.createdAt.toISOString() };
  }

  /** The feed of the token's user: their repairs' work windows (timed) and due dates (all day), in their language. */
  async feed(token: string): Promise<string> {
    const owner = token.length === TOKEN_LENGTH ? await this.tokens.findByHash(sha256(token)) : null;
    const user = owner ? await this.users.findById(owner.userId) : null;
    if (!owner || !user?.isActive) throw new AppError('NOT_FOUND');
    const reach = {
      tenant: can(user.role, 'tenant.all')
        ? ({ all: true } as const)
        : ({ all: false, companyId: user.companyId } as const),
      releasedOnly: !can(user.role, 'finding.readDrafts'),
      userId: user.id,
    };
    const assignee = can(user.role, 'repair.calendarAll') ? null : user.id;
    const since = addDays(this.clock.today(), -HISTORY_DAYS);
    const rows = await this.repairs.feed(reach, assignee, since, FEED_LIMIT);
    return this.calendar(rows, user.language);
  }

  private token(userId: number, salt: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${salt}`).digest('base64url');
  }

  private calendar(rows: RepairRow[], language: 'tr' | 'en'): string {
    const t = translator(language);
    const host = new URL(this.config.publicUrl).hostname;
    const calendar = ical({
      name: t('repairs.calendar.name'),
      prodId: { company: 'Kanat360', product: 'repairs', language: language.toUpperCase() },
      method: ICalCalendarMethod.PUBLISH,
      // Clients that honour it refresh hourly; most poll on their own schedule anyway.
      ttl: 3600,
    });
    const stamp = this.clock.now();
    for (const row of rows) {
      if (row.status === 'cancelled') continue;
      const repair = toMailedRepair(row);
      const link = repairLink(this.config.publicUrl, repair);
      const turbine = `${repair.turbine} (${repair.code})`;
      const description = [
        t('repairs.calendar.turbine', { turbine: repair.turbine, code: repair.code, company: row.companyName }),
        t('repairs.calendar.status', {
          status: t(REPAIR_NAME_KEYS.status(row.status)),
          priority: row.priority,
          method: t(REPAIR_NAME_KEYS.method(row.method)),
        }),
        ...(repair.assignee ? [t('repairs.calendar.assignee', { name: repair.assignee })] : []),
        '',
        t('repairs.calendar.findings'),
        ...repair.findings.map((finding) => `- ${findingLine(finding, t)}`),
        '',
        t('repairs.calendar.link', { url: link }),
      ].join('\n');
      const common = {
        description,
        url: link,
        location: turbine,
        stamp,
        lastModified: row.updatedAt,
        created: row.createdAt,
        status: EVENT_STATUS[row.status],
        priority: 6 - row.priority,
      };
      if (row.windowStart && row.windowEnd) {
        calendar.createEvent({
          ...common,
          id: `repair-${row.id}-window@${host}`,
          start: row.windowStart,
          end: row.windowEnd,
          summary: t('repairs.calendar.windowSummary', { title: row.title, turbine: repair.turbine }),
        });
      }
      if (row.dueDate) {
        calendar.createEvent({
          ...common,
          id: `repair-${row.id}-due@${host}`,
          start: row.dueDate,
          end: addDays(row.dueDate, 1),
          allDay: true,
          summary: t('repairs.calendar.dueSummary', { title: row.title, turbine: repair.turbine }),
        });
      }
    }
    return calendar.toString();
  }
}
