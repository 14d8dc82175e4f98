import type { ReactNode } from 'react';
import { useSiteInfo } from '../../lib/site-info.ts';
import { Island } from '../../islands/island.tsx';
import { PublicHeader } from './public-header.tsx';
import { PublicFooter } from './public-footer.tsx';

/** Header, the page, footer: the same in the app and in a page the server renders (decision 0038). */
export function PublicShell({ path, children }: { path: string; children: ReactNode }) {
  const site = useSiteInfo();
  return (
    <div className="flex min-h-screen flex-col">
      <Island name="header" component={PublicHeader} props={{ path, organisation: site.organization_name }} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
