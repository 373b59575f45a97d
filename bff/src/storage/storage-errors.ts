/**
 * Why a storage call said no, the same for both drivers (the S3 driver maps the store's answers to these codes).
 *
 * - InvalidKey: a key or prefix the drivers refuse (see object-keys.ts); a bug of the caller, never user input.
 * - NoSuchKey: localCopy of a missing object (get/head/readStart answer null instead).
 * - InvalidRange: the range starts at or beyond the end; `size` is the object's size (for the 416 answer's Content-Range).
 * - NoSuchUpload: the multipart upload is unknown, completed or aborted.
 * - InvalidPart: a part is missing or its ETag is not the one given. InvalidPartOrder: part numbers not ascending.
 * - EntityTooSmall: a part other than the last is below MIN_PART_BYTES. EntityTooLarge: a body above its limit.
 * - IncompleteBody: a body that ended before the size it was granted. PreconditionFailed: a write once address
 *   whose object exists already.
 * - Unavailable: the store failed (answered 5xx after the client's retries, or could not be reached); worth trying
 *   again later, unlike the others.
 */
export type StorageErrorCode =
  | 'InvalidKey'
  | 'NoSuchKey'
  | 'InvalidRange'
  | 'NoSuchUpload'
  | 'InvalidPart'
  | 'InvalidPartOrder'
  | 'EntityTooSmall'
  | 'EntityTooLarge'
  | 'IncompleteBody'
  | 'PreconditionFailed'
  | 'Unavailable';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    readonly size?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export function isStorageError(error: unknown, code: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && error.code === code;
}
