import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/app-update.ts';
import { keepClass, letClassGo, sameClass, type KeptClass } from '../lib/kept-classes/kept-classes.ts';
import { refreshKeptClass } from '../lib/kept-classes/refresh-kept-classes.ts';
import { useKeptClass, useKeptClasses, usePhoneStore } from '../lib/kept-classes/use-kept-classes.ts';
import { useFormat } from '../lib/use-format.ts';
import { CheckboxField } from './ui/checkbox-field.tsx';

/**
 * On the class screens, for a class chosen: keep it on this phone for working offline (fetched at
 * once while online, then again every few minutes), or stop keeping it; and when it was last
 * fetched, which is what the screen shows when the server cannot be reached. Only once the
 * phone's store is open: what is kept is sealed with the user's password.
 */
export function KeepClassSwitch({ kept: c }: { kept: KeptClass }) {
  const { t } = useTranslation();
  const format = useFormat();
  const online = useOnline();
  const { unlocked } = usePhoneStore();
  const classes = useKeptClasses();
  const data = useKeptClass(c);
  const [failed, setFailed] = useState(false);
  if (!unlocked || !classes) return null;
  const isKept = classes.some((k) => sameClass(k, c));

  const toggle = async (keep: boolean) => {
    setFailed(false);
    try {
      if (!keep) return await letClassGo(c);
      await keepClass(c);
      if (online) await refreshKeptClass(c);
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="keep-class">
      <CheckboxField checked={isKept} onCheckedChange={(keep) => void toggle(keep)} label={t('keptClasses.keep')} />
      {failed ? (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {t('keptClasses.failed')}
        </span>
      ) : isKept ? (
        <span role="status" className="text-gray-600 dark:text-gray-400">
          {data ? t('keptClasses.fetchedAt', { time: format.dateTime(data.refreshed_at) }) : t('keptClasses.notFetched')}
        </span>
      ) : null}
    </div>
  );
}
