import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Direction } from 'radix-ui';
import { createQueryClient } from '../lib/query-client.ts';
import { i18n, directionFor } from '../lib/i18n.ts';
import { ThemeProvider } from '../lib/theme-context.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';

// sonner is not in a page's first load: the toaster arrives once the
// browser is idle. A toast raised before then is not lost: sonner replays the active ones to a
// toaster when it subscribes.
const ThemedToaster = lazy(() => import('./themed-toaster.tsx'));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 1000);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}

function DeferredToaster() {
  const idle = useIdle();
  return idle ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

function DirectionProvider({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return <Direction.Provider dir={directionFor(instance.language)}>{children}</Direction.Provider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    document.title = i18n.t('appTitle');
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>
            <AuthProvider>
              {children}
              <DeferredToaster />
            </AuthProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
