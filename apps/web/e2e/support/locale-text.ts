import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server.ts';

const localesDir = path.join(repoRoot, 'apps/web/src/locales');

function lookup(language: string, namespace: string, key: string): string | undefined {
  const file = path.join(localesDir, language, `${namespace}.json`);
  if (!existsSync(file)) return undefined;
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * A screen's text in a language, read from the app's own translation files (English when the
 * language lacks the key, as i18next falls back), so a test can find a control by the name a
 * Dari or Pashto reader sees. `ref` is 'namespace:key.path'; {{values}} are filled in.
 */
export function localeText(language: string, ref: string, values: Record<string, string> = {}): string {
  const [namespace, key] = ref.includes(':') ? (ref.split(':') as [string, string]) : ['common', ref];
  const text = lookup(language, namespace, key) ?? lookup('en', namespace, key);
  if (text === undefined) throw new Error(`No text ${ref} in the English translations`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}
