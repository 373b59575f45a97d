import { type Locator } from '@playwright/test';

/**
 * The last character of every rendered line of `element`'s text but the last line: where the browser wrapped it.
 * An email address that wraps well ends its lines only at "@" or ".".
 */
export function wrapPoints(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const range = document.createRange();
    const characters: { top: number; char: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        characters.push({ top: Math.round(range.getBoundingClientRect().top), char: text[index]! });
      }
    }
    const ends: string[] = [];
    for (let index = 1; index < characters.length; index += 1) {
      if (characters[index]!.top > characters[index - 1]!.top) ends.push(characters[index - 1]!.char);
    }
    return ends;
  });
}
