import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { type CaptureFacts, videoCaptureOf } from './capture-facts.js';

/** A run of ffmpeg is killed after this long: a hostile or broken file must not hold a derivative worker. */
export const FFMPEG_TIMEOUT_MS = 60_000;
/** ffmpeg's stderr kept for parsing: the header it prints comes first. */
const STDERR_LIMIT = 64 * 1024;
/** Where the poster is taken: one second in, or a tenth of a shorter video. */
const POSTER_AT_S = 1;

export interface VideoFacts {
  durationS: number | null;
  /** A PNG of a frame near the start, as a player shows it (rotation applied). */
  poster: Buffer | null;
  /** Creation time, position and camera from the container's metadata. */
  capture: CaptureFacts;
}

/**
 * What ffmpeg can tell of a video: its length and capture facts (from the container header) and a poster frame. A
 * video it cannot read has none of them; that is not an error, the file still plays or downloads as it is.
 */
export async function videoFacts(path: string, posterPath: string, timeoutMs = FFMPEG_TIMEOUT_MS): Promise<VideoFacts> {
  // Without an output ffmpeg prints the input's header and exits with 1.
  const probe = await runFfmpeg(['-hide_banner', '-nostdin', '-i', path], timeoutMs);
  const durationS = parseDuration(probe.stderr);
  const at = durationS === null ? 0 : Math.min(POSTER_AT_S, durationS / 10);
  const grab = await runFfmpeg(
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-ss', at.toFixed(3), '-i', path].concat([
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-an',
      '-sn',
      '-f',
      'image2',
      '-c:v',
      'png',
      '-y',
      posterPath,
    ]),
    timeoutMs,
  );
  const poster = grab.code === 0 ? await readFile(posterPath).catch(() => null) : null;
  return { durationS, poster: poster && poster.length > 0 ? poster : null, capture: videoCaptureOf(probe.stderr) };
}

/** `Duration: 00:01:02.50` of ffmpeg's header, in seconds; null when it says `N/A` or nothing. */
export function parseDuration(header: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(header);
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
}

/** Runs the bundled ffmpeg; answers its exit code (null when it was killed) and the start of its stderr. */
function runFfmpeg(args: string[], timeoutMs: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.slice(0, STDERR_LIMIT - stderr.length);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const finish = (code: number | null) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    };
    child.on('error', () => finish(null));
    child.on('close', (code) => finish(code));
  });
}
