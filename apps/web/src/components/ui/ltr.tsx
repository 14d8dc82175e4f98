import type { ReactNode } from 'react';

/**
 * A value read left to right inside any text (a blood group, a grade, a code): isolated, so
 * right-to-left text around it does not move its signs ("A+" stays "A+" in Dari and Pashto).
 * For a place that takes only a string, `ltrText` (lib/ltr-text.ts).
 */
export function Ltr({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === '') return <>{children}</>;
  return <bdi dir="ltr">{children}</bdi>;
}
