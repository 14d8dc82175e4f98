import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@app/shared/i18n/languages';
import { PREFERENCE_COOKIES } from '@app/shared/preference-cookies';
import type { PageItem, PublishedPageLink } from '@app/shared/schemas/page.schema';
import { pageLanguage } from '../lib/request-language.ts';

/**
 * What a public page shows, read through the server's own services (app.ts passes them in, so
 * this plugin reaches into no feature).
 */
export interface PublicPageData {
  /** GET /api/settings/public's answer. */
  settings(): Promise<unknown>;
  /** GET /api/pages/published's list. */
  publishedPages(): Promise<PublishedPageLink[]>;
  /** A published page by its slug, or null when there is none (or it is a draft). */
  publishedPage(slug: string): Promise<PageItem | null>;
}

/** The part of the web app's server build (apps/web/src/entry-server.tsx) used here. */
interface ServerRenderer {
  prepare(): Promise<void>;
  matchPublicRoute(pathname: string): { page: 'page'; slug: string } | { page: 'fixed' } | { page: 'not-found' } | null;
  renderPublicPage(
    template: string,
    input: { path: string; language: Language; theme: 'light' | 'dark'; settings: unknown; publishedPages: PublishedPageLink[]; page?: PageItem | null },
  ): { status: number; html: string };
}

function isRenderer(module: unknown): module is ServerRenderer {
  const m = module as Partial<ServerRenderer> | null;
  return !!m && typeof m.prepare === 'function' && typeof m.matchPublicRoute === 'function' && typeof m.renderPublicPage === 'function';
}

/** Answers a page request with the public page rendered, or false when the path is the app's. */
export type PublicPageSender = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * The server-rendered public pages (decision 0038): when the web build holds the server renderer
 * (`<web dist>/.ssr/entry-server.js`, built with the client) and the page template (public.html),
 * a GET of a public page is answered with its HTML, in the language and theme of the reader's
 * cookies (else Accept-Language, and light). Without them, null: every page is the app's
 * index.html, as before.
 */
export async function loadPublicPages(app: FastifyInstance, webDist: string, data: PublicPageData): Promise<PublicPageSender | null> {
  const entry = path.join(webDist, '.ssr', 'entry-server.js');
  const templateFile = path.join(webDist, 'public.html');
  if (!existsSync(entry) || !existsSync(templateFile)) return null;
  // The renderer loads with the first page asked for, not at start: React's server renderer and
  // the pages' texts are a few MB that a process serving only the dashboard and the API never
  // needs, and an idle server is held to a memory budget.
  let loading: Promise<LoadedRenderer | null> | undefined;

  return async (request, reply) => {
    const loaded = await (loading ??= loadRenderer(app, entry, templateFile, webDist));
    if (!loaded) return false;
    const { renderer, template, pages } = loaded;
    const pathname = request.url.split('?')[0] ?? '/';
    const route = renderer.matchPublicRoute(pathname);
    if (!route) return false;
    const themeCookie = request.cookies?.[PREFERENCE_COOKIES.theme];
    const [settings, publishedPages, page] = await Promise.all([
      data.settings(),
      data.publishedPages(),
      route.page === 'page' ? data.publishedPage(route.slug) : Promise.resolve(undefined),
    ]);
    const input = { path: pathname, language: pageLanguage(request), theme: themeCookie === 'dark' ? ('dark' as const) : ('light' as const), settings, publishedPages, page };
    const rendered = pages.get(input, () => renderer.renderPublicPage(template, input));
    reply
      .code(rendered.status)
      .type('text/html; charset=utf-8')
      // Revalidated on every visit, as index.html is: the page follows settings and cookies.
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Language');
    // Compressed for a client that accepts it by the server's compression plugin (app.ts), which adds Accept-Encoding to Vary.
    await reply.send(rendered.html);
    return true;
  };
}

interface LoadedRenderer {
  renderer: ServerRenderer;
  template: string;
  pages: RenderedPages;
}

/** The renderer, prepared, with its page template; null (every page is the app's, said once in the log) when it is not one. */
async function loadRenderer(app: FastifyInstance, entry: string, templateFile: string, webDist: string): Promise<LoadedRenderer | null> {
  try {
    const renderer: unknown = await import(pathToFileURL(entry).href);
    if (!isRenderer(renderer)) {
      app.log.warn(`${entry} is not the public pages' renderer; every page is served as the app.`);
      return null;
    }
    await renderer.prepare();
    return { renderer, template: inlineStylesheets(readFileSync(templateFile, 'utf8'), webDist), pages: new RenderedPages() };
  } catch (err) {
    app.log.error({ err }, `The public pages' renderer (${entry}) failed to load; every page is served as the app.`);
    return null;
  }
}

/**
 * The stylesheet inside the page rather than linked (the CSP allows inline styles): the page can
 * paint when its HTML has arrived, without a render-blocking request on a slow link first. It is
 * small compressed, less than a round trip there costs; each page carries it again, which is the
 * price of painting from the first response.
 */
function inlineStylesheets(template: string, webDist: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const css = path.join(webDist, file);
    if (!existsSync(css)) return link;
    // "</style" cannot occur in built CSS except inside a string; escaped anyway so it cannot end the element.
    return `<style>${readFileSync(css, 'utf8').replace(/<\/style/gi, '\\3c/style')}</style>`;
  });
}

/** A rendered page, its HTML kept as bytes. */
interface RenderedPage {
  status: number;
  html: Buffer;
}

/**
 * Pages rendered from the same inputs are the same page: kept by a digest of everything the render
 * reads (path, language, theme, the day for the footer's year, and the data), so a page is rendered
 * once per change instead of per visit (a render costs far more CPU than sending a kept page).
 * A change of settings or pages changes the
 * digest. Bounded: the oldest page goes when a new one would pass the limit (any unknown path is a
 * not-found page of its own).
 */
class RenderedPages {
  private readonly kept = new Map<string, RenderedPage>();
  private static readonly LIMIT = 200;

  get(input: object, render: () => { status: number; html: string }): RenderedPage {
    const key = createHash('sha256').update(JSON.stringify([input, new Date().toDateString()])).digest('base64');
    let page = this.kept.get(key);
    if (!page) {
      const { status, html } = render();
      page = { status, html: Buffer.from(html) };
      if (this.kept.size >= RenderedPages.LIMIT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(key, page);
    }
    return page;
  }
}
