import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { Result } from '@app/shared/schemas/result.schema';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useFeatureList } from '../../../components/list/feature-list.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { resultsQuery } from '../api/get-results.ts';
import { useDeleteResult } from '../api/delete-result.ts';
import { ResultFilters } from '../components/result-filters.tsx';
import { RESULT_LIST, browserPage, resultFilters } from '../components/result-list-spec.ts';
import { ResultTable } from '../components/result-table.tsx';

/** /dashboard/results: filters, the table paged in the browser (5 a page), delete after confirming (spec section 2). */
export function ResultsPage() {
  const { t } = useTranslation('results');
  const list = useListState(RESULT_LIST);
  const query = useQuery({ ...resultsQuery(resultFilters(list.query)), enabled: list.ready, placeholderData: keepPreviousData });
  const page = browserPage(query.data?.data ?? [], list.params.page, list.params.per_page);
  const { screen, deletion } = useFeatureList<Result>('results', { remove: useDeleteResult().mutateAsync, from: { list, rows: page.rows } });

  return (
    <>
      <ListScreen
        id="results"
        {...screen}
        links={[{ label: t('list.classEntry'), to: '/dashboard/results/class', icon: Users, check: { permission: PERMISSION.result.create } }]}
        panel={
          <>
            <ResultFilters list={list} />
            {query.data?.truncated ? <Notice tone="info">{t('list.truncated')}</Notice> : null}
          </>
        }
        list={list}
        query={query}
        rows={page.rows}
        meta={page.meta}
      >
        <ResultTable rows={page.rows} onDelete={deletion.ask} />
      </ListScreen>
      {deletion.dialog}
    </>
  );
}
