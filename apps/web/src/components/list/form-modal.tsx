import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { Notice } from '../ui/notice.tsx';

interface FormModalProps {
  /** The form's id (the footer's submit button sits outside the form and names it). */
  id: string;
  title: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  /** 'Create User' / 'Update User'; while `busy` the button says `busyLabel` (spec section 2). */
  submitLabel: ReactNode;
  /** 'Saving...' unless said otherwise ('Exporting...'). */
  busyLabel?: ReactNode;
  busy: boolean;
  /** What the form's banner says (from showServerErrors): only what no field says. */
  failure: string | null;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * A form in a modal (a list row's add/edit, an export): Cancel and submit in the footer, one
 * banner. While it is being sent it cannot be closed, as Cancel cannot be pressed.
 */
export function FormModal({ id, title, size = 'lg', submitLabel, busyLabel, busy, failure, onClose, onSubmit, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      size={size}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={id} disabled={busy}>
            {busy ? (busyLabel ?? t('list.saving')) : submitLabel}
          </Button>
        </>
      }
    >
      <form id={id} onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {children}
      </form>
    </Modal>
  );
}

/**
 * A list's add/edit form, opened from its Add button (`add`) or a row's Edit (`edit`): `modal`
 * is the form while it is open (`render` gets null when adding, the row when editing, and how to
 * close it), else nothing.
 */
export function useRowForm<T>(render: (row: T | null, close: () => void) => ReactNode) {
  // undefined: closed; null: adding; a row: editing it.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const close = () => setEditing(undefined);
  return { add: () => setEditing(null), edit: (row: T) => setEditing(row), modal: editing === undefined ? null : render(editing, close) };
}
