import { useTranslation } from 'react-i18next';
import { useCan } from './can.tsx';
import { CellLink, DataTable, type Column } from './list/data-table.tsx';
import { featurePermissions } from './list/feature-list.tsx';
import type { RowAction } from './list/row-actions.tsx';

interface SchoolRecordTableProps<T extends { id: number }> {
  /** Whose records: the feature's namespace (columns.student, actions.*Named), permissions and pages. */
  feature: 'results' | 'attendance';
  rows: readonly T[];
  /** The first column: the child the row is about, as a link (to the record, or to the child). */
  student: { name: (row: T) => string; to: (row: T) => string };
  /** The feature's own columns, after the child. */
  columns: readonly Column<T>[];
  /** What an action's accessible name says of the row: the child, and the period or the subject. */
  named: (row: T) => { name: string; period?: string; subject?: string };
  /** The record's own page, when it has one: View. */
  view?: (row: T) => string;
  onDelete: (row: T) => void;
}

/**
 * The list of a school record (results, attendance): the child first, the feature's columns,
 * then View (when the record has a page), Edit (its edit page) and Delete, each named after the
 * row and shown by the feature's permissions.
 */
export function SchoolRecordTable<T extends { id: number }>({ feature, rows, student, columns, named, view, onDelete }: SchoolRecordTableProps<T>) {
  const { t } = useTranslation(feature);
  const canEdit = useCan(featurePermissions(feature).edit);
  const canDelete = useCan(featurePermissions(feature).delete);
  const actions: RowAction<T>[] = [
    { kind: 'edit', label: (row) => t('actions.editNamed', named(row)), allowed: canEdit, to: (row) => `/dashboard/${feature}/edit/${row.id}` },
    { kind: 'delete', label: (row) => t('actions.deleteNamed', named(row)), allowed: canDelete, onSelect: onDelete },
  ];
  if (view) actions.unshift({ kind: 'view', label: (row) => t('actions.viewNamed', named(row)), to: view });
  const child: Column<T> = { id: 'student', header: t('columns.student'), key: true, cell: (row) => <CellLink to={student.to(row)}>{student.name(row)}</CellLink> };
  return <DataTable rows={rows} columns={[child, ...columns]} actions={actions} />;
}
