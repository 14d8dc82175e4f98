import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server.ts';

/**
 * The app's routes, read from the router's source (apps/web/src/app/router.tsx) rather than
 * copied here, so a screen added there is scanned by the tests that walk every route. Importing
 * the module would pull the whole React app into the test process; its route table is plain data
 * in the source: the public layout's children and DASHBOARD_ROUTES.
 */
const source = readFileSync(path.join(repoRoot, 'apps/web/src/app/router.tsx'), 'utf8');

function block(startMarker: string, endMarker: string): string {
  const start = source.indexOf(startMarker);
  if (start < 0) throw new Error(`router.tsx no longer holds "${startMarker}": update e2e/support/app-routes.ts`);
  const end = source.indexOf(endMarker, start);
  return source.slice(start, end);
}

function pathsIn(text: string): string[] {
  return [...text.matchAll(/\{\s*(?:index:\s*true|path:\s*'([^']*)')/g)].map((m) => m[1] ?? '');
}

/** Public paths as written under the public layout ('' is the index, '*' the not-found page). */
export const PUBLIC_ROUTE_PATHS = pathsIn(block('element: <PublicLayout />', '],'));

/** Dashboard paths relative to /dashboard ('' is the overview). */
export const DASHBOARD_ROUTE_PATHS = ['', ...pathsIn(block('export const DASHBOARD_ROUTES', '];'))];

/**
 * A route's path with its parameters filled in. Every parameter must be known: a new route
 * with a parameter the tests cannot fill fails loudly instead of being skipped.
 */
export function fillRoute(routePath: string, params: Record<string, string>): string {
  return routePath
    .split('/')
    .map((segment) => {
      if (segment === '*') return params['*'] ?? missing(routePath, '*');
      if (!segment.startsWith(':')) return segment;
      return params[`${routePath.split('/')[0]}/${segment}`] ?? params[segment] ?? missing(routePath, segment);
    })
    .join('/');
}

function missing(routePath: string, segment: string): never {
  throw new Error(`No value for ${segment} in route "${routePath}": give one in the test's route parameters`);
}
