/**
 * Where a sheet's headings are, among its first rows: one row, or two — a group heading merged
 * across the columns it covers ("Father", "Guardian", "Days") over its columns' own headings
 * ("Name", "Contact", "Present"), with the columns outside a group headed by a cell merged down
 * both rows. A merged cell's text is in its first cell only (the others read empty), so a group
 * heading covers the empty cells to its right. A column under a group is named by the group and
 * its own heading together when that names a field ("Father" over "Name": father's name; "پدر"
 * over "نام": "نام پدر"), else by its own heading.
 */

type Cells = readonly string[];

/** Two heading rows made one: each column's heading as the field names would read it. */
export function joinHeadingRows(top: Cells, bottom: Cells, names: (heading: string) => boolean): string[] {
  const width = Math.max(top.length, bottom.length);
  const out: string[] = [];
  let group = '';
  for (let c = 0; c < width; c++) {
    const above = top[c] ?? '';
    const own = bottom[c] ?? '';
    if (above !== '') group = own === '' ? '' : above;
    if (own === '') {
      out.push(above);
      continue;
    }
    const joined = group ? [`${group} ${own}`, `${own} ${group}`].find(names) : undefined;
    out.push(joined ?? (names(own) || !group ? own : `${group} ${own}`));
  }
  return out;
}

/**
 * The heading rows among `first`: the row, or pair of rows, whose headings name the most fields
 * (a pair only when it names more than either row alone); else the first row. `last` is the index
 * of the last heading row: the data begins after it.
 */
export function findHeadings(first: readonly Cells[], named: (headings: Cells) => number, names: (heading: string) => boolean): { headings: string[]; last: number } {
  let best = { headings: [...(first[0] ?? [])], last: 0, count: 0 };
  first.forEach((row, i) => {
    const n = named(row);
    if (n > best.count) best = { headings: [...row], last: i, count: n };
  });
  for (let i = 0; i + 1 < first.length; i++) {
    const headings = joinHeadingRows(first[i]!, first[i + 1]!, names);
    const n = named(headings);
    if (n > best.count && n > named(first[i]!) && n > named(first[i + 1]!)) best = { headings, last: i + 1, count: n };
  }
  return { headings: best.headings, last: best.last };
}
