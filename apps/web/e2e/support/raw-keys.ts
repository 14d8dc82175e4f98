import type { Page } from 'playwright-core';

/**
 * What i18next shows when a text is missing: the key itself, `nav.home` or `dashboard:overview.error`.
 * A whole text (or label) shaped like that is a raw key; e-mail addresses and web addresses are
 * not (their '@', '/' or spaces keep them out).
 */
const RAW_KEY = /^(?:[a-z][a-zA-Z]*:)?[a-z][a-zA-Z0-9_]*(?:\.[a-zA-Z0-9_]+)+$/;

/** Every text on the page, and every label a screen reader reads, that is a raw translation key. */
export async function rawKeysOn(page: Page): Promise<string[]> {
  const found = await page.evaluate((source) => {
    const pattern = new RegExp(source);
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text && pattern.test(text)) hits.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value && pattern.test(value)) hits.push(`${name}=${value}`);
      }
    }
    return hits;
  }, RAW_KEY.source);
  return [...new Set(found)];
}
