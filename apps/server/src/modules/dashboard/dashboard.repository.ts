import type { VersionCounter } from '../../lib/kept-answers.ts';

/**
 * The tables the overview's figures come from, by their version counters (migrations 0008, 0017,
 * 0019): each moves on with every change to its table, kept by triggers in the statement that
 * changes it, and only ever grows, so figures computed at one sum stay true while it is unchanged.
 */
export const OVERVIEW_VERSIONS: readonly VersionCounter[] = ['orphans_version', 'attendances_version', 'results_version'];
