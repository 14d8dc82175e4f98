import { Outlet } from 'react-router';
import { PublicHeader } from './public-header.tsx';
import { PublicFooter } from './public-footer.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <PublicHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
