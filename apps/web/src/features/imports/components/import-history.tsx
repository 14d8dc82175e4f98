import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSummary } from '@app/shared/schemas/import.schema';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Paginator } from '../../../components/ui/paginator.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useImports } from '../api/get-imports.ts';
import { useUndoImport } from '../api/undo-import.ts';

const STATUS_TONE = { preview: 'gray', committed: 'green', undone: 'yellow' } as const;

/** Past imports with their counts, who and when, and the undo of those still within its days. */
export function ImportHistory() {
  const { t } = useTranslation('imports');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const history = useImports(page);
  const undo = useUndoImport();
  const [asked, setAsked] = useState<ImportSummary | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const confirm = () => {
    if (!asked) return;
    undo.mutate(asked.id, {
      onSuccess: () => setOutcome({ tone: 'success', text: t('history.undone') }),
      onError: (error) => {
        const records = isApiError(error) ? error.errors?.records : undefined;
        setOutcome({ tone: 'error', text: [t('history.undoError', { message: error.message }), records?.length ? t('history.changed', { records: records.join(', ') }) : ''].filter(Boolean).join(' ') });
      },
      onSettled: () => setAsked(null),
    });
  };
  const rows = history.data?.data ?? [];
  return (
    <section className="space-y-4" aria-labelledby="import-history-title">
      <h2 id="import-history-title" className="text-lg font-semibold">
        {t('history.title')}
      </h2>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {history.isError ? <Notice tone="error">{t('history.loadError', { message: history.error.message })}</Notice> : null}
      {history.data && !rows.length ? <p>{t('history.empty')}</p> : null}
      {rows.length ? (
        <div className="overflow-x-auto">
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t('history.file')}</TableHeaderCell>
                <TableHeaderCell>{t('history.status')}</TableHeaderCell>
                <TableHeaderCell className="hidden md:table-cell">{t('history.counts')}</TableHeaderCell>
                <TableHeaderCell className="hidden lg:table-cell">{t('history.by')}</TableHeaderCell>
                <TableHeaderCell className="hidden lg:table-cell">{t('history.when')}</TableHeaderCell>
                <TableHeaderCell>
                  <span className="sr-only">{t('history.actions')}</span>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((imp) => (
                <TableRow key={imp.id}>
                  <TableCell>
                    <bdi>{imp.file_name}</bdi>
                  </TableCell>
                  <TableCell>
                    <Badge tone={STATUS_TONE[imp.status]}>{t(`history.statuses.${imp.status}`)}</Badge>
                  </TableCell>
                  <TableCell className="hidden tabular-nums md:table-cell">
                    {t('history.countsValue', { created: format.number(imp.created_count), updated: format.number(imp.updated_count), skipped: format.number(imp.skipped_count) })}
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">
                    <bdi>{imp.user?.name ?? '-'}</bdi>
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">{format.dateTime(imp.committed_at ?? imp.created_at)}</TableCell>
                  <TableCell className="text-end">
                    {imp.can_undo ? (
                      <Button type="button" size="sm" variant="outline" onClick={() => setAsked(imp)} aria-label={t('history.undoNamed', { name: imp.file_name })}>
                        {t('history.undo')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
      {history.data && history.data.last_page > 1 ? <Paginator currentPage={history.data.current_page} lastPage={history.data.last_page} onPageChange={setPage} /> : null}
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => (open ? undefined : setAsked(null))}
        message={t('history.confirmUndo')}
        confirmLabel={t('history.undo')}
        onConfirm={confirm}
        busy={undo.isPending}
      />
    </section>
  );
}
