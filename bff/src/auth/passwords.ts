import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@/common/app-error.js';

// The library's defaults are argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane); hashes carry them.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * The 10,000 most common passwords (common-passwords.txt beside this file, its source in its header), lowercased:
 * loaded once, on the first password that is set.
 */
let commonPasswords: Set<string> | undefined;
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The hash of a password a person chooses (a new user, a change, a reset): beyond the schemas' rules (at least 6
 * characters), none of the most common passwords, which the first guesses of any attacker try.
 */
export function hashNewPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON', { field: 'password' });
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the account does not exist keeps a wrong email as slow as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hash('kanat360-decoy-password');
  return decoyHash;
}
