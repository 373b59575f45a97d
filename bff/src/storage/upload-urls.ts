import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MAX_PART_NUMBER, MAX_PUT_BYTES } from './object-keys.js';
import { type UploadGrant } from './object-storage.js';

/** Where the local driver's upload URLs point (StorageController); relative, so the browser PUTs to the same host. */
export const UPLOAD_URL_PATH = '/api/storage/uploads/';

// Short field names keep the URL short: the token travels in the path.
const payload = z.strictObject({
  k: z.string().min(1),
  u: z.string().min(1).optional(),
  p: z.number().int().min(1).max(MAX_PART_NUMBER).optional(),
  e: z.number().int(),
  s: z.number().int().min(0).max(MAX_PUT_BYTES),
});

/**
 * The local driver's stand-in for S3's presigned URLs: `base64url(JSON grant).base64url(HMAC-SHA256)`, signed with
 * a key derived from the session secret for this purpose only, so the token can be the only authorization of the
 * upload route. A grant names one key (or one part) and its exact size; that a whole object is written only once
 * is the receiver's rule, and that its upload is still live the upload ledger's.
 */
export class UploadUrls {
  private readonly signingKey: Buffer;

  constructor(sessionSecret: string) {
    this.signingKey = createHmac('sha256', sessionSecret).update('kanat360:upload-urls').digest();
  }

  url(grant: UploadGrant): string {
    return UPLOAD_URL_PATH + this.sign(grant);
  }

  sign(grant: UploadGrant): string {
    const body = Buffer.from(
      JSON.stringify({ k: grant.key, u: grant.uploadId, p: grant.partNumber, e: grant.expiresAt, s: grant.size }),
    ).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The grant of a genuine, unexpired token; null for anything else. */
  verify(token: string, nowMs = Date.now()): UploadGrant | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    // Compared as text: base64url decoding is lenient, and only the one canonical spelling is accepted.
    const given = Buffer.from(signature);
    const expected = Buffer.from(this.mac(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = payload.safeParse(decoded);
    if (!parsed.success || parsed.data.e * 1000 <= nowMs) return null;
    // A part grant names both the upload and the part; half of it is no grant.
    if ((parsed.data.u === undefined) !== (parsed.data.p === undefined)) return null;
    const { k, u, p, e, s } = parsed.data;
    return { key: k, uploadId: u, partNumber: p, expiresAt: e, size: s };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.signingKey).update(body).digest('base64url');
  }
}
