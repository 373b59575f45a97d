// A part of a language's catalog as vite.config.ts cuts it (`?shell`, `?screens`): the keys of panel-catalog.ts'
// split, typed as the catalog they come from.
declare module '@kanat360/locales/*.json?shell' {
  const messages: import('@kanat360/i18n/core').Catalog;
  export default messages;
}
declare module '@kanat360/locales/*.json?screens' {
  const messages: import('@kanat360/i18n/core').Catalog;
  export default messages;
}
