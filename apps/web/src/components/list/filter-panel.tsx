import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { DateField } from '../ui/date-field.tsx';
import { SelectField } from '../ui/select.tsx';
import { cn } from '../../lib/cn.ts';
import { translateMessage } from '../../lib/translate-message.ts';
import type { FilterValues, ListParams } from './list-params.ts';
import type { ListState } from './use-list-state.ts';

/** What a list's filter panel reads and changes of its URL state. */
export type FilterList<F extends string> = Pick<ListState<F>, 'params' | 'invalid' | 'hasFilters' | 'setFilters' | 'resetFilters'>;

/** Tailwind needs whole class names: the panel's columns on large screens, one per control. */
const LARGE_COLUMNS = { 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-5', 6: 'lg:grid-cols-6' } as const;

interface FilterPanelProps {
  /** The panel's id (a toggle button's aria-controls), when a button shows and hides it. */
  id?: string;
  /** Its accessible name ('Filters'). */
  label: string;
  /** How many controls a large screen shows in a row, the Reset button included. */
  columns: keyof typeof LARGE_COLUMNS;
  list: { hasFilters: boolean; resetFilters: () => void };
  resetLabel: string;
  children: ReactNode;
}

/** A list's filters in a bordered panel, with Reset at the end (disabled while nothing is filtered). */
export function FilterPanel({ id, label, columns, list, resetLabel, children }: FilterPanelProps) {
  return (
    <section
      id={id}
      aria-label={label}
      className={cn('grid w-full gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 dark:border-gray-700 dark:bg-gray-900', LARGE_COLUMNS[columns])}
    >
      {children}
      <div className="flex items-end">
        <Button variant="outline" onClick={list.resetFilters} disabled={!list.hasFilters} className="w-full">
          {resetLabel}
        </Button>
      </div>
    </section>
  );
}

interface FilterSelectProps {
  label: string;
  /** The first option's text, for no filter ('All'). */
  all: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The options (Options, GradeOptions, ...). */
  children: ReactNode;
}

/** One filter's select: its label, 'All' (no filter) first, then the values. */
export function FilterSelect({ label, all, value, onChange, error, children }: FilterSelectProps) {
  return (
    <SelectField label={label} error={error} first={all} value={value} onChange={(e) => onChange(e.target.value)}>
      {children}
    </SelectField>
  );
}

/**
 * A filter's value in the URL and its setter, spread on a FilterSelect: `{...filter('year')}`.
 * `clears` names filters that lose their meaning when this one changes (a record id of the old kind).
 */
export function bindFilters<F extends string>(list: { params: ListParams<F>; setFilters: (filters: FilterValues<F>) => void }) {
  return (name: F, clears: readonly F[] = []) => ({
    value: list.params[name] ?? '',
    onChange: (value: string) => list.setFilters({ ...Object.fromEntries(clears.map((other) => [other, undefined])), [name]: value } as FilterValues<F>),
  });
}

interface DateRangeFilterProps<F extends string> {
  list: { params: ListParams<F>; invalid: Partial<Record<F, string>>; setFilters: (filters: FilterValues<F>) => void };
  from: F;
  to: F;
  fromLabel: string;
  toLabel: string;
}

/**
 * A range of days as two filters (admitted from/to, changed from/to): in the reader's calendar,
 * while the URL keeps ISO Gregorian days; each end limits the other, and a backwards range is
 * said beside the filter (the spec's `check`).
 */
export function DateRangeFilter<F extends string>({ list, from, to, fromLabel, toLabel }: DateRangeFilterProps<F>) {
  const { t } = useTranslation();
  const { params, invalid, setFilters } = list;
  const end = (name: F, label: string, limit: { min?: string; max?: string }) => (
    <DateField
      label={label}
      error={translateMessage(t, invalid[name])}
      value={params[name] ?? ''}
      {...limit}
      // Each change is a query: only a whole date is applied, not each digit of its year.
      wholeDatesOnly
      onChange={(iso) => setFilters({ [name]: iso } as FilterValues<F>)}
    />
  );
  return (
    <>
      {end(from, fromLabel, { max: params[to] })}
      {end(to, toLabel, { min: params[from] })}
    </>
  );
}
