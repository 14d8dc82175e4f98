import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportCommitResponse, ImportPreview } from '@app/shared/schemas/import.schema';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useCommitImport } from '../api/commit-import.ts';

/** Step four: what to do with duplicates, whether rows with errors are left out, and the commit (all or nothing). */
interface CommitPanelProps {
  preview: ImportPreview['data'];
  /** Duplicate rows' own choices (by row number). */
  choices: Record<number, 'skip' | 'update'>;
  onDone: (counts: ImportCommitResponse['data']) => void;
}

export function CommitPanel({ preview, choices, onDone }: CommitPanelProps) {
  const { t } = useTranslation('imports');
  const format = useFormat();
  const [duplicates, setDuplicates] = useState<'skip' | 'update'>('skip');
  const [validOnly, setValidOnly] = useState(false);
  const commit = useCommitImport();
  return (
    <section className="space-y-4" aria-labelledby="import-commit-title">
      <h2 id="import-commit-title" className="text-lg font-semibold">
        {t('commit.title')}
      </h2>
      <SelectField label={t('commit.duplicates')} value={duplicates} onChange={(e) => setDuplicates(e.target.value === 'update' ? 'update' : 'skip')} className="max-w-md">
        <option value="skip">{t('commit.skip')}</option>
        <option value="update">{t('commit.update')}</option>
      </SelectField>
      {preview.import.error_count ? <CheckboxField checked={validOnly} onCheckedChange={setValidOnly} label={t('commit.validOnly')} /> : null}
      {commit.error ? <Notice tone="error">{t('commit.error', { message: commit.error.message })}</Notice> : null}
      <Button
        type="button"
        disabled={commit.isPending}
        onClick={() => commit.mutate({ id: preview.import.id, body: { duplicates, valid_rows_only: validOnly, choices: Object.fromEntries(Object.entries(choices)) } }, { onSuccess: (answer) => onDone(answer.data) })}
      >
        {commit.isPending ? t('commit.saving') : t('commit.submit', { rows: format.number(preview.import.row_count) })}
      </Button>
    </section>
  );
}
