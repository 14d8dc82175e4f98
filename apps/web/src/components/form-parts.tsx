import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';

/** Tailwind needs whole class names: a section's columns on large screens. */
const LARGE_COLUMNS = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' } as const;

/**
 * The pieces every record form (orphan, result, attendance) is made of: titled sections of
 * fields, labels marking the required ones, and Cancel / Save at the foot.
 */
export function FormSection({ title, columns = 3, single = false, children }: { title: string; columns?: keyof typeof LARGE_COLUMNS; single?: boolean; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-700 dark:bg-gray-900">
      <legend className="px-1 text-base font-semibold text-gray-900 dark:text-gray-100">{title}</legend>
      <div className={single ? 'mt-2' : `mt-2 grid gap-4 sm:grid-cols-2 ${LARGE_COLUMNS[columns]}`}>{children}</div>
    </fieldset>
  );
}

/** A field's label; a required one ends in a red star whose tooltip says so (`required`: that word). */
export function FieldLabel({ text, required }: { text: ReactNode; required?: string | false }) {
  return (
    <>
      {text}
      {required ? (
        <span className="ms-0.5 text-red-600" title={required}>
          *
        </span>
      ) : null}
    </>
  );
}

interface FormActionsProps {
  cancel: { label: ReactNode; onClick: () => void };
  /** The submit button's text ('Add Result' / 'Update Result'), 'Saving...' while `busy`. */
  submit: ReactNode;
  saving: ReactNode;
  busy: boolean;
}

/** Cancel and submit at the form's foot; both wait while the form is being saved. */
export function FormActions({ cancel, submit, saving, busy }: FormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4 dark:border-gray-700">
      <Button variant="outline" onClick={cancel.onClick} disabled={busy}>
        {cancel.label}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? saving : submit}
      </Button>
    </div>
  );
}
