import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { translateMessage } from '../../lib/translate-message.ts';

export interface ConfirmDeleteOptions<T> {
  /** The server call; its answer's `message` is the success toast when it has one. */
  remove: (row: T) => Promise<{ message?: string } | undefined | void>;
  /** The question, for the row about to go. */
  message: (row: T) => ReactNode;
  title?: ReactNode;
  confirmLabel?: ReactNode;
  /** The toast when the answer carries no message. */
  done: string;
  /** The toast for a failure (usually `messageOr(t, err, spec text)`). */
  failed: (err: unknown) => string;
  /** Called after a removal, e.g. `() => list.afterRemoval(rows.length)` to step back from an emptied page. */
  onRemoved?: () => void;
}

/**
 * Ask, then delete: `ask(row)` opens the confirmation, `dialog` is the element to render. The
 * dialog stays open (buttons disabled) while the call runs, then toasts the outcome.
 */
export function useConfirmDelete<T>(options: ConfirmDeleteOptions<T>): { ask: (row: T) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      const body = await options.remove(target);
      toast.success(translateMessage(t, body?.message || undefined) ?? options.done);
      options.onRemoved?.();
    } catch (err) {
      toast.error(options.failed(err));
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !busy) setTarget(null);
      }}
      title={options.title}
      message={target !== null ? options.message(target) : ''}
      confirmLabel={options.confirmLabel}
      onConfirm={() => void confirm()}
      busy={busy}
    />
  );
  return { ask: (row) => setTarget(() => row), dialog };
}
