import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';

/**
 * Would going to `next` discard the grid on `current`? Leaving the screen does, and so does a
 * change of any of `gridParams`, the choices the grid is for (a class's month): the grid is
 * built again for the new one. Other changes to the address (a subject typed) keep it.
 */
export function leavesGrid(current: Pick<Location, 'pathname' | 'search'>, next: Pick<Location, 'pathname' | 'search'>, gridParams: readonly string[]): boolean {
  if (current.pathname !== next.pathname) return true;
  const before = new URLSearchParams(current.search);
  const after = new URLSearchParams(next.search);
  return gridParams.some((name) => (before.get(name) ?? '') !== (after.get(name) ?? ''));
}

/**
 * Entries typed in a grid and not saved are not lost without a word: while `dirty`, a move that
 * would discard them (see `leavesGrid`) asks first, and a reload or closing the tab gets the
 * browser's own warning.
 */
export function UnsavedGuard({ dirty, gridParams }: { dirty: boolean; gridParams: readonly string[] }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && leavesGrid(currentLocation, nextLocation, gridParams));

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('unsaved.title')}
      message={t('unsaved.body')}
      confirmLabel={t('unsaved.discard')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
