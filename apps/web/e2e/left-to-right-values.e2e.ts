import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@app/shared/constants';
import { apiCall } from './support/api.ts';
import { setUpBrowserApp } from './support/fixture.ts';
import { settle } from './support/settle.ts';

/**
 * Blood groups, grades and codes read as written inside Dari and Pashto: "A+" with the sign
 * after the letter, on the child's details, a result's details, the results list and the
 * overview's grade chart (an SVG drawing), not "+A" as right-to-left text would put it.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });
let orphanId = 0;
let resultId = 0;

/**
 * Where each "A+" inside `scope` is drawn: for each, whether its "+" is drawn to the right of its
 * "A" (as written), measured on screen character by character (HTML text and SVG text alike).
 */
function signsAfterLetters(page: Page, scope: string): Promise<{ where: string; asWritten: boolean }[]> {
  return page.evaluate((scope) => {
    const found: { where: string; asWritten: boolean }[] = [];
    for (const root of document.querySelectorAll(scope)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const at = text.indexOf('A+');
        if (at < 0) continue;
        const parent = node.parentElement!;
        // (Text for screen readers only is never drawn.)
        if (parent.closest('.sr-only')) continue;
        let letter: number;
        let sign: number;
        if (parent instanceof SVGTextContentElement) {
          letter = parent.getExtentOfChar(at).x;
          sign = parent.getExtentOfChar(at + 1).x;
        } else {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          letter = range.getBoundingClientRect().left;
          range.setStart(node, at + 1);
          range.setEnd(node, at + 2);
          sign = range.getBoundingClientRect().left;
        }
        if (parent.getBoundingClientRect().width === 0) continue;
        found.push({ where: parent.tagName.toLowerCase(), asWritten: sign > letter });
      }
    }
    return found;
  }, scope);
}

describe('values written left to right, in right-to-left languages', () => {
  it('sets the scene: a child of blood group A+ with an A+ result', async () => {
    const child = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', {
      first_name: 'Sima', last_name: 'Haidari', dob: '2013-01-15', gender: 'female', class_grade: '5', admission_date: '2022-09-01', status: 'active', blood_group: 'A+',
    });
    orphanId = child.data.id;
    const result = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/results', {
      orphan_id: orphanId, result_type: 'education', subject: 'Science', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, score: 96, average: 90,
    });
    resultId = result.data.id;
  });

  it.each(['fa-AF', 'ps-AF'])('%s: "A+" reads as written on details, lists and the grade chart', async (language) => {
    await app.page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.language, language]);
    for (const url of [`/dashboard/orphans/${orphanId}`, `/dashboard/results/${resultId}`, `/dashboard/results?orphan_id=${orphanId}`, '/dashboard']) {
      await app.page.goto(url);
      await app.page.locator('main').getByText('A+').first().waitFor();
      await settle(app.page);
      const found = await signsAfterLetters(app.page, 'main');
      expect(found.length, url).toBeGreaterThan(0);
      // The overview's "A+" is the grade chart's label, drawn in SVG.
      if (url === '/dashboard') expect(found.map((f) => f.where), url).toContain('tspan');
      expect(found.filter((f) => !f.asWritten), url).toEqual([]);
    }
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });
});
