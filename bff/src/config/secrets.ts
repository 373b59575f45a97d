import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedSecrets {
  sessionSecret: string;
  postgresPassword: string;
}

/**
 * The embedded default's secrets: made once, kept in DATA_DIR/secrets.json (mode 600), so sessions and the
 * database password survive restarts. Outside the embedded default, secrets come from the environment.
 */
export function embeddedSecrets(dataDir: string): EmbeddedSecrets {
  const file = join(dataDir, 'secrets.json');
  const stored: Partial<EmbeddedSecrets> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<EmbeddedSecrets>)
    : {};
  const secrets: EmbeddedSecrets = {
    sessionSecret: stored.sessionSecret ?? randomBytes(48).toString('base64url'),
    postgresPassword: stored.postgresPassword ?? randomBytes(24).toString('base64url'),
  };
  if (stored.sessionSecret !== secrets.sessionSecret || stored.postgresPassword !== secrets.postgresPassword) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  return secrets;
}
