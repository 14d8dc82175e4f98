import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { GRADE_LETTERS, gradeForMarks } from '@app/shared/grade-bands';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import type { Result, ResultData } from '@app/shared/schemas/result.schema';
import { ClassGrid, childName } from '../../../components/class-roster.tsx';
import { EntryForm, type EntryColumn } from '../../../components/entry-grid.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { useSaveResult } from '../api/save-result.ts';
import { EMPTY_MARKS, ROW_FIELDS_BY_TYPE, checkRow, marksOf, rowTyped, type AssessmentField, type ClassAssessment, type MarkRow, type MarkRowField } from './class-results-rows.ts';
import { Ltr } from '../../../components/ui/ltr.tsx';
import { ltrText } from '../../../lib/ltr-text.ts';
import { UnsavedGuard } from '../../../components/unsaved-guard.tsx';
import { useResultFormat } from './use-result-format.ts';

type RowState = { state: 'idle' | 'saving' | 'saved' | 'queued' | 'failed'; message?: string; errors?: Partial<Record<MarkRowField | 'row', string>> };

interface ClassResultsGridProps {
  assessment: ClassAssessment;
  /** Messages about the assessment found while checking the rows (shown beside its fields). */
  onAssessmentErrors: (errors: Partial<Record<AssessmentField, string>>) => void;
  students: readonly OrphanListItem[];
  /** The results already stored for this assessment (GET /results/class), shown and updated in place. */
  stored: readonly Result[];
  /** The assessment's stored results are still loading: nothing is saved until they have come. */
  storedLoading?: boolean;
  /** Names the assessment `stored` belongs to: a result saved here counts for it alone. */
  assessmentKey: string;
}

const FIELD_LABEL: Record<MarkRowField, 'fields.score' | 'fields.average' | 'fields.ethics_score' | 'fields.uniform_score' | 'fields.relationship_score' | 'fields.grade' | 'fields.overall_score'> = {
  score: 'fields.score',
  average: 'fields.average',
  ethics_score: 'fields.ethics_score',
  uniform_score: 'fields.uniform_score',
  relationship_score: 'fields.relationship_score',
  grade: 'fields.grade',
};

/** A row saved, or kept on this phone to be sent: not sent again from here. */
const DONE: ReadonlySet<RowState['state'] | undefined> = new Set(['saved', 'queued']);

/** The choices the grid is for (in the page's address): changing one builds a new grid. */
const CLASS_GRID_PARAMS = ['grade', 'result_type'];

/**
 * One row per child with the chosen type's marks; the education grade follows the score's
 * percentage of the total marks as it is typed. The results already stored for the assessment fill
 * their rows (marked Saved): a changed row updates its result, a new one creates one — never a
 * second result for a child's assessment (the server refuses those too). The API has no batch for
 * results, so each changed row is saved on its own, in order, with its status on the row: a row
 * that fails says why and is saved again after correcting it, and a saved row is not sent twice.
 */
export function ClassResultsGrid({ assessment, onAssessmentErrors, students, stored, storedLoading = false, assessmentKey }: ClassResultsGridProps) {
  const { t } = useTranslation('results');
  const { t: dashboardText } = useTranslation('dashboard');
  const format = useResultFormat();
  const type = assessment.result_type;
  const fields = ROW_FIELDS_BY_TYPE[type] ?? [];
  /** Rows typed here (changed since they were loaded). */
  const [rows, setRows] = useState<Record<number, MarkRow>>({});
  const [status, setStatus] = useState<Record<number, RowState>>({});
  /** Results saved here, by child, with the assessment they were saved for. */
  const [savedHere, setSavedHere] = useState<Record<number, { key: string; result: Result }>>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [banner, setBanner] = useState<{ tone: 'error' | 'info' | 'success'; text: string } | null>(null);
  const save = useSaveResult();
  // Another assessment chosen: the rows saved for the last one go (its own stored results show
  // instead); rows typed and not saved yet stay, to be saved for this one.
  const [shownKey, setShownKey] = useState(assessmentKey);
  if (shownKey !== assessmentKey) {
    setShownKey(assessmentKey);
    setRows((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !DONE.has(status[Number(id)]?.state))));
    setStatus({});
  }
  const storedByChild = new Map(stored.map((r) => [r.orphan_id, r]));
  /** The child's stored result for this assessment: the one saved here last, else the one loaded. */
  const known = (id: number): Result | undefined => (savedHere[id]?.key === assessmentKey ? savedHere[id]!.result : storedByChild.get(id));
  const row = (id: number): MarkRow => {
    if (rows[id]) return rows[id]!;
    const result = known(id);
    return result ? marksOf(result) : EMPTY_MARKS;
  };
  const rowState = (id: number): RowState['state'] => status[id]?.state ?? (!rows[id] && known(id) ? 'saved' : 'idle');

  const change = (id: number, field: MarkRowField, value: string) => {
    setRows((all) => ({ ...all, [id]: { ...row(id), [field]: value } }));
    // An edited row is to be saved (again, if it was saved).
    setStatus(({ [id]: _old, ...rest }) => rest);
  };

  const submit = async () => {
    setBanner(null);
    const pending = students.filter((child) => rows[child.id] && rowTyped(type, row(child.id)) && !DONE.has(status[child.id]?.state));
    if (pending.length === 0) {
      setBanner({ tone: 'info', text: t('class.nothingToSave') });
      return;
    }
    // Check every row first: a mistake in the assessment is said once, above, before anything is sent.
    const checked = pending.map((child) => ({ child, check: checkRow(child.id, assessment, row(child.id)) }));
    const assessmentErrors = Object.assign({}, ...checked.map(({ check }) => (check.ok ? {} : check.assessment)));
    onAssessmentErrors(assessmentErrors);
    if (Object.keys(assessmentErrors).length > 0) {
      setBanner({ tone: 'error', text: t('class.fixSetup') });
      return;
    }
    const next: Record<number, RowState> = { ...status };
    for (const { child, check } of checked) if (!check.ok) next[child.id] = { state: 'failed', errors: check.row };
    setStatus(next);

    const valid = checked.filter((c): c is { child: OrphanListItem; check: { ok: true; data: ResultData } } => c.check.ok);
    let created = 0;
    let updated = 0;
    let queued = 0;
    setProgress({ done: 0, total: valid.length });
    for (const [index, { child, check }] of valid.entries()) {
      setStatus((all) => ({ ...all, [child.id]: { state: 'saving' } }));
      try {
        const before = known(child.id);
        const label = { kind: 'result' as const, subject: childName(child), period: [assessment.subject, format.term(assessment.term || null), assessment.exam_date].join(' · ') };
        const sent = await save.mutateAsync(before ? { id: before.id, values: check.data, updatedAt: before.updated_at, label } : { values: check.data, label });
        if (sent.queued) {
          queued += 1;
          setStatus((all) => ({ ...all, [child.id]: { state: 'queued' } }));
        } else {
          if (before) updated += 1;
          else created += 1;
          setSavedHere((all) => ({ ...all, [child.id]: { key: assessmentKey, result: sent.answer.data } }));
          setStatus((all) => ({ ...all, [child.id]: { state: 'saved' } }));
        }
      } catch (err) {
        const errors = isApiError(err) && err.errors ? Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k in EMPTY_MARKS ? k : 'row', v?.[0]])) : undefined;
        setStatus((all) => ({ ...all, [child.id]: { state: 'failed', message: errors ? undefined : messageOr(t, err, t('class.rowStatus.failed')), errors } }));
      }
      setProgress({ done: index + 1, total: valid.length });
    }
    setProgress(null);
    const saved = created + updated;
    const failed = checked.length - saved - queued;
    if (queued > 0) toast.info(dashboardText('sync.queued'));
    if (failed === 0 && saved > 0) toast.success(t('class.savedCounts', { created, updated }));
    else setBanner({ tone: 'error', text: t('class.savedSome', { saved, failed }) });
  };

  const busy = progress !== null;
  // Typed here and not yet saved (a stored result shown as it was loaded is not): changing the
  // class or the type, or leaving, asks first.
  const dirty = students.some((child) => rows[child.id] && rowTyped(type, row(child.id)) && !DONE.has(status[child.id]?.state));
  const cell = (field: MarkRowField) => (child: OrphanListItem) => {
    const error = status[child.id]?.errors?.[field];
    const common = {
      'aria-label': t('class.rowLabel', { field: t(field === 'score' && type === 'discipline' ? 'fields.overall_score' : FIELD_LABEL[field]), name: childName(child) }),
      invalid: !!error,
      value: row(child.id)[field],
      disabled: busy,
    };
    if (field === 'grade') {
      return (
        <Select {...common} onChange={(e) => change(child.id, field, e.target.value)} className="px-2 py-1.5 max-sm:min-h-11 sm:w-20">
          <option value="">-</option>
          <Options values={GRADE_LETTERS} label={ltrText} />
        </Select>
      );
    }
    return <NumberInput {...common} onValueChange={(value) => change(child.id, field, value)} decimal className="px-2 py-1.5 tabular-nums max-sm:min-h-11 sm:w-20" />;
  };

  const columns: EntryColumn<OrphanListItem>[] = fields.map((field) => ({
    id: field,
    header: t(field === 'score' && type === 'discipline' ? 'fields.overall_score' : FIELD_LABEL[field]),
    cell: cell(field),
  }));
  if (type === 'education') {
    columns.push({
      id: 'grade',
      header: t('fields.grade'),
      className: 'sm:w-16',
      cell: (child) => {
        const score = row(child.id).score.trim();
        const total = assessment.total.trim();
        const marks = score !== '' && total !== '' && Number.isFinite(Number(score)) && Number.isFinite(Number(total));
        return marks ? (
          <output className="font-semibold">
            <Ltr>{gradeForMarks(Number(score), Number(total))}</Ltr>
          </output>
        ) : (
          '-'
        );
      },
    });
  }
  columns.push({
    id: 'status',
    header: t('class.status'),
    wide: true,
    cell: (child) => {
      const state = rowState(child.id);
      const tone = state === 'saved' || state === 'queued' ? 'text-green-700 dark:text-green-400' : state === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-gray-600 dark:text-gray-400';
      return <span className={`whitespace-nowrap text-sm ${tone}`}>{t(`class.rowStatus.${state}`)}</span>;
    },
  });

  // The fields' messages, then what the row's failure said besides.
  const rowErrors = (child: OrphanListItem) => {
    const s = status[child.id];
    return s?.message ? { ...s.errors, message: s.message } : s?.errors;
  };

  return (
    <EntryForm hint={t('class.rowByRow')} banner={banner} save={{ label: progress ? t('class.saving', progress) : t('class.save'), busy: busy || storedLoading, onSave: submit }}>
      <UnsavedGuard dirty={dirty} gridParams={CLASS_GRID_PARAMS} />
      <ClassGrid
        caption={t('class.title')}
        rows={students}
        rowHeaderLabel={t('class.student')}
        columns={columns}
        rowInvalid={(child) => rowState(child.id) === 'failed'}
        rowErrors={rowErrors}
        fieldLabel={(field) => (field in FIELD_LABEL ? t(FIELD_LABEL[field as MarkRowField]) : undefined)}
      />
    </EntryForm>
  );
}
