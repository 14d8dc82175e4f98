import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GRADES } from '@app/shared/constants';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { EmptyState } from './ui/empty-state.tsx';
import { Notice } from './ui/notice.tsx';
import { SelectField } from './ui/select.tsx';
import { Spinner } from './ui/spinner.tsx';
import { EntryGrid, type EntryGridProps } from './entry-grid.tsx';
import { KeepClassSwitch } from './keep-class-switch.tsx';
import { GradeOptions } from './school-options.tsx';
import { SiteOptions } from './site-options.tsx';
import { classChildrenQuery } from '../lib/class-children-query.ts';
import { cn } from '../lib/cn.ts';
import { translateMessage } from '../lib/translate-message.ts';
import { useUserSites } from '../lib/user-sites.ts';

/**
 * The pieces of the class pages, "Take Attendance" and "Enter class results": a class (and
 * whatever else the page asks) chosen in the URL, the choices in one fieldset, and the class's
 * children loaded for the grid with the page's states.
 */

/**
 * The page's choices in the URL, so a reload or a shared link opens the same grid: `grade` is
 * the class when it is one, else ''; `site` (`site_id`) the site, for a user of several, when it
 * is one of theirs, else '' (a user of one site has one class of each grade: no site to choose).
 * `chosen`: enough is chosen to list the class. A choice replaces the entry (choosing is not a
 * place Back should step through).
 */
export function useClassChoices() {
  const [params, setParams] = useSearchParams();
  const { sites, several } = useUserSites();
  const asked = params.get('grade') ?? '';
  const grade = (GRADES as readonly string[]).includes(asked) ? asked : '';
  const askedSite = params.get('site_id') ?? '';
  const site = several && sites.some((s) => String(s.id) === askedSite) ? askedSite : '';
  const chosen = grade !== '' && (site !== '' || !several);
  const set = (name: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      // At once, not in a transition: the next choice (a quick second select, a keystroke) builds on
      // this one's address, not on the last one the page had drawn.
      { replace: true, flushSync: true },
    );
  return { params, grade, site, chosen, set };
}

interface ClassSetupProps {
  legend: string;
  /** The class select's label and its first option ('Select...'). */
  gradeLabel: string;
  choose: string;
  grade: string;
  onGrade: (grade: string) => void;
  /** The site (`useClassChoices`), chosen before the class by a user of several sites. */
  site?: string;
  onSite?: (site: string) => void;
  /** The grid's columns: one per control. */
  className: string;
  /** The page's other choices, after the class. */
  children?: ReactNode;
}

/** What the grid is for: the class first, then the page's own choices. */
export function ClassSetup({ legend, gradeLabel, choose, grade, onGrade, site, onSite, className, children }: ClassSetupProps) {
  const { t } = useTranslation();
  const { several } = useUserSites();
  return (
    <fieldset className={cn('grid gap-4 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-900', className)}>
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {several && onSite ? (
        <SelectField label={t('sites.label')} first={t('sites.choose')} value={site ?? ''} onChange={(e) => onSite(e.target.value)}>
          <SiteOptions />
        </SelectField>
      ) : null}
      <SelectField label={gradeLabel} first={choose} value={grade} onChange={(e) => onGrade(e.target.value)}>
        <GradeOptions />
      </SelectField>
      {children}
    </fieldset>
  );
}

interface ClassRosterProps {
  grade: string;
  /** The site chosen (`useClassChoices`): a user of several sites lists one site's class. */
  site?: string;
  /**
   * Other data the grid needs before it can show (the month's stored records): whether it has
   * come, and its failure. Plain values read by the page, not the query's result: TanStack
   * re-renders a page only for the result's properties it read itself, so a result handed down
   * and read here only after the children had come would never bring its own answer.
   */
  alsoWaitFor?: { ready: boolean; error: Error | null };
  /** 'Choose a class', 'No active children in this class', and the failure around the server's message. */
  chooseGrade: ReactNode;
  noChildren: ReactNode;
  loadError: (message: string) => ReactNode;
  /** The grid for the class's active children, by last name. */
  children: (students: OrphanListItem[]) => ReactNode;
}

/**
 * The class's children for the grid, with the states before it: no class chosen, failed, loading,
 * empty; and, for a class chosen, the choice to keep it on this phone for working offline.
 */
export function ClassRoster(props: ClassRosterProps) {
  const { several } = useUserSites();
  const { grade, site = '' } = props;
  const chosen = grade !== '' && (site !== '' || !several);
  return (
    <>
      {chosen ? <KeepClassSwitch kept={{ site, grade }} /> : null}
      <ClassRosterBody {...props} />
    </>
  );
}

function ClassRosterBody({ grade, site = '', alsoWaitFor, chooseGrade, noChildren, loadError, children }: ClassRosterProps) {
  const { t } = useTranslation();
  const { several } = useUserSites();
  const chosen = grade !== '' && (site !== '' || !several);
  const students = useQuery({ ...classChildrenQuery(grade, site), enabled: chosen });
  const failed = students.error ?? alsoWaitFor?.error;
  if (several && !site) return <EmptyState message={t('sites.chooseForClass')} />;
  if (!grade) return <EmptyState message={chooseGrade} />;
  if (failed) return <Notice tone="error">{loadError(translateMessage(t, failed.message) ?? '')}</Notice>;
  if (!students.data || (alsoWaitFor && !alsoWaitFor.ready)) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (students.data.length === 0) return <EmptyState message={noChildren} />;
  return children(students.data);
}

/** A child as the class grids name them. */
export const childName = (child: Pick<OrphanListItem, 'first_name' | 'last_name'>) => `${child.first_name} ${child.last_name}`;

/**
 * The class's grid: an EntryGrid with a row per child, keyed and named by the child, with the
 * father's name under it (two children of one class may share a name).
 */
export function ClassGrid(props: Omit<EntryGridProps<OrphanListItem>, 'rowKey' | 'rowName' | 'rowDetail'>) {
  const { t } = useTranslation();
  return (
    <EntryGrid
      {...props}
      rowKey={(child) => child.id}
      rowName={childName}
      rowDetail={(child) => (child.father_name ? t('children.fatherOf', { name: child.father_name }) : null)}
    />
  );
}
