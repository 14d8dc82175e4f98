import type { ComponentType } from 'react';
import { PublicHeader } from '../app/layouts/public-header.tsx';
import { HomeHeroActions } from '../features/public-site/components/home-hero-actions.tsx';
import type { IslandName } from './island-names.ts';

/**
 * Each island's component. The header (on every page) and the home page's buttons come with the
 * entry, so they hydrate as soon as it runs, before the page's load event; the contact page's
 * islands load only when a page carries them, with i18next: the home page downloads neither.
 */
/** An island whose components read i18next: its chunk and i18next's, the texts ready before it hydrates. */
async function withTexts(load: () => Promise<ComponentType<object>>): Promise<ComponentType<object>> {
  const [texts, component] = await Promise.all([import('./island-texts.ts'), load()]);
  await texts.islandTextsReady;
  return component;
}

export const ISLAND_LOADERS: Record<IslandName, () => Promise<ComponentType<object>>> = {
  header: () => Promise.resolve(PublicHeader as ComponentType<object>),
  'home-actions': () => Promise.resolve(HomeHeroActions as ComponentType<object>),
  'contact-form': () => withTexts(async () => (await import('../features/public-site/components/contact-form-island.tsx')).ContactFormIsland as ComponentType<object>),
  'office-map': () => withTexts(async () => (await import('../features/public-site/components/office-map.tsx')).OfficeMap as ComponentType<object>),
  login: () => withTexts(async () => (await import('../features/auth/components/login-island.tsx')).LoginIsland as ComponentType<object>),
};
