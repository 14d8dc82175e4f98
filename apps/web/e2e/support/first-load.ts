import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  /** The chunk files the browser must fetch before the route can render. */
  files: string[];
  /** Their summed size, each gzipped at level 9 (what scripts/compress-assets.mjs stores as .gz). */
  gzipBytes: number;
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The JavaScript a visitor downloads before a route renders on a first visit: the app's entry, the
 * route's own chunk (its screen, loaded on demand by the router), and every chunk either imports
 * statically, transitively. Dynamic imports (other screens, a language's texts) are not counted:
 * they load only when asked for. `routeModule` is the screen's source path as the router imports it
 * (a manifest key, e.g. 'src/features/public-site/routes/home-page.tsx'); a screen bundled into the
 * entry itself has no chunk of its own, and then the entry's closure is its first load.
 */
export function firstLoad(dist: string, routeModule: string): FirstLoad {
  const manifest = readManifest(dist);
  // The app's entry; the other (public.html) is the server-rendered pages' (decision 0038).
  const entries = Object.entries(manifest).filter(([key, chunk]) => chunk.isEntry && key === 'index.html');
  if (entries.length !== 1) throw new Error(`expected the app's entry (index.html) in the manifest, found ${entries.length}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entries[0]![0]);
  if (manifest[routeModule]) visit(routeModule);
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
  return { files, gzipBytes };
}

/** A file's size gzipped at level 9, as scripts/compress-assets.mjs stores it. */
export function gzipSize(dist: string, file: string): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}
