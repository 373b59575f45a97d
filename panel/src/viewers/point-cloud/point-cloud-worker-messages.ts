import { type PcdErrorCode } from './pcd';
import { type ColourSource } from './point-colours';

/** What the viewer asks its worker: fetch `url` and read it, keeping at most `budget` points. */
export interface LoadRequest {
  url: string;
  budget: number;
}

/** Why a load failed: a reason of the file, or the download itself. */
export type LoadErrorCode = PcdErrorCode | 'FETCH_FAILED';

export interface LoadedCloud {
  positions: Float32Array;
  colours: Uint8Array;
  source: ColourSource;
  min: [number, number, number];
  max: [number, number, number];
  pointsInFile: number;
  pointsShown: number;
  decimated: boolean;
}

export type WorkerMessage =
  | { type: 'progress'; phase: 'download' | 'parse'; loaded: number; total: number | null }
  | { type: 'loaded'; cloud: LoadedCloud }
  | { type: 'failed'; code: LoadErrorCode; detail: string };
