import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';

/**
 * The serious and critical WCAG 2.2 AA (and best-practice) violations axe finds on the page as it is now;
 * `exclude` lists selectors of parts that are hidden duplicates of checked ones.
 */
export async function blockingViolations(page: Page, exclude: string[] = []) {
  // Colours in the middle of a transition (a button just pressed) are no colours anybody reads: let them settle.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}
