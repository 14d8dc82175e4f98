import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../ui/empty-state.tsx';
import { Notice } from '../ui/notice.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { translateMessage } from '../../lib/translate-message.ts';

/** The parts of a list query the states read (a TanStack `useQuery` result fits). */
export interface ListQueryStatus {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData?: boolean;
}

export interface ListStatesProps {
  query: ListQueryStatus;
  isEmpty: boolean;
  /** The spec's empty text ('No users found'). */
  empty: ReactNode;
  /** The spec's error text around the server's message: (m) => t('users.loadError', { message: m }). */
  error: (message: string) => ReactNode;
  /** Extra words under the error (what to check). */
  errorHint?: ReactNode;
  loadingLabel?: string;
  children: ReactNode;
}

/** Failed, loading, empty, or the list itself: the one way every list screen says them. */
export function ListStates({ query, isEmpty, empty, error, errorHint, loadingLabel, children }: ListStatesProps) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Notice tone="error">
        <p>{error(translateMessage(t, query.error?.message) ?? '')}</p>
        {errorHint ? <p className="mt-1">{errorHint}</p> : null}
      </Notice>
    );
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={loadingLabel ?? t('status.loading')} />
      </div>
    );
  }
  if (isEmpty) {
    return (
      <div className="rounded-lg border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
        <EmptyState message={empty} />
      </div>
    );
  }
  // The previous page stays while the next loads: dimmed, and marked busy for screen readers.
  return (
    <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
      {children}
    </div>
  );
}
