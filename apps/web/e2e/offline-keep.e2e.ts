import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { setUpBrowserApp } from './support/fixture.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';

/*
 * A class kept on the phone works with no connection: signing in opens the phone's sealed store
 * with the password; a class kept on Take Attendance is fetched into it; reloaded offline, the app
 * asks for the password (a wrong one says the tries left), then shows the kept class — while the
 * raw IndexedDB holds no child's name. Its own profile lets the service worker run.
 */

const app = setUpBrowserApp({ pagePer: 'file', context: { serviceWorkers: 'allow' } });

const suffix = Date.now().toString(36).replace(/\d/g, '');
const GRADE = '9';
const CHILD = { first_name: `Roya${suffix}`, last_name: 'Sadiqi', father_name: `Hamid${suffix}` };
const NAME = `${CHILD.first_name} ${CHILD.last_name}`;

const workerActive = (page: Page) =>
  page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated') await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    return worker.state;
  });

const moveWithinApp = (page: Page, to: string) =>
  page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);

/** Everything IndexedDB holds, as the bytes a thief reading the disk would see, decoded as text. */
const rawIndexedDb = (page: Page) =>
  page.evaluate(async () => {
    const bytes = (v: unknown): string => {
      if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return new TextDecoder('latin1').decode(v);
      if (v && typeof v === 'object') return Object.values(v).map(bytes).join('|');
      return String(v);
    };
    const texts: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open(name!);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const r = db.transaction(store).objectStore(store).getAll();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        texts.push(...all.map(bytes));
      }
      db.close();
    }
    return texts.join('\n');
  });

describe('a class kept on this phone, offline', () => {
  it('is kept sealed at sign-in, opens offline after the password, and shows the class on Take Attendance and Enter class results', { timeout: 240_000 }, async () => {
    const page = app.page;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    // The sign-in page handed its key to the dashboard: the store is open without asking again.
    await page.getByTestId('phone-state').locator('[data-state="unlocked"]').waitFor();
    await apiCall(page, 'POST', '/api/orphans', { ...CHILD, dob: '2012-05-02', gender: 'female', admission_date: '2020-09-01', status: 'active', class_grade: GRADE });

    // Within the app: a page load would lock the store again (its key lives in the page's memory).
    await moveWithinApp(page, `/dashboard/attendance/class?grade=${GRADE}`);
    await page.getByLabel(`Present for ${NAME}`, { exact: true }).waitFor();
    await page.getByLabel('Keep this class on this phone').click();
    await page.getByText('Kept on this phone for working offline; last fetched', { exact: false }).waitFor();
    expect(await workerActive(page)).toBe('activated');

    const raw = await rawIndexedDb(page);
    expect(raw.length).toBeGreaterThan(0);
    expect(raw).not.toContain(CHILD.first_name);
    expect(raw).not.toContain(CHILD.father_name);

    await page.context().setOffline(true);
    await page.reload();
    const unlock = page.locator('section', { has: page.getByRole('heading', { name: 'Unlock this phone' }) });
    await unlock.getByLabel('Your password').fill('not-my-password');
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await unlock.getByText('Wrong password. 9 tries left', { exact: false }).waitFor();
    await unlock.getByLabel('Your password').fill(ADMIN_PASSWORD);
    await unlock.getByRole('button', { name: 'Unlock' }).click();

    // Take Attendance for the kept class, from the phone's copy.
    await page.getByLabel(`Present for ${NAME}`, { exact: true }).waitFor();
    expect(await page.getByRole('rowheader', { name: new RegExp(NAME) }).textContent()).toContain(`Father: ${CHILD.father_name}`);
    await page.getByTestId('phone-state').locator('[data-state="offline"]').waitFor();
    // Enter class results for it too.
    await moveWithinApp(page, `/dashboard/results/class?grade=${GRADE}`);
    await page.getByRole('heading', { name: 'Enter class results' }).waitFor();
    await page.getByRole('rowheader', { name: new RegExp(NAME) }).waitFor();

    // The class list kept on this phone, on "This phone".
    await page.getByTestId('phone-state').click();
    const kept = page.getByTestId('kept-class');
    await kept.getByText('Children: 1').click();
    await kept.getByText(NAME).waitFor();
    await page.context().setOffline(false);
  });
});
