// Inlined (as text) into the <head> of every Turkish page (the addresses that name no language), where it picks the
// visitor's language before anything is drawn. Plain ES5 with no imports, because it runs before any bundle. It must answer like resolveLanguage of
// @kanat360/i18n (spec §1); preferred-language.test.ts holds the two to the same table.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the inline script that follows it
function kanat360PreferredLanguage(stored, browserLanguage) {
  if (stored === 'tr' || stored === 'en') return stored;
  var browser = typeof browserLanguage === 'string' ? browserLanguage.trim().toLowerCase() : '';
  if (!/^[a-z]{2,3}\b/.test(browser)) return 'tr';
  return browser.indexOf('tr') === 0 ? 'tr' : 'en';
}
