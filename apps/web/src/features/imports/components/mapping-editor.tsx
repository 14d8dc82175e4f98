import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '@app/shared/schemas/import.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSaveMapping } from '../api/save-mapping.ts';
import { useFieldLabel } from './field-label.ts';

type Preview = ImportPreview['data'];

/** Step two: each column of the sheet and the field it fills, as proposed from its heading; applied, every row is checked again. */
export function MappingEditor({ preview, onPreview }: { preview: Preview; onPreview: (preview: Preview) => void }) {
  const { t } = useTranslation('imports');
  const fieldLabel = useFieldLabel(preview.import.kind);
  const [mapping, setMapping] = useState(preview.mapping);
  const save = useSaveMapping();
  const changed = mapping.some((f, i) => f !== preview.mapping[i]);
  const error = isApiError(save.error) ? (save.error.errors?.mapping?.[0] ?? save.error.message) : undefined;
  return (
    <section className="space-y-4" aria-labelledby="import-mapping-title">
      <h2 id="import-mapping-title" className="text-lg font-semibold">
        {t('mapping.title')}
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('mapping.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {preview.columns.map((heading, i) => (
          <SelectField
            key={i}
            label={<bdi>{heading || t('mapping.column', { n: i + 1 })}</bdi>}
            value={mapping[i] ?? ''}
            onChange={(e) => setMapping((m) => m.map((f, j) => (j === i ? e.target.value || null : f)))}
          >
            <option value="">{t('mapping.ignore')}</option>
            {preview.fields.map((field) => (
              <option key={field} value={field}>
                {fieldLabel(field)}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      {error ? <Notice tone="error">{t('mapping.error', { message: error })}</Notice> : null}
      <Button type="button" variant="secondary" disabled={!changed || save.isPending} onClick={() => save.mutate({ id: preview.import.id, mapping }, { onSuccess: (answer) => onPreview(answer.data) })}>
        {save.isPending ? t('mapping.applying') : t('mapping.apply')}
      </Button>
    </section>
  );
}
