import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, Pencil } from 'lucide-react';
import { PermissionButton } from './can.tsx';
import { Button } from './ui/button.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { Notice } from './ui/notice.tsx';
import { Spinner } from './ui/spinner.tsx';
import { isApiError } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { translateMessage } from '../lib/translate-message.ts';

interface RecordPageProps {
  /** Names the section: its heading's id is `${id}-title`. */
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  /**
   * Back to the list: a quiet link above a form or a task, an outlined button among a record's
   * own buttons (`actions`: Edit, a report), which follow it.
   */
  back: { to: string; label: ReactNode };
  actions?: { buttons: ReactNode };
  width?: '5xl' | '6xl';
  children: ReactNode;
}

/**
 * A page about one record or one task under a list (a form, a record's details, a class grid):
 * its title, the way back to the list, and the page's body.
 */
export function RecordPage({ id, title, subtitle, back, actions, width = '5xl', children }: RecordPageProps) {
  const titleId = `${id}-title`;
  const backLink = (
    <Link to={back.to}>
      <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
      {back.label}
    </Link>
  );
  const heading = (
    <h2 id={titleId} className="text-2xl font-semibold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className={cn('mx-auto space-y-4', width === '6xl' ? 'max-w-6xl' : 'max-w-5xl')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {subtitle ? (
          <div>
            {heading}
            <p className="text-sm text-gray-600 dark:text-gray-400">{subtitle}</p>
          </div>
        ) : (
          heading
        )}
        {actions ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              {backLink}
            </Button>
            {actions.buttons}
          </div>
        ) : (
          <Button asChild variant="ghost" size="sm">
            {backLink}
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

interface RecordStatesProps<T> {
  /** The record's query (a TanStack `useQuery` result). */
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  /** What a failed load says around the server's message: (m) => t('form.loadError', { message: m }). */
  error: (message: string) => ReactNode;
  /**
   * Said instead when there is no such record (the answer's status is one of `statuses`, 404 by
   * default): in a notice, or as an empty card (`card`).
   */
  notFound?: { text: ReactNode; statuses?: readonly number[]; card?: boolean };
  children: (record: T) => ReactNode;
}

/** Loading, failed, not found, or the record: the one way a record's page says them. */
export function RecordStates<T>({ query, error, notFound, children }: RecordStatesProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    const missing = notFound && isApiError(query.error) && (notFound.statuses ?? [404]).includes(query.error.status);
    if (missing && notFound.card) {
      return (
        <div className="rounded-lg border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
          <EmptyState message={notFound.text} />
        </div>
      );
    }
    return <Notice tone="error">{missing ? notFound.text : error(translateMessage(t, query.error?.message) ?? '')}</Notice>;
  }
  return children(query.data);
}

type RecordFormPageProps<T> = Omit<RecordPageProps, 'children'> &
  Pick<RecordStatesProps<T>, 'error' | 'notFound'> & {
    /** Editing a stored record (the route has an id), else adding one. */
    editing: boolean;
    record: RecordStatesProps<T>['query'];
    /** The form: empty when adding, filled from the record when editing. */
    children: (record?: T) => ReactNode;
  };

/** An add/edit page: the empty form to add; to edit, the form once the record has loaded. */
export function RecordFormPage<T>({ editing, record, error, notFound, children, ...page }: RecordFormPageProps<T>) {
  return (
    <RecordPage {...page}>
      {editing ? (
        <RecordStates query={record} error={error} notFound={notFound}>
          {children}
        </RecordStates>
      ) : (
        children()
      )}
    </RecordPage>
  );
}

/** A record page's Edit button: to its form, shown to those with the permission to edit. */
export function EditRecordButton({ permission, to, label }: { permission: string; to: string; label: ReactNode }) {
  return (
    <PermissionButton permission={permission} asChild>
      <Link to={to}>
        <Pencil className="h-4 w-4" aria-hidden />
        {label}
      </Link>
    </PermissionButton>
  );
}

/**
 * An add/edit page's Save and Cancel: `submit` saves (a refused save rejects, for the form to
 * show), toasts the answer's message (else `done`, when given) and goes back to the list;
 * `cancel` goes back without saving.
 */
export function useSaveAndReturn<S>(save: (submission: S) => Promise<{ message?: string } | undefined | void>, listPath: string, done?: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return {
    submit: async (submission: S) => {
      const body = await save(submission);
      const said = translateMessage(t, body?.message || undefined) ?? done;
      if (said) toast.success(said);
      navigate(listPath);
    },
    cancel: () => navigate(listPath),
  };
}
