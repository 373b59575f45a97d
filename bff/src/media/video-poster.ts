import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import { type CaptureFacts, videoCaptureOf } from './capture-facts.js';
import { parseVideoProbe, probeDuration, type VideoProbe } from './video-probe.js';

/** A run of ffprobe or ffmpeg is killed after this long: a hostile or broken file must not hold a derivative worker. */
export const FFMPEG_TIMEOUT_MS = 60_000;
/** ffprobe's JSON kept: a video's streams and tags take a few KB; a longer answer is dropped, and tells nothing. */
const PROBE_OUTPUT_LIMIT = 1024 * 1024;
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
 * What can be told of a video: its length and capture facts (ffprobe's reading of the container) and a poster
 * frame (ffmpeg's). A video they cannot read has none of them; that is not an error, the file still plays or
 * downloads as it is.
 */
export async function videoFacts(path: string, posterPath: string, timeoutMs = FFMPEG_TIMEOUT_MS): Promise<VideoFacts> {
  const probe = await probeVideo(path, timeoutMs);
  const durationS = probeDuration(probe);
  const at = durationS === null ? 0 : Math.min(POSTER_AT_S, durationS / 10);
  const grab = await run(
    ffmpeg.path,
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
  return { durationS, poster: poster && poster.length > 0 ? poster : null, capture: videoCaptureOf(probe) };
}

/**
 * What ffprobe reads of a video's container and streams (a file, or an address it reads in ranges); nothing when it
 * cannot read it or is stopped. What it says of a failure stays with it: nobody is shown ffprobe's words.
 */
export async function probeVideo(input: string, timeoutMs = FFMPEG_TIMEOUT_MS): Promise<VideoProbe> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input];
  const { code, stdout } = await run(ffprobe.path, args, timeoutMs);
  return code === 0 ? parseVideoProbe(stdout) : {};
}

/** Runs a bundled binary; answers its exit code (null when it was killed) and its stdout, up to a limit. */
function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    let overLimit = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      // Read on to the end all the same: a writer whose pipe is full waits.
      if (stdout.length + chunk.length > PROBE_OUTPUT_LIMIT) overLimit = true;
      else if (!overLimit) stdout += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const finish = (code: number | null) => {
      clearTimeout(timer);
      resolve({ code, stdout: overLimit ? '' : stdout });
    };
    child.on('error', () => finish(null));
    child.on('close', (code) => finish(code));
  });
}
