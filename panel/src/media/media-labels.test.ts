import { describe, expect, it } from 'vitest';
import { formatDuration, mediaKindLabel } from './media-labels';

const t = (key: string) => ({ 'panel.media.kind.video': 'Video', 'panel.media.kind.panorama': '360°' })[key] ?? key;

describe('media kind labels', () => {
  it('write a video length as players do', () => {
    expect(formatDuration(7.4)).toBe('0:07');
    expect(formatDuration(750)).toBe('12:30');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
  it('name a video with its length once it is known, a panorama as such, a flat photo not at all', () => {
    expect(mediaKindLabel({ kind: 'video', is_panorama: false, duration_s: 65 }, t as never)).toBe('Video · 1:05');
    expect(mediaKindLabel({ kind: 'video', is_panorama: false, duration_s: null }, t as never)).toBe('Video');
    expect(mediaKindLabel({ kind: 'photo', is_panorama: true }, t as never)).toBe('360°');
    expect(mediaKindLabel({ kind: 'photo', is_panorama: false }, t as never)).toBeNull();
  });
});
