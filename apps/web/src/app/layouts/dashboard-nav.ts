import type { LucideIcon } from 'lucide-react';
import { BarChart3, Building2, CalendarCheck, FileSpreadsheet, FileText, GraduationCap, HelpCircle, History, Image, LayoutDashboard, Mail, Settings, ShieldCheck, User, Users, Eye } from 'lucide-react';
import { ACCESS, PERMISSION, type AccessRule, type SpecCheck } from '@app/shared/permissions';

/** Label keys live in the `dashboard` namespace under `nav.*`. */
export type NavLabelKey =
  | 'dashboard'
  | 'orphans'
  | 'gallery'
  | 'results'
  | 'attendance'
  | 'reports'
  | 'users'
  | 'roles'
  | 'sites'
  | 'pages'
  | 'contacts'
  | 'activities'
  | 'accessLog'
  | 'profile'
  | 'settings'
  | 'help';

export interface NavItem {
  path: string;
  label: NavLabelKey;
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
      { path: '/dashboard', label: 'dashboard', icon: LayoutDashboard },
      { path: '/dashboard/orphans', label: 'orphans', icon: Users, permission: PERMISSION.orphan.view },
      { path: '/dashboard/gallery', label: 'gallery', icon: Image, permission: PERMISSION.gallery.view },
    ],
  },
  {
    id: 'management',
    icon: BarChart3,
    items: [
      { path: '/dashboard/results', label: 'results', icon: GraduationCap, permission: PERMISSION.result.view },
      { path: '/dashboard/attendance', label: 'attendance', icon: CalendarCheck, permission: PERMISSION.attendance.view },
      { path: '/dashboard/reports', label: 'reports', icon: FileSpreadsheet, permission: PERMISSION.report.view },
    ],
  },
  {
    id: 'administration',
    icon: ShieldCheck,
    adminOnly: true,
    items: [
      { path: '/dashboard/users', label: 'users', icon: Users, permission: PERMISSION.user.view },
      { path: '/dashboard/roles', label: 'roles', icon: ShieldCheck, permission: PERMISSION.role.view },
      { path: '/dashboard/sites', label: 'sites', icon: Building2, permission: PERMISSION.site.manage },
      { path: '/dashboard/pages', label: 'pages', icon: FileText, permission: PERMISSION.page.view },
      { path: '/dashboard/contacts', label: 'contacts', icon: Mail, permission: ACCESS.contacts },
      { path: '/dashboard/activities', label: 'activities', icon: History, permission: ACCESS.activities },
      { path: '/dashboard/access-log', label: 'accessLog', icon: Eye, permission: PERMISSION.accessLog.view },
    ],
  },
  {
    id: 'account',
    icon: User,
    items: [
      { path: '/dashboard/profile', label: 'profile', icon: User },
      { path: '/dashboard/settings', label: 'settings', icon: Settings, permission: PERMISSION.settings.manage },
      { path: '/dashboard/help', label: 'help', icon: HelpCircle },
    ],
  },
];

/** Section titles for the dashboard header, by the first path segment after /dashboard. */
const TITLE_BY_SEGMENT: Record<string, NavLabelKey> = {
  orphans: 'orphans',
  gallery: 'gallery',
  attendance: 'attendance',
  results: 'results',
  reports: 'reports',
  users: 'users',
  roles: 'roles',
  sites: 'sites',
  settings: 'settings',
  profile: 'profile',
  help: 'help',
  pages: 'pages',
  contacts: 'contacts',
  activities: 'activities',
  'access-log': 'accessLog',
};

export function dashboardTitleKey(pathname: string): NavLabelKey {
  const segment = pathname.replace(/^\/dashboard\/?/, '').split('/')[0]?.toLowerCase() ?? '';
  return TITLE_BY_SEGMENT[segment] ?? 'dashboard';
}
