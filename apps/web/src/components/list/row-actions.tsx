import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button.tsx';
import { cn } from '../../lib/cn.ts';

/** One thing a row offers: a link (`to`, or `href` to open elsewhere) or a button (`onSelect`). */
export interface RowAction<T> {
  id: string;
  /** The short visible text ('Edit'); on narrow screens only the icon shows. */
  text: string;
  /** The accessible name, naming the row ('Edit Maryam Ahmadi'). */
  label: (row: T) => string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** The user's permission for it (from `can`); a forbidden action is not shown at all. */
  allowed?: boolean;
  /** A rule of the row itself (the last Super Admin cannot be deleted). */
  shownFor?: (row: T) => boolean;
  /** Shown but unusable for this row, with `hint` saying why. */
  disabledFor?: (row: T) => boolean;
  hint?: string;
  to?: (row: T) => string;
  href?: (row: T) => string;
  onSelect?: (row: T) => void;
  danger?: boolean;
}

export function allowedActions<T>(actions: readonly RowAction<T>[] | undefined): RowAction<T>[] {
  return (actions ?? []).filter((action) => action.allowed !== false);
}

const dangerClasses = 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950';

export function RowActions<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {actions.map((action) => (action.shownFor?.(row) === false ? null : <RowActionControl key={action.id} row={row} action={action} />))}
    </div>
  );
}

function RowActionControl<T>({ row, action }: { row: T; action: RowAction<T> }) {
  const Icon = action.icon;
  const disabled = action.disabledFor?.(row) ?? false;
  const content = (
    <>
      <Icon className="h-4 w-4" aria-hidden />
      <span className="hidden xl:inline">{action.text}</span>
    </>
  );
  const common = { variant: 'ghost' as const, size: 'sm' as const, className: cn(action.danger && dangerClasses) };
  const title = disabled ? action.hint : action.text;
  if (!disabled && action.to) {
    return (
      <Button asChild {...common}>
        <Link to={action.to(row)} aria-label={action.label(row)} title={title}>
          {content}
        </Link>
      </Button>
    );
  }
  if (!disabled && action.href) {
    return (
      <Button asChild {...common}>
        <a href={action.href(row)} target="_blank" rel="noopener noreferrer" aria-label={action.label(row)} title={title}>
          {content}
        </a>
      </Button>
    );
  }
  return (
    <Button {...common} onClick={() => action.onSelect?.(row)} disabled={disabled} aria-label={action.label(row)} title={title}>
      {content}
    </Button>
  );
}
