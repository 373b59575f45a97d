// The module vite.config.ts makes: each language's catalog chunks, by area (src/i18n/panel-catalog.ts).
declare module 'virtual:panel-catalogs' {
  import type { Catalog, Language } from '@kanat360/i18n/core';
  import type { CatalogArea } from '@/i18n/panel-catalog';

  export const CATALOG_CHUNKS: Record<Language, Record<CatalogArea, () => Promise<{ default: Catalog }>>>;
}
