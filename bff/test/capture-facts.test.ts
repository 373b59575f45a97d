import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { describe, expect, it } from 'vitest';
import {
  exifLocalTime,
  offsetFromGpsClock,
  photoCaptureOf,
  readPhotoCapture,
  utcOffset,
  videoCaptureOf,
} from '@/media/capture-facts.js';
import { probeVideo } from '@/media/video-poster.js';
import { parseVideoProbe, probeDuration } from '@/media/video-probe.js';
import { REAL_FILES, realFile } from './real-files.js';

describe('capture facts of real cameras’ photos', () => {
  it('keeps the local time of a camera that writes no offset, with no instant (Olympus, DJI)', async () => {
    expect(await readPhotoCapture(REAL_FILES + 'olympus-u1020-damaged-end.jpg')).toEqual({
      capturedAtLocal: '2015-09-08T11:02:17',
      capturedOffset: null,
      capturedAt: null,
      gpsLat: null,
      gpsLng: null,
      cameraMake: 'OLYMPUS IMAGING CORP.',
      cameraModel: 'u1020,S1020',
      lensModel: null,
      focalLengthMm: 6.6,
    });
    expect(await readPhotoCapture(REAL_FILES + 'dji-fc300x.jpg')).toEqual({
      capturedAtLocal: '2015-10-16T12:59:44',
      capturedOffset: null,
      capturedAt: null,
      gpsLat: expect.closeTo(41.549643, 5) as number,
      gpsLng: expect.closeTo(-83.698908, 5) as number,
      cameraMake: 'DJI',
      cameraModel: 'FC300X',
      lensModel: null,
      focalLengthMm: 3.61,
    });
  });

  it('takes the offset from OffsetTimeOriginal, with the lens (Pixel 8 Pro)', async () => {
    expect(await readPhotoCapture(realFile('google-pixel-8-pro.jpg'))).toMatchObject({
      capturedAtLocal: '2023-10-06T22:53:51',
      capturedOffset: '+02:00',
      capturedAt: new Date('2023-10-06T20:53:51Z'),
      cameraMake: 'Google',
      cameraModel: 'Pixel 8 Pro',
      lensModel: 'Pixel 8 Pro back camera 6.9mm f/1.68',
      focalLengthMm: 6.9,
    });
  });

  it('takes the offset from the GPS clock when no offset tag is there (Sony DSC-HX5V)', async () => {
    // Local 17:12:05, GPS (UTC) 15:12:07 the same day: UTC+02:00, summer time where it was taken.
    expect(await readPhotoCapture(REAL_FILES + 'sony-dsc-hx5v-gps.jpg')).toMatchObject({
      capturedAtLocal: '2010-05-15T17:12:05',
      capturedOffset: '+02:00',
      capturedAt: new Date('2010-05-15T15:12:05Z'),
      gpsLat: expect.closeTo(51.778615, 5) as number,
      gpsLng: expect.closeTo(8.365638, 5) as number,
      cameraMake: 'SONY',
      cameraModel: 'DSC-HX5V',
    });
  });

  it('reads no position from a phone that wrote 0/0 without a fix, and nothing from a photo without EXIF', async () => {
    expect(await readPhotoCapture(REAL_FILES + 'samsung-gt-i9000-orientation-6.jpg')).toMatchObject({
      capturedAtLocal: '2011-04-02T18:30:10',
      gpsLat: null,
      gpsLng: null,
      cameraMake: 'SAMSUNG',
      cameraModel: 'GT-I9000',
    });
    expect(await readPhotoCapture(REAL_FILES + 'pannellum-equirectangular.jpg')).toMatchObject({
      capturedAtLocal: null,
      cameraMake: null,
    });
  });
});

describe('capture facts of real videos (ffprobe’s JSON)', () => {
  it('reads an Android mp4’s creation time, which MP4 keeps in UTC, and its ISO 6709 position', async () => {
    expect(videoCaptureOf(await probeVideo(REAL_FILES + 'android-with-gps.mp4'))).toEqual({
      capturedAtLocal: '2017-02-22T08:20:28',
      capturedOffset: '+00:00',
      capturedAt: new Date('2017-02-22T08:20:28Z'),
      gpsLat: 51.4169,
      gpsLng: -0.0806,
      cameraMake: null,
      cameraModel: null,
      lensModel: null,
      focalLengthMm: null,
    });
  });

  it('reads an iPhone’s local creation date with its offset, and its make and model', async () => {
    expect(videoCaptureOf(await probeVideo(REAL_FILES + 'iphone-6-with-gps.mov'))).toEqual({
      capturedAtLocal: '2019-07-24T11:25:40',
      capturedOffset: '+03:00',
      capturedAt: new Date('2019-07-24T08:25:40Z'),
      gpsLat: 32.0929,
      gpsLng: 34.862,
      cameraMake: 'Apple',
      cameraModel: 'iPhone 6',
      lensModel: null,
      focalLengthMm: null,
    });
  });

  it('reads nothing from a probe without metadata, and no time from a container’s zero date', () => {
    expect(videoCaptureOf(parseVideoProbe('')).capturedAtLocal).toBeNull();
    const probe = parseVideoProbe(
      JSON.stringify({
        format: {
          duration: '1.000000',
          tags: {
            major_brand: 'isom',
            creation_time: '1970-01-01T00:00:00.000000Z',
            comment: 'first line\nsecond line',
            make: 'GoPro',
          },
        },
        streams: [{ codec_type: 'video', tags: { creation_time: '2020-01-01T00:00:00.000000Z' } }],
      }),
    );
    expect(videoCaptureOf(probe)).toMatchObject({ capturedAtLocal: null, capturedAt: null, cameraMake: 'GoPro' });
  });

  it('takes the creation time of the video track when the movie header has none (stream tags only)', async () => {
    // The bundled ffmpeg dates the movie header and each track; the movie header's time is then zeroed, as some
    // writers leave it. ffprobe leaves a zero time out, so only the track's `creation_time` is there, which the
    // container block of `ffmpeg -i`'s text never showed.
    const work = mkdtempSync(join(tmpdir(), 'kanat360-video-time-'));
    try {
      const mp4 = join(work, 'clip.mp4');
      execFileSync(ffmpeg.path, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x36:rate=10'],
        ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-metadata', 'creation_time=2021-05-04T03:02:01Z', mp4],
      ]);
      const bytes = readFileSync(mp4);
      const mvhd = bytes.indexOf('mvhd');
      expect(bytes[mvhd + 4]).toBe(0); // version 0: a 32-bit creation time after version and flags
      bytes.writeUInt32BE(0, mvhd + 8);
      writeFileSync(mp4, bytes);
      const probe = await probeVideo(mp4);
      expect(probe.format?.tags?.creation_time).toBeUndefined();
      expect(probeDuration(probe)).toBe(1);
      expect(videoCaptureOf(probe)).toMatchObject({
        capturedAtLocal: '2021-05-04T03:02:01',
        capturedOffset: '+00:00',
        capturedAt: new Date('2021-05-04T03:02:01Z'),
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('reads what it can of a probe of another shape, and nothing of output that is not JSON', async () => {
    const odd = parseVideoProbe(
      JSON.stringify({
        format: { duration: 12, tags: { creation_time: 7, make: 'DJI' } },
        streams: 'none',
      }),
    );
    expect(odd).toEqual({ format: { duration: undefined, tags: { creation_time: undefined, make: 'DJI' } } });
    expect(probeDuration(odd)).toBeNull();
    expect(videoCaptureOf(odd)).toMatchObject({ capturedAtLocal: null, cameraMake: 'DJI' });
    expect(parseVideoProbe('{"format": {"dura')).toEqual({});
    expect(parseVideoProbe('[1, 2]')).toEqual({});
    // A file ffprobe cannot open: nothing, and its words stay with it.
    expect(await probeVideo(REAL_FILES + 'no-such-video.mp4')).toEqual({});
  });
});

describe('EXIF times and offsets', () => {
  it('reads EXIF’s date and time, and refuses blanks, zeros and days that do not exist', () => {
    expect(exifLocalTime('2024:06:12 10:30:00')).toBe('2024-06-12T10:30:00');
    expect(exifLocalTime('2024-06-12T10:30:00+03:00')).toBe('2024-06-12T10:30:00');
    for (const bad of ['0000:00:00 00:00:00', ':  :     :  :', '2023:02:29 10:00:00', '2024:06:12 24:00:00', 7, '']) {
      expect(exifLocalTime(bad), String(bad)).toBeNull();
    }
  });

  it('takes offsets clocks use, in quarter hours', () => {
    expect(['+03:00', '-0330', '+05:45', 'Z', '+14:00', '-12:00'].map(utcOffset)).toEqual([
      '+03:00',
      '-03:30',
      '+05:45',
      '+00:00',
      '+14:00',
      '-12:00',
    ]);
    expect(['+03:10', '+15:00', '-13:00', '3', null].map(utcOffset)).toEqual([null, null, null, null, null]);
  });

  it('takes an offset from the GPS clock only when the two clocks tell the same moment', () => {
    expect(offsetFromGpsClock('2024-06-12T13:31:10', '2024:06:12', [10, 30, 0])).toBe('+03:00');
    // Across midnight, west of Greenwich.
    expect(offsetFromGpsClock('2024-06-11T21:00:00', '2024:06:12', [1, 0, 0])).toBe('-04:00');
    // Seven minutes off a quarter hour: a stale fix, not a clock's offset.
    expect(offsetFromGpsClock('2024-06-12T13:37:00', '2024:06:12', [10, 30, 0])).toBeNull();
    // A GPS date a day ahead of the camera's (some cameras write it so): −22 h is no offset.
    expect(offsetFromGpsClock('2008-10-22T16:28:39', '2008:10:23', [14, 27, 7.24])).toBeNull();
    expect(offsetFromGpsClock('2024-06-12T13:31:10', undefined, [10, 30, 0])).toBeNull();
    expect(offsetFromGpsClock('2024-06-12T13:31:10', '2014:09:259', [10, 30, 0])).toBeNull();
  });

  it('prefers the offset tags to the GPS clock and cleans what cameras pad their text with', () => {
    const facts = photoCaptureOf({
      DateTimeOriginal: '2024:06:12 13:30:00',
      OffsetTimeOriginal: '+03:00',
      GPSDateStamp: '2024:06:12',
      GPSTimeStamp: [8, 30, 0],
      Make: 'WWL \u0000F',
      Model: '  ION230  ',
      FocalLength: 0,
    });
    expect(facts).toMatchObject({
      capturedOffset: '+03:00',
      capturedAt: new Date('2024-06-12T10:30:00Z'),
      cameraMake: 'WWL',
      cameraModel: 'ION230',
      focalLengthMm: null,
    });
  });
});
