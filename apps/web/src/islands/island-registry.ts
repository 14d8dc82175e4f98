import type { ComponentType } from 'react';
import { PublicHeader } from '../app/layouts/public-header.tsx';
import { HomeHeroActions } from '../features/public-site/components/home-hero-actions.tsx';
import type { IslandName } from './island-names.ts';

/**
 * Each island's component. The header (on every page) and the home page's buttons come with the
 * entry, so they hydrate as soon as it runs, before the page's load event; the contact page's
 * islands load only when a page carries them: the home page downloads no form code.
 */
export const ISLAND_LOADERS: Record<IslandName, () => Promise<ComponentType<object>>> = {
  header: () => Promise.resolve(PublicHeader as ComponentType<object>),
  'home-actions': () => Promise.resolve(HomeHeroActions as ComponentType<object>),
  'contact-form': async () => (await import('../features/public-site/components/contact-form-island.tsx')).ContactFormIsland as ComponentType<object>,
  'office-map': async () => (await import('../features/public-site/components/office-map.tsx')).OfficeMap as ComponentType<object>,
  login: async () => (await import('../features/auth/components/login-island.tsx')).LoginIsland as ComponentType<object>,
};
