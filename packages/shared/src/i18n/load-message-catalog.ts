import type { Language } from './languages.ts';
import { hasMessageCatalog, registerMessageCatalog, type MessageCatalog } from './localise.ts';

/** Each catalog as a chunk of its own: a bundler splits dynamic imports. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: MessageCatalog }>> = {
  'fa-AF': () => import('./messages.fa-AF.json'),
  'ps-AF': () => import('./messages.ps-AF.json'),
};

const pending = new Map<Language, Promise<void>>();

/**
 * Load and register one language's catalog, once (English needs none: it is the source). The
 * web calls this when its language changes; until it resolves, messages show in English.
 */
export function loadMessageCatalog(language: Language): Promise<void> {
  if (language === 'en' || hasMessageCatalog(language)) return Promise.resolve();
  let loading = pending.get(language);
  if (!loading) {
    loading = loaders[language]().then(
      (module) => registerMessageCatalog(language, module.default),
      (err: unknown) => {
        pending.delete(language); // a dropped connection: the next change of language tries again
        throw err;
      },
    );
    pending.set(language, loading);
  }
  return loading;
}
