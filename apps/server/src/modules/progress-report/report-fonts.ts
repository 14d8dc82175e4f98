import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The report's typeface, Vazirmatn (decision 0028), from @fontsource/vazirmatn's per-script
 * subsets: the Arabic subset has Arabic letters, Persian digits and the space but no Latin, ':'
 * or '(', the Latin subsets have no Arabic. A character is drawn in the first subset that has it.
 */
export type FontScript = 'arabic' | 'latin' | 'latin-ext';
export type FontWeight = 400 | 700;

/** The order a character's font is looked for in, when the piece being built cannot take it. */
export const SCRIPT_ORDER: readonly FontScript[] = ['latin', 'arabic', 'latin-ext'];
const WEIGHTS: readonly FontWeight[] = [400, 700];

export const fontName = (script: FontScript, weight: FontWeight) => `vazirmatn-${script}-${weight}`;

export interface ReportFont {
  name: string;
  script: FontScript;
  weight: FontWeight;
  data: Buffer;
}

let loaded: Promise<ReportFont[]> | undefined;

/**
 * The font files, read once per process with the first report. Resolved when first needed, not
 * when this module loads: the server also runs as an esbuild bundle (scripts/build-server.mjs),
 * where the package is found from the bundle's own location at run time.
 */
export function reportFonts(): Promise<ReportFont[]> {
  loaded ??= (async () => {
    const packageJson = createRequire(import.meta.url).resolve('@fontsource/vazirmatn/package.json');
    const files = path.join(path.dirname(packageJson), 'files');
    const fonts = SCRIPT_ORDER.flatMap((script) => WEIGHTS.map((weight) => ({ script, weight })));
    return Promise.all(
      fonts.map(async ({ script, weight }) => ({
        name: fontName(script, weight),
        script,
        weight,
        data: await readFile(path.join(files, `vazirmatn-${script}-${weight}-normal.woff`)),
      })),
    );
  })();
  // A failed read (a missing package) is tried again by the next report, not remembered.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
