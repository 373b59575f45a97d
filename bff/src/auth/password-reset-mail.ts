import { type Language, translator } from '@kanat360/i18n';
import { escapeHtml } from '@/mail/mail-html.js';
import { type MailMessage } from '@/mail/mail.transport.js';

/** The password-reset mail in the user's language, as plain text and simple HTML. */
export function passwordResetMail(input: { to: string; name: string; link: string; language: Language }): MailMessage {
  const t = translator(input.language);
  const greeting = t('mail.passwordReset.greeting', { name: input.name });
  const paragraphs = [t('mail.passwordReset.body'), t('mail.passwordReset.ignore')];
  const text = [greeting, '', paragraphs[0], '', input.link, '', paragraphs[1], '', t('mail.signature')].join('\n');
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(paragraphs[0] ?? '')}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#0369a1;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('mail.passwordReset.action'))}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(input.link)}</p>
<p>${escapeHtml(paragraphs[1] ?? '')}</p>
<p>${escapeHtml(t('mail.signature'))}</p>
</body></html>`;
  return { to: input.to, subject: t('mail.passwordReset.subject'), text, html };
}
