import { describe, expect, it } from 'vitest';
import { faqMatches } from './faq-match';

const entry = {
  question: 'Hangi dosya formatları destekleniyor?',
  answer: 'JPG, PNG ve WebP; en fazla 10MB. İzleyici rolü.',
};

describe('faqMatches', () => {
  it('finds the query in the question or in the answer, ignoring case', () => {
    expect(faqMatches(entry, 'DOSYA', 'tr')).toBe(true);
    expect(faqMatches(entry, 'webp', 'tr')).toBe(true);
    expect(faqMatches(entry, '10mb', 'tr')).toBe(true);
    expect(faqMatches(entry, 'fiyat', 'tr')).toBe(false);
  });

  it('follows Turkish casing on Turkish pages', () => {
    expect(faqMatches(entry, 'izleyici', 'tr')).toBe(true);
    expect(faqMatches(entry, 'İZLEYİCİ', 'tr')).toBe(true);
    expect(faqMatches({ question: 'ISI', answer: '' }, 'ısı', 'tr')).toBe(true);
  });

  it('ignores surrounding spaces and matches everything when blank', () => {
    expect(faqMatches(entry, '  png  ', 'en')).toBe(true);
    expect(faqMatches(entry, '   ', 'en')).toBe(true);
  });
});
