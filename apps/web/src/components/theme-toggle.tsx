import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme-context.tsx';
import { cn } from '../lib/cn.ts';
import { Tooltip } from './ui/tooltip.tsx';
import { themeToggleClasses } from './theme-toggle-classes.ts';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const { t } = useTranslation();
  const label = theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <Tooltip label={label}>
      <button
        type="button"
        onClick={toggleTheme}
        aria-label={label}
        className={cn(themeToggleClasses, className)}
      >
        {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
      </button>
    </Tooltip>
  );
}
