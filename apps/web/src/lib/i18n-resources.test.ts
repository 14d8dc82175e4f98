import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { dashboardTexts } from './i18n-dashboard-en.ts';
import { dashboardNamespaces, firstNamespaces, namespaces } from './i18n-resources.ts';
import { publicTexts } from './i18n-public-en.ts';

/** The namespace lists come from the texts files themselves; the typed English holds every one. */
const englishFiles = readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../locales/en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

it('every file in locales/en is a namespace, loaded with the public site or with the dashboard', () => {
  expect([...namespaces].sort()).toEqual(englishFiles);
  expect([...firstNamespaces, ...dashboardNamespaces].sort()).toEqual(englishFiles);
});

it('the English texts typed for t() (i18n-public-en.ts and i18n-dashboard-en.ts) are every namespace, each once', () => {
  expect(Object.keys(publicTexts).sort()).toEqual([...firstNamespaces].sort());
  expect(Object.keys(dashboardTexts).sort()).toEqual([...dashboardNamespaces].sort());
});
