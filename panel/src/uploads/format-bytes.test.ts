import { describe, expect, it } from 'vitest';
import { formatBytes, formatMegabytes } from './format-bytes';

describe('sizes for people', () => {
  it('picks the unit and writes the number the locale’s way', () => {
    expect(formatBytes(512, 'en-GB')).toBe('512 B');
    expect(formatBytes(4.2 * 1024 ** 2, 'en-GB')).toBe('4.2 MB');
    expect(formatBytes(4.2 * 1024 ** 2, 'tr-TR')).toBe('4,2 MB');
    expect(formatBytes(250 * 1024 ** 3, 'en-GB')).toBe('250 GB');
    expect(formatMegabytes(36_700_160, 'tr-TR')).toBe('35,00 MB');
  });
});
