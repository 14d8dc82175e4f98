import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { PAGE_MSG, type PageItem } from '@app/shared/schemas/page.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { PermissionButton } from '../../../components/can.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { DataTable } from '../../../components/list/data-table.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { useListQuery } from '../../../components/list/use-list-query.ts';
import { useListState } from '../../../components/list/use-list-state.ts';
import type { ListSpec } from '../../../components/list/list-params.ts';
import { pagesQuery } from '../api/get-pages.ts';
import { useDeletePage } from '../api/delete-page.ts';
import { PageFormModal } from '../components/page-form-modal.tsx';

const PAGE_LIST: ListSpec = {};

/** /dashboard/pages: Content Management (spec section 2). */
export function PagesPage() {
  const { t, i18n } = useTranslation('admin');
  const { can } = useAuth();
  const list = useListState(PAGE_LIST);
  const pages = useListQuery(list, pagesQuery);
  const remove = useDeletePage();
  const rows = pages.data?.data ?? [];
  // undefined: closed; null: creating; a page: editing it.
  const [editing, setEditing] = useState<PageItem | null | undefined>(undefined);
  const deletion = useConfirmDelete<PageItem>({
    remove: (page) => remove.mutateAsync(page.id),
    title: t('common.confirmDeleteTitle'),
    message: () => t('pages.confirmDelete'),
    done: PAGE_MSG.deleted,
    failed: (err) => messageOr(t, err, t('pages.deleteError')),
    onRemoved: () => list.afterRemoval(rows.length),
  });

  return (
    <>
      <ListScreen
        id="pages"
        title={t('pages.title')}
        subtitle={t('pages.subtitle')}
        actions={
          <PermissionButton permission={PERMISSION.page.create} onClick={() => setEditing(null)}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('pages.add')}
          </PermissionButton>
        }
        list={list}
        search={{ label: t('pages.searchLabel'), placeholder: t('pages.search') }}
        query={pages}
        rows={rows}
        meta={pages.data?.meta}
        empty={t('pages.empty')}
        error={(message) => t('pages.loadError', { message })}
      >
        <DataTable
          rows={rows}
          rowKey={(page) => page.id}
          columns={[
            { id: 'id', header: t('pages.columns.id'), cell: (page) => page.id },
            { id: 'title', header: t('pages.columns.title'), cell: (page) => page.title, key: true, className: 'font-medium' },
            { id: 'slug', header: t('pages.columns.slug'), cell: (page) => page.slug, className: 'font-mono text-xs' },
            {
              id: 'status',
              header: t('pages.columns.status'),
              cell: (page) => (page.is_published ? <Badge tone="green">{t('pages.published')}</Badge> : <Badge tone="gray">{t('pages.draft')}</Badge>),
            },
            { id: 'updated', header: t('pages.columns.updated'), cell: (page) => formatDate(page.updated_at, i18n.language) },
          ]}
          actions={[
            {
              id: 'view',
              text: t('common.view'),
              label: (page) => t('pages.viewPage', { title: page.title }),
              icon: ExternalLink,
              // A draft has no public address yet.
              href: (page) => `/pages/${encodeURIComponent(page.slug)}`,
              disabledFor: (page) => !page.is_published,
              hint: t('pages.viewDraftHint'),
            },
            {
              id: 'edit',
              text: t('common.edit'),
              label: (page) => t('pages.editPage', { title: page.title }),
              icon: Pencil,
              allowed: can(PERMISSION.page.edit),
              onSelect: setEditing,
            },
            {
              id: 'delete',
              text: t('common.delete'),
              label: (page) => t('pages.deletePage', { title: page.title }),
              icon: Trash2,
              danger: true,
              allowed: can(PERMISSION.page.delete),
              onSelect: deletion.ask,
            },
          ]}
        />
      </ListScreen>

      {editing !== undefined ? <PageFormModal page={editing} onClose={() => setEditing(undefined)} /> : null}
      {deletion.dialog}
    </>
  );
}
