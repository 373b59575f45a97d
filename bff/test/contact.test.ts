import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@kanat360/i18n';
import { unique } from './factories.js';
import { call, malformed, type Malformed, type RequestBody, uniqueIp } from './http.js';
import { countOf, eventually } from './eventually.js';
import { type Mail, mailQueueDrained, outbox } from './mail-reader.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

type ContactMessage = RequestBody<'post', '/contact'>;

interface Row {
  name: string;
  email: string | null;
  phone: string | null;
  subject: string;
  message: string;
  language: string;
  ip: string;
}

const INBOX = 'inbox@kanat360.example.test';

describe('POST /api/contact', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Query time-out 3 s: nine messages at once queue on one address's lock, each inside the time-out, on a busy
    // machine too.
    app = await startTestApp({ CONTACT_INBOX: INBOX, DB_QUERY_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (
    body: ContactMessage | Malformed | undefined,
    options: { ip?: string; headers?: Record<string, string>; raw?: string } = {},
  ) => call(app, 'POST', '/api/contact', { body, ...options });
  const rowsAbout = (subject: string) =>
    app.dataSource.query<Row[]>(
      `SELECT name, email, phone, subject, message, language, ip FROM contact_messages WHERE subject = $1`,
      [subject],
    );
  const mailsAbout = (subject: string) => outbox(app).filter((mail) => mail.subject.includes(subject));
  /** Mail goes through a job: waits (up to ~15 s) for the mail about `subject`. */
  const mailAbout = (subject: string): Promise<Mail> =>
    eventually(() => mailsAbout(subject)[0], `a mail about ${subject}`, { timeoutMs: 15_000 });
  const message = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
    name: 'Ayşe Yılmaz',
    email: 'Ayse.Yilmaz@Example.com',
    phone: '+90 532 000 00 00',
    subject: `Teklif ${unique()}`,
    message: 'Merhaba,\n40 türbinlik sahamız için denetim teklifi rica ediyoruz.',
    ...overrides,
  });

  it('stores the message and mails it to the inbox, with replies going to the visitor', async () => {
    const body = message();
    const ip = uniqueIp();
    const reply = await send(body, { ip });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ success: true, data: null, message: inTurkish('api.contactSent') });

    expect(await rowsAbout(body.subject)).toEqual([
      {
        name: 'Ayşe Yılmaz',
        email: 'ayse.yilmaz@example.com',
        phone: '+90 532 000 00 00',
        subject: body.subject,
        message: body.message,
        language: 'tr',
        ip,
      },
    ]);

    const mail = await mailAbout(body.subject);
    expect(mail.to).toBe(INBOX);
    expect(mail.replyTo).toBe('ayse.yilmaz@example.com');
    expect(mail.subject).toBe(`Web sitesinden yeni mesaj: ${body.subject}`);
    expect(mail.text).toContain('Ad Soyad: Ayşe Yılmaz');
    expect(mail.text).toContain('Telefon: +90 532 000 00 00');
    expect(mail.text).toContain('Sayfa dili: Türkçe');
    expect(mail.text).toContain('40 türbinlik sahamız için denetim teklifi rica ediyoruz.');
    expect(mail.html).toContain('Ayşe Yılmaz');
  });

  it('answers in English and records the language for a message from the English site', async () => {
    const body = message({ email: '', phone: null });
    const reply = await send(body, { headers: { 'X-Lang': 'en' } });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe('Your message has been sent successfully');
    const [row] = await rowsAbout(body.subject);
    expect(row).toMatchObject({ email: null, phone: null, language: 'en' });

    // Still a Turkish mail for the team, saying the visitor wrote in English and left no address to reply to.
    const mail = await mailAbout(body.subject);
    expect(mail.replyTo).toBe('');
    expect(mail.text).toContain('Sayfa dili: İngilizce');
    expect(mail.text).toContain('E-posta: belirtilmedi');
    expect(mail.text).toContain('Ziyaretçi e-posta adresi bırakmadı');
  });

  it('takes name, subject and message as the only required fields', async () => {
    const body = { name: 'Can', subject: `Soru ${unique()}`, message: 'Fiyat listesi?' };
    expect((await send(body)).status).toBe(201);
    expect(await rowsAbout(body.subject)).toHaveLength(1);
  });

  it('escapes what the visitor typed in the HTML mail', async () => {
    const body = message({ name: '<script>alert(1)</script>', message: '<img src=x onerror=alert(1)>' });
    expect((await send(body)).status).toBe(201);
    const mail = await mailAbout(body.subject);
    expect(mail.html).not.toContain('<script>alert(1)</script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses bad input with 400 and a code, and neither stores nor mails anything', async () => {
    const marker = `Geçersiz ${unique()}`;
    const cases: [unknown, string, string | undefined][] = [
      [message({ subject: marker, name: undefined }), 'NAME_REQUIRED', 'name'],
      [message({ subject: marker, name: '   ' }), 'NAME_REQUIRED', 'name'],
      [message({ subject: '' }), 'SUBJECT_REQUIRED', 'subject'],
      [message({ subject: undefined }), 'SUBJECT_REQUIRED', 'subject'],
      [message({ subject: marker, message: '' }), 'MESSAGE_REQUIRED', 'message'],
      [message({ subject: marker, message: undefined }), 'MESSAGE_REQUIRED', 'message'],
      [message({ subject: marker, email: 'not-an-email' }), 'EMAIL_INVALID', 'email'],
      [message({ subject: marker, phone: 'call me maybe' }), 'PHONE_INVALID', 'phone'],
      [message({ subject: marker, message: 'x'.repeat(5001) }), 'VALUE_TOO_LONG', 'message'],
      [message({ subject: marker, name: 'x'.repeat(121) }), 'VALUE_TOO_LONG', 'name'],
      [{ ...message({ subject: marker }), name: 42 }, 'VALIDATION_ERROR', 'name'],
      [message({ subject: marker, message: 'a\u0000b' }), 'VALIDATION_ERROR', 'message'],
      // A lone UTF-16 surrogate (JSON's \ud800): no text column or job can keep it.
      [message({ subject: marker, name: 'Probe \ud800' }), 'TEXT_MALFORMED', 'name'],
      [message({ subject: marker, message: 'ok \udfff' }), 'TEXT_MALFORMED', 'message'],
      [message({ subject: marker, phone: '\ud83d' }), 'TEXT_MALFORMED', 'phone'],
      [{ ...message({ subject: marker }), company: 'x' }, 'UNKNOWN_FIELD', 'company'],
    ];
    for (const [body, code, field] of cases) {
      const reply = await send(malformed(body));
      expect(reply.status, code).toBe(400);
      expect(reply.body, code).toMatchObject({ success: false, code, field });
    }
    const invalidJson = await send(undefined, { raw: '{"name": ' });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body.code).toBe('INVALID_JSON');

    const english = await send(malformed(message({ subject: marker, name: '' })), { headers: { 'X-Lang': 'en' } });
    expect(english.body.message).toBe('Name is required');
    const turkish = await send(malformed(message({ subject: marker, message: ' ' })));
    expect(turkish.body.message).toBe('Mesaj gereklidir');

    expect(await rowsAbout(marker)).toEqual([]);
    const stored = `SELECT count(*)::int AS count FROM contact_messages WHERE subject = '' OR message LIKE 'xxxxxxxxxx%'`;
    expect(await countOf(app.dataSource, stored)).toBe(0);
    await mailQueueDrained(app);
    expect(mailsAbout(marker)).toEqual([]);
  });

  it('takes five messages from one address in 15 minutes, then answers 429 until the oldest leaves the window', async () => {
    const ip = uniqueIp();
    const subjects = Array.from({ length: 5 }, () => `Sınır ${unique()}`);
    for (const subject of subjects) expect((await send(message({ subject }), { ip })).status).toBe(201);

    const refused = message({ subject: `Fazla ${unique()}` });
    const reply = await send(refused, { ip });
    expect(reply.status).toBe(429);
    expect(reply.body).toMatchObject({
      success: false,
      code: 'TOO_MANY_MESSAGES',
      message: 'Kısa sürede çok fazla mesaj gönderildi. Lütfen 15 dakika sonra tekrar deneyin.',
    });
    const retryAfter = Number(reply.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await rowsAbout(refused.subject)).toEqual([]);

    // Another address is not affected.
    expect((await send(message(), { ip: uniqueIp() })).status).toBe(201);

    // Once the oldest message is older than the window, one more is accepted.
    await app.dataSource.query(
      `UPDATE contact_messages SET created_at = created_at - interval '16 minutes' WHERE subject = $1`,
      [subjects[0]],
    );
    expect((await send(message(), { ip })).status).toBe(201);
    expect((await send(message(), { ip })).status).toBe(429);

    await mailQueueDrained(app);
    expect(mailsAbout(refused.subject)).toEqual([]);
  });

  it('stores a message only with its mail job: a failure writing the job stores nothing, and the retry stores one', async () => {
    const body = message();
    const ip = uniqueIp();
    // The job table held by another transaction: writing the mail job stalls until the query time-out.
    const blocker = app.dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
    let failed;
    try {
      failed = await send(body, { ip });
    } finally {
      await blocker.rollbackTransaction();
      await blocker.release();
    }
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    expect(await rowsAbout(body.subject)).toEqual([]);

    const retried = await send(body, { ip });
    expect(retried.status).toBe(201);
    expect(await rowsAbout(body.subject)).toHaveLength(1);
    await mailAbout(body.subject);
    await mailQueueDrained(app);
    expect(mailsAbout(body.subject)).toHaveLength(1);
  });

  it('keeps the limit when one address sends many messages at once', async () => {
    const ip = uniqueIp();
    const marker = `Paralel ${unique()}`;
    const replies = await Promise.all(
      Array.from({ length: 9 }, (_, index) => send(message({ subject: `${marker} ${index}` }), { ip })),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429]);
    const rows: unknown[] = await app.dataSource.query(`SELECT 1 FROM contact_messages WHERE ip = $1`, [ip]);
    expect(rows).toHaveLength(5);
  });
});
