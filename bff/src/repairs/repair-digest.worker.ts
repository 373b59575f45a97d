import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { addDays, can, REPAIR_HORIZONS, REPAIR_TIME_ZONE } from '@kanat360/contracts';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { type Config, CONFIG } from '@/config/config.provider.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { type UserWithCompany, UsersRepository } from '@/users/users.repository.js';
import { RepairClock } from './repair-clock.js';
import { RepairDigestsRepository } from './repair-digests.repository.js';
import { type MailedRepair, repairDigestMail } from './repair-mails.js';
import { type RepairRow, RepairWorkOrdersRepository } from './repair-work-orders.repository.js';
import { isOverdue, toMailedRepair } from './repairs.mapper.js';

/** Who gets a repair in their daily mail, and the repairs of each. */
interface Recipient {
  user: UserWithCompany;
  repairs: RepairRow[];
}

/**
 * The daily repair mail (issue #24 item 7): each assignee gets their open repairs that are overdue or come due
 * within the week, and each manager of a company (repair.manage, not a superadmin) all of the company's. A pg-boss
 * schedule sends the job once a day at REPAIR_DIGEST_HOUR Turkish time, whichever process runs its cron pass; the
 * job claims each person's day in `repair_digests` in the transaction that queues their mail, so running it again,
 * or in two processes at once, mails nobody twice.
 */
@Injectable()
export class RepairDigestWorker implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
    private readonly repairs: RepairWorkOrdersRepository,
    private readonly digests: RepairDigestsRepository,
    private readonly users: UsersRepository,
    private readonly jobs: JobQueue,
    private readonly clock: RepairClock,
    private readonly logger: PinoLogger,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.worker === 'off') return;
    await this.jobs.work(QUEUES.repairDigest, async (data) => {
      await this.run(data.day ?? this.clock.today());
    });
    await this.jobs.schedule(
      QUEUES.repairDigest,
      `0 ${this.config.repairs.digestHour} * * *`,
      {},
      {
        tz: REPAIR_TIME_ZONE,
      },
    );
  }

  /** Sends `day`'s mails not sent yet; answers how many this run sent. */
  async run(day: string): Promise<number> {
    const horizon = addDays(day, REPAIR_HORIZONS.digestDays);
    const due = await this.repairs.dueBefore(horizon);
    const recipients = new Map<number, Recipient>();
    const add = (user: UserWithCompany, row: RepairRow) => {
      const entry = recipients.get(user.id) ?? { user, repairs: [] };
      if (!entry.repairs.includes(row)) entry.repairs.push(row);
      recipients.set(user.id, entry);
    };
    for (const companyId of new Set(due.map((row) => row.companyId))) {
      const people = (await this.users.list({ all: false, companyId })).filter((user) => user.isActive);
      const managers = people.filter((user) => can(user.role, 'repair.manage') && !can(user.role, 'tenant.all'));
      for (const row of due.filter((repair) => repair.companyId === companyId)) {
        const assignee = people.find((user) => user.id === row.assigneeId);
        if (assignee) add(assignee, row);
        for (const manager of managers) add(manager, row);
      }
    }
    let sent = 0;
    for (const { user, repairs } of recipients.values()) {
      const overdue: MailedRepair[] = [];
      const upcoming: MailedRepair[] = [];
      for (const row of repairs) (isOverdue(row, day) ? overdue : upcoming).push(toMailedRepair(row));
      const message = repairDigestMail({
        to: user.email,
        name: user.firstName,
        day,
        overdue,
        upcoming,
        link: `${this.config.publicUrl}/dashboard/repairs`,
        language: user.language,
      });
      const claimed = await this.dataSource.transaction(async (manager) => {
        if (!(await this.digests.claim(manager, user.id, day))) return false;
        await this.jobs.send(QUEUES.sendMail, message, manager);
        return true;
      });
      if (claimed) sent += 1;
    }
    this.logger.info({ day, repairs: due.length, mailed: sent }, 'repair digest');
    return sent;
  }
}
