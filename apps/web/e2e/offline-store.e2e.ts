import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/fixture.ts';
import type * as LocalStore from '../src/lib/local-store/local-store.ts';

/*
 * The phone's encrypted store for offline work (src/lib/local-store), run in Chromium on the app's
 * origin: nothing readable in IndexedDB without the password, unlocking with it and only with
 * it, ten wrong passwords erasing the store. The module is bundled for the page as it is; the
 * page's own policy is set aside (bypassCSP) only to load it.
 */

const app = setUpBrowserApp({ pagePer: 'file', context: { bypassCSP: true } });
const here = path.dirname(fileURLToPath(import.meta.url));
let bundle: string;

type Api = typeof LocalStore;
declare global {
  interface Window {
    localStore: Api;
  }
}

/** Everything IndexedDB holds for the store, as the bytes a thief reading the disk would see, decoded as text. */
const rawStore = () =>
  app.page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const all = async (store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const bytes = (v: unknown): string => {
      if (v instanceof ArrayBuffer) return new TextDecoder('latin1').decode(v);
      if (ArrayBuffer.isView(v)) return new TextDecoder('latin1').decode(v);
      if (v && typeof v === 'object') return Object.values(v).map(bytes).join('|');
      return String(v);
    };
    const text = [...(await all('lock')), ...(await all('sealed'))].map(bytes).join('\n');
    db.close();
    return text;
  }, 'orphan-care-offline');

describe('the encrypted store on the phone', () => {
  beforeAll(async () => {
    const result = await build({ entryPoints: [path.join(here, '../src/lib/local-store/local-store.ts')], bundle: true, format: 'iife', globalName: 'localStore', write: false, target: 'es2022' });
    bundle = result.outputFiles[0].text;
  });
  beforeEach(async () => {
    await app.page.goto('/login');
    await app.page.addScriptTag({ content: bundle });
  });

  it('keeps nothing readable without the password, and reads it back once unlocked with it', { timeout: 120_000 }, async () => {
    await app.page.evaluate(() => window.localStore.createLocalStore(7, 'Teacher-password-1'));
    await app.page.evaluate(() => window.localStore.keepSealed('class:5', [{ name: 'Amina Rahimi', father_name: 'Nasir' }]));
    const raw = await rawStore();
    expect(raw.length).toBeGreaterThan(0);
    expect(raw).not.toContain('Amina');
    expect(raw).not.toContain('Nasir');
    expect(raw).not.toContain('Teacher-password-1');

    // The app opened again: the key is gone with the page; the store is there, locked.
    await app.page.reload();
    await app.page.addScriptTag({ content: bundle });
    const state = await app.page.evaluate(() => window.localStore.loadLocalStore());
    expect(state).toEqual({ userId: 7, unlocked: false, failedUnlocks: 0 });
    await expect(app.page.evaluate(() => window.localStore.readSealed('class:5'))).rejects.toThrow(/locked/);

    expect(await app.page.evaluate(() => window.localStore.unlockLocalStore('not-the-password'))).toBe('wrong');
    expect(await app.page.evaluate(() => window.localStore.localStoreSnapshot())).toEqual({ userId: 7, unlocked: false, failedUnlocks: 1 });
    expect(await app.page.evaluate(() => window.localStore.unlockLocalStore('Teacher-password-1'))).toBe('unlocked');
    expect(await app.page.evaluate(() => window.localStore.readSealed('class:5'))).toEqual([{ name: 'Amina Rahimi', father_name: 'Nasir' }]);
    expect(await app.page.evaluate(() => window.localStore.localStoreSnapshot())).toEqual({ userId: 7, unlocked: true, failedUnlocks: 0 });

    await app.page.evaluate(() => window.localStore.lockLocalStore());
    await expect(app.page.evaluate(() => window.localStore.readSealed('class:5'))).rejects.toThrow(/locked/);
  });

  it('erases the store after ten wrong passwords in a row', { timeout: 240_000 }, async () => {
    await app.page.evaluate(() => window.localStore.createLocalStore(8, 'Teacher-password-2'));
    await app.page.evaluate(() => window.localStore.keepSealed('outbox', ['a change']));
    await app.page.evaluate(() => window.localStore.lockLocalStore());
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await app.page.evaluate((n) => window.localStore.unlockLocalStore(`wrong-${n}`), i));
    expect(answers).toEqual([...Array(9).fill('wrong'), 'erased']);
    expect(await app.page.evaluate(() => window.localStore.loadLocalStore())).toEqual({ userId: null, unlocked: false, failedUnlocks: 0 });
    // Even the right password finds nothing now.
    await expect(app.page.evaluate(() => window.localStore.unlockLocalStore('Teacher-password-2'))).rejects.toThrow(/Nothing is kept/);
  });

  it('erases everything on request, and a store set up for another user replaces the first', { timeout: 120_000 }, async () => {
    await app.page.evaluate(() => window.localStore.createLocalStore(9, 'Teacher-password-3'));
    await app.page.evaluate(() => window.localStore.keepSealed('class:4', ['Zahra']));
    await app.page.evaluate(() => window.localStore.createLocalStore(10, 'Other-password-4'));
    expect(await app.page.evaluate(() => window.localStore.readSealed('class:4'))).toBeUndefined();
    await app.page.evaluate(() => window.localStore.eraseLocalStore());
    const names = await app.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(names).not.toContain('orphan-care-offline');
  });
});
