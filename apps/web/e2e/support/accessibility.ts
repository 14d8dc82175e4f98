import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { fadesOver } from './settle.ts';

/**
 * What axe finds against WCAG 2.2 A and AA (the 2.0, 2.1 and 2.2 success criteria) on the page as
 * it is once its fades are over, one line per rule with the elements it names, so a failing test says what to mend.
 * An empty list is a pass.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: a toast or dialog mid-fade blends with what is behind it.
  await fadesOver(page);
  return describe(await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze());
}

/** WCAG 2.2's target size alone (2.5.8, 24 px or spaced apart): a quick check at phone widths. */
export async function targetSizeViolations(page: Page): Promise<string[]> {
  return describe(await axeOn(page).withRules(['target-size']).analyze());
}

/**
 * axe for this page. By default each run opens a blank page of its own to merge the results of the
 * page's frames; a page without frames has nothing to merge, and axe run in the page itself finds
 * the same (axe's legacy mode) without opening that page on every scan. A page with a frame (the
 * contact page's map, once shown) keeps the default, which also checks inside a cross-origin frame.
 */
function axeOn(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page });
  return page.frames().length > 1 ? builder : builder.setLegacyMode(true);
}

function describe(result: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return result.violations.map((v) => {
    const nodes = v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`);
    return `${v.id} (${v.impact}): ${v.help} — ${nodes.join('; ')}`;
  });
}
