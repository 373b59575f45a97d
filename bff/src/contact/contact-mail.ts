import { type ContactBody } from '@kanat360/contracts';
import { DEFAULT_LANGUAGE, type Language, translator } from '@kanat360/i18n';
import { type MailMessage } from '@/mail/mail.transport.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * The mail the business inbox gets for a contact message. Always in Turkish, the team's language; it says which
 * language the visitor wrote from. Replying goes straight to the visitor when they left an email address.
 */
export function contactMail(input: {
  to: string;
  message: ContactBody;
  language: Language;
  sentAt: Date;
}): MailMessage {
  const t = translator(DEFAULT_LANGUAGE);
  const { message } = input;
  const notGiven = t('mail.contact.notGiven');
  const sentAt = new Intl.DateTimeFormat('tr-TR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Istanbul',
  }).format(input.sentAt);
  const fields: [string, string][] = [
    [t('mail.contact.name'), message.name],
    [t('mail.contact.email'), message.email ?? notGiven],
    [t('mail.contact.phone'), message.phone ?? notGiven],
    [t('mail.contact.subjectLabel'), message.subject],
    [t('mail.contact.language'), t(`mail.contact.languageName.${input.language}`)],
    [t('mail.contact.sentAt'), sentAt],
  ];
  const hint = message.email ? t('mail.contact.replyHint') : t('mail.contact.noReplyHint');
  const text = [
    t('mail.contact.intro'),
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t('mail.contact.message')}:`,
    message.message,
    '',
    hint,
  ].join('\n');
  const html = `<!doctype html><html lang="tr"><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(t('mail.contact.intro'))}</p>
<table style="border-collapse:collapse">${fields
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#475569">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<h3 style="margin:20px 0 8px">${escapeHtml(t('mail.contact.message'))}</h3>
<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(hint)}</p>
</body></html>`;
  return {
    to: input.to,
    subject: t('mail.contact.subject', { subject: message.subject }),
    text,
    html,
    ...(message.email ? { replyTo: message.email } : {}),
  };
}
