import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { Notice } from './notice.tsx';
import { Spinner } from './spinner.tsx';

interface ListStatesProps {
  isError: boolean;
  /** The list's error text (spec section 8, e.g. 'Error loading users: {message}'). */
  error: ReactNode;
  isPending: boolean;
  loadingLabel?: string;
  isEmpty: boolean;
  /** The list's empty text (spec section 8, e.g. 'No users found'). */
  empty: ReactNode;
  children: ReactNode;
}

/** The four states every server list screen has: failed, loading, empty, or the list itself. */
export function ListStates({ isError, error, isPending, loadingLabel, isEmpty, empty, children }: ListStatesProps) {
  if (isError) return <Notice tone="error">{error}</Notice>;
  if (isPending) return <Spinner label={loadingLabel} />;
  if (isEmpty) return <EmptyState message={empty} />;
  return <>{children}</>;
}
