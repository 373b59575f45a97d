import { describe, expect, it } from 'vitest';
import { telHref } from './contact-links';

describe('telHref', () => {
  it('keeps only the digits and a leading plus', () => {
    expect(telHref('+90 312 555 01 01')).toBe('tel:+903125550101');
    expect(telHref(' (0232) 555-02.02 ')).toBe('tel:02325550202');
  });
});
