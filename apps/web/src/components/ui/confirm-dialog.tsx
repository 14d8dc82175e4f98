import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  onConfirm: () => void;
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  danger?: boolean;
}

export function ConfirmDialog({ open, onOpenChange, title, message, confirmLabel, onConfirm, busy = false, danger = true }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={title ?? t('confirm.title')}
      description={message}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t('actions.delete')}
          </Button>
        </>
      }
    />
  );
}
