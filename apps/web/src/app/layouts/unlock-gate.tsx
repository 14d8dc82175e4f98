import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { useOnline } from '../../lib/app-update.ts';
import { usePhoneStore } from '../../lib/kept-classes/use-kept-classes.ts';
import { MAX_FAILED_UNLOCKS, localStoreSnapshot, unlockLocalStore } from '../../lib/local-store/local-store.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Notice } from '../../components/ui/notice.tsx';

/**
 * The app reopened with no connection, by a user whose classes are kept on this phone, locked
 * (the key lives in memory only): the password is asked before any screen, checked against the
 * sealed verifier with no server; a wrong one says how many tries are left, and the last erases
 * what is kept. Online, the screens work from the server and the lock waits on "This phone".
 */
export function UnlockGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const online = useOnline();
  const { mine, unlocked } = usePhoneStore();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (online || !mine || unlocked) {
    return (
      <>
        {notice ? <Notice tone="error">{notice}</Notice> : null}
        {children}
      </>
    );
  }

  const unlock = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await unlockLocalStore(password);
      setPassword('');
      if (answer === 'unlocked') setNotice(null);
      else if (answer === 'erased') setNotice(t('unlockScreen.erased', { tries: MAX_FAILED_UNLOCKS }));
      else setNotice(t('unlockScreen.wrong', { left: MAX_FAILED_UNLOCKS - localStoreSnapshot().failedUnlocks }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="unlock-title" className="mx-auto max-w-md space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-700 dark:bg-gray-900">
      <h2 id="unlock-title" className="flex items-center gap-2 text-lg font-semibold">
        <Lock className="h-5 w-5 shrink-0" aria-hidden />
        {t('unlockScreen.title')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('unlockScreen.text')}</p>
      {notice ? <Notice tone="error">{notice}</Notice> : null}
      <form onSubmit={(e) => void unlock(e)} noValidate className="space-y-4">
        <Field label={t('unlockScreen.password')}>
          {(ids) => <Input {...ids} type="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <Button type="submit" disabled={busy || !password}>
          {t('unlockScreen.submit')}
        </Button>
      </form>
    </section>
  );
}
