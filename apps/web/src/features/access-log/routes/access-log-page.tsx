import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import { accessLogQuery } from '../api/get-access-log.ts';
import { AccessLogFilters } from '../components/access-log-filters.tsx';
import { ACCESS_LOG_LIST } from '../components/access-log-list-spec.ts';
import { AccessLogTable } from '../components/access-log-table.tsx';

/**
 * /dashboard/access-log: who read which child's record, file or report, and every export, from
 * where and when — newest first, filtered and paged in the URL. Read only: nothing here changes a line.
 */
export function AccessLogPage() {
  const { t } = useTranslation('activities');
  const lines = usePagedList(ACCESS_LOG_LIST, accessLogQuery, flatPage);
  const { list } = lines;

  return (
    <ListScreen
      id="access-log"
      title={t('accessLog.title')}
      subtitle={t('accessLog.subtitle')}
      filters={{ show: t('filters.show'), hide: t('filters.hide'), open: true, panel: (id) => <AccessLogFilters id={id} list={list} /> }}
      {...lines}
      loadingLabel={t('accessLog.loading')}
      empty={list.hasFilters ? t('accessLog.emptyFiltered') : t('accessLog.empty')}
      error={(message) => t('accessLog.loadError', { message })}
    >
      <AccessLogTable rows={lines.rows} />
    </ListScreen>
  );
}
