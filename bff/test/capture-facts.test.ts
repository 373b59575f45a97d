import { execFileSync } from 'node:child_process';
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
import { REAL_FILES, realFile } from './real-files.js';

/** What ffmpeg prints of a file's header (it exits with 1 without an output). */
function ffmpegHeader(name: string): string {
  try {
    execFileSync(ffmpeg.path, ['-hide_banner', '-nostdin', '-i', REAL_FILES + name], { stdio: 'pipe' });
  } catch (error) {
    return String((error as { stderr: Buffer }).stderr);
  }
  throw new Error('ffmpeg without an output exits with an error');
}

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

describe('capture facts of real videos (ffmpeg’s header)', () => {
  it('reads an Android mp4’s creation time, which MP4 keeps in UTC, and its ISO 6709 position', () => {
    expect(videoCaptureOf(ffmpegHeader('android-with-gps.mp4'))).toEqual({
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

  it('reads an iPhone’s local creation date with its offset, and its make and model', () => {
    expect(videoCaptureOf(ffmpegHeader('iphone-6-with-gps.mov'))).toEqual({
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

  it('reads nothing from a header without metadata, and no time from a container’s zero date', () => {
    expect(videoCaptureOf('').capturedAtLocal).toBeNull();
    const header = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':",
      '  Metadata:',
      '    major_brand     : isom',
      '    creation_time   : 1970-01-01T00:00:00.000000Z',
      '    comment         : first line',
      '                    : second line',
      '    make            : GoPro',
      '  Duration: 00:00:01.00, start: 0.000000, bitrate: 1 kb/s',
      '    Stream #0:0: Video: h264',
      '    Metadata:',
      '      creation_time   : 2020-01-01T00:00:00.000000Z',
    ].join('\n');
    expect(videoCaptureOf(header)).toMatchObject({ capturedAtLocal: null, capturedAt: null, cameraMake: 'GoPro' });
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
