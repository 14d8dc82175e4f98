import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';

/** The actions every list has, with their usual icon and text. */
const KINDS = {
  view: { icon: Eye, text: 'list.view', danger: false },
  edit: { icon: Pencil, text: 'list.edit', danger: false },
  delete: { icon: Trash2, text: 'list.delete', danger: true },
} as const;

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/**
 * One thing a row offers: a link (`to`, or `href` to open elsewhere) or a button (`onSelect`).
 * `kind` gives a usual one its icon and text; any other names its own `id`, `icon` and `text`.
 */
export type RowAction<T> = RowActionBehaviour<T> & ({ kind: keyof typeof KINDS } | { kind?: undefined; id: string; icon: Icon; text: string; danger?: boolean });

interface RowActionBehaviour<T> {
  /** The accessible name, naming the row ('Edit Maryam Ahmadi'). */
  label: (row: T) => string;
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
}

export function allowedActions<T>(actions: readonly RowAction<T>[] | undefined): RowAction<T>[] {
  return (actions ?? []).filter((action) => action.allowed !== false);
}

const dangerClasses = 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950';

export function RowActions<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {actions.map((action) =>
        action.shownFor?.(row) === false ? null : <RowActionControl key={action.kind ?? action.id} row={row} action={action} />,
      )}
    </div>
  );
}

function RowActionControl<T>({ row, action }: { row: T; action: RowAction<T> }) {
  const { t } = useTranslation();
  const { icon: Icon, text, danger } = action.kind ? { ...KINDS[action.kind], text: t(KINDS[action.kind].text) } : action;
  const disabled = action.disabledFor?.(row) ?? false;
  // Narrow tables (the frame's width, not the window's) show the icon alone; the accessible name always names the row.
  const content = (
    <>
      <Icon className="h-4 w-4" aria-hidden />
      <span className="hidden @7xl:inline">{text}</span>
    </>
  );
  // At least 32 px square, so a thumb finds it (WCAG 2.2 target size asks 24).
  const common = { variant: 'ghost' as const, size: 'sm' as const, className: cn('min-w-8', danger && dangerClasses) };
  if (!disabled && action.to) {
    return (
      <Tooltip label={action.label(row)}>
        <Button asChild {...common}>
          <Link to={action.to(row)} aria-label={action.label(row)}>
            {content}
          </Link>
        </Button>
      </Tooltip>
    );
  }
  if (!disabled && action.href) {
    return (
      <Tooltip label={action.label(row)}>
        <Button asChild {...common}>
          <a href={action.href(row)} target="_blank" rel="noopener noreferrer" aria-label={action.label(row)}>
            {content}
          </a>
        </Button>
      </Tooltip>
    );
  }
  // A disabled button gets neither focus nor pointer events, so its reason stays in `title` and
  // in the accessible description.
  return disabled ? (
    <Button {...common} disabled aria-label={action.label(row)} title={action.hint} aria-description={action.hint}>
      {content}
    </Button>
  ) : (
    <Tooltip label={action.label(row)}>
      <Button {...common} onClick={() => action.onSelect?.(row)} aria-label={action.label(row)}>
        {content}
      </Button>
    </Tooltip>
  );
}
