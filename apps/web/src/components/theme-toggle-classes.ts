/** The theme toggle's look: the dashboard's (theme-toggle.tsx) and the public header's (islands/public-theme-toggle.tsx). */
export const themeToggleClasses =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300 dark:hover:bg-gray-800';
