import en from '@kanat360/locales/en.json' with { type: 'json' };
import tr from '@kanat360/locales/tr.json' with { type: 'json' };
import { registerCatalog } from './core.js';

// Everything of core.ts with both catalogs at hand: what the site and the bff use. The panel imports
// `@kanat360/i18n/core` and loads only its language's catalog.

registerCatalog('tr', tr);
registerCatalog('en', en);

export * from './core.js';
export { en as englishCatalog, tr as turkishCatalog };
