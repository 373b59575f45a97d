import { type UploadTarget } from '@kanat360/contracts';

/**
 * Storage keys are made here, never from a client's name (that is metadata only). The folder mirrors where the
 * file belongs, so a key alone tells blade photos (`blade-A/room-3/`) from category ones (`category-drone/`), as
 * the seed client's blade detection expects.
 */
export function mediaKey(turbineId: number, target: UploadTarget, assetId: string, ext: string): string {
  const folder =
    target.category === 'blade' ? `blade-${target.blade ?? 'A'}/room-${target.room}` : `category-${target.category}`;
  return `turbines/${turbineId}/${folder}/${target.year}/${assetId}.${ext}`;
}

/** The folder of one asset's thumbnail, preview and deep-zoom tiles. */
export function derivativesPrefix(turbineId: number, assetId: string): string {
  return `turbines/${turbineId}/derivatives/${assetId}/`;
}

export function reportKey(turbineId: number, year: number, assetId: string): string {
  return `turbines/${turbineId}/reports/${year}/${assetId}.pdf`;
}

/** The extension of a server-made key (the part after the last dot). */
export function keyExtension(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}
