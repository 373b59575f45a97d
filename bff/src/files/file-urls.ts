import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Config, CONFIG } from '../config/config.provider.js';

/** Where signed file addresses point (FilesController). */
export const FILES_PATH = '/api/files';

const HOUR = 3600;

/**
 * Media and report bytes are never public. After the access check of a list or lookup, the answer carries
 * addresses signed for that one turbine: `/api/files/{turbineId}/{expires}/{signature}/…`. The signature sits in the
 * path, so OpenSeadragon's relative tile addresses inherit it, and one HMAC covers a whole list (no per-row cost).
 * An address lives one to two hours and stays the same within a clock hour, so browsers can cache what it names.
 */
@Injectable()
export class FileUrls {
  private readonly signingKey: Buffer;

  constructor(@Inject(CONFIG) config: Config) {
    this.signingKey = createHmac('sha256', config.sessionSecret).update('kanat360:file-urls').digest();
  }

  /** The signed prefix for one turbine's files, valid for at least an hour from `nowMs`. */
  prefix(turbineId: number, nowMs = Date.now()): string {
    const expires = (Math.floor(nowMs / 1000 / HOUR) + 2) * HOUR;
    return `${FILES_PATH}/${turbineId}/${expires}/${this.mac(turbineId, expires)}`;
  }

  /** Whether a prefix's parts are genuine and unexpired. */
  verify(turbineId: number, expires: number, signature: string, nowMs = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
    const given = Buffer.from(signature);
    const expected = Buffer.from(this.mac(turbineId, expires));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(turbineId: number, expires: number): string {
    return createHmac('sha256', this.signingKey).update(`${turbineId}:${expires}`).digest('base64url');
  }
}
