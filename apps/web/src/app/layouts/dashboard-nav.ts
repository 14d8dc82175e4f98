import type { LucideIcon } from 'lucide-react';
import { BarChart3, Building2, CalendarCheck, Eye, FileSpreadsheet, FileText, GraduationCap, HelpCircle, History, Image, FileUp, LayoutDashboard, Mail, Settings, ShieldCheck, User, Users } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { ACCESS, PERMISSION, type AccessRule, type SpecCheck } from '@app/shared/permissions';
import { namespaces, type EnglishResources } from '../../lib/i18n-resources.ts';
import { pathMatches } from './sidebar-state.ts';

/**
 * A text of any namespace, `namespace:key`: each section's sidebar label is its feature's own
 * (`<feature>:nav`, the administration screens' under `admin:<screen>.nav`), so a new section
 * brings its label in its own texts file.
 */
export type NavText = Extract<ParseKeys<NavNamespaces>, `${string}:${string}`>;
type NavNamespaces = Array<keyof EnglishResources>;
/** For `useTranslation(NAV_NAMESPACES)`, whose `t` reads a NavText (every namespace is loaded with the dashboard). */
export const NAV_NAMESPACES = namespaces as NavNamespaces;

export interface NavItem {
  path: string;
  /** The sidebar's label; also the header's title while a page of the section is open. */
  label: NavText;
  /** The header's title where it differs from the label. */
  title?: NavText;
  icon: LucideIcon;
  /** Omitted: any signed-in user. */
  permission?: AccessRule | SpecCheck;
}

export type NavGroupId = 'main' | 'management' | 'administration' | 'account';

export interface NavGroup {
  id: NavGroupId;
  icon: LucideIcon;
  /** Only Super Admin and Manager see the group (spec section 6). */
  adminOnly?: boolean;
  items: NavItem[];
}

/** Spec section 2, sidebar groups. */
export const DASHBOARD_NAV: NavGroup[] = [
  {
    id: 'main',
    icon: LayoutDashboard,
    items: [
      { path: '/dashboard', label: 'dashboard:nav', icon: LayoutDashboard },
      { path: '/dashboard/orphans', label: 'orphans:nav', icon: Users, permission: PERMISSION.orphan.view },
      { path: '/dashboard/gallery', label: 'gallery:nav', icon: Image, permission: PERMISSION.gallery.view },
    ],
  },
  {
    id: 'management',
    icon: BarChart3,
    items: [
      { path: '/dashboard/results', label: 'results:nav', icon: GraduationCap, permission: PERMISSION.result.view },
      { path: '/dashboard/attendance', label: 'attendance:nav', icon: CalendarCheck, permission: PERMISSION.attendance.view },
      { path: '/dashboard/reports', label: 'reports:nav', icon: FileSpreadsheet, permission: PERMISSION.report.view },
      { path: '/dashboard/imports', label: 'imports:nav', icon: FileUp, permission: PERMISSION.imports.import },
    ],
  },
  {
    id: 'administration',
    icon: ShieldCheck,
    adminOnly: true,
    items: [
      { path: '/dashboard/users', label: 'admin:users.nav', icon: Users, permission: PERMISSION.user.view },
      { path: '/dashboard/roles', label: 'admin:roles.nav', icon: ShieldCheck, permission: PERMISSION.role.view },
      { path: '/dashboard/sites', label: 'sites:nav', icon: Building2, permission: PERMISSION.site.manage },
      { path: '/dashboard/pages', label: 'admin:pages.nav', icon: FileText, permission: PERMISSION.page.view },
      { path: '/dashboard/contacts', label: 'admin:contacts.nav', title: 'admin:contacts.navTitle', icon: Mail, permission: ACCESS.contacts },
      { path: '/dashboard/activities', label: 'activities:nav', icon: History, permission: ACCESS.activities },
      { path: '/dashboard/access-log', label: 'activities:accessLog.nav', icon: Eye, permission: PERMISSION.accessLog.view },
    ],
  },
  {
    id: 'account',
    icon: User,
    items: [
      { path: '/dashboard/profile', label: 'admin:profile.nav', icon: User },
      { path: '/dashboard/settings', label: 'admin:settings.nav', icon: Settings, permission: PERMISSION.settings.manage },
      { path: '/dashboard/help', label: 'help:nav', icon: HelpCircle },
    ],
  },
];

/** The header's title: that of the section whose path begins the current one, else the dashboard's. */
export function dashboardTitle(pathname: string): NavText {
  const section = DASHBOARD_NAV.flatMap((group) => group.items).find((item) => item.path !== '/dashboard' && pathMatches(item.path, pathname));
  return section ? (section.title ?? section.label) : 'dashboard:nav';
}
