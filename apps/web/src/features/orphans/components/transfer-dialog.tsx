import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { transferRequestSchema, type TransferRequest, type TransferSavedResponse } from '@app/shared/schemas/orphan.schema';
import { FormModal } from '../../../components/list/form-modal.tsx';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Field, Textarea } from '../../../components/ui/input.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { todayIso } from '../../../lib/format-date.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useUserSites } from '../../../lib/user-sites.ts';
import { useTransferOrphan } from '../api/transfer-orphan.ts';

interface TransferValues {
  site_id: string;
  date: string;
  reason: string;
}

/** Transfer: the child to another of the user's sites, on a day, for a reason (kept in the child's history). */
export function TransferDialog({ orphan, onClose }: { orphan: { id: number; site_id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation('orphans');
  const { t: common } = useTranslation();
  const { sites } = useUserSites();
  const transfer = useTransferOrphan(orphan.id);
  const { form, message, modal } = useSchemaForm<TransferValues, TransferRequest, TransferSavedResponse>({
    schema: transferRequestSchema,
    defaultValues: { site_id: '', date: todayIso(), reason: '' },
    fields: ['site_id', 'date', 'reason'],
    save: (input) => transfer.mutateAsync(input),
    onSaved: (answer) => {
      toast.success(translateMessage(common, answer?.message) ?? t('transfers.done'));
      onClose();
    },
    failed: (err) => messageOr(common, err, t('transfers.failed')),
  });
  const { register, control } = form;

  return (
    <FormModal id="transfer-form" size="md" title={t('transfers.dialogTitle', { name: orphan.name })} submitLabel={t('transfers.submit')} onClose={onClose} {...modal}>
      <SelectField label={t('transfers.to')} error={message('site_id')} first={common('sites.choose')} {...register('site_id')}>
        {sites
          .filter((site) => site.id !== orphan.site_id)
          .map((site) => (
            <option key={site.id} value={String(site.id)}>
              {site.name}
            </option>
          ))}
      </SelectField>
      <FormDateField control={control} name="date" label={t('transfers.date')} error={message('date')} isRequired />
      <Field label={t('transfers.reason')} error={message('reason')}>
        {(ids) => <Textarea {...ids} dir="auto" rows={3} {...register('reason')} />}
      </Field>
    </FormModal>
  );
}
