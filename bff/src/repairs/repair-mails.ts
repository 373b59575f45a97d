import {
  type Blade,
  FINDING_NAME_KEYS,
  type FindingSeverity,
  type FindingType,
  REPAIR_NAME_KEYS,
  REPAIR_TIME_ZONE,
  type RepairStatus,
} from '@kanat360/contracts';
import { intlLocale, type Language, type Translate, translator } from '@kanat360/i18n';
import { escapeHtml } from '@/mail/mail-html.js';
import { type MailMessage } from '@/mail/mail.transport.js';

/** A repair as a mail names it. */
export interface MailedRepair {
  id: number;
  turbineId: number;
  title: string;
  status: RepairStatus;
  turbine: string;
  code: string;
  dueDate: string | null;
  windowStart: Date | null;
  windowEnd: Date | null;
  assignee: string | null;
  findings: { blade: Blade; zone: number; type: FindingType; severity: FindingSeverity }[];
}

/** Where a repair opens in the panel: its page, which reaches the repair through its turbine. */
export function repairLink(publicUrl: string, repair: { id: number; turbineId: number }): string {
  return `${publicUrl}/dashboard/repairs/${repair.id}?turbine=${repair.turbineId}`;
}

/** A calendar day as people write it (`5 Mart 2026`, `5 March 2026`). */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** An instant in Turkish time, as people write it. */
export function formatInstant(instant: Date, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: REPAIR_TIME_ZONE,
  }).format(instant);
}

/** "Blade A, zone 3: Erosion, severity 3" in the language given. */
export function findingLine(finding: MailedRepair['findings'][number], t: Translate): string {
  return t('repairs.findingLine', {
    blade: finding.blade,
    zone: finding.zone,
    type: t(FINDING_NAME_KEYS.type(finding.type)),
    severity: t(FINDING_NAME_KEYS.severity(finding.severity)),
  });
}

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0369a1;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

function page(language: Language, body: string): string {
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#0f172a">
${body}
</body></html>`;
}

/** "A repair was assigned to you", to the assignee in their language. */
export function repairAssignedMail(input: {
  to: string;
  name: string;
  actor: string;
  repair: MailedRepair;
  link: string;
  language: Language;
}): MailMessage {
  const { repair, language } = input;
  const t = translator(language);
  const turbine = `${repair.turbine} (${repair.code})`;
  const greeting = t('repairs.mail.assigned.greeting', { name: input.name });
  const body = t('repairs.mail.assigned.body', { actor: input.actor, title: repair.title, turbine });
  const when = [
    repair.dueDate ? t('repairs.mail.assigned.due', { date: formatDay(repair.dueDate, language) }) : null,
    repair.windowStart && repair.windowEnd
      ? t('repairs.mail.assigned.window', {
          start: formatInstant(repair.windowStart, language),
          end: formatInstant(repair.windowEnd, language),
        })
      : null,
  ].filter((line): line is string => line !== null);
  const findings = repair.findings.map((finding) => findingLine(finding, t));
  const text = [
    greeting,
    '',
    body,
    ...when,
    '',
    t('repairs.mail.assigned.findings'),
    ...findings.map((line) => `- ${line}`),
    '',
    input.link,
    '',
    t('mail.signature'),
  ].join('\n');
  const html = page(
    language,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
${when.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>${escapeHtml(t('repairs.mail.assigned.findings'))}</p>
<ul>${findings.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${button(input.link, t('repairs.mail.assigned.action'))}
<p>${escapeHtml(t('mail.signature'))}</p>`,
  );
  return {
    to: input.to,
    subject: t('repairs.mail.assigned.subject', { title: repair.title, turbine }),
    text,
    html,
  };
}

/** One line of the daily mail: what, where, in which status, when due. */
function digestLine(repair: MailedRepair, t: Translate, language: Language): string {
  const params = {
    title: repair.title,
    turbine: repair.turbine,
    code: repair.code,
    status: t(REPAIR_NAME_KEYS.status(repair.status)),
  };
  const line = repair.dueDate
    ? t('repairs.mail.digest.line', { ...params, date: formatDay(repair.dueDate, language) })
    : t('repairs.mail.digest.lineWindow', { ...params, date: formatInstant(repair.windowStart!, language) });
  const who = repair.assignee
    ? t('repairs.mail.digest.assignee', { name: repair.assignee })
    : t('repairs.mail.digest.unassigned');
  return `${line} (${who})`;
}

/** The daily mail: overdue repairs, then those due within the week, in the recipient's language. */
export function repairDigestMail(input: {
  to: string;
  name: string;
  day: string;
  overdue: MailedRepair[];
  upcoming: MailedRepair[];
  link: string;
  language: Language;
}): MailMessage {
  const { language } = input;
  const t = translator(language);
  const greeting = t('repairs.mail.digest.greeting', { name: input.name });
  const intro = t('repairs.mail.digest.intro', { date: formatDay(input.day, language) });
  const sections = [
    { heading: t('repairs.mail.digest.overdue'), repairs: input.overdue },
    { heading: t('repairs.mail.digest.upcoming'), repairs: input.upcoming },
  ].filter((section) => section.repairs.length > 0);
  const text = [
    greeting,
    '',
    intro,
    ...sections.flatMap((section) => [
      '',
      `${section.heading}:`,
      ...section.repairs.map((repair) => `- ${digestLine(repair, t, language)}`),
    ]),
    '',
    input.link,
    '',
    t('repairs.mail.digest.footer'),
    '',
    t('mail.signature'),
  ].join('\n');
  const html = page(
    language,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${sections
  .map(
    (section) =>
      `<h3>${escapeHtml(section.heading)}</h3>\n<ul>${section.repairs
        .map((repair) => `<li>${escapeHtml(digestLine(repair, t, language))}</li>`)
        .join('')}</ul>`,
  )
  .join('\n')}
${button(input.link, t('repairs.mail.digest.action'))}
<p style="font-size:13px;color:#475569">${escapeHtml(t('repairs.mail.digest.footer'))}</p>
<p>${escapeHtml(t('mail.signature'))}</p>`,
  );
  return {
    to: input.to,
    subject: t('repairs.mail.digest.subject', { overdue: input.overdue.length, upcoming: input.upcoming.length }),
    text,
    html,
  };
}
