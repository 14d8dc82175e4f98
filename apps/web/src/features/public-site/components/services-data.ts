import type { LucideIcon } from 'lucide-react';
import { GraduationCap, HandHeart, Home, Wheat } from 'lucide-react';

export type ServiceKey = 'college' | 'rehabilitation' | 'food' | 'orphanCare';

/** The four services of spec section 1, in the spec's order. Only the college has its own page. */
export const SERVICES: { key: ServiceKey; icon: LucideIcon; to?: string }[] = [
  { key: 'college', icon: GraduationCap, to: '/college' },
  { key: 'rehabilitation', icon: Home },
  { key: 'food', icon: Wheat },
  { key: 'orphanCare', icon: HandHeart },
];
