import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Direction } from 'radix-ui';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@app/shared/constants';
import { createQueryClient } from '../lib/query-client.ts';
import { i18n, directionFor } from '../lib/i18n.ts';
import { ThemeProvider, useTheme } from '../lib/theme-context.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';

function ThemedToaster() {
  const { theme } = useTheme();
  const { i18n: instance } = useTranslation();
  // Spec section 9: toasts top-right, closing after 3 seconds.
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} theme={theme} dir={directionFor(instance.language)} richColors closeButton />;
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
              <ThemedToaster />
            </AuthProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
