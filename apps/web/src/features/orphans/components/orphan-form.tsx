import { useRef, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { GENDERS, GRADES, MAX_PHOTO_BYTES, MEDICAL_CONDITIONS, ORPHAN_STATUSES } from '@app/shared/constants';
import { ORPHAN_MESSAGES, orphanSchema, type Orphan, type OrphanData } from '@app/shared/schemas/orphan.schema';
import { SITE_MSG } from '@app/shared/schemas/sites.schema';
import { can } from '@app/shared/permissions';
import { classOfField, editPermissionOf, type SensitivityClass } from '@app/shared/sensitivity';
import { useAuth } from '../../../lib/auth-context.tsx';
import { isApiError, type FormValue } from '../../../lib/api-client.ts';
import { useRefusalFocus } from '../../../lib/focus-first-invalid.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldLabel, FormActions, FormSection } from '../../../components/form-parts.tsx';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { FormNumberInput } from '../../../components/ui/number-input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SiteOptions } from '../../../components/site-options.tsx';
import { useUserSites } from '../../../lib/user-sites.ts';
import {
  emptyOrphanForm,
  isOrphanFormField,
  orphanToFormValues,
  toOrphanPayload,
  type OrphanFormValues,
} from './orphan-form-values.ts';
import { getPossibleDuplicates, type PossibleDuplicate } from '../api/get-possible-duplicates.ts';
import { OrphanPhotoInput } from './orphan-photo-input.tsx';
import { useOrphanFormat } from './use-orphan-format.ts';

export interface OrphanFormSubmission {
  values: Record<string, FormValue>;
  photo: File | null;
  removePhoto: boolean;
  /**
   * When editing: the updated_at of the record the form was filled from (not of a later
   * background refetch), so the server can refuse a save over someone else's newer one.
   */
  updatedAt?: string;
}

interface OrphanFormProps {
  /** The stored orphan when editing; absent when adding. */
  orphan?: Orphan;
  /** Saves; rejects with the ApiError of a failed save (its 422 field errors land on the fields). */
  onSubmit: (submission: OrphanFormSubmission) => Promise<void>;
  onCancel: () => void;
}

type FieldName = FieldPath<OrphanFormValues>;

// The form always holds strings (a narrower shape than the schema's input, which also takes the
// nulls and numbers an API client may send), so the schema's resolver fits it as is.
const orphanResolver = zodResolver(orphanSchema) as unknown as Resolver<OrphanFormValues, unknown, OrphanData>;

/** What makes two records look like the same child (the server's possible-duplicates rule). */
const identityOf = (d: Pick<OrphanData, 'first_name' | 'last_name' | 'father_name' | 'dob'>) =>
  JSON.stringify([d.first_name, d.last_name, d.father_name ?? '', d.dob].map((v) => v.trim().toLowerCase()));

/** Likely duplicates of the child about to be saved; none when the check cannot be made (it must never block a save). */
async function findDuplicates(data: OrphanData, except?: number): Promise<PossibleDuplicate[]> {
  try {
    return await getPossibleDuplicates({ first_name: data.first_name, last_name: data.last_name, father_name: data.father_name, dob: data.dob, except });
  } catch {
    return [];
  }
}

/**
 * The one add/edit form (spec sections 2, 3 and 5). Validation is the shared zod schema the
 * server also parses with, so the messages exist once; the server's 422 messages appear on the
 * same fields.
 */
export function OrphanForm({ orphan, onSubmit, onCancel }: OrphanFormProps) {
  const { t } = useTranslation('orphans');
  const format = useOrphanFormat();
  const mode = orphan ? 'update' : 'create';
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [removePhoto, setRemovePhoto] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [readVersion] = useState(orphan?.updated_at);
  // A new child's site (create only: a child changes site by a transfer), preselected for a user of one site.
  const { sites } = useUserSites();
  const onlySite = sites.length === 1 ? String(sites[0]!.id) : '';
  const [siteId, setSiteId] = useState(onlySite);
  const [siteError, setSiteError] = useState<string | undefined>();
  // Likely duplicates found for the identity being saved; a save goes ahead for the identity the
  // staff member chose to save anyway, and an edit that keeps the child's identity is not checked.
  const [duplicates, setDuplicates] = useState<{ identity: string; found: PossibleDuplicate[] } | null>(null);
  const savingAnyway = useRef<string | null>(orphan ? identityOf(orphanToFormValues(orphan)) : null);

  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OrphanFormValues, unknown, OrphanData>({
    resolver: orphanResolver,
    defaultValues: orphan ? orphanToFormValues(orphan) : emptyOrphanForm(),
    shouldFocusError: false,
  });
  const refusal = useRefusalFocus();
  // Need to know: a field of a class the user may not edit has no input, and is never sent (the
  // server keeps what is stored, and would refuse a value).
  const { user } = useAuth();
  const editable = (name: string) => {
    const cls = classOfField(name);
    return !cls || can(user, editPermissionOf(cls));
  };
  const editsClass = (cls: SensitivityClass) => can(user, editPermissionOf(cls));

  const message = (name: FieldName): string | undefined => {
    const [head, tail] = name.split('.') as [keyof typeof errors, string | undefined];
    const entry = tail ? (errors[head] as Record<string, { message?: string }> | undefined)?.[tail] : errors[head];
    return translateMessage((entry as { message?: string } | undefined)?.message);
  };

  const choosePhoto = (file: File | null) => {
    setPhotoError(undefined);
    if (file && !file.type.startsWith('image/')) {
      setPhoto(null);
      setPhotoError(translateMessage(ORPHAN_MESSAGES.photoNotImage));
      return;
    }
    if (file && file.size > MAX_PHOTO_BYTES) {
      setPhoto(null);
      setPhotoError(t('form.photo.tooLarge', { size: Math.round(MAX_PHOTO_BYTES / 1024 / 1024) }));
      return;
    }
    setPhoto(file);
    if (file) setRemovePhoto(false);
  };

  // The site is not one of the child's fields (the shared schema's): it is checked here, beside
  // them. A user who holds no site has none to choose: the server says why it refuses.
  const siteMissing = () => {
    const missing = mode === 'create' && siteId === '' && sites.length > 0;
    setSiteError(missing ? translateMessage(SITE_MSG.siteRequired) : undefined);
    return missing;
  };

  const submit = refusal.capture(handleSubmit(async (data) => {
    setFormError(null);
    if (siteMissing()) {
      refusal.refused();
      return;
    }
    if (photoError) return;
    const identity = identityOf(data);
    if (savingAnyway.current !== identity) {
      const found = await findDuplicates(data, orphan?.id);
      if (found.length) {
        setDuplicates({ identity, found });
        return;
      }
    }
    setDuplicates(null);
    try {
      const values = toOrphanPayload(data, mode, editable);
      if (mode === 'create' && siteId) values.site_id = siteId;
      await onSubmit({ values, photo, removePhoto: !photo && removePhoto, updatedAt: readVersion });
      if (mode === 'create') {
        // Spec: after creation the form resets and clears the photo and its preview.
        reset(emptyOrphanForm());
        setSiteId(onlySite);
        setPhoto(null);
        savingAnyway.current = null;
      }
    } catch (err) {
      if (isApiError(err) && err.errors) {
        // Spec section 8 'Orphan save': the first message of each field, on that field.
        const unplaced: string[] = [];
        for (const [field, list] of Object.entries(err.errors)) {
          const text = translateMessage(list?.find(Boolean));
          if (!text) continue;
          if (field === 'profile_photo') setPhotoError(text);
          else if (field === 'site_id') setSiteError(text);
          else if (isOrphanFormField(field)) setError(field, { type: 'server', message: text });
          else unplaced.push(text);
        }
        setFormError(unplaced.length ? unplaced.join(' ') : t('form.checkFields'));
        refusal.refused();
        return;
      }
      // An answer from the server (409, 413, ...) is said on the form; anything else is a bug worth the console.
      if (!isApiError(err)) console.error('Saving the orphan failed', err);
      setFormError(t('form.saveFailed', { message: translateMessage(err instanceof Error ? err.message : String(err)) }));
    }
  }, () => {
    siteMissing();
    refusal.refused();
  }));

  const text = (name: FieldName, props: { type?: string; required?: boolean; autoComplete?: string; step?: string; min?: string; className?: string; dir?: string; inputMode?: 'decimal' | 'tel' | 'email' } = {}) => {
    if (!editable(name)) return null;
    const { required, className, ...rest } = props;
    // Names and notes may be typed in Dari/Pashto or Latin script: let each value pick its direction.
    if (!rest.type && !rest.dir) rest.dir = 'auto';
    return (
      <Field label={<NamedLabel name={name} required={required} />} error={message(name)} className={className}>
        {(ids) => <Input {...ids} {...rest} {...register(name)} disabled={isSubmitting} />}
      </Field>
    );
  };

  // Amounts in the reader's digits (Persian in Dari and Pashto); the form holds the Latin text typed.
  const amount = (name: FieldName) => !editable(name) ? null : (
    <Field label={<NamedLabel name={name} />} error={message(name)}>
      {(ids) => <FormNumberInput {...ids} control={control} name={name} decimal disabled={isSubmitting} />}
    </Field>
  );

  // Typed or picked in the user's calendar (Solar Hijri or Gregorian); the form holds the ISO Gregorian day.
  const date = (name: 'dob' | 'admission_date', required: boolean) => (
    <FormDateField control={control} name={name} label={<NamedLabel name={name} required={required} />} error={message(name)} isRequired={required} isDisabled={isSubmitting} />
  );

  const area = (name: FieldName, className = 'sm:col-span-2 lg:col-span-3', rows = 3) => !editable(name) ? null : (
    <Field label={<NamedLabel name={name} />} error={message(name)} className={className}>
      {(ids) => <Textarea {...ids} dir="auto" rows={rows} {...register(name)} disabled={isSubmitting} />}
    </Field>
  );

  const select = (name: FieldName, values: readonly string[], label: (value: string) => string | null, opts: { required?: boolean; placeholder?: boolean } = {}) => !editable(name) ? null : (
    <SelectField label={<NamedLabel name={name} required={opts.required} />} error={message(name)} first={opts.placeholder ? t('form.select') : undefined} {...register(name)} disabled={isSubmitting}>
      <Options values={values} label={label} />
    </SelectField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-busy={isSubmitting}>
      <FormSection title={t('form.sections.basic')}>
        {text('first_name', { required: true, autoComplete: 'off' })}
        {text('last_name', { required: true, autoComplete: 'off' })}
        {text('father_name', { autoComplete: 'off' })}
        {text('grandfather_name', { autoComplete: 'off' })}
        {text('school_id_number', { autoComplete: 'off', dir: 'auto' })}
        {text('identity_card_number', { autoComplete: 'off', dir: 'auto' })}
      </FormSection>

      <FormSection title={t('form.sections.personal')}>
        {date('dob', true)}
        {select('gender', GENDERS, format.gender, { required: true, placeholder: true })}
        {text('blood_group', { autoComplete: 'off' })}
        {select('class_grade', GRADES, format.grade, { placeholder: true })}
        {select('medical_condition', MEDICAL_CONDITIONS, format.medical, { placeholder: true })}
      </FormSection>

      {editsClass('contact') ? <FormSection title={t('form.sections.contact')}>
        {text('phone_number', { type: 'tel', autoComplete: 'off', dir: 'ltr' })}
        {text('family_contact_number', { type: 'tel', autoComplete: 'off', dir: 'ltr' })}
        {area('address', 'sm:col-span-2 lg:col-span-1', 2)}
        {area('contact_info', 'sm:col-span-2 lg:col-span-3', 2)}
      </FormSection> : null}

      {editsClass('contact') || editsClass('family') ? <FormSection title={t('form.sections.guardian')}>
        {text('guardian_name', { autoComplete: 'off' })}
        {text('guardian_contact', { autoComplete: 'off' })}
        {text('guardian_relationship', { autoComplete: 'off' })}
        {text('responsible_person', { autoComplete: 'off' })}
      </FormSection> : null}

      <FormSection title={t('form.sections.admission')}>
        {mode === 'create' ? (
          <SelectField
            label={<NamedLabel name="site_id" required />}
            error={siteError}
            first={sites.length === 1 ? undefined : t('form.select')}
            value={siteId}
            onChange={(e) => {
              setSiteId(e.target.value);
              setSiteError(undefined);
            }}
            disabled={isSubmitting}
          >
            <SiteOptions />
          </SelectField>
        ) : null}
        {date('admission_date', true)}
        {select('status', ORPHAN_STATUSES, format.status, { required: true })}
      </FormSection>

      {editsClass('finance') ? <FormSection title={t('form.sections.financial')}>
        {amount('total_income')}
        {amount('total_expenses')}
        {text('income_source', { autoComplete: 'off' })}
      </FormSection> : null}

      {editsClass('donor') ? <FormSection title={t('form.sections.donor')}>
        {text('donor_name', { autoComplete: 'off' })}
        {text('donor_last_name', { autoComplete: 'off' })}
        {text('donor_email', { type: 'email', autoComplete: 'off', dir: 'ltr' })}
        {area('donor_address', 'sm:col-span-2 lg:col-span-3', 2)}
      </FormSection> : null}

      <FormSection title={t('form.sections.profile')}>
        {area('profile.hobbies', 'sm:col-span-1', 3)}
        {area('profile.talents', 'sm:col-span-1', 3)}
        {area('profile.special_needs', 'sm:col-span-2 lg:col-span-1', 3)}
      </FormSection>

      {editsClass('notes') ? <FormSection title={t('form.sections.notes')}>{area('notes', 'sm:col-span-2 lg:col-span-3', 5)}</FormSection> : null}

      <FormSection title={t('form.sections.photo')} single>
        <OrphanPhotoInput
          currentUrl={orphan?.profile_photo_url}
          file={photo}
          onFileChange={choosePhoto}
          removed={removePhoto}
          onRemovedChange={setRemovePhoto}
          error={photoError}
          disabled={isSubmitting}
        />
      </FormSection>

      {/* Beside the buttons, where the eyes are after saving: the form is long. */}
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      {duplicates ? (
        <Notice tone="info">
          <p className="font-semibold">{t('form.duplicates.title')}</p>
          <p>{t('form.duplicates.body')}</p>
          <ul className="mt-1 list-disc ps-5">
            {duplicates.found.map((d) => (
              <li key={d.id}>
                {/* A new tab: what was typed here stays. */}
                <a href={`/dashboard/orphans/${d.id}`} target="_blank" rel="noopener" className="underline">
                  {t('form.duplicates.open', { name: `${d.first_name} ${d.last_name}`, id: d.id, dob: format.date(d.dob) })}
                </a>
              </li>
            ))}
          </ul>
          <Button
            className="mt-2"
            variant="outline"
            size="sm"
            disabled={isSubmitting}
            onClick={() => {
              savingAnyway.current = duplicates.identity;
              void submit();
            }}
          >
            {t('form.duplicates.saveAnyway')}
          </Button>
        </Notice>
      ) : null}
      <FormActions cancel={{ label: t('form.cancel'), onClick: onCancel }} submit={mode === 'create' ? t('form.create') : t('form.update')} saving={t('form.saving')} busy={isSubmitting} />
    </form>
  );
}

function NamedLabel({ name, required }: { name: FieldName | 'site_id'; required?: boolean }) {
  const { t } = useTranslation('orphans');
  const key = name.startsWith('profile.') ? name.slice(8) : name;
  return <FieldLabel text={t(`fields.${key}` as 'fields.first_name')} required={required && t('form.required')} />;
}
