import { useMemo, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ChevronDown, HeartHandshake } from 'lucide-react';
import { SIDEBAR_COLLAPSE_BELOW, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN } from '@app/shared/constants';
import { useAuth } from '../../lib/auth-context.tsx';
import { useSiteInfo } from '../../lib/site-info.ts';
import { cn } from '../../lib/cn.ts';
import { DASHBOARD_NAV, type NavGroupId } from './dashboard-nav.ts';
import { groupForPath, pathMatches, toggleGroup, visibleGroups } from './sidebar-state.ts';

export function Sidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const { can, isAdministrator } = useAuth();
  const site = useSiteInfo();

  const groups = useMemo(() => visibleGroups(DASHBOARD_NAV, { can, isAdministrator }), [can, isAdministrator]);

  // The group of the page we load on starts open.
  const [openGroups, setOpenGroups] = useState<NavGroupId[]>(() => {
    const current = groupForPath(groups, pathname);
    return current ? [current] : ['main'];
  });

  const onGroupClick = (id: NavGroupId) => {
    const next = toggleGroup({ open, openGroups }, id);
    setOpenGroups(next.openGroups);
    if (next.open !== open) onOpenChange(next.open);
  };

  const closeOnSmallScreens = () => {
    if (window.innerWidth < SIDEBAR_COLLAPSE_BELOW) onOpenChange(false);
  };

  return (
    <>
      {open ? (
        // On phones the open sidebar covers the page; tapping outside closes it.
        <div className="fixed inset-0 z-30 bg-black/40 md:hidden" aria-hidden onClick={() => onOpenChange(false)} />
      ) : null}
      <aside
        aria-label={t('sidebar.label')}
        style={{ width: open ? SIDEBAR_WIDTH_OPEN : SIDEBAR_WIDTH_COLLAPSED }}
        className={cn(
          'fixed inset-y-0 start-0 z-40 flex shrink-0 flex-col border-e border-gray-200 bg-white transition-[width] duration-200',
          'md:sticky md:top-0 md:h-screen dark:border-gray-800 dark:bg-gray-900',
        )}
      >
        <Link to="/" className="flex h-16 items-center gap-2 overflow-hidden border-b border-gray-200 px-5 dark:border-gray-800">
          <HeartHandshake className="h-7 w-7 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
          {open ? <span className="truncate font-semibold">{site.organization_name}</span> : <span className="sr-only">{site.organization_name}</span>}
        </Link>

        <nav className="flex-1 overflow-y-auto overflow-x-hidden py-3" aria-label={t('sidebar.navigation')}>
          <ul className="space-y-1">
            {groups.map((group) => {
              const expanded = open && openGroups.includes(group.id);
              const GroupIcon = group.icon;
              const active = group.items.some((item) => pathMatches(item.path, pathname));
              const listId = `sidebar-group-${group.id}`;
              return (
                <li key={group.id}>
                  <button
                    type="button"
                    onClick={() => onGroupClick(group.id)}
                    aria-expanded={expanded}
                    aria-controls={listId}
                    title={open ? undefined : t(`sidebar.groups.${group.id}`)}
                    className={cn(
                      'flex w-full items-center gap-3 px-5 py-2 text-xs font-semibold uppercase tracking-wide',
                      'text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100',
                      !open && active && 'text-brand-700 dark:text-brand-500',
                    )}
                  >
                    <GroupIcon className="h-5 w-5 shrink-0" aria-hidden />
                    <span className={open ? 'flex-1 truncate text-start' : 'sr-only'}>{t(`sidebar.groups.${group.id}`)}</span>
                    {open ? <ChevronDown className={cn('h-4 w-4 transition-transform', expanded && 'rotate-180')} aria-hidden /> : null}
                  </button>
                  {expanded ? (
                    <ul id={listId} className="mt-1 space-y-0.5">
                      {group.items.map((item) => {
                        const Icon = item.icon;
                        return (
                          <li key={item.path}>
                            <NavLink
                              to={item.path}
                              end={item.path === '/dashboard'}
                              onClick={closeOnSmallScreens}
                              className={({ isActive }) =>
                                cn(
                                  'mx-2 flex items-center gap-3 rounded-md py-2 ps-6 pe-3 text-sm',
                                  isActive
                                    ? 'bg-brand-50 font-medium text-brand-800 dark:bg-brand-900/40 dark:text-brand-100'
                                    : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
                                )
                              }
                            >
                              <Icon className="h-4 w-4 shrink-0" aria-hidden />
                              <span className="truncate">{t(`sidebar.items.${item.label}`)}</span>
                            </NavLink>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="border-t border-gray-200 p-2 dark:border-gray-800">
          <Link
            to="/"
            title={open ? undefined : t('sidebar.backToWebsite')}
            className="flex items-center gap-3 rounded-md px-3 py-2 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
          >
            <ArrowLeft className="rtl-flip h-5 w-5 shrink-0" aria-hidden />
            <span className={open ? 'truncate' : 'sr-only'}>{t('sidebar.backToWebsite')}</span>
          </Link>
        </div>
      </aside>
    </>
  );
}
