import regular from '@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff2?url';
import bold from '@fontsource/vazirmatn/files/vazirmatn-arabic-700-normal.woff2?url';
import { directionFor } from '../lib/i18n.ts';

/**
 * A Dari or Pashto visit asks for Vazirmatn (body 400, headings 700; the same hashed files as the
 * @font-face rules in index.css) while the app's script is still loading, instead of when the first
 * text is laid out. An English visit preloads nothing: it uses the system font.
 */
/** The files a right-to-left page preloads (the server names them in a page it renders, decision 0038). */
export const RTL_FONT_FILES = [regular, bold] as const;

export function preloadFontsFor(language: string): void {
  if (directionFor(language) !== 'rtl') return;
  for (const href of RTL_FONT_FILES) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'font';
    link.type = 'font/woff2';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
}
