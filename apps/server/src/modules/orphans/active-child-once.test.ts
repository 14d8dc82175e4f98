import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * A child outside the trash and the way a child's name is written are the orphans module's: the
 * other features (results, attendance, gallery, exports, the progress report) ask its service, so
 * the rule lives once. A second definition elsewhere fails here.
 */
const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(modules, f), 'utf8') }));

it('findActiveOrphan, findActiveOrphans and fullName are defined once, in orphans/orphans.service.ts', () => {
  const definitions = sources.flatMap(({ file, text }) =>
    [...text.matchAll(/(?:function|const)\s+(findActiveOrphans?|fullName)\b/g)].map((m) => `${m[1]} in ${file}`),
  );
  expect(definitions.sort()).toEqual(['findActiveOrphan in orphans/orphans.service.ts', 'findActiveOrphans in orphans/orphans.service.ts', 'fullName in orphans/orphans.service.ts']);
});
