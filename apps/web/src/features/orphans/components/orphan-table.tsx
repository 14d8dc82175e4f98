import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserRound } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { useCan } from '../../../components/can.tsx';
import { useUserSites } from '../../../lib/user-sites.ts';
import { DataTable } from '../../../components/list/data-table.tsx';
import { fullName, orDash } from './orphan-format.ts';
import { OrphanStatusBadge } from './orphan-status-badge.tsx';
import { useOrphanFormat } from './use-orphan-format.ts';

interface OrphanTableProps {
  rows: readonly OrphanListItem[];
  /** The sort in effect: a column name, '-' prefixed when descending. */
  sort?: string;
  onSort: (sort: string) => void;
  onDelete: (orphan: OrphanListItem) => void;
}

/**
 * Spec section 2 columns: ID, Name, Age, Grade, Gender, Admission Date, Status, Actions (View
 * always; Edit, Delete by permission). Narrower frames drop columns, least needed first (gender,
 * age, id, grade, admission date; the photo on a phone), so no column's text runs under the actions; on a phone the
 * status goes under the name. A user of several sites sees each child's site after the name (under
 * it where the frame is narrow).
 */
export function OrphanTable({ rows, sort, onSort, onDelete }: OrphanTableProps) {
  const { t } = useTranslation('orphans');
  const canEdit = useCan(PERMISSION.orphan.edit);
  const canDelete = useCan(PERMISSION.orphan.delete);
  const format = useOrphanFormat();
  const { several } = useUserSites();
  const { t: common } = useTranslation();
  const details = (orphan: OrphanListItem) => `/dashboard/orphans/${orphan.id}`;

  return (
    <DataTable
      rows={rows}
      sort={sort}
      onSort={onSort}
      columns={[
        { id: 'id', header: t('columns.id'), cell: (orphan) => format.id(orphan.id), sort: 'id', from: '5xl', className: 'tabular-nums text-gray-500 dark:text-gray-400' },
        {
          id: 'name',
          header: t('columns.name'),
          sort: 'last_name',
          key: true,
          cell: (orphan) => (
            <div className="flex items-center gap-3">
              <span className="hidden @sm:contents">
                <Avatar url={orphan.photo_thumb_url} />
              </span>
              <div className="min-w-0">
                <Link
                  to={details(orphan)}
                  dir="auto"
                  className="font-medium text-gray-900 wrap-anywhere hover:text-brand-700 hover:underline dark:text-gray-100 dark:hover:text-brand-400"
                >
                  {fullName(orphan)}
                </Link>
                {orphan.father_name ? <div className="text-xs text-gray-500 wrap-anywhere dark:text-gray-400" dir="auto">{orphan.father_name}</div> : null}
                {several ? (
                  <div className="text-xs text-gray-500 wrap-anywhere @2xl:hidden dark:text-gray-400" dir="auto">
                    {orphan.site_name}
                  </div>
                ) : null}
                <div className="mt-1 @md:hidden">
                  <OrphanStatusBadge status={orphan.status} />
                </div>
              </div>
            </div>
          ),
        },
        // The site tells children apart only for a user of more than one.
        ...(several ? [{ id: 'site', header: common('sites.label'), cell: (orphan: OrphanListItem) => orphan.site_name, userText: true, from: '2xl' as const }] : []),
        { id: 'age', header: t('columns.age'), cell: (orphan) => orDash(format.age(orphan.dob)), from: '6xl', className: 'tabular-nums whitespace-nowrap' },
        { id: 'grade', header: t('columns.grade'), cell: (orphan) => orDash(format.grade(orphan.class_grade)), from: '4xl', className: 'whitespace-nowrap' },
        { id: 'gender', header: t('columns.gender'), cell: (orphan) => orDash(format.gender(orphan.gender)), from: '7xl', className: 'whitespace-nowrap' },
        {
          id: 'admission',
          header: t('columns.admissionDate'),
          sort: 'admission_date',
          cell: (orphan) => orDash(format.date(orphan.admission_date)),
          from: '3xl',
          className: 'whitespace-nowrap',
        },
        { id: 'status', header: t('columns.status'), cell: (orphan) => <OrphanStatusBadge status={orphan.status} />, from: 'md' },
      ]}
      actions={[
        { kind: 'view', label: (orphan) => t('actions.viewNamed', { name: fullName(orphan) }), to: details },
        {
          kind: 'edit',
          label: (orphan) => t('actions.editNamed', { name: fullName(orphan) }),
          allowed: canEdit,
          to: (orphan) => `/dashboard/orphans/edit/${orphan.id}`,
        },
        { kind: 'delete', label: (orphan) => t('actions.deleteNamed', { name: fullName(orphan) }), allowed: canDelete, onSelect: onDelete },
      ]}
    />
  );
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
