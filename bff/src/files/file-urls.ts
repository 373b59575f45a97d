import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Config, CONFIG } from '@/config/config.provider.js';

/** Where signed file addresses point (FilesController). */
export const FILES_PATH = '/api/files';

/** What a file address names: a media row (its original and its derivatives) or a report. */
export type FileKind = 'media' | 'reports';

/** Signs the addresses of one answer; every address it makes lives at least an hour. */
export interface FileSigner {
  /** `/api/files/media/{id}/{expires}/{signature}`: the original; derivatives below it (`…/thumb.jpg`). */
  media(id: number): string;
  /** `/api/files/reports/{id}/{expires}/{signature}`: the PDF. */
  reports(id: number): string;
}

const HOUR = 3600;
/** 128 bits of HMAC-SHA256 are plenty for an address that lives two hours, and keep the URLs short. */
const SIGNATURE_BYTES = 16;
/** Signatures kept for the current hour (about 100 bytes each), so a list polled again signs nothing again. */
const REMEMBERED = 50_000;

/**
 * Media and report bytes are never public. After the access check of a list or lookup, the answer carries
 * addresses each signed for one object: `/api/files/{kind}/{id}/{expires}/{signature}`. An address reaches that
 * object only (a photo's, its derivatives too), never a neighbour of the same turbine. The signature sits in the
 * path, so OpenSeadragon's relative tile addresses (`…/tiles/image_files/12/3_4.jpeg` beside `…/tiles/image.dzi`)
 * inherit it. An address lives one to two hours and stays the same within a clock hour, so browsers can cache
 * what it names; it costs one HMAC (~5 µs) per row the first time in that hour, a map lookup after that.
 */
@Injectable()
export class FileUrls {
  private readonly signingKey: Buffer;
  private signed = { expires: 0, signatures: new Map<string, string>() };

  constructor(@Inject(CONFIG) config: Config) {
    this.signingKey = createHmac('sha256', config.sessionSecret).update('kanat360:file-urls:v2').digest();
  }

  /** A signer for addresses valid for at least an hour from `nowMs`. */
  signer(nowMs = Date.now()): FileSigner {
    const expires = (Math.floor(nowMs / 1000 / HOUR) + 2) * HOUR;
    const address = (kind: FileKind, id: number) =>
      `${FILES_PATH}/${kind}/${id}/${expires}/${this.remembered(kind, id, expires)}`;
    return { media: (id) => address('media', id), reports: (id) => address('reports', id) };
  }

  /** Whether an address's parts are genuine and unexpired for this one object. */
  verify(kind: FileKind, id: number, expires: number, signature: string, nowMs = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
    const given = Buffer.from(signature);
    const expected = Buffer.from(this.mac(kind, id, expires));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The signature of an address being issued: all of an answer's addresses share one expiry. */
  private remembered(kind: FileKind, id: number, expires: number): string {
    if (this.signed.expires !== expires || this.signed.signatures.size >= REMEMBERED) {
      this.signed = { expires, signatures: new Map() };
    }
    const name = `${kind}:${id}`;
    let signature = this.signed.signatures.get(name);
    if (signature === undefined) {
      signature = this.mac(kind, id, expires);
      this.signed.signatures.set(name, signature);
    }
    return signature;
  }

  private mac(kind: FileKind, id: number, expires: number): string {
    return createHmac('sha256', this.signingKey)
      .update(`${kind}:${id}:${expires}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  }
}
