import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_SUBJECTS } from '@app/shared/schemas/activity.schema';

/**
 * Every text exists in English, Dari and Pashto, says the same things ({{values}}), is
 * really translated, and is shown somewhere. English (locales/en) is the source; `messages` is
 * keyed by the server's English sentences and checked with the shared message catalog instead.
 */

const localesDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.dirname(localesDir);
const TRANSLATIONS = ['fa-AF', 'ps-AF'] as const;
const SKIPPED_NAMESPACES = new Set(['messages']);

/**
 * Keys the screens build at run time (`t(`fields.${name}`)`), as 'namespace:prefix'. A key under
 * one of these counts as used; each prefix must itself be built somewhere in the source (a
 * template literal starting with it), so the list cannot outlive the code that needed it.
 */
const DYNAMIC_KEY_PREFIXES = [
  'activities:accessLog.exports.', // an access log line's export kind
  'activities:accessLog.kinds.', // an access log line's kind of read
  'activities:actions.',
  'activities:types.',
  'admin:profile.calendar.', // the calendar choice, one label per calendar
  'admin:roles.actions.', // a permission checkbox's action
  'admin:roles.groups.', // a permission group's legend
  'admin:settings.', // the settings form's field list
  'attendance:fields.',
  'dashboard:overview.quickTasks.',
  'dashboard:overview.stats.',
  'dashboard:sidebar.groups.',
  'gallery:status.',
  'gallery:types.',
  'help:sections.',
  'imports:fields.', // an import column's field, under the imports' own name first (field-label.ts)
  'imports:history.statuses.', // an import's status in the history
  'imports:upload.kinds.', // the kinds of record an import may hold
  'orphans:fields.',
  'orphans:gender.',
  'orphans:medical.',
  'orphans:status.',
  'reports:genders.',
  'reports:resultTypes.',
  'reports:terms.',
  'results:class.rowStatus.',
  'results:courseTypes.',
  'results:fields.',
  'results:terms.',
  'results:types.',
  'site:about.',
  'site:college.pillars.',
  'site:contact.faq.items.',
  'site:home.features.items.',
  'site:home.figures.',
  'site:home.howItWorks.steps.',
  'site:services.impact.',
  'site:services.items.',
  'sites:kinds.',
];

/**
 * Values that are rightly the same in every language (names, codes, file types). Anything else
 * with Latin words in it that equals its English text has simply not been translated.
 */
const SAME_IN_EVERY_LANGUAGE = new Set<string>([]);

type Flat = Record<string, unknown>;

function flatten(node: Record<string, unknown>, prefix = '', out: Flat = {}): Flat {
  for (const [key, value] of Object.entries(node)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value as Record<string, unknown>, id, out);
    else out[id] = value;
  }
  return out;
}

function readNamespace(language: string, file: string): Flat {
  return flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Record<string, unknown>);
}

const namespaceFiles = readdirSync(path.join(localesDir, 'en')).filter((f) => f.endsWith('.json') && !SKIPPED_NAMESPACES.has(f.replace(/\.json$/, '')));

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function placeholders(value: unknown): string[] {
  return [...new Set(texts(value).flatMap((text) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1])))].sort();
}

/** Text a reader would see as words: Latin letters left after taking the {{values}} out. */
function hasLatinWords(value: unknown): boolean {
  return texts(value).some((text) => /[A-Za-z]{2,}/.test(text.replace(/\{\{[^}]*\}\}/g, '')));
}

describe.each(TRANSLATIONS)('%s translations', (language) => {
  it.each(namespaceFiles)('%s has exactly the English keys, the same {{values}}, and real translations', (file) => {
    const en = readNamespace('en', file);
    let translated: Flat;
    try {
      translated = readNamespace(language, file);
    } catch {
      throw new Error(`locales/${language}/${file} is missing`);
    }
    const problems: string[] = [];
    for (const key of Object.keys(en)) if (!(key in translated)) problems.push(`missing ${key}`);
    for (const key of Object.keys(translated)) if (!(key in en)) problems.push(`not in English: ${key}`);
    for (const [key, english] of Object.entries(en)) {
      if (!(key in translated)) continue;
      const value = translated[key];
      if (Array.isArray(english) !== Array.isArray(value) || (Array.isArray(english) && (value as unknown[]).length !== english.length)) {
        problems.push(`${key}: not the same list as in English`);
        continue;
      }
      if (placeholders(value).join() !== placeholders(english).join()) problems.push(`${key}: values ${placeholders(value)} instead of ${placeholders(english)}`);
      const englishEmpty = texts(english).every((t) => t.trim() === '');
      if (!englishEmpty && texts(value).some((t) => t.trim() === '')) problems.push(`${key}: empty`);
      if (hasLatinWords(english) && JSON.stringify(value) === JSON.stringify(english) && !SAME_IN_EVERY_LANGUAGE.has(`${file.replace(/\.json$/, '')}:${key}`)) {
        problems.push(`${key}: still English`);
      }
    }
    // Each counted text has every plural form the language's rules ask for (i18next picks by Intl.PluralRules).
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const counted = new Set(Object.keys(translated).flatMap((key) => /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1] ?? []));
    for (const base of counted) for (const form of categories) if (!(`${base}_${form}` in translated)) problems.push(`${base}: no ${form} plural form`);
    expect(problems).toEqual([]);
  });
});

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== localesDir && entry.name !== 'test') sourceFiles(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The log's kinds of record, each named by its feature's namespace (lib/activity-labels.ts). */
const SUBJECT_NAMES = Object.entries(ACTIVITY_SUBJECTS).map(([kind, { namespace }]) => `${namespace}:activitySubjects.${kind}`);

describe('English keys', () => {
  it('name every kind of record the activity log holds, in the namespace the kind names', () => {
    const missing = SUBJECT_NAMES.filter((key) => {
      const [namespace, id] = key.split(':') as [string, string];
      return !namespaceFiles.includes(`${namespace}.json`) || !(id in readNamespace('en', `${namespace}.json`));
    });
    expect(missing).toEqual([]);
  });

  const files = sourceFiles(srcDir);
  const sources = files.map((file) => readFileSync(file, 'utf8'));
  const listKit = readFileSync(files.find((f) => f.endsWith(path.join('components', 'list', 'feature-list.tsx')))!, 'utf8');
  /**
   * The sources that can reach a namespace: the default `common` is everywhere; the others are
   * named, and a feature that hands its name to the list kit (`useFeatureList('orphans', …)`)
   * reaches the kit's `list` keys too.
   */
  const reaching = (namespace: string) => {
    if (namespace === 'common') return sources;
    const named = sources.filter((s) => s.includes(`'${namespace}'`) || s.includes(`"${namespace}"`) || s.includes(`${namespace}:`));
    return named.some((s) => new RegExp(`useFeatureList(<[^>]*>)?\\('${namespace}'`).test(s)) ? [...named, listKit] : named;
  };

  it('are each shown somewhere in apps/web/src (written out, or under a documented dynamic prefix)', () => {
    const unused: string[] = [];
    for (const file of namespaceFiles) {
      const namespace = file.replace(/\.json$/, '');
      const candidates = reaching(namespace);
      for (const key of Object.keys(readNamespace('en', file))) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, ''); // i18next plural forms share one key
        if (DYNAMIC_KEY_PREFIXES.some((p) => `${namespace}:${base}`.startsWith(p))) continue;
        if (SUBJECT_NAMES.includes(`${namespace}:${base}`)) continue;
        const written = [`'${base}'`, `"${base}"`, `\`${base}\``, `${namespace}:${base}`];
        if (!candidates.some((s) => written.some((w) => s.includes(w)))) unused.push(`${namespace}:${key}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('have dynamic prefixes that the source really builds', () => {
    const stale = DYNAMIC_KEY_PREFIXES.filter((entry) => {
      const [namespace, prefix] = entry.split(':') as [string, string];
      return !reaching(namespace).some((s) => s.includes(`\`${prefix}\${`) || s.includes(`\`${namespace}:${prefix}\${`));
    });
    expect(stale).toEqual([]);
  });
});
