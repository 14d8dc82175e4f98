import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_KINDS, type ImportKind, type ImportPreview } from '@app/shared/schemas/import.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SiteOptions } from '../../../components/site-options.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useUserSites } from '../../../lib/user-sites.ts';
import { useTemplateDownload } from '../api/download-template.ts';
import { useUploadImport } from '../api/upload-import.ts';

/** Step one: the file, the site it lands in (for a user of several), and the template to start from. */
export function UploadForm({ onPreview }: { onPreview: (preview: ImportPreview['data']) => void }) {
  const { t } = useTranslation('imports');
  const { sites, several } = useUserSites();
  const [siteId, setSiteId] = useState(() => (sites.length === 1 ? String(sites[0]!.id) : ''));
  const [kind, setKind] = useState<ImportKind>('orphans');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadImport();
  const template = useTemplateDownload();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate({ kind, siteId, file }, { onSuccess: (answer) => onPreview(answer.data) });
  };
  const fileError = isApiError(upload.error) ? (upload.error.errors?.file?.[0] ?? upload.error.message) : upload.error ? String(upload.error) : undefined;
  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="import-upload-title">
      <h2 id="import-upload-title" className="text-lg font-semibold">
        {t('upload.title')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField label={t('upload.kind')} value={kind} onChange={(e) => setKind(e.target.value as ImportKind)}>
          {IMPORT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`upload.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        {several ? (
          <SelectField label={t('upload.site')} first={t('upload.chooseSite')} value={siteId} onChange={(e) => setSiteId(e.target.value)} required>
            <SiteOptions />
          </SelectField>
        ) : null}
        <Field label={t('upload.file')} className="md:col-span-2">
          {(ids) => <Input {...ids} type="file" accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
        </Field>
      </div>
      {fileError ? <Notice tone="error">{t('upload.error', { message: fileError })}</Notice> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!file || upload.isPending || (several && !siteId)}>
          {upload.sent !== null ? t('upload.sending', { percent: Math.round(upload.sent * 100) }) : upload.isPending ? t('upload.reading') : t('upload.submit')}
        </Button>
        <Button type="button" variant="outline" onClick={() => template.mutate(kind)} disabled={template.isPending}>
          {t('upload.template')}
        </Button>
        {upload.isPending ? <Spinner /> : null}
        {upload.sent !== null ? <progress className="h-2 w-40" value={upload.sent} max={1} aria-label={t('upload.progress')} /> : null}
      </div>
    </form>
  );
}
