/**
 * What `virtual:pwa-register` resolves to in the component tests, where vite-plugin-pwa (a build
 * plugin) does not run. jsdom has no service worker, so app-update.ts never calls it; it exists so
 * that the import can be resolved. The real registration is exercised by the offline browser tests.
 */
export function registerSW(): (reload?: boolean) => Promise<void> {
  return async () => {};
}
