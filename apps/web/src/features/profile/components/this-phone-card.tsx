import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, LockOpen } from 'lucide-react';
import { useAuth } from '../../../lib/auth-context.tsx';
import { messageOr } from '../../../lib/server-errors.ts';
import {
  MAX_FAILED_UNLOCKS,
  createLocalStore,
  eraseLocalStore,
  loadLocalStore,
  localStoreSnapshot,
  lockLocalStore,
  subscribeLocalStore,
  unlockLocalStore,
} from '../../../lib/local-store/local-store.ts';
import { currentPersistence, requestPersistence, type Persistence } from '../../../lib/local-store/storage-persistence.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useConfirmPassword } from '../api/confirm-password.ts';
import { KeptClassesList } from './kept-classes-list.tsx';

/**
 * "This phone": what is kept here for working offline, sealed under a key from the user's
 * password (lib/local-store). Set up at sign-in (lib/auth-context.tsx), or here once the server
 * has confirmed the password; unlocked, it lists the classes kept; locked whenever the app opens
 * again, unlocked with the password and no server; erased on request, after ten
 * wrong passwords, and at sign-out. Also whether the browser promised to keep it when space runs short.
 */
const PERSISTENCE_TEXT = { kept: 'profile.phone.persistence.kept', 'may-be-cleared': 'profile.phone.persistence.mayBeCleared', unknown: 'profile.phone.persistence.unknown' } as const;

export function ThisPhoneCard() {
  const { t } = useTranslation('admin');
  const { user } = useAuth();
  const store = useSyncExternalStore(subscribeLocalStore, localStoreSnapshot, localStoreSnapshot);
  const [loaded, setLoaded] = useState(false);
  const [persistence, setPersistence] = useState<Persistence>('unknown');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success' | 'info'; text: string } | null>(null);
  const confirm = useConfirmPassword();

  useEffect(() => {
    void loadLocalStore().then(() => setLoaded(true), () => setLoaded(true));
    void currentPersistence().then(setPersistence);
  }, []);

  if (!user || !loaded) return null;
  const mine = store.userId === user.id;

  const run = async (e: FormEvent, action: () => Promise<void>) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const setUp = (e: FormEvent) =>
    run(e, async () => {
      try {
        await confirm.mutateAsync({ password });
      } catch (err) {
        setNotice({ tone: 'error', text: messageOr(t, err, t('profile.phone.failed')) });
        return;
      }
      await createLocalStore(user.id, password);
      setPassword('');
      setPersistence(await requestPersistence());
      setNotice({ tone: 'success', text: t('profile.phone.setUpDone') });
    });

  const unlock = (e: FormEvent) =>
    run(e, async () => {
      const answer = await unlockLocalStore(password);
      setPassword('');
      if (answer === 'unlocked') setNotice(null);
      else if (answer === 'erased') setNotice({ tone: 'error', text: t('profile.phone.erasedAfterTries', { tries: MAX_FAILED_UNLOCKS }) });
      else setNotice({ tone: 'error', text: t('profile.phone.wrong', { left: MAX_FAILED_UNLOCKS - localStoreSnapshot().failedUnlocks }) });
    });

  const erase = async () => {
    await eraseLocalStore();
    setNotice({ tone: 'info', text: t('profile.phone.erased') });
  };

  const passwordField = (
    <Field label={t('profile.phone.password')}>
      {(ids) => <Input {...ids} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
    </Field>
  );

  return (
    <div className="space-y-4">
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <p className="text-sm" data-testid="storage-persistence">
        {t(PERSISTENCE_TEXT[persistence])}
      </p>
      {!mine ? (
        <form onSubmit={(e) => void setUp(e)} noValidate className="space-y-4">
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('profile.phone.nothingKept')}</p>
          {passwordField}
          <Button type="submit" disabled={busy || !password}>
            {t('profile.phone.setUp')}
          </Button>
        </form>
      ) : store.unlocked ? (
        <div className="space-y-4">
          <p role="status" className="flex items-center gap-2 text-sm font-medium">
            <LockOpen className="h-4 w-4 shrink-0" aria-hidden />
            {t('profile.phone.unlocked')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={lockLocalStore}>
              {t('profile.phone.lock')}
            </Button>
            <Button variant="danger" onClick={() => void erase()}>
              {t('profile.phone.erase')}
            </Button>
          </div>
          <KeptClassesList />
        </div>
      ) : (
        <form onSubmit={(e) => void unlock(e)} noValidate className="space-y-4">
          <p role="status" className="flex items-center gap-2 text-sm font-medium">
            <Lock className="h-4 w-4 shrink-0" aria-hidden />
            {t('profile.phone.locked')}
          </p>
          {passwordField}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || !password}>
              {t('profile.phone.unlock')}
            </Button>
            <Button type="button" variant="danger" onClick={() => void erase()}>
              {t('profile.phone.erase')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
