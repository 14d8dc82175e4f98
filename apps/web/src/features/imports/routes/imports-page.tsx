import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportCommitResponse, ImportPreview } from '@app/shared/schemas/import.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { CommitPanel } from '../components/commit-panel.tsx';
import { ImportHistory } from '../components/import-history.tsx';
import { ImportRows, type DuplicateChoice } from '../components/import-rows.tsx';
import { MappingEditor } from '../components/mapping-editor.tsx';
import { UploadForm } from '../components/upload-form.tsx';

const card = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900';

/**
 * /dashboard/imports: bring children in from a spreadsheet. The file is read and checked on the
 * server and nothing is stored until the commit; the mapping can be corrected and the rows are
 * checked again; past imports can be undone for a while.
 */
export function ImportsPage() {
  const { t } = useTranslation('imports');
  const format = useFormat();
  const [preview, setPreview] = useState<ImportPreview['data'] | null>(null);
  const [done, setDone] = useState<ImportCommitResponse['data'] | null>(null);
  const [choices, setChoices] = useState<Record<number, DuplicateChoice>>({});
  const start = (next: ImportPreview['data']) => {
    setDone(null);
    setChoices({});
    setPreview(next);
  };
  const choose = (row: number, choice: DuplicateChoice | null) =>
    setChoices((current) => {
      const next = { ...current };
      if (choice) next[row] = choice;
      else delete next[row];
      return next;
    });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-gray-600 dark:text-gray-400">{t('subtitle')}</p>
      </header>
      {done ? (
        <Notice tone="success">
          {t('commit.done', { created: format.number(done.created), updated: format.number(done.updated), skipped: format.number(done.skipped) })}
        </Notice>
      ) : null}
      <div className={card}>
        <UploadForm onPreview={start} />
      </div>
      {preview ? (
        <>
          <div className={card}>
            {/* A new mapping starts the editor afresh from the mapping it saved. */}
            <MappingEditor key={preview.mapping.join('|')} preview={preview} onPreview={setPreview} />
          </div>
          <div className={card}>
            <ImportRows key={`${preview.import.id}-${preview.import.error_count}-${preview.mapping.join('|')}`} preview={preview} choices={choices} onChoose={choose} />
          </div>
          <div className={card}>
            <CommitPanel
              preview={preview}
              choices={choices}
              onDone={(counts) => {
                setPreview(null);
                setDone(counts);
              }}
            />
            <Button type="button" variant="ghost" className="mt-2" onClick={() => setPreview(null)}>
              {t('commit.cancel')}
            </Button>
          </div>
        </>
      ) : null}
      <div className={card}>
        <ImportHistory />
      </div>
    </div>
  );
}
