import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { PERMISSION } from '@app/shared/permissions';
import { PAGE_MSG, type PageItem } from '@app/shared/schemas/page.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { PermissionButton } from '../../../components/can.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Paginator } from '../../../components/ui/paginator.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { usePages } from '../api/get-pages.ts';
import { useDeletePage } from '../api/delete-page.ts';
import { PageFormModal } from '../components/page-form-modal.tsx';

/** /dashboard/pages: Content Management (spec section 2). */
export function PagesPage() {
  const { t, i18n } = useTranslation('admin');
  const { can } = useAuth();
  const [draftSearch, setDraftSearch] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const pages = usePages({ page, search });
  const remove = useDeletePage();
  const [editing, setEditing] = useState<PageItem | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PageItem | null>(null);

  const rows = pages.data?.data ?? [];
  const meta = pages.data?.meta;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draftSearch);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const body = await remove.mutateAsync(deleting.id);
      toast.success(translateMessage(t, body?.message ?? PAGE_MSG.deleted));
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      toast.error(messageOr(t, err, t('pages.deleteError')));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{t('pages.title')}</h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('pages.subtitle')}</p>
        </div>
        <PermissionButton permission={PERMISSION.page.create} onClick={() => setEditing(null)}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('pages.add')}
        </PermissionButton>
      </div>

      <form role="search" onSubmit={onSearch} className="flex max-w-md gap-2">
        <Input
          type="search"
          placeholder={t('pages.search')}
          aria-label={t('pages.searchLabel')}
          value={draftSearch}
          onChange={(e) => setDraftSearch(e.target.value)}
        />
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden />
          {t('pages.searchSubmit')}
        </Button>
      </form>

      <ListStates
        isError={pages.isError}
        error={t('pages.loadError', { message: translateMessage(t, pages.error?.message ?? '') })}
        isPending={pages.isPending}
        isEmpty={rows.length === 0}
        empty={t('pages.empty')}
      >
        <Table aria-busy={pages.isFetching || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('pages.columns.id')}</TableHeaderCell>
              <TableHeaderCell>{t('pages.columns.title')}</TableHeaderCell>
              <TableHeaderCell>{t('pages.columns.slug')}</TableHeaderCell>
              <TableHeaderCell>{t('pages.columns.status')}</TableHeaderCell>
              <TableHeaderCell>{t('pages.columns.updated')}</TableHeaderCell>
              <TableHeaderCell className="text-end">{t('pages.columns.actions')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const published = row.is_published ?? row.isPublished;
              return (
                <TableRow key={row.id}>
                  <TableCell>{row.id}</TableCell>
                  <TableCell className="font-medium">{row.title}</TableCell>
                  <TableCell dir="auto" className="text-start font-mono text-xs">
                    {row.slug}
                  </TableCell>
                  <TableCell>
                    {published ? <Badge tone="green">{t('pages.published')}</Badge> : <Badge tone="gray">{t('pages.draft')}</Badge>}
                  </TableCell>
                  <TableCell>{formatDate(row.updated_at, i18n.language)}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      {published ? (
                        <a
                          href={`/pages/${encodeURIComponent(row.slug)}`}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={buttonClasses('outline', 'sm')}
                          aria-label={t('pages.viewPage', { title: row.title })}
                        >
                          <ExternalLink className="h-4 w-4" aria-hidden />
                          {t('common.view')}
                        </a>
                      ) : (
                        <Button variant="outline" size="sm" disabled title={t('pages.viewDraftHint')}>
                          <ExternalLink className="h-4 w-4" aria-hidden />
                          {t('common.view')}
                        </Button>
                      )}
                      {can(PERMISSION.page.edit) ? (
                        <Button variant="outline" size="sm" onClick={() => setEditing(row)} aria-label={t('pages.editPage', { title: row.title })}>
                          <Pencil className="h-4 w-4" aria-hidden />
                          {t('common.edit')}
                        </Button>
                      ) : null}
                      {can(PERMISSION.page.delete) ? (
                        <Button variant="danger" size="sm" onClick={() => setDeleting(row)} aria-label={t('pages.deletePage', { title: row.title })}>
                          <Trash2 className="h-4 w-4" aria-hidden />
                          {t('common.delete')}
                        </Button>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ListStates>

      {meta && rows.length > 0 ? (
        <Paginator currentPage={meta.current_page} lastPage={meta.last_page} onPageChange={setPage} from={meta.from} to={meta.to} total={meta.total} />
      ) : null}

      {editing !== undefined ? <PageFormModal page={editing} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('common.confirmDeleteTitle')}
        message={t('pages.confirmDelete')}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
      />
    </div>
  );
}
