import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What a comment may not say. It cites no issue: the tracker is not part of the repository, so
 * the comment says the rule instead. It carries no measured figure: that is true of one machine
 * on one day, so it goes to docs/benchmarks/ with its date, and the comment says the rule it led
 * to. A figure that is a rule or a setting (a lease, a limit, a debounce) stays: only a figure
 * beside a word of measuring, or given as what something came to, counts as measured. The first
 * test shows which is which.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CODE = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'apps/web/e2e', 'packages/shared/src', 'bench', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css|sh)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

interface Comment {
  line: number;
  /** The comment's words on one line: its markers (`//`, `/*`, a leading `*`, `#`) taken out. */
  text: string;
}

const lineOf = (text: string, pos: number) => text.slice(0, pos).split('\n').length;
const words = (raw: string) =>
  raw
    .replace(/^\/\/+|^\/\*+|\*+\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*(\*|\/\/|#)?\s?/, ''))
    .join(' ');

/** Comments as the language sees them (TypeScript's own scanner: never a `//` inside a string or a URL). */
function commentsOf(file: string, text: string): Comment[] {
  if (file.endsWith('.sh')) {
    return text.split('\n').flatMap((l, i) => {
      const m = /(?:^|\s)#(?!!)(.*)$/.exec(l);
      return m ? [{ line: i + 1, text: m[1]!.trim() }] : [];
    });
  }
  if (file.endsWith('.css')) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ line: lineOf(text, m.index), text: words(m[0]) }));
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const out: Comment[] = [];
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      out.push({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: words(text.slice(r.pos, r.end)) });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    if (node.kind !== ts.SyntaxKind.JsxText) node.getChildren(source).forEach(visit);
  };
  visit(source);
  return out;
}

/** The word issue, task or ticket before a number, or a number after a hash (not an HTML entity, a colour after a colon, nor Unicode's annex numbers). */
const ISSUE = /\b(?:issues?|tasks?|tickets?|pull requests?)\s+#?\d+\b|(?<![&\w:]|UAX\s|:\s)#\d{1,5}\b(?![\da-f])/i;
const FIGURE = String.raw`\d[\d,.]*(?:\s*[–-]\s*\d[\d,.]*)?\s*(?:µs|us|ms|s|secs?|seconds?|minutes?|B|KB|MB|GB|KiB|MiB|GiB|req\/s|rps|%|×)(?![\w/])`;
const HAS_FIGURE = new RegExp(FIGURE, 'i');
/** Words that make a figure beside them a measurement rather than a rule. */
const MEASURING = /\b(?:measured|took|p50|p90|p95|p99|median|faster|slower|higher|lower|on this machine|benchmark(?:ed)?|timed|clocked|observed)\b/i;
/** A figure as what something came to: after took, takes, costs, was, ran in. */
const CAME_TO = new RegExp(String.raw`\b(?:takes|took|costs?|was|were|ran in|runs in)\s+(?:about |around |roughly |only |just |under |over |~)?${FIGURE}`, 'i');

function problemsIn(text: string): string[] {
  const problems: string[] = [];
  const issue = ISSUE.exec(text);
  if (issue) problems.push(`cites an issue ("${issue[0].trim()}"): say the rule instead`);
  for (const sentence of text.split(/(?<=[.;!?])\s+/)) {
    if (HAS_FIGURE.test(sentence) && (MEASURING.test(sentence) || CAME_TO.test(sentence))) {
      problems.push(`carries a measured figure ("${sentence.trim().slice(0, 100)}"): move it to docs/benchmarks/, say the rule`);
    }
  }
  return problems;
}

describe('comments in the code', () => {
  it('tell a measurement from a rule', () => {
    expect(problemsIn('The restart takes the job back at once (the lease is 30 minutes).')).toEqual([]);
    expect(problemsIn('A search waits 500 ms after typing stops; a restart answers within 3 s.')).toEqual([]);
    expect(problemsIn('Every answer over 1 KB goes compressed; at most 20 % of the pool.')).toEqual([]);
    expect(problemsIn("UAX #9's isolates; `&#58;` shows as a colon; the colour: #111.")).toEqual([]);
    expect(problemsIn('The list took 38 ms at 100,000 children.')).toHaveLength(1);
    expect(problemsIn('Two arenas hold its idle memory about 10 MB lower.')).toHaveLength(1);
    expect(problemsIn('Its p99 rose to 4.2 ms under load.')).toHaveLength(1);
    expect(problemsIn('A save costs 1.5 ms more.')).toHaveLength(1);
    expect(problemsIn('(issue 16: a visitor downloads only the scripts they read)')).toHaveLength(1);
    expect(problemsIn('as fixed in #12')).toHaveLength(1);
    expect(problemsIn('Task 7 asked for it.')).toHaveLength(1);
  });

  // Reading every source file: more time than a unit test on a loaded machine.
  it('cite no issue and carry no measured figure', { timeout: 120_000 }, () => {
    const files = CODE.flatMap((dir) => walk(path.join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // Only a file whose text could hold a finding is parsed for its comments.
      if (problemsIn(text.replace(/\n\s*(?:\*|\/\/|#)?\s*/g, ' ')).length === 0) continue;
      for (const comment of commentsOf(file, text)) {
        for (const problem of problemsIn(comment.text)) found.push(`${path.relative(ROOT, file)}:${comment.line} ${problem}`);
      }
    }
    expect(found).toEqual([]);
  });
});
