import { type Language, translator } from '@kanat360/i18n';
import { escapeHtml } from '@/mail/mail-html.js';
import { type MailMessage } from '@/mail/mail.transport.js';

/** "Your inspection report is ready", to whoever asked for a report made in the background, in their language. */
export function inspectionReportReadyMail(input: {
  to: string;
  name: string;
  turbine: string;
  year: number;
  link: string;
  language: Language;
}): MailMessage {
  const t = translator(input.language);
  const greeting = t('findings.reportReady.greeting', { name: input.name });
  const body = t('findings.reportReady.body', { turbine: input.turbine, year: input.year });
  const text = [greeting, '', body, '', input.link, '', t('mail.signature')].join('\n');
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#0369a1;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('findings.reportReady.action'))}</a></p>
<p>${escapeHtml(t('mail.signature'))}</p>
</body></html>`;
  return {
    to: input.to,
    subject: t('findings.reportReady.subject', { turbine: input.turbine, year: input.year }),
    text,
    html,
  };
}
