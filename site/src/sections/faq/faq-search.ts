import { faqMatches } from './faq-match';

/** Fills `{name}` placeholders of a message the page rendered (no catalogs in this bundle: it stays tiny). */
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));

/**
 * The FAQ search box (FaqPage.astro): hides the entries that do not match, and the categories left empty;
 * opens the matching answers while a search is on, so the match can be seen.
 */
export function enhanceFaqSearch(root: HTMLElement): void {
  const language = document.documentElement.lang || 'tr';
  const countTemplate = root.dataset.countTemplate ?? '';
  const emptyTemplate = root.dataset.emptyTemplate ?? '';
  const input = root.querySelector<HTMLInputElement>('input[type="search"]')!;
  const clear = root.querySelector<HTMLButtonElement>('[data-faq-clear]')!;
  const count = root.querySelector<HTMLElement>('[data-faq-count]')!;
  const empty = document.querySelector<HTMLElement>('[data-faq-empty]')!;
  const categories = [...document.querySelectorAll<HTMLElement>('[data-faq-category]')];
  const entries = [...document.querySelectorAll<HTMLDetailsElement>('[data-faq-entry]')].map((element) => ({
    element,
    question: element.querySelector('[data-faq-question]')?.textContent ?? '',
    answer: element.querySelector('[data-faq-answer]')?.textContent ?? '',
  }));

  const apply = () => {
    const query = input.value;
    const searching = query.trim() !== '';
    let shown = 0;
    for (const entry of entries) {
      const match = faqMatches(entry, query, language);
      entry.element.hidden = !match;
      if (match) shown += 1;
      if (searching) entry.element.open = match;
    }
    for (const category of categories) {
      category.hidden = !category.querySelector('[data-faq-entry]:not([hidden])');
    }
    clear.hidden = !searching;
    empty.hidden = shown > 0;
    empty.textContent = shown > 0 ? '' : fill(emptyTemplate, { query: query.trim() });
    count.textContent = searching ? fill(countTemplate, { count: shown, total: entries.length }) : '';
  };

  input.addEventListener('input', apply);
  clear.addEventListener('click', () => {
    input.value = '';
    for (const entry of entries) entry.element.open = false;
    apply();
    input.focus();
  });
  // A value the browser restored (back button) applies at once.
  apply();
}
