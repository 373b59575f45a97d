import { z } from 'zod';

/** A text field of ffprobe's JSON; missing, or of another shape, it is not there. */
const text = z.string().optional().catch(undefined);
/** Tags as the file names them (`creation_time`, `com.apple.quicktime.creationdate`, `location`, …). */
const tags = z.record(z.string(), text).optional().catch(undefined);

/**
 * What is read of `ffprobe -v error -print_format json -show_format -show_streams`: the container's length and tags,
 * and each stream's type and tags. Any field may be missing (ffprobe leaves out what it does not know; a broken file
 * gives less) and one of another shape counts as missing, so a probe always parses, to nothing at worst.
 */
const videoProbeSchema = z
  .object({
    format: z.object({ duration: text, tags }).optional().catch(undefined),
    streams: z
      .array(z.object({ codec_type: text, tags }).catch({}))
      .optional()
      .catch(undefined),
  })
  .catch({});

export type VideoProbe = z.output<typeof videoProbeSchema>;

/** ffprobe's JSON of a video; what is not JSON (nothing printed, a run cut short) tells nothing. */
export function parseVideoProbe(json: string): VideoProbe {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  return videoProbeSchema.parse(value);
}

/** The container's length in seconds, to the millisecond; null when ffprobe does not know it. */
export function probeDuration(probe: VideoProbe): number | null {
  const seconds = Number(probe.format?.duration ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
}

/**
 * A tag of the container or, when the container has none of that name, of its streams, the video stream first: a
 * writer may date its tracks and leave the movie header's time at zero, which ffprobe then leaves out.
 */
export function probeTag(probe: VideoProbe, name: string): string | undefined {
  const streams = [...(probe.streams ?? [])].sort(
    (a, b) => Number(b.codec_type === 'video') - Number(a.codec_type === 'video'),
  );
  for (const tagged of [probe.format, ...streams]) {
    const value = tagged?.tags?.[name];
    if (value !== undefined) return value;
  }
  return undefined;
}
