import { Toaster } from 'sonner';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@app/shared/constants';
import { directionFor } from '../lib/i18n.ts';
import { useTheme } from '../lib/theme-context.tsx';

/** Spec section 9: toasts top-right, closing after 3 seconds, in the page's theme and direction. */
export default function ThemedToaster() {
  const { theme } = useTheme();
  const { i18n: instance } = useTranslation();
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} theme={theme} dir={directionFor(instance.language)} richColors closeButton />;
}
