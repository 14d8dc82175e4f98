import { isLanguage, type Language } from '@app/shared/i18n/languages';

/**
 * What a page the server rendered says about itself (decision 0038), in the
 * `<script type="application/json" id="page-data">` it carries: the language and theme it was
 * rendered in, and the texts its islands read, in that language (so a Dari page's islands need
 * no language download).
 */
export interface RenderedPage {
  language: Language;
  theme: 'light' | 'dark';
  texts: Record<string, Record<string, unknown>>;
}

export const PAGE_DATA_ID = 'page-data';

let read = false;
let page: RenderedPage | undefined;

/** The server-rendered page's data, or undefined in the app (and anywhere without a document). */
export function renderedPage(): RenderedPage | undefined {
  if (read) return page;
  read = true;
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<RenderedPage>;
    if (isLanguage(data.language) && (data.theme === 'light' || data.theme === 'dark') && data.texts && typeof data.texts === 'object') {
      page = { language: data.language, theme: data.theme, texts: data.texts };
    }
  } catch {
    // not ours: the page runs as the app would
  }
  return page;
}
