import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './desktop-only';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('isMobileDevice', () => {
  it('lets a desktop browser wider than 768 px in', () => {
    expect(isMobileDevice({ width: 1280, userAgent: DESKTOP_CHROME })).toBe(false);
    expect(isMobileDevice({ width: 769, userAgent: DESKTOP_CHROME })).toBe(false);
    expect(isMobileDevice({ width: 1440, userAgent: MAC_SAFARI, maxTouchPoints: 0 })).toBe(false);
  });

  it('refuses a viewport of 768 px or less, whatever the browser', () => {
    expect(isMobileDevice({ width: 768, userAgent: DESKTOP_CHROME })).toBe(true);
    expect(isMobileDevice({ width: 500, userAgent: DESKTOP_CHROME })).toBe(true);
  });

  it.each([
    ['Android phone', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'],
    ['iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'],
    ['iPad (old UA)', 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'],
    ['iPod', 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15'],
    ['Android tablet', 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'],
    ['generic tablet', 'Mozilla/5.0 (Tablet; rv:68.0) Gecko/68.0 Firefox/68.0'],
    ['BlackBerry', 'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+'],
    ['Opera Mini', 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25'],
    ['IE Mobile', 'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch)'],
  ])('refuses a %s even on a wide viewport', (_name, userAgent) => {
    expect(isMobileDevice({ width: 1366, userAgent })).toBe(true);
  });

  it('treats a touch-screen "Macintosh" as the iPad it is', () => {
    expect(isMobileDevice({ width: 1024, userAgent: MAC_SAFARI, maxTouchPoints: 5 })).toBe(true);
  });
});
