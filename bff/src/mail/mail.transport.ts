import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { type Config } from '@/config/config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go, when not to the sender (the contact form: to the visitor). */
  replyTo?: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise every mail is written to DATA_DIR/outbox as an .eml file. */
export function createMailTransport(config: Config): MailTransport {
  const { smtpUrl, from, outboxDir } = config.mail;
  if (smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await smtp.sendMail({ from, ...message });
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await stream.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(join(outboxDir, name), info.message as Buffer);
    },
  };
}
