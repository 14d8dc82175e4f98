import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, ImportRow } from '@app/shared/schemas/import.schema';
import { Badge } from '../../../components/ui/badge.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Paginator } from '../../../components/ui/paginator.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useImportRows } from '../api/get-import-rows.ts';
import { useFieldLabel } from './field-label.ts';

/** Step three: the rows as read, a page at a time, each error named by its row and column, duplicates marked. */
export type DuplicateChoice = 'skip' | 'update';

interface ImportRowsProps {
  preview: ImportPreview['data'];
  /** A duplicate row's own choice, where it differs from the one for all. */
  choices: Record<number, DuplicateChoice>;
  onChoose: (row: number, choice: DuplicateChoice | null) => void;
}

export function ImportRows({ preview, choices, onChoose }: ImportRowsProps) {
  const { t } = useTranslation('imports');
  const format = useFormat();
  const fieldLabel = useFieldLabel(preview.import.kind);
  const [page, setPage] = useState(1);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const rows = useImportRows(preview.import.id, page, errorsOnly);
  const data = rows.data;
  const summary = preview.import;
  const nameOf = (r: ImportRow) => [r.values.first_name, r.values.last_name].filter(Boolean).join(' ') || '-';
  return (
    <section className="space-y-4" aria-labelledby="import-rows-title">
      <h2 id="import-rows-title" className="text-lg font-semibold">
        {t('preview.title')}
      </h2>
      <p className="text-sm">{t('preview.summary', { rows: format.number(summary.row_count), errors: format.number(summary.error_count), duplicates: format.number(summary.duplicate_count) })}</p>
      <CheckboxField
        checked={errorsOnly}
        onCheckedChange={(checked) => {
          setErrorsOnly(checked);
          setPage(1);
        }}
        label={t('preview.errorsOnly')}
      />
      {rows.isError ? <Notice tone="error">{t('preview.loadError', { message: rows.error.message })}</Notice> : null}
      <div className="overflow-x-auto">
        <Table>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('preview.row')}</TableHeaderCell>
              <TableHeaderCell>{t('preview.name')}</TableHeaderCell>
              <TableHeaderCell className="hidden md:table-cell">{t('preview.dob')}</TableHeaderCell>
              <TableHeaderCell>{t('preview.problems')}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.data.map((r) => (
              <TableRow key={r.row} data-row={r.row}>
                <TableCell className="tabular-nums">{format.number(r.row)}</TableCell>
                <TableCell>
                  <bdi>{nameOf(r)}</bdi>
                </TableCell>
                <TableCell className="hidden md:table-cell">{r.values.dob ? format.date(r.values.dob) : '-'}</TableCell>
                <TableCell>
                  <ul className="space-y-1">
                    {r.errors.map((e, i) => (
                      <li key={i} className="text-red-700 dark:text-red-400">
                        {t('preview.errorLine', { row: format.number(r.row), column: e.column || fieldLabel(e.field), message: e.message })}
                      </li>
                    ))}
                    {r.duplicate?.row ? (
                      <li>
                        <Badge tone="blue">{t('preview.duplicateOfRow', { row: format.number(r.duplicate.row) })}</Badge>
                      </li>
                    ) : null}
                    {r.duplicate?.id ? (
                      <li>
                        <Badge tone="blue">{t('preview.duplicateOfChild', { id: format.id(r.duplicate.id) })}</Badge>
                      </li>
                    ) : null}
                    {r.duplicate ? (
                      <li>
                        <Select
                          aria-label={t('preview.choiceFor', { row: format.number(r.row) })}
                          value={choices[r.row] ?? ''}
                          onChange={(e) => onChoose(r.row, e.target.value === 'skip' || e.target.value === 'update' ? e.target.value : null)}
                          className="mt-1 max-w-xs"
                        >
                          <option value="">{t('preview.choiceAll')}</option>
                          <option value="skip">{t('commit.skip')}</option>
                          <option value="update">{t('commit.update')}</option>
                        </Select>
                      </li>
                    ) : null}
                    {!r.errors.length && !r.duplicate ? <li className="text-gray-600 dark:text-gray-400">{t('preview.none')}</li> : null}
                  </ul>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {data && !data.data.length ? <p>{t('preview.empty')}</p> : null}
      {data ? <Paginator currentPage={data.current_page} lastPage={data.last_page} from={data.from} to={data.to} total={data.total} onPageChange={setPage} /> : null}
    </section>
  );
}
