import { hash, verify } from '@node-rs/argon2';

// The library's defaults are argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane); hashes carry them.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
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
