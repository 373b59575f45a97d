import { describe, expect, it } from 'vitest';
import { hasCatalog, registerCatalog, translate } from './core.js';

// The core alone, as the panel has it: messages come only from the catalogs registered (the panel's language's).
describe('translate over the registered catalogs', () => {
  it('answers the key while no catalog has it, Turkish once only Turkish is here, then the language asked for', () => {
    expect(hasCatalog('tr')).toBe(false);
    expect(translate('en', 'common.loading')).toBe('common.loading');
    registerCatalog('tr', { 'common.loading': 'Yükleniyor...' });
    expect(translate('en', 'common.loading')).toBe('Yükleniyor...');
    registerCatalog('en', {
      'common.loading': 'Loading...',
      'panel.fleetFindings.count': '{n, plural, one {# finding} other {# findings}}',
    });
    expect(hasCatalog('en')).toBe(true);
    expect(translate('en', 'common.loading')).toBe('Loading...');
    expect(translate('en', 'panel.fleetFindings.count', { n: 1200 })).toBe('1,200 findings');
  });
});
