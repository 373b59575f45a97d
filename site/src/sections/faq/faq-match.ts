/**
 * Whether a FAQ entry matches the search (spec §5): the query appears in the question or the answer, ignoring
 * case by the rules of the page's language (Turkish: "İ"↔"i", "I"↔"ı"). Blank queries match everything.
 */
export function faqMatches(entry: { question: string; answer: string }, query: string, locale: string): boolean {
  const needle = query.trim().toLocaleLowerCase(locale);
  if (!needle) return true;
  return [entry.question, entry.answer].some((text) => text.toLocaleLowerCase(locale).includes(needle));
}
