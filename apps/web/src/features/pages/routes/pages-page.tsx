import { useTranslation } from 'react-i18next';
import { PERMISSION } from '@app/shared/permissions';
import { PAGE_MSG, type PageItem } from '@app/shared/schemas/page.schema';
import { useFormat } from '../../../lib/use-format.ts';
import { useCan } from '../../../components/can.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { DataTable } from '../../../components/list/data-table.tsx';
import { useRowForm } from '../../../components/list/form-modal.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { nestedPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import type { ListSpec } from '../../../components/list/list-params.ts';
import { pagesQuery } from '../api/get-pages.ts';
import { useDeletePage } from '../api/delete-page.ts';
import { PageFormModal } from '../components/page-form-modal.tsx';

const PAGE_LIST: ListSpec = {};

/** /dashboard/pages: Content Management (spec section 2). */
export function PagesPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const canEdit = useCan(PERMISSION.page.edit);
  const canDelete = useCan(PERMISSION.page.delete);
  const pages = usePagedList(PAGE_LIST, pagesQuery, nestedPage);
  const remove = useDeletePage();
  const form = useRowForm<PageItem>((page, close) => <PageFormModal page={page} onClose={close} />);
  const deletion = useConfirmDelete<PageItem>({ remove: remove.mutateAsync, message: t('pages.confirmDelete'), done: PAGE_MSG.deleted, failed: t('pages.deleteError'), from: pages });

  return (
    <>
      <ListScreen
        id="pages"
        title={t('pages.title')}
        subtitle={t('pages.subtitle')}
        add={{ label: t('pages.add'), permission: PERMISSION.page.create, onClick: form.add }}
        search={{ label: t('pages.searchLabel'), placeholder: t('pages.search') }}
        {...pages}
        empty={t('pages.empty')}
        error={(message) => t('pages.loadError', { message })}
      >
        <DataTable
          rows={pages.rows}
          columns={[
            { id: 'id', header: t('pages.columns.id'), cell: (page) => format.id(page.id) },
            { id: 'title', header: t('pages.columns.title'), cell: (page) => page.title, key: true, userText: true, className: 'font-medium' },
            { id: 'slug', header: t('pages.columns.slug'), cell: (page) => page.slug, className: 'font-mono text-xs' },
            {
              id: 'status',
              header: t('pages.columns.status'),
              cell: (page) => (page.is_published ? <Badge tone="green">{t('pages.published')}</Badge> : <Badge tone="gray">{t('pages.draft')}</Badge>),
            },
            { id: 'updated', header: t('pages.columns.updated'), cell: (page) => format.date(page.updated_at) },
          ]}
          actions={[
            {
              kind: 'view',
              label: (page) => t('pages.viewPage', { title: page.title }),
              // A draft has no public address yet.
              href: (page) => `/pages/${encodeURIComponent(page.slug)}`,
              disabledFor: (page) => !page.is_published,
              hint: t('pages.viewDraftHint'),
            },
            { kind: 'edit', label: (page) => t('pages.editPage', { title: page.title }), allowed: canEdit, onSelect: form.edit },
            { kind: 'delete', label: (page) => t('pages.deletePage', { title: page.title }), allowed: canDelete, onSelect: deletion.ask },
          ]}
        />
      </ListScreen>

      {form.modal}
      {deletion.dialog}
    </>
  );
}
