// A small reader of the mails nodemailer writes (headers, RFC 2047 words, multipart, quoted-printable): the one
// decoder of the bff's tests and the browser tests (tests/e2e/site.ts reads the e2e server's outbox with it).

export interface Mail {
  to: string;
  subject: string;
  /** The Reply-To header, when the mail has one. */
  replyTo: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : normalized.slice(end + 2) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseMail(raw: string): Mail {
  const { headers, body } = splitHeaders(raw);
  const mail: Mail = {
    to: headers.get('to') ?? '',
    replyTo: headers.get('reply-to') ?? '',
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: '',
    html: '',
  };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .map((part) => splitHeaders(part.replace(/^\n/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
    const decoded = decodeBody(part.headers, part.body);
    if (type.startsWith('text/html')) mail.html += decoded;
    else if (type.startsWith('text/plain')) mail.text += decoded;
  }
  return mail;
}
