import { useTranslation } from 'react-i18next';
import { PERMISSION } from '@app/shared/permissions';
import type { Site } from '@app/shared/schemas/sites.schema';
import { Badge } from '../../../components/ui/badge.tsx';
import { DataTable } from '../../../components/list/data-table.tsx';
import { useRowForm } from '../../../components/list/form-modal.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import type { ListSpec } from '../../../components/list/list-params.ts';
import { formatNumber } from '../../../lib/format-date.ts';
import { sitesQuery } from '../api/get-sites.ts';
import { useDeleteSite } from '../api/delete-site.ts';
import { SiteFormModal } from '../components/site-form-modal.tsx';

const SITE_LIST: ListSpec = {};

/**
 * /dashboard/sites: the organisation's homes and schools, each holding its own children. Only
 * those who manage sites reach it (the route's permission); a site with children or staff is
 * refused deletion by the server, whose message the toast says.
 */
export function SitesPage() {
  const { t, i18n } = useTranslation('sites');
  const sites = usePagedList(SITE_LIST, sitesQuery, flatPage);
  const remove = useDeleteSite();
  const form = useRowForm<Site>((site, close) => <SiteFormModal site={site} onClose={close} />);
  const deletion = useConfirmDelete<Site>({
    remove: remove.mutateAsync,
    message: (site) => t('list.confirmDelete', { name: site.name }),
    done: t('list.deleted'),
    failed: t('errors.delete'),
    from: sites,
  });

  return (
    <>
      <ListScreen
        id="sites"
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        add={{ label: t('list.add'), permission: PERMISSION.site.manage, onClick: form.add }}
        search={{ label: t('list.searchLabel'), placeholder: t('list.search') }}
        {...sites}
        empty={t('list.empty')}
        error={(message) => t('list.error', { message })}
      >
        <DataTable
          rows={sites.rows}
          columns={[
            { id: 'name', header: t('columns.name'), cell: (site) => site.name, key: true, userText: true, className: 'font-medium' },
            { id: 'kind', header: t('columns.kind'), cell: (site) => t(`kinds.${site.kind}`), from: 'xl' },
            { id: 'province', header: t('columns.province'), cell: (site) => site.province ?? '-', userText: true, from: '2xl' },
            {
              id: 'children',
              header: t('columns.children'),
              cell: (site) => formatNumber(site.children_count ?? null, i18n.language),
              from: '3xl',
              className: 'tabular-nums',
            },
            {
              id: 'status',
              header: t('columns.status'),
              cell: (site) => (site.active ? <Badge tone="green">{t('status.active')}</Badge> : <Badge tone="gray">{t('status.inactive')}</Badge>),
              from: 'md',
            },
          ]}
          actions={[
            { kind: 'edit', label: (site) => t('list.editNamed', { name: site.name }), onSelect: form.edit },
            { kind: 'delete', label: (site) => t('list.deleteNamed', { name: site.name }), onSelect: deletion.ask },
          ]}
        />
      </ListScreen>

      {form.modal}
      {deletion.dialog}
    </>
  );
}
