import type { Page } from 'playwright-core';

/**
 * Text on the screen that the reader cannot see whole, inside `scope` (a CSS selector):
 * - cut: an element whose text runs past its box (its scrollWidth wider than its clientWidth,
 *   "STATU", "Sep 7, 20"); inline text is measured by the box that holds it;
 * - covered: a table cell running under its row's sticky cell (the row's actions), which sits on
 *   top of whatever scrolls beneath it.
 * Each is named by its text, for the failure message.
 */
export function clippedText(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const out: string[] = [];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const holder = (el: Element): Element => {
      let at: Element | null = el;
      while (at && getComputedStyle(at).display === 'inline') at = at.parentElement;
      return at ?? el;
    };
    const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    for (const root of document.querySelectorAll(scope)) {
      const checked = new Set<Element>();
      for (const el of root.querySelectorAll('*')) {
        const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
        if (!ownText || !shown(el)) continue;
        const box = holder(el);
        if (checked.has(box)) continue;
        checked.add(box);
        // (A screen-reader-only text is clipped on purpose.)
        if (getComputedStyle(box).position === 'absolute' && box.clientWidth <= 1) continue;
        if (box.scrollWidth > box.clientWidth + 1) out.push(`cut: "${text(box)}" (${box.clientWidth} of ${box.scrollWidth} px)`);
      }
      for (const row of root.querySelectorAll('tr')) {
        const cells = [...row.children].filter(shown);
        const sticky = cells.find((c) => getComputedStyle(c).position === 'sticky');
        if (!sticky) continue;
        const s = sticky.getBoundingClientRect();
        for (const cell of cells) {
          if (cell === sticky) continue;
          const c = cell.getBoundingClientRect();
          const overlap = Math.min(c.right, s.right) - Math.max(c.left, s.left);
          if (overlap > 1) out.push(`covered: "${text(cell)}" under the row's ${text(sticky) || 'actions'} (${Math.round(overlap)} px)`);
        }
      }
    }
    return out;
  }, scope);
}

/**
 * The entry grid's controls (inputs and selects) smaller than a thumb's target (44 x 44 px) or
 * too narrow to show the value they hold, named by their accessible label.
 */
export function unreadableControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`${scope} :is(input, select)`)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      const name = el.getAttribute('aria-label') ?? el.name;
      if (box.width < 44 || box.height < 44) out.push(`${name}: ${Math.round(box.width)} x ${Math.round(box.height)} px`);
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${name}: "${el.value}" needs ${el.scrollWidth} px, has ${el.clientWidth}`);
    }
    return out;
  }, scope);
}
