import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/theme-context.tsx';
import { themeToggleClasses } from '../components/theme-toggle-classes.ts';
import { LazyTooltip } from './lazy-tooltip.tsx';

/**
 * The public header's theme toggle: the dashboard's (components/theme-toggle.tsx) with its labels
 * as props instead of i18next, and its tooltip loaded on first use.
 */
export function PublicThemeToggle({ labels }: { labels: { switchToLight: string; switchToDark: string } }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? labels.switchToLight : labels.switchToDark;
  return (
    <LazyTooltip label={label}>
      <button type="button" onClick={toggleTheme} aria-label={label} className={themeToggleClasses}>
        {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
      </button>
    </LazyTooltip>
  );
}
