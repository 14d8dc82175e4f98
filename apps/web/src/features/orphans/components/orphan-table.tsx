import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil, Trash2, UserRound } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { Can } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { ageFromDob, fullName, orDash } from './orphan-format.ts';
import { OrphanStatusBadge } from './orphan-status-badge.tsx';
import { useOrphanFormat } from './use-orphan-format.ts';

type SortKey = 'id' | 'last_name' | 'admission_date';
const DEFAULT_SORT: SortKey = 'last_name';

interface OrphanTableProps {
  rows: OrphanListItem[];
  /** The sort in effect: a column name, '-' prefixed when descending. */
  sort?: string;
  onSort?: (sort: string) => void;
  onDelete: (orphan: OrphanListItem) => void;
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort?: string;
  onSort?: (sort: string) => void;
}) {
  const { t } = useTranslation('orphans');
  // Without a sort the server orders by last name.
  const current = sort || DEFAULT_SORT;
  const direction = current === column ? 'ascending' : current === `-${column}` ? 'descending' : undefined;
  if (!onSort) return <TableHeaderCell>{label}</TableHeaderCell>;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <TableHeaderCell aria-sort={direction ?? 'none'} className="whitespace-nowrap">
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase hover:text-gray-900 dark:hover:text-white"
        onClick={() => onSort(direction === 'ascending' ? `-${column}` : column)}
        title={t('list.sortBy', { column: label })}
      >
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
      </button>
    </TableHeaderCell>
  );
}

/** Spec section 2 columns: ID, Name, Age, Grade, Gender, Admission Date, Status, Actions. */
export function OrphanTable({ rows, sort, onSort, onDelete }: OrphanTableProps) {
  const { t } = useTranslation('orphans');
  const format = useOrphanFormat();

  return (
    <Table>
      <TableHead>
        <tr>
          <SortHeader label={t('columns.id')} column="id" sort={sort} onSort={onSort} />
          <SortHeader label={t('columns.name')} column="last_name" sort={sort} onSort={onSort} />
          <TableHeaderCell>{t('columns.age')}</TableHeaderCell>
          <TableHeaderCell>{t('columns.grade')}</TableHeaderCell>
          <TableHeaderCell>{t('columns.gender')}</TableHeaderCell>
          <SortHeader label={t('columns.admissionDate')} column="admission_date" sort={sort} onSort={onSort} />
          <TableHeaderCell>{t('columns.status')}</TableHeaderCell>
          <TableHeaderCell className="text-end">{t('columns.actions')}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((orphan) => {
          const name = fullName(orphan);
          return (
            <TableRow key={orphan.id}>
              <TableCell className="tabular-nums text-gray-500 dark:text-gray-400">{orphan.id}</TableCell>
              <TableCell>
                <div className="flex items-center gap-3">
                  <Avatar url={orphan.photo_thumb_url} />
                  <div className="min-w-0">
                    <Link
                      to={`/dashboard/orphans/${orphan.id}`}
                      className="whitespace-nowrap font-medium text-gray-900 hover:text-brand-700 hover:underline dark:text-gray-100 dark:hover:text-brand-400"
                    >
                      {name}
                    </Link>
                    {orphan.father_name ? (
                      <div className="truncate text-xs text-gray-500 dark:text-gray-400">{orphan.father_name}</div>
                    ) : null}
                  </div>
                </div>
              </TableCell>
              <TableCell className="tabular-nums">{orDash(ageFromDob(orphan.dob))}</TableCell>
              <TableCell className="whitespace-nowrap">{orDash(format.grade(orphan.class_grade))}</TableCell>
              <TableCell>{orDash(format.gender(orphan.gender))}</TableCell>
              <TableCell className="whitespace-nowrap">{orDash(format.date(orphan.admission_date))}</TableCell>
              <TableCell>
                <OrphanStatusBadge status={orphan.status} />
              </TableCell>
              <TableCell>
                <RowActions>
                  <Button asChild variant="ghost" size="sm">
                    <Link to={`/dashboard/orphans/${orphan.id}`} aria-label={t('actions.viewNamed', { name })} title={t('actions.view')}>
                      <Eye className="h-4 w-4" aria-hidden />
                      <span className="hidden 2xl:inline">{t('actions.view')}</span>
                    </Link>
                  </Button>
                  <Can permission={PERMISSION.orphan.edit}>
                    <Button asChild variant="ghost" size="sm">
                      <Link to={`/dashboard/orphans/edit/${orphan.id}`} aria-label={t('actions.editNamed', { name })} title={t('actions.edit')}>
                        <Pencil className="h-4 w-4" aria-hidden />
                        <span className="hidden 2xl:inline">{t('actions.edit')}</span>
                      </Link>
                    </Button>
                  </Can>
                  <Can permission={PERMISSION.orphan.delete}>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                      onClick={() => onDelete(orphan)}
                      aria-label={t('actions.deleteNamed', { name })}
                      title={t('actions.delete')}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                      <span className="hidden 2xl:inline">{t('actions.delete')}</span>
                    </Button>
                  </Can>
                </RowActions>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-end gap-1">{children}</div>;
}

/** A small thumbnail (signed URL, used as-is) or a neutral placeholder. */
function Avatar({ url }: { url: string | null }) {
  if (!url) {
    return (
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-400 dark:bg-gray-800" aria-hidden>
        <UserRound className="h-5 w-5" />
      </span>
    );
  }
  return <img src={url} alt="" loading="lazy" decoding="async" className="h-9 w-9 shrink-0 rounded-full object-cover" />;
}
