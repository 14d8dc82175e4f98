import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { isApiError } from '../../../lib/api-client.ts';
import { useLockdown } from '../../../lib/lockdown.ts';
import { serverMessage } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useLiftLockdown, useStartLockdown } from '../api/lockdown.ts';

/**
 * Emergency lockdown, for a Super Admin: one button, marked as the danger it is, behind a dialog
 * that says in plain words what happens and asks for the password again. While on, the card says
 * since when and offers to lift it (the password again).
 */
export function LockdownCard() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const state = useLockdown();
  const start = useStartLockdown();
  const lift = useLiftLockdown();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const action = state.active ? lift : start;
  const words = state.active ? 'lift' : 'start';

  const openDialog = (next: boolean) => {
    setOpen(next);
    setPassword('');
    setError(undefined);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await action.mutateAsync({ password });
      setDone(translateMessage(t, answer.message));
      openDialog(false);
    } catch (err) {
      const field = isApiError(err) ? err.errors?.password?.[0] : undefined;
      setError(field ? translateMessage(t, field) : (serverMessage(t, err) ?? t('settings.lockdown.failed')));
    }
  };

  return (
    <section className="rounded-lg border-2 border-red-300 bg-white p-5 shadow-sm dark:border-red-800 dark:bg-gray-900" aria-labelledby="lockdown-title">
      <h3 id="lockdown-title" className="mb-2 flex items-center gap-2 text-lg font-semibold text-red-700 dark:text-red-300">
        <ShieldAlert className="h-5 w-5 shrink-0" aria-hidden />
        {t('settings.lockdown.title')}
      </h3>
      {done ? <Notice tone="success" className="mb-3">{done}</Notice> : null}
      {state.active ? (
        <p className="mb-4 text-sm font-medium text-red-800 dark:text-red-200">
          {state.since ? t('settings.lockdown.onSince', { time: format.dateTime(state.since) }) : t('settings.lockdown.on')}
        </p>
      ) : (
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">{t('settings.lockdown.explain')}</p>
      )}
      <Button variant={state.active ? 'outline' : 'danger'} onClick={() => openDialog(true)}>
        {t(`settings.lockdown.${words}.button`)}
      </Button>

      <Modal
        open={open}
        onOpenChange={openDialog}
        size="md"
        title={t(`settings.lockdown.${words}.title`)}
        description={t(`settings.lockdown.${words}.message`)}
      >
        <form id="lockdown-form" onSubmit={confirm} noValidate className="space-y-3">
          <Field label={t('settings.lockdown.password')} error={error}>
            {(ids) => <Input {...ids} type="password" autoComplete="current-password" dir="ltr" value={password} onChange={(e) => setPassword(e.target.value)} />}
          </Field>
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <Button type="button" variant="outline" onClick={() => openDialog(false)} disabled={action.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={action.isPending}>
              {action.isPending ? t('settings.lockdown.working') : t(`settings.lockdown.${words}.confirm`)}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
