import { useTranslation } from 'react-i18next';
import { UserRound } from 'lucide-react';
import { childName } from '../../../components/class-roster.tsx';
import { useGradeLabel } from '../../../components/school-options.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { letClassGo, type KeptClass } from '../../../lib/kept-classes/kept-classes.ts';
import { useKeptClass, useKeptClasses } from '../../../lib/kept-classes/use-kept-classes.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useUserSites } from '../../../lib/user-sites.ts';

/**
 * What this phone keeps, readable once unlocked (offline too): each kept class with when it was
 * last fetched, its children as kept (photo, name, father's name where the user may see it), the
 * months of attendance kept, and the choice to stop keeping it.
 */
export function KeptClassesList() {
  const { t } = useTranslation('admin');
  const classes = useKeptClasses();
  if (!classes) return null;
  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold">{t('profile.phone.kept.title')}</h3>
      {classes.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">{t('profile.phone.kept.none')}</p> : null}
      <ul className="space-y-3">
        {classes.map((c) => (
          <KeptClassItem key={`${c.site}:${c.grade}`} kept={c} />
        ))}
      </ul>
    </div>
  );
}

function KeptClassItem({ kept }: { kept: KeptClass }) {
  const { t } = useTranslation('admin');
  const { t: common } = useTranslation();
  const format = useFormat();
  const grade = useGradeLabel();
  const { sites, several } = useUserSites();
  const data = useKeptClass(kept);
  const site = several ? sites.find((s) => String(s.id) === kept.site)?.name : undefined;
  const name = site ? `${grade(kept.grade)} · ${site}` : grade(kept.grade);
  const months = data ? Object.keys(data.attendance).map((key) => format.month(Number(key.split('-')[1]), Number(key.split('-')[0]))) : [];
  return (
    <li className="space-y-2 rounded-md border border-gray-200 p-3 dark:border-gray-700" data-testid="kept-class">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{name}</p>
        <Button size="sm" variant="outline" onClick={() => void letClassGo(kept)}>
          {t('profile.phone.kept.letGo')}
        </Button>
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {data ? t('profile.phone.kept.fetchedAt', { time: format.dateTime(data.refreshed_at) }) : t('profile.phone.kept.notFetched')}
      </p>
      {data ? (
        <>
          <p className="text-sm">{t('profile.phone.kept.months', { months: months.join(' · ') })}</p>
          <details>
            <summary className="cursor-pointer text-sm font-medium">{t('profile.phone.kept.children', { count: data.children.length })}</summary>
            <ul className="mt-2 space-y-2">
              {data.children.map((child) => (
                <li key={child.id} className="flex items-center gap-2 text-sm">
                  {child.photo_thumb_url ? (
                    <img src={child.photo_thumb_url} alt="" className="h-8 w-8 shrink-0 rounded-full object-cover" />
                  ) : (
                    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-400 dark:bg-gray-800" aria-hidden>
                      <UserRound className="h-4 w-4" />
                    </span>
                  )}
                  <span className="min-w-0">
                    <span dir="auto" className="block break-words">
                      {childName(child)}
                    </span>
                    {child.father_name ? <span className="block text-xs text-gray-600 dark:text-gray-400">{common('children.fatherOf', { name: child.father_name })}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : null}
    </li>
  );
}
