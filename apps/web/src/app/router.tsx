import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ACCESS, PERMISSION, type AccessRule, type SpecCheck } from '@app/shared/permissions';
import { PublicLayout } from './layouts/public-layout.tsx';
import { ProtectedRoute } from './routes/protected-route.tsx';
import { AliasRedirect } from './routes/alias-redirect.tsx';
import { RouteError } from './routes/route-error.tsx';
import { MaintenanceGate } from './routes/maintenance-gate.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import { Can } from '../components/can.tsx';
import { loadDashboardTexts } from '../lib/i18n.ts';
import { DASHBOARD_ALIASES } from './dashboard-aliases.ts';

/**
 * Every screen loads on demand: the first load carries the public layout and the one page asked
 * for, never the dashboard (its layout, TipTap, recharts, the date picker, tus) nor another page's
 * forms and zod (e2e/build-budget.e2e.ts holds the home and login pages to their budgets). Each
 * screen stays a named export in its feature's routes/ folder; swapping the component needs no
 * router change.
 */
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * A public page, loaded on demand. Navigations run in a transition, so the page shown stays until
 * the next one has arrived; only a first load waits here. The box is at least a screen high before
 * and after, so the footer starts below the fold and nothing in view moves when the page arrives,
 * however short the page (Lighthouse counted the footer rising into view as a layout shift).
 */
function publicPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <div className="min-h-screen">
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </div>
  );
}

// The dashboard's texts (English ones too) arrive with its layout, so no screen shows a raw key.
const DashboardLayout = lazyPage(async () => (await Promise.all([import('./layouts/dashboard-layout.tsx'), loadDashboardTexts()]))[0], 'DashboardLayout');
const NotFoundPage = lazyPage(() => import('../features/public-site/routes/not-found-page.tsx'), 'NotFoundPage');

const OverviewPage = lazyPage(() => import('../features/dashboard/routes/overview-page.tsx'), 'OverviewPage');
const OrphansPage = lazyPage(() => import('../features/orphans/routes/orphans-page.tsx'), 'OrphansPage');
const OrphanFormPage = lazyPage(() => import('../features/orphans/routes/orphan-form-page.tsx'), 'OrphanFormPage');
const OrphanDetailsPage = lazyPage(() => import('../features/orphans/routes/orphan-details-page.tsx'), 'OrphanDetailsPage');
// A child's latest media on their details page belongs to the gallery feature; the app composes it.
const OrphanMediaStrip = lazy(async () => ({ default: (await import('../features/gallery/components/orphan-media-strip.tsx')).OrphanMediaStrip }));
const ResultsSummaryCard = lazy(async () => ({ default: (await import('../features/results/components/results-summary-card.tsx')).ResultsSummaryCard }));
const OrphanViewsCard = lazy(async () => ({ default: (await import('../features/access-log/components/orphan-views-card.tsx')).OrphanViewsCard }));
const AttendanceSummaryCard = lazy(async () => ({ default: (await import('../features/attendance/components/attendance-summary-card.tsx')).AttendanceSummaryCard }));
const OrphanTrashPage = lazyPage(() => import('../features/orphans/routes/orphan-trash-page.tsx'), 'OrphanTrashPage');
const GalleryPage = lazyPage(() => import('../features/gallery/routes/gallery-page.tsx'), 'GalleryPage');
const GalleryUploadPage = lazyPage(() => import('../features/gallery/routes/gallery-upload-page.tsx'), 'GalleryUploadPage');
const ResultsPage = lazyPage(() => import('../features/results/routes/results-page.tsx'), 'ResultsPage');
const ResultFormPage = lazyPage(() => import('../features/results/routes/result-form-page.tsx'), 'ResultFormPage');
const ResultDetailsPage = lazyPage(() => import('../features/results/routes/result-details-page.tsx'), 'ResultDetailsPage');
const ClassResultsPage = lazyPage(() => import('../features/results/routes/class-results-page.tsx'), 'ClassResultsPage');
const AttendancePage = lazyPage(() => import('../features/attendance/routes/attendance-page.tsx'), 'AttendancePage');
const AttendanceFormPage = lazyPage(() => import('../features/attendance/routes/attendance-form-page.tsx'), 'AttendanceFormPage');
const ClassAttendancePage = lazyPage(() => import('../features/attendance/routes/class-attendance-page.tsx'), 'ClassAttendancePage');
const ReportsPage = lazyPage(() => import('../features/reports/routes/reports-page.tsx'), 'ReportsPage');
const UsersPage = lazyPage(() => import('../features/users/routes/users-page.tsx'), 'UsersPage');
// The Roles Management card under User Management belongs to the roles feature; the app composes it.
const RolesManagementCard = lazyPage(() => import('../features/roles/components/role-manager.tsx'), 'RolesManagementCard');
const SitesPage = lazyPage(() => import('../features/sites/routes/sites-page.tsx'), 'SitesPage');
const ImportsPage = lazyPage(() => import('../features/imports/routes/imports-page.tsx'), 'ImportsPage');
const RolesPage = lazyPage(() => import('../features/roles/routes/roles-page.tsx'), 'RolesPage');
const PagesPage = lazyPage(() => import('../features/pages/routes/pages-page.tsx'), 'PagesPage');
const ContactsPage = lazyPage(() => import('../features/contacts/routes/contacts-page.tsx'), 'ContactsPage');
const AccessLogPage = lazyPage(() => import('../features/access-log/routes/access-log-page.tsx'), 'AccessLogPage');
const ActivityLogPage = lazyPage(() => import('../features/activities/routes/activity-log-page.tsx'), 'ActivityLogPage');
const ProfilePage = lazyPage(() => import('../features/profile/routes/profile-page.tsx'), 'ProfilePage');
const SettingsPage = lazyPage(() => import('../features/settings/routes/settings-page.tsx'), 'SettingsPage');
const HelpPage = lazyPage(() => import('../features/help/routes/help-page.tsx'), 'HelpPage');

/** Below a child's details: their media, and their results and attendance for those who may see them. */
function childSections(orphanId: number) {
  return (
    <>
      <OrphanMediaStrip orphanId={orphanId} />
      <Can permission={PERMISSION.result.view}>
        <ResultsSummaryCard orphanId={orphanId} />
      </Can>
      <Can permission={PERMISSION.attendance.view}>
        <AttendanceSummaryCard orphanId={orphanId} />
      </Can>
      <Can permission={PERMISSION.accessLog.view}>
        <OrphanViewsCard orphanId={orphanId} />
      </Can>
    </>
  );
}

/** A dashboard route: the path under /dashboard, what it needs (nothing = login only), the screen. */
interface DashboardRoute {
  path: string;
  permission?: AccessRule | SpecCheck;
  element: ReactNode;
}

/** Spec section 2, "Dashboard routes and access". */
export const DASHBOARD_ROUTES: DashboardRoute[] = [
  { path: 'orphans', permission: PERMISSION.orphan.view, element: <OrphansPage /> },
  { path: 'orphans/create', permission: PERMISSION.orphan.create, element: <OrphanFormPage /> },
  { path: 'orphans/edit/:id', permission: PERMISSION.orphan.edit, element: <OrphanFormPage /> },
  { path: 'orphans/trash', permission: PERMISSION.orphan.delete, element: <OrphanTrashPage /> },
  { path: 'orphans/:id', permission: PERMISSION.orphan.view, element: <OrphanDetailsPage sections={childSections} /> },
  { path: 'gallery', permission: PERMISSION.gallery.view, element: <GalleryPage /> },
  { path: 'gallery/upload', permission: PERMISSION.gallery.create, element: <GalleryUploadPage /> },
  { path: 'results', permission: PERMISSION.result.view, element: <ResultsPage /> },
  { path: 'results/create', permission: PERMISSION.result.create, element: <ResultFormPage /> },
  { path: 'results/edit/:id', permission: PERMISSION.result.edit, element: <ResultFormPage /> },
  // The class screens: a teacher's way in for a whole class at once.
  { path: 'results/class', permission: PERMISSION.result.create, element: <ClassResultsPage /> },
  { path: 'results/:id', permission: PERMISSION.result.view, element: <ResultDetailsPage /> },
  { path: 'attendance', permission: PERMISSION.attendance.view, element: <AttendancePage /> },
  { path: 'attendance/create', permission: PERMISSION.attendance.create, element: <AttendanceFormPage /> },
  { path: 'attendance/edit/:id', permission: PERMISSION.attendance.edit, element: <AttendanceFormPage /> },
  { path: 'attendance/class', permission: PERMISSION.attendance.create, element: <ClassAttendancePage /> },
  { path: 'reports', permission: PERMISSION.report.view, element: <ReportsPage /> },
  { path: 'users', permission: PERMISSION.user.view, element: <UsersPage rolesPanel={<RolesManagementCard />} /> },
  { path: 'roles', permission: PERMISSION.role.view, element: <RolesPage /> },
  { path: 'sites', permission: PERMISSION.site.manage, element: <SitesPage /> },
  { path: 'imports', permission: PERMISSION.imports.import, element: <ImportsPage /> },
  { path: 'pages', permission: PERMISSION.page.view, element: <PagesPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'settings', permission: PERMISSION.settings.manage, element: <SettingsPage /> },
  { path: 'contacts', permission: ACCESS.contacts, element: <ContactsPage /> },
  { path: 'activities', permission: ACCESS.activities, element: <ActivityLogPage /> },
  { path: 'access-log', permission: PERMISSION.accessLog.view, element: <AccessLogPage /> },
  { path: 'help', element: <HelpPage /> },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <PublicLayout />,
        children: [
          { index: true, element: publicPage(() => import('../features/public-site/routes/home-page.tsx'), 'HomePage') },
          { path: 'about', element: publicPage(() => import('../features/public-site/routes/about-page.tsx'), 'AboutPage') },
          { path: 'contact', element: publicPage(() => import('../features/public-site/routes/contact-page.tsx'), 'ContactPage') },
          // Route matching ignores case, so this serves both /Services and /services.
          { path: 'Services', element: publicPage(() => import('../features/public-site/routes/services-page.tsx'), 'ServicesPage') },
          { path: 'college', element: publicPage(() => import('../features/public-site/routes/college-page.tsx'), 'CollegePage') },
          { path: 'login', element: publicPage(() => import('../features/auth/routes/login-page.tsx'), 'LoginPage') },
          { path: 'register', element: publicPage(() => import('../features/auth/routes/register-page.tsx'), 'RegisterPage') },
          { path: 'forgot-password', element: publicPage(() => import('../features/auth/routes/forgot-password-page.tsx'), 'ForgotPasswordPage') },
          { path: 'reset-password', element: publicPage(() => import('../features/auth/routes/reset-password-page.tsx'), 'ResetPasswordPage') },
          // Published content pages; outranks the /pages/* alias below because a named segment beats a splat.
          { path: 'pages/:slug', element: publicPage(() => import('../features/pages/routes/published-page.tsx'), 'PublishedPage') },
          { path: 'unauthorized', element: publicPage(() => import('../features/public-site/routes/unauthorized-page.tsx'), 'UnauthorizedPage') },
          { path: '*', element: publicPage(() => import('../features/public-site/routes/not-found-page.tsx'), 'NotFoundPage') },
        ],
      },
      ...DASHBOARD_ALIASES.flatMap((alias) => [
        { path: `/${alias}`, element: <AliasRedirect /> },
        { path: `/${alias}/*`, element: <AliasRedirect /> },
      ]),
      {
        // Maintenance mode closes the dashboard to everyone but administrators; the public site,
        // the contact form and sign-in stay open (docs/design-decisions.md, "Maintenance mode").
        element: <MaintenanceGate />,
        children: [
          {
            path: '/dashboard',
            element: (
              <ProtectedRoute>
                <Suspense fallback={<LoadingScreen />}>
                  <DashboardLayout />
                </Suspense>
              </ProtectedRoute>
            ),
            children: [
              { index: true, element: <OverviewPage /> },
              ...DASHBOARD_ROUTES.map(({ path, permission, element }) => ({
                path,
                element: <ProtectedRoute permission={permission}>{element}</ProtectedRoute>,
              })),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
