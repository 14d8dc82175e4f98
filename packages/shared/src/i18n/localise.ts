import type { Language } from './languages.ts';

/**
 * Server and validation messages are written once, in English, in the shared package (the
 * schemas' *_MESSAGES, MSG, the server's own texts), and both sides send or show that English
 * sentence. This turns it into Dari or Pashto from one catalog per language
 * (messages.<language>.json, keyed by the English text), so the server's answers and the web's
 * screens read the same translation from the same place.
 *
 * A key may be a template: `{name}` or Laravel's `:name` stand for a value filled in later
 * ("The days add up to {total}, more than the {days} days of {month}."). A finished sentence
 * ("The days add up to 40, more than the 31 days of March 2026.") is matched against the
 * template, and the values are put back into the translation — themselves translated when the
 * catalog knows them (a field's label, a month's name). Anything the catalog does not know is
 * shown in English, as it came: a message is never lost for want of a translation.
 */

export type MessageCatalog = Readonly<Record<string, string>>;

/** `{name}` or `:name` (a colon right before a letter, so "link: http://…" is no placeholder). */
const PLACEHOLDER = /\{(\w+)\}|:([a-zA-Z]\w*)/g;

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
  /** Letters outside the placeholders: the more a template spells out, the sooner it is tried. */
  literalLength: number;
}

interface CompiledCatalog {
  exact: ReadonlyMap<string, string>;
  templates: Template[];
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The placeholder names of a message or template, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? m[2]);
}

function compile(catalog: MessageCatalog): CompiledCatalog {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, translation] of Object.entries(catalog)) {
    exact.set(english, translation);
    const names = placeholdersOf(english);
    if (names.length === 0) continue;
    const literals = english.split(PLACEHOLDER).filter((_, i) => i % 3 === 0);
    // Lazy groups, anchored at both ends: "{label} may not be greater than {max} characters."
    // takes the label up to the first literal that follows it.
    const pattern = new RegExp(`^${literals.map(escapeRegExp).join('(.+?)')}$`, 's');
    templates.push({ pattern, names, translation, literalLength: literals.join('').length });
  }
  templates.sort((a, b) => b.literalLength - a.literalLength);
  return { exact, templates };
}

const catalogs = new Map<Language, CompiledCatalog>();

/** Make a language's catalog available (the server registers both at start; the web loads one lazily). */
export function registerMessageCatalog(language: Language, catalog: MessageCatalog): void {
  catalogs.set(language, compile(catalog));
}

export function hasMessageCatalog(language: Language): boolean {
  return catalogs.has(language);
}

/** Put values into a template's placeholders (`{name}` or `:name`); unknown names stay as written. */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, braced: string | undefined, colon: string | undefined) => {
    const value = values[braced ?? colon ?? ''];
    return value === undefined ? whole : String(value);
  });
}

/** A value inside a message: the whole value if the catalog knows it, else each word it knows ("March 2026"). */
function localiseValue(value: string, catalog: CompiledCatalog, depth: number): string {
  const whole = catalog.exact.get(value);
  if (whole !== undefined) return whole;
  if (depth > 0) {
    const templated = fromTemplates(value, catalog, depth - 1);
    if (templated !== undefined) return templated;
  }
  return value.replace(/\p{L}+/gu, (word) => (word.length > 2 && /^\p{Lu}/u.test(word) ? (catalog.exact.get(word) ?? word) : word));
}

function fromTemplates(text: string, catalog: CompiledCatalog, depth: number): string | undefined {
  for (const template of catalog.templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, i) => {
      values[name] = localiseValue(match[i + 1], catalog, depth);
    });
    return fillPlaceholders(template.translation, values);
  }
  return undefined;
}

/**
 * A message in `language`: its translation, the translation of the template it was made from
 * with its values put back, or the English text as it came.
 */
export function localiseMessage(text: string, language: Language | string): string {
  const catalog = catalogs.get(language as Language);
  if (!catalog || !text) return text;
  return catalog.exact.get(text) ?? fromTemplates(text, catalog, 1) ?? text;
}

/** Whether `language` has its own text for this message (the catalog tests ask). */
export function isTranslated(text: string, language: Language): boolean {
  const catalog = catalogs.get(language);
  return !!catalog && (catalog.exact.has(text) || catalog.templates.some((t) => t.pattern.test(text)));
}

/** A template in `language` with its values filled in: e-mails and other texts the server writes itself. */
export function formatMessage(template: string, values: Readonly<Record<string, string | number>>, language: Language | string): string {
  const catalog = catalogs.get(language as Language);
  return fillPlaceholders(catalog?.exact.get(template) ?? template, values);
}
