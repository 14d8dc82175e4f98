/**
 * Short aliases that land on the same path under /dashboard, sub-paths included. Apart from the
 * router so the server's renderer of the public pages (entry-server.tsx) knows them without
 * importing every screen.
 */
export const DASHBOARD_ALIASES = ['profile', 'orphans', 'gallery', 'results', 'attendance', 'reports', 'users', 'pages', 'roles', 'settings'];
