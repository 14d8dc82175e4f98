/**
 * The three languages of the product: English, Dari (Afghanistan's Persian) and
 * Pashto. English is the source language: every message is written in it first, and anything
 * that cannot be translated is shown in it.
 */
export const LANGUAGES = ['en', 'fa-AF', 'ps-AF'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Languages written right to left. */
export const RTL_LANGUAGES: ReadonlySet<Language> = new Set(['fa-AF', 'ps-AF']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * One language tag (`fa`, `fa-AF`, `prs`, `ps-PK`, `en-GB`, ...) as one of ours, or undefined.
 * Dari is tagged `fa-AF` or `prs`; a plain `fa` (Persian) reads as Dari too, the nearest we
 * have. Any Pashto is our Pashto.
 */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'fa' || primary === 'prs') return 'fa-AF';
  if (primary === 'ps' || primary === 'pbt' || primary === 'pbu') return 'ps-AF';
  if (primary === 'en') return 'en';
  return undefined;
}

/**
 * The language an Accept-Language header asks for: the first of its tags, by quality, that we
 * have; English when none is ours (or there is no header). `q=0` means "not this one".
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .slice(0, 500) // a header is a handful of tags; a longer one is not worth reading whole
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.q > 0 && !Number.isNaN(t.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
