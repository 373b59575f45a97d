import { type MediaItem } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { photosByIdQueryOptions } from '@/api/media';

/**
 * The media the URL names, read from the list the screen shows (and its place in it). A version saved or restored
 * a moment ago, or a link to a photo the list does not hold, is asked for by id — and followed while it is being
 * processed — until the list has it. `missing`: the server knows no such media (deleted, or another company's).
 */
export function useMediaRow(turbineId: number, rows: readonly MediaItem[], id: number | undefined) {
  const index = rows.findIndex((row) => row.id === id);
  const byId = useQuery(photosByIdQueryOptions(turbineId, index < 0 && id !== undefined ? [id] : []));
  const item = rows[index] ?? byId.data?.find((row) => row.id === id) ?? null;
  return { item, index, missing: index < 0 && byId.isSuccess && item === null };
}
