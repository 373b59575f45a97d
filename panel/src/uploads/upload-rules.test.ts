import { LIMITS } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { groupSkipped, screenFiles, screenReports, usesDirectUpload } from './upload-rules';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('files screened before a byte is sent (spec §5)', () => {
  it('skips bad names, types the picker does not take, empty files and names already taken', () => {
    const { accepted, skipped } = screenFiles(
      [
        file('IMG_0001.jpg'),
        file('IMG 0002.jpg'),
        file('şekil.jpg'),
        file('scan.pcd'),
        file('notes.pdf'),
        file('flight.mp4', 10, 'video/mp4'),
        file('empty.jpg', 0),
        file('img_0003.JPG'),
        file('IMG_0001.jpg'),
      ],
      'blade',
      ['IMG_0003.jpg'],
    );
    expect(accepted.map((choice) => choice.name)).toEqual(['IMG_0001.jpg', 'scan.pcd']);
    expect(skipped).toEqual([
      { name: 'IMG 0002.jpg', code: 'FILE_NAME_INVALID' },
      { name: 'şekil.jpg', code: 'FILE_NAME_INVALID' },
      { name: 'notes.pdf', code: 'FILE_TYPE_UNKNOWN' },
      { name: 'flight.mp4', code: 'FILE_TYPE_UNKNOWN' },
      { name: 'empty.jpg', code: 'FILE_EMPTY' },
      { name: 'img_0003.JPG', code: 'DUPLICATE_FILE_NAME' },
      { name: 'IMG_0001.jpg', code: 'DUPLICATE_FILE_NAME' },
    ]);
  });

  it('takes videos in the category sections, up to 50 GB', () => {
    const { accepted, skipped } = screenFiles(
      [file('flight.MP4'), file('huge.mov', LIMITS.videoMaxBytes + 1), file('scan.pcd')],
      'category',
    );
    expect(accepted.map((choice) => choice.name)).toEqual(['flight.MP4']);
    expect(skipped).toEqual([
      { name: 'huge.mov', code: 'VIDEO_TOO_LARGE' },
      { name: 'scan.pcd', code: 'FILE_TYPE_UNKNOWN' },
    ]);
  });

  it('groups skipped files by reason, one message each', () => {
    expect(
      groupSkipped([
        { name: 'a b.jpg', code: 'FILE_NAME_INVALID' },
        { name: 'x.jpg', code: 'DUPLICATE_FILE_NAME' },
        { name: 'c d.jpg', code: 'FILE_NAME_INVALID' },
      ]),
    ).toEqual([
      { code: 'FILE_NAME_INVALID', names: ['a b.jpg', 'c d.jpg'] },
      { code: 'DUPLICATE_FILE_NAME', names: ['x.jpg'] },
    ]);
  });
});

describe('the path a file takes (spec §7)', () => {
  it('goes direct at 4 MB and above and for every video, multipart below', () => {
    const threshold = LIMITS.directUploadThresholdBytes;
    expect(usesDirectUpload(file('a.jpg', threshold - 1))).toBe(false);
    expect(usesDirectUpload(file('a.jpg', threshold))).toBe(true);
    expect(usesDirectUpload(file('clip.mp4', 10))).toBe(true);
    expect(usesDirectUpload(file('scan.pcd', 10))).toBe(false);
  });
});

describe('reports screened before sending (spec §5)', () => {
  it('takes PDFs with valid names only', () => {
    const { accepted, skipped } = screenReports([
      file('rapor_2026.pdf', 100, 'application/pdf'),
      file('photo.jpg', 100, 'image/jpeg'),
      file('fake.pdf', 100, 'text/plain'),
      file('yıllık rapor.pdf', 100, 'application/pdf'),
      file('unknown-type.PDF', 100, ''),
    ]);
    expect(accepted.map((choice) => choice.name)).toEqual(['rapor_2026.pdf', 'unknown-type.PDF']);
    expect(skipped).toEqual([
      { name: 'photo.jpg', code: 'REPORT_NOT_PDF' },
      { name: 'fake.pdf', code: 'REPORT_NOT_PDF' },
      { name: 'yıllık rapor.pdf', code: 'REPORT_NAME_INVALID' },
    ]);
  });
});
