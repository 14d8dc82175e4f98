import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs drifted from the code once (a record citing a deleted file, comments citing a
 * file outside the repository, records without a Status). These checks keep it from coming back
 * (decision 0015). Superseded records and the dated logs in docs/benchmarks/ describe the code as
 * it was on their date, so only the README and the records in force are checked for paths.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DECISIONS = path.join(ROOT, 'docs/decisions');
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', '.tmp']);
// Where a path written without its app's prefix (`db/checkpointer.ts`, `lib/site-info.ts`) lives.
const BASES = ['', 'apps/server/src', 'apps/server/src/modules', 'apps/web/src', 'packages/shared/src', 'apps/server', 'apps/web'];
// Build output, cited as a default value: it exists once `npm run build` has run.
const BUILT = new Set(['apps/web/dist']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

const sourceFiles = ['apps', 'packages', 'bench', 'scripts'].flatMap((d) => walk(path.join(ROOT, d)));
const basenames = new Set(sourceFiles.map((f) => path.basename(f)));

interface DecisionRecord {
  number: string;
  file: string;
  text: string;
  status: string | undefined;
}

const records: DecisionRecord[] = readdirSync(DECISIONS)
  .filter((f) => f.endsWith('.md'))
  .map((file) => {
    const text = readFileSync(path.join(DECISIONS, file), 'utf8');
    return { number: file.slice(0, 4), file, text, status: /^Status: .*$/m.exec(text)?.[0] };
  });
/** The first record written under the one-page rule. */
const FIRST_ONE_PAGE_RECORD = '0047';
const supersededBy = (r: DecisionRecord) => /^Status: superseded by (\d{4})/.exec(r.status ?? '')?.[1];
const recordExists = (n: string) => records.some((r) => r.number === n);
const migrationExists = (n: string) => readdirSync(path.join(ROOT, 'apps/server/src/db/migrations')).some((f) => f.startsWith(`${n}-`));

/** A path as a doc writes it, resolved the way a reader would; `<name>` and `*` are patterns, not files. */
function pathExists(cited: string, docDir: string): boolean {
  const p = cited.replace(/[#?].*$/, '').replace(/^@app\/shared\//, 'packages/shared/src/');
  if (BUILT.has(p.replace(/\/$/, ''))) return true;
  if (!p.includes('/')) return basenames.has(p) || existsSync(path.join(ROOT, p)) || existsSync(path.join(docDir, p));
  const candidates = [path.resolve(docDir, p), ...BASES.map((b) => path.join(ROOT, b, p))];
  return candidates.some((c) => existsSync(c) || existsSync(`${c}.ts`));
}

/** The files, decision records and migrations a markdown text cites that do not exist. */
function missingCitations(text: string, docDir: string): string[] {
  const missing: string[] = [];
  const prose = text.replace(/`[^`\n]*`/g, ' ');
  const cited = new Set<string>();
  // Inline code that is a path: no spaces, no URL, no pattern, and a folder or a file extension.
  for (const [, code] of text.matchAll(/`([^`\s]+)`/g)) {
    // (An npm package such as `@fastify/rate-limit` is not a path; `@app/shared/...` is ours.)
    if (/[:<>*|'"()=,;]|^\.{0,2}\/|^@(?!app\/)|YYYY|NNNN/.test(code) || !/\/|\.(tsx?|mjs|js|json|md|sh)$/.test(code)) continue;
    cited.add(code);
  }
  // Paths in prose: from the repository root, or any a/b.ts-like path, or a bare *.ts file name.
  for (const [m] of prose.matchAll(/(?<![\w/.*<>-])(?:(?:apps|packages|docs|bench|scripts)\/[\w./-]*\w\/?|(?:[\w-]+\/)+[\w.-]+\.(?:tsx?|mjs|json|md|sh)|[\w-]+(?:\.[\w-]+)*\.tsx?)(?![\w/<>*-])/g)) {
    cited.add(m);
  }
  // Markdown links to files in the repository, relative to the document.
  for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) if (!/^[a-z]+:/.test(link) && !link.startsWith('#')) cited.add(link);
  for (const c of cited) if (!pathExists(c, docDir)) missing.push(c);
  for (const [, list] of prose.matchAll(/\b[Dd]ecisions? ((?:\d{4}(?:, | and | or |–)?)+)/g)) {
    for (const n of list.match(/\d{4}/g) ?? []) if (!recordExists(n)) missing.push(`decision ${n}`);
  }
  for (const [, n] of prose.matchAll(/\b[Mm]igrations? (\d{4})\b/g)) if (!migrationExists(n)) missing.push(`migration ${n}`);
  return missing;
}

describe('decision records', () => {
  it('are named NNNN-title.md, one number each', () => {
    expect(records.filter((r) => !/^\d{4}-[a-z0-9-]+\.md$/.test(r.file)).map((r) => r.file)).toEqual([]);
    const numbers = records.map((r) => r.number);
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it.each(records.map((r) => [r.file, r] as const))('%s has a Status line: accepted, or superseded by a record that exists, with a date', (_file, r) => {
    expect(r.status, 'a line "Status: accepted (YYYY-MM-DD)" or "Status: superseded by NNNN (YYYY-MM-DD)"').toMatch(
      /^Status: (accepted \(\d{4}-\d{2}-\d{2}\)|superseded by \d{4} \(\d{4}-\d{2}-\d{2}\))/,
    );
    const by = supersededBy(r);
    if (by) expect(recordExists(by), `record ${by}`).toBe(true);
  });

  it('are one page each: a record from 0047 on is at most about 700 words', () => {
    // The records before the rule stand as they were accepted (an accepted record is never rewritten).
    const words = (text: string) => text.replace(/```[\s\S]*?```/g, ' ').split(/\s+/).filter((w) => /\w/.test(w)).length;
    const long = records.filter((r) => r.number >= FIRST_ONE_PAGE_RECORD && words(r.text) > 700).map((r) => `${r.file}: ${words(r.text)} words`);
    expect(long).toEqual([]);
  });

  it('a record that supersedes others is named by their Status lines', () => {
    const wrong: string[] = [];
    for (const r of records) {
      const list = /Supersedes ((?:\d{4}(?:, | and )?)+)/.exec(r.status ?? '')?.[1];
      for (const n of list?.match(/\d{4}/g) ?? []) {
        const old = records.find((o) => o.number === n);
        if (!old || supersededBy(old) !== r.number) wrong.push(`${r.number} supersedes ${n}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('what the README and the records in force cite exists', () => {
  const inForce = records.filter((r) => !supersededBy(r)).map((r) => [`docs/decisions/${r.file}`, r.text, DECISIONS] as const);
  const others = ['README.md', 'SECURITY.md', 'docs/README.md', 'docs/benchmarks/README.md']
    .filter((f) => existsSync(path.join(ROOT, f)))
    .map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8'), path.dirname(path.join(ROOT, f))] as const);

  it.each([...others, ...inForce])('%s', (file, text, dir) => {
    // A record names the bench file its figures came from; the bench is rewritten as the product
    // changes and the figures stay in docs/benchmarks/, so a record's bench/ paths are its history.
    const history = (cited: string) => file.startsWith('docs/decisions/') && cited.startsWith('bench/');
    expect(missingCitations(text, dir).filter((c) => !history(c))).toEqual([]);
  });

  it('source comments cite decision records and migrations that exist', () => {
    const missing = sourceFiles
      .filter((f) => /\.(tsx?|mjs|js)$/.test(f))
      .flatMap((f) => missingCitations(readFileSync(f, 'utf8'), path.dirname(f)).filter((m) => /^(decision|migration) /.test(m)).map((m) => `${path.relative(ROOT, f)}: ${m}`));
    expect(missing).toEqual([]);
  });
});

it('nothing cites the design decisions outside the repository: docs/design-decisions.md is our copy', () => {
  const files = [...sourceFiles.filter((f) => /\.(tsx?|mjs|js|md)$/.test(f)), path.join(ROOT, 'README.md'), ...walk(path.join(ROOT, 'docs'))];
  const citing = files
    .filter((f) => !f.endsWith('design-decisions.md'))
    // A name in inline code is a mention (decision 0015 tells the story); a bare one is a citation.
    .filter((f) => /(?<![\w/-])decisions\.md/.test(readFileSync(f, 'utf8').replace(/`[^`\n]*`/g, ' ')))
    .map((f) => path.relative(ROOT, f));
  expect(citing).toEqual([]);
});
