import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { messageOr } from '../../lib/server-errors.ts';
import { translateMessage } from '../../lib/translate-message.ts';
import type { ListState } from './use-list-state.ts';

export interface ConfirmDeleteOptions<T extends { id: number }> {
  /** The server call by id (a mutation's `mutateAsync`); its answer's `message` is the success toast. */
  remove: (id: number) => Promise<{ message?: string } | undefined | void>;
  /** The question, or the question for the row about to go. */
  message: ReactNode | ((row: T) => ReactNode);
  title?: ReactNode;
  confirmLabel?: ReactNode;
  /** The toast when the answer carries no message. */
  done: string;
  /** The toast on failure: the server's message, else this text; or this text around the error's message. */
  failed: string | ((message: string) => string);
  /** The page the row was on: when it was its last row, the list steps back a page. */
  from?: { list: Pick<ListState, 'afterRemoval'>; rows: readonly unknown[] };
}

/**
 * Ask, then delete: `ask(row)` opens the confirmation (the Radix dialog of ui/confirm-dialog),
 * `dialog` is the element to render. The dialog stays open with its buttons disabled while the
 * call runs, then toasts the outcome.
 */
export function useConfirmDelete<T extends { id: number }>(options: ConfirmDeleteOptions<T>): { ask: (row: T) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, failed, from } = options;

  const confirm = async (row: T) => {
    setBusy(true);
    try {
      const body = await options.remove(row.id);
      toast.success(translateMessage(t, body?.message || undefined) ?? options.done);
      from?.list.afterRemoval(from.rows.length);
    } catch (err) {
      toast.error(typeof failed === 'string' ? messageOr(t, err, failed) : failed(translateMessage(t, err instanceof Error ? err.message : String(err)) ?? ''));
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
      title={options.title ?? t('list.confirmDeleteTitle')}
      message={target === null ? '' : typeof message === 'function' ? message(target) : message}
      confirmLabel={options.confirmLabel}
      onConfirm={() => target !== null && void confirm(target)}
      busy={busy}
    />
  );
  return { ask: setTarget, dialog };
}
