import { ORPHAN_OPTIONS_KEY } from '../../../lib/orphan-options-query.ts';
import { refreshing } from '../../../lib/record-writes.ts';

export const IMPORTS_KEY = ['imports'] as const;

export const importKeys = {
  all: IMPORTS_KEY,
  history: (page: number) => [...IMPORTS_KEY, 'history', page] as const,
  rows: (id: number, page: number, errorsOnly: boolean) => [...IMPORTS_KEY, id, 'rows', page, errorsOnly] as const,
};

/** An import's write makes its rows and the history stale, and the children, results or attendance a commit or undo changed. */
export const IMPORTS = refreshing('/imports', IMPORTS_KEY, ['orphans'], ORPHAN_OPTIONS_KEY, ['results'], ['attendances']);
