import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { Notice } from '../ui/notice.tsx';

interface FormModalProps {
  /** The form's id (the footer's submit button sits outside the form and names it). */
  id: string;
  title: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  /** 'Create User' / 'Update User'; while `busy` the button says 'Saving...' (spec section 2). */
  submitLabel: ReactNode;
  busy: boolean;
  /** What the form's banner says (from showServerErrors): only what no field says. */
  failure: string | null;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** The add/edit form of a list's row, in a modal: Cancel and submit in the footer, one banner. */
export function FormModal({ id, title, size = 'lg', submitLabel, busy, failure, onClose, onSubmit, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size={size}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={id} disabled={busy}>
            {busy ? t('list.saving') : submitLabel}
          </Button>
        </>
      }
    >
      <form id={id} onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {children}
      </form>
    </Modal>
  );
}
