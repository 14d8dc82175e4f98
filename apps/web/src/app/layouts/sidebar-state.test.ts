import { describe, expect, it } from 'vitest';
import { ROLE, can, isAdministrator, type AccessRule, type AccessSubject, type SpecCheck } from '@app/shared/permissions';
import { DASHBOARD_NAV, dashboardTitle } from './dashboard-nav.ts';
import { groupForPath, parseStoredSidebar, sidebarOpenAfterResize, sidebarOpenOnLoad, toggleGroup, visibleGroups } from './sidebar-state.ts';

function access(user: AccessSubject) {
  return { isAdministrator: isAdministrator(user), can: (p: AccessRule | SpecCheck) => can(user, p) };
}

describe('sidebar open/collapse rules', () => {
  it('starts collapsed below 768 px whatever was saved', () => {
    expect(sidebarOpenOnLoad(true, 767)).toBe(false);
    expect(sidebarOpenOnLoad(null, 400)).toBe(false);
  });

  it('uses the saved state from 768 px, else opens from 1024 px', () => {
    expect(sidebarOpenOnLoad(false, 1280)).toBe(false);
    expect(sidebarOpenOnLoad(true, 800)).toBe(true);
    expect(sidebarOpenOnLoad(null, 1024)).toBe(true);
    expect(sidebarOpenOnLoad(null, 900)).toBe(false);
  });

  it('collapses when the window shrinks below 768 px and opens when it reaches 1024 px', () => {
    expect(sidebarOpenAfterResize(true, 1000, 700)).toBe(false);
    expect(sidebarOpenAfterResize(false, 900, 1024)).toBe(true);
    // Inside a band the user's choice stays.
    expect(sidebarOpenAfterResize(false, 1200, 1300)).toBe(false);
    expect(sidebarOpenAfterResize(true, 800, 900)).toBe(true);
  });

  it('reads the saved value strictly', () => {
    expect(parseStoredSidebar('true')).toBe(true);
    expect(parseStoredSidebar('false')).toBe(false);
    expect(parseStoredSidebar(null)).toBeNull();
    expect(parseStoredSidebar('yes')).toBeNull();
  });
});

describe('sidebar groups', () => {
  it('opens the group of the current page', () => {
    expect(groupForPath(DASHBOARD_NAV, '/dashboard')).toBe('main');
    expect(groupForPath(DASHBOARD_NAV, '/dashboard/orphans/edit/4')).toBe('main');
    expect(groupForPath(DASHBOARD_NAV, '/dashboard/attendance/create')).toBe('management');
    expect(groupForPath(DASHBOARD_NAV, '/dashboard/contacts')).toBe('administration');
    expect(groupForPath(DASHBOARD_NAV, '/dashboard/settings')).toBe('account');
    expect(groupForPath(DASHBOARD_NAV, '/dashboard/nowhere')).toBeNull();
  });

  it('clicking a group while collapsed opens the sidebar and that group', () => {
    expect(toggleGroup({ open: false, openGroups: ['main'] }, 'account')).toEqual({ open: true, openGroups: ['main', 'account'] });
    // ...and never closes an already open group at the same time.
    expect(toggleGroup({ open: false, openGroups: ['account'] }, 'account')).toEqual({ open: true, openGroups: ['account'] });
  });

  it('clicking a group while open expands or collapses it', () => {
    expect(toggleGroup({ open: true, openGroups: ['main'] }, 'main')).toEqual({ open: true, openGroups: [] });
    expect(toggleGroup({ open: true, openGroups: [] }, 'management')).toEqual({ open: true, openGroups: ['management'] });
  });

  it('shows Administration to administrators only, and hides links without permission', () => {
    const admin = { roles: [{ name: ROLE.superAdmin }], permissions: [] };
    expect(visibleGroups(DASHBOARD_NAV, access(admin)).map((g) => g.id)).toEqual(['main', 'management', 'administration', 'account']);

    const teacher = { roles: [{ name: ROLE.teacher }], permissions: [{ name: 'view-orphans' }, { name: 'view-results' }] };
    const groups = visibleGroups(DASHBOARD_NAV, access(teacher));
    expect(groups.map((g) => g.id)).toEqual(['main', 'management', 'account']);
    expect(groups.flatMap((g) => g.items.map((i) => i.path))).toEqual([
      '/dashboard',
      '/dashboard/orphans',
      '/dashboard/results',
      '/dashboard/profile',
      '/dashboard/help',
    ]);

    // The Contact List follows the server's rule: administer AND view-contacts.
    const manager = { roles: [{ name: ROLE.manager }], permissions: [{ name: 'administer' }, { name: 'view-contacts' }] };
    const adminGroup = visibleGroups(DASHBOARD_NAV, access(manager)).find((g) => g.id === 'administration');
    expect(adminGroup?.items.map((i) => i.label)).toEqual(['admin:contacts.nav']);
    const stripped = { roles: [{ name: ROLE.manager }], permissions: [{ name: 'administer' }] };
    expect(visibleGroups(DASHBOARD_NAV, access(stripped)).map((g) => g.id)).not.toContain('administration');
    // A role merely named Manager, without administer, opens nothing of it.
    const namedOnly = { roles: [{ name: ROLE.manager }], permissions: [{ name: 'view-contacts' }] };
    expect(visibleGroups(DASHBOARD_NAV, access(namedOnly)).map((g) => g.id)).not.toContain('administration');
  });
});

describe('dashboard header title', () => {
  it('follows the path', () => {
    expect(dashboardTitle('/dashboard')).toBe('dashboard:nav');
    expect(dashboardTitle('/dashboard/orphans/create')).toBe('orphans:nav');
    expect(dashboardTitle('/dashboard/results/7')).toBe('results:nav');
    expect(dashboardTitle('/dashboard/settings')).toBe('admin:settings.nav');
    expect(dashboardTitle('/dashboard/contacts/3')).toBe('admin:contacts.navTitle');
    expect(dashboardTitle('/dashboard/orphans-archive')).toBe('dashboard:nav');
    expect(dashboardTitle('/dashboard/unknown')).toBe('dashboard:nav');
  });
});
