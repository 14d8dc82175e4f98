import { useTranslation } from 'react-i18next';
import { passwordChangeSchema, type PasswordChangeInput } from '@app/shared/schemas/profile.schema';
import { messageOr } from '../../../lib/server-errors.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: PasswordChangeInput = { current_password: '', password: '', password_confirmation: '' };

export function PasswordForm() {
  const { t } = useTranslation('admin');
  const change = useChangePassword();
  const { form, submit, busy, banner, message } = useSchemaForm<PasswordChangeInput>({
    schema: passwordChangeSchema,
    defaultValues: EMPTY,
    fields: ['current_password', 'password', 'password_confirmation'],
    save: (values) => change.mutateAsync(values),
    onSaved: () => {
      form.reset(EMPTY);
      return t('profile.password.success');
    },
    failed: (err) => messageOr(t, err, t('profile.password.failed')),
  });
  const { register } = form;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {banner ? <Notice tone={banner.tone}>{banner.text}</Notice> : null}
      <Field label={t('profile.password.current')} error={message('current_password')}>
        {(ids) => <Input {...ids} type="password" autoComplete="current-password" {...register('current_password')} />}
      </Field>
      <Field label={t('profile.password.new')} error={message('password')}>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password')} />}
      </Field>
      <Field label={t('profile.password.confirm')} error={message('password_confirmation')}>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password_confirmation')} />}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t('common.saving') : t('profile.password.submit')}
      </Button>
    </form>
  );
}
