import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type Mail, parseMail } from './mail-format.js';

/** The test port range this suite may listen on (other suites running at once take others). */
const PORTS = { from: 49000, to: 49099 };

/** A real SMTP server on 127.0.0.1 that keeps every mail it receives, decoded. */
export interface SmtpCapture {
  url: string;
  mails: Mail[];
  /** The mails to `email`, in the order received. */
  to(email: string): Mail[];
  close(): Promise<void>;
}

/** Starts an SMTP server (smtp-server) on a free port of the suite's range. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  const start = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from + 1));
  let port = 0;
  for (let tried = 0; tried <= PORTS.to - PORTS.from && port === 0; tried += 1) {
    const candidate = PORTS.from + ((start - PORTS.from + tried) % (PORTS.to - PORTS.from + 1));
    port = await new Promise<number>((resolve) => {
      // A port taken (by another suite, or as the local end of an outgoing connection: the range is within the
      // ephemeral ports) is tried past. smtp-server passes its net server's error on as its own, which unheard would
      // be an uncaught exception.
      const fail = () => resolve(0);
      server.once('error', fail);
      server.listen(candidate, '127.0.0.1', () => {
        server.off('error', fail);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  }
  if (port === 0) throw new Error(`no free port from ${PORTS.from} to ${PORTS.to}`);
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (email) => mails.filter((mail) => mail.to.includes(email)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
