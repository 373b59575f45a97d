import { describe, expect, it } from 'vitest';
import { englishCatalog, resolveLanguage, translate, firstAcceptedLanguage, turkishCatalog } from './index.js';

/** The names a message fills in: `{name}`, and the count of a plural form `{n, plural, …}`. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((match) => match[1]).sort();

describe('catalogs', () => {
  it('have the same keys in Turkish and English', () => {
    expect(Object.keys(englishCatalog).sort()).toEqual(Object.keys(turkishCatalog).sort());
  });

  it('have no empty message and the same placeholders in both languages', () => {
    for (const [key, turkish] of Object.entries(turkishCatalog)) {
      const english = (englishCatalog as Record<string, string>)[key] ?? '';
      expect(turkish.trim(), key).not.toBe('');
      expect(english.trim(), key).not.toBe('');
      expect(placeholders(english), key).toEqual(placeholders(turkish));
    }
  });
});

describe('resolveLanguage', () => {
  it('keeps a stored choice', () => {
    expect(resolveLanguage('en', 'tr-TR')).toBe('en');
    expect(resolveLanguage('tr', 'en-US')).toBe('tr');
  });

  it('reads the browser language when nothing valid is stored', () => {
    expect(resolveLanguage(null, 'tr-TR')).toBe('tr');
    expect(resolveLanguage(null, 'tr')).toBe('tr');
    expect(resolveLanguage('fr', 'en-US')).toBe('en');
    expect(resolveLanguage(undefined, 'de-DE')).toBe('en');
  });

  it('falls back to Turkish when the browser language cannot be read', () => {
    expect(resolveLanguage(null, undefined)).toBe('tr');
    expect(resolveLanguage(null, '')).toBe('tr');
    expect(resolveLanguage(null, '*')).toBe('tr');
    expect(resolveLanguage(null, '123')).toBe('tr');
  });

  it('reads the first language of an Accept-Language header', () => {
    expect(firstAcceptedLanguage('en-GB,en;q=0.9,tr;q=0.8')).toBe('en-GB');
    expect(firstAcceptedLanguage('*')).toBeNull();
    expect(firstAcceptedLanguage(undefined)).toBeNull();
  });
});

describe('translate', () => {
  it('fills placeholders and answers in the asked language', () => {
    expect(translate('en', 'errors.COMPANY_NAME_TAKEN', { name: 'Acme' })).toBe(
      'A company named "Acme" already exists',
    );
    expect(translate('tr', 'errors.COMPANY_NAME_TAKEN', { name: 'Acme' })).toBe(
      '"Acme" adında bir şirket zaten mevcut',
    );
  });

  it('chooses the plural form by the count, and writes the count the language’s way', () => {
    expect(translate('en', 'panel.photos.count', { n: 1 })).toBe('1 file');
    expect(translate('en', 'panel.photos.count', { n: 10_000 })).toBe('10,000 files');
    expect(translate('tr', 'panel.photos.count', { n: 10_000 })).toBe('10.000 dosya');
    expect(translate('en', 'panel.upload.total', { done: 1, n: 1, loaded: '2 MB', total: '2 MB' })).toBe(
      '1 of 1 file · 2 MB of 2 MB',
    );
    expect(translate('en', 'api.reportsUploaded', { n: 2 })).toBe('2 reports uploaded successfully.');
  });

  it('leaves an unknown placeholder visible rather than inventing a value', () => {
    expect(translate('en', 'errors.UNKNOWN_FIELD')).toBe('Unknown field: {field}');
  });
});
