import type { ReactNode } from 'react';

export function PageHero({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white py-16 dark:from-brand-900/30 dark:to-gray-950">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}
