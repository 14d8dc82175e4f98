import { useMemo, useState, type ReactElement } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'radix-ui';
import { ArrowLeft, ChevronDown, HeartHandshake, X } from 'lucide-react';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN } from '@app/shared/constants';
import { useAuth } from '../../lib/auth-context.tsx';
import { useSiteInfo } from '../../lib/site-info.ts';
import { cn } from '../../lib/cn.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { DASHBOARD_NAV, NAV_NAMESPACES, type NavGroupId } from './dashboard-nav.ts';
import { groupForPath, pathMatches, toggleGroup, visibleGroups } from './sidebar-state.ts';

/** The groups the user may see, and which are expanded (the current page's group on load). */
function useNavGroups() {
  const { pathname } = useLocation();
  const { can, isAdministrator } = useAuth();
  const groups = useMemo(() => visibleGroups(DASHBOARD_NAV, { can, isAdministrator }), [can, isAdministrator]);
  const [openGroups, setOpenGroups] = useState<NavGroupId[]>(() => {
    const current = groupForPath(groups, pathname);
    return current ? [current] : ['main'];
  });
  return { groups, openGroups, setOpenGroups, pathname };
}

interface SidebarContentProps {
  /** Wide (labels shown) or the 70 px rail (icons, names in tooltips). */
  open: boolean;
  nav: ReturnType<typeof useNavGroups>;
  onGroupClick: (id: NavGroupId) => void;
  /** After following a link (the drawer closes). */
  onNavigate?: () => void;
  /** Beside the organisation's name (the drawer's close button). */
  headerEnd?: ReactElement;
}

/** Spec section 2, dashboard layout: the name, the groups with their links, Back to Website. */
function SidebarContent({ open, nav, onGroupClick, onNavigate, headerEnd }: SidebarContentProps) {
  const { t } = useTranslation('dashboard');
  const { t: navText } = useTranslation(NAV_NAMESPACES);
  const site = useSiteInfo();
  const { groups, openGroups, pathname } = nav;
  return (
    <>
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-gray-200 px-5 dark:border-gray-800">
        <Link to="/" onClick={onNavigate} className="flex min-w-0 flex-1 items-center gap-2 overflow-hidden rounded-md">
          <HeartHandshake className="h-7 w-7 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
          {open ? <span className="truncate font-semibold" dir="auto">{site.organization_name}</span> : <span className="sr-only">{site.organization_name}</span>}
        </Link>
        {headerEnd}
      </div>

      <nav className="flex-1 overflow-y-auto overflow-x-hidden py-3" aria-label={t('sidebar.navigation')}>
        <ul className="space-y-1">
          {groups.map((group) => {
            const expanded = open && openGroups.includes(group.id);
            const GroupIcon = group.icon;
            const active = group.items.some((item) => pathMatches(item.path, pathname));
            const listId = `sidebar-group-${group.id}`;
            const label = t(`sidebar.groups.${group.id}`);
            return (
              <li key={group.id}>
                <Tooltip label={label} side="end" enabled={!open}>
                  <button
                    type="button"
                    onClick={() => onGroupClick(group.id)}
                    aria-expanded={expanded}
                    aria-controls={expanded ? listId : undefined}
                    className={cn(
                      'flex min-h-10 w-full items-center gap-3 px-5 py-2 text-xs font-semibold uppercase tracking-wide',
                      'text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                      'dark:text-gray-400 dark:hover:text-gray-100',
                      !open && active && 'text-brand-700 dark:text-brand-400',
                    )}
                  >
                    <GroupIcon className="h-5 w-5 shrink-0" aria-hidden />
                    <span className={open ? 'flex-1 truncate text-start' : 'sr-only'}>{label}</span>
                    {open ? <ChevronDown className={cn('h-4 w-4 transition-transform', expanded && 'rotate-180')} aria-hidden /> : null}
                  </button>
                </Tooltip>
                {expanded ? (
                  <ul id={listId} className="mt-1 space-y-0.5">
                    {group.items.map((item) => {
                      const Icon = item.icon;
                      return (
                        <li key={item.path}>
                          <NavLink
                            to={item.path}
                            end={item.path === '/dashboard'}
                            onClick={onNavigate}
                            className={({ isActive }) =>
                              cn(
                                'mx-2 flex min-h-10 items-center gap-3 rounded-md py-2 ps-6 pe-3 text-sm',
                                'focus-visible:outline-2 focus-visible:outline-brand-600',
                                isActive
                                  ? 'bg-brand-50 font-medium text-brand-800 dark:bg-brand-900/40 dark:text-brand-100'
                                  : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
                              )
                            }
                          >
                            <Icon className="h-4 w-4 shrink-0" aria-hidden />
                            <span className="truncate">{navText(item.label)}</span>
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
        <Tooltip label={t('sidebar.backToWebsite')} side="end" enabled={!open}>
          <Link
            to="/"
            onClick={onNavigate}
            className="flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300 dark:hover:bg-gray-800"
          >
            <ArrowLeft className="rtl-flip h-5 w-5 shrink-0" aria-hidden />
            <span className={open ? 'truncate' : 'sr-only'}>{t('sidebar.backToWebsite')}</span>
          </Link>
        </Tooltip>
      </div>
    </>
  );
}

/**
 * From 768 px: a rail at the reading start of the page (left, or right in Dari and Pashto),
 * 250 px open and 70 px collapsed (spec section 9). Clicking a group while collapsed opens the
 * sidebar and that group.
 */
export function Sidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('dashboard');
  const nav = useNavGroups();

  const onGroupClick = (id: NavGroupId) => {
    const next = toggleGroup({ open, openGroups: nav.openGroups }, id);
    nav.setOpenGroups(next.openGroups);
    if (next.open !== open) onOpenChange(next.open);
  };

  return (
    <aside
      aria-label={t('sidebar.label')}
      style={{ width: open ? SIDEBAR_WIDTH_OPEN : SIDEBAR_WIDTH_COLLAPSED }}
      className="sticky top-0 flex h-screen shrink-0 flex-col border-e border-gray-200 bg-white transition-[width] duration-200 dark:border-gray-800 dark:bg-gray-900"
    >
      <SidebarContent open={open} nav={nav} onGroupClick={onGroupClick} />
    </aside>
  );
}

/**
 * Below 768 px: the same navigation in a drawer from the reading start, on Radix Dialog, so focus
 * stays inside while it is open, Escape or a tap outside closes it, and focus returns to the
 * button that opened it (`trigger`, placed in the header). Following a link closes it.
 */
export function SidebarDrawer({ open, onOpenChange, trigger }: { open: boolean; onOpenChange: (open: boolean) => void; trigger: ReactElement }) {
  const { t } = useTranslation('dashboard');
  const nav = useNavGroups();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Tooltip label={t('sidebar.openMenu')}>
        <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      </Tooltip>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 start-0 z-50 flex w-[250px] max-w-[85vw] flex-col border-e border-gray-200 bg-white shadow-xl focus:outline-none dark:border-gray-800 dark:bg-gray-900"
        >
          <Dialog.Title className="sr-only">{t('sidebar.navigation')}</Dialog.Title>
          <SidebarContent
            open
            nav={nav}
            onGroupClick={(id) => nav.setOpenGroups(toggleGroup({ open: true, openGroups: nav.openGroups }, id).openGroups)}
            onNavigate={close}
            headerEnd={
              <Tooltip label={t('sidebar.closeMenu')}>
                <Dialog.Close
                  aria-label={t('sidebar.closeMenu')}
                  className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300 dark:hover:bg-gray-800"
                >
                  <X className="h-5 w-5" aria-hidden />
                </Dialog.Close>
              </Tooltip>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
