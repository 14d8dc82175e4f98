import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { EXPORT_KINDS } from '@app/shared/schemas/export.schema';

/**
 * Each export's sheet — its columns and its rows — belongs to its feature (`<feature>.export.ts`);
 * the exports module only lists them. A new export is a new file there and one line in the list.
 */
const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

it('every export kind is a feature export file, each listed once by the exports routes', async () => {
  const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.export.ts'));
  const kinds = await Promise.all(
    files.map(async (f) => {
      const mod = (await import(path.join(modules, f))) as Record<string, { kind?: string }>;
      return Object.values(mod).find((v) => typeof v === 'object' && v !== null && 'kind' in v)?.kind;
    }),
  );
  expect(kinds.sort()).toEqual([...EXPORT_KINDS].sort());
  const routes = readFileSync(path.join(modules, 'exports/exports.routes.ts'), 'utf8');
  for (const f of files) expect(routes).toContain(`../${f.replace(/\\/g, '/')}`);
});
