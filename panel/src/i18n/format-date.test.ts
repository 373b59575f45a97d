import { describe, expect, it } from 'vitest';
import { formatCameraTime } from './format-date';

describe('formatCameraTime', () => {
  it('shows the camera’s clock as it read, in Turkish and English', () => {
    const options = { dateStyle: 'long', timeStyle: 'medium' } as const;
    expect(formatCameraTime('2015-09-08T11:02:17', 'en', options)).toBe('8 September 2015 at 11:02:17');
    expect(formatCameraTime('2015-09-08T11:02:17', 'tr', options)).toBe('8 Eylül 2015 11:02:17');
  });

  it('is empty for what is not a camera time', () => {
    expect(formatCameraTime('2015-09-08T11:02:17Z', 'en')).toBe('');
    expect(formatCameraTime('yesterday', 'tr')).toBe('');
  });
});
