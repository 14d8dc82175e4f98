import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setUpBrowserApp } from './support/fixture.ts';
import { islandsHydrated } from './support/islands.ts';
import { localeText } from './support/locale-text.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';

const app = setUpBrowserApp();

const isDark = (p: Page) => p.evaluate(() => document.documentElement.classList.contains('dark'));

describe('public site', () => {
  it('keeps the chosen theme after a reload', async () => {
    await app.page.emulateMedia({ colorScheme: 'light' });
    await app.page.goto('/');
    expect(await isDark(app.page)).toBe(false);

    await app.page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await isDark(app.page)).toBe(true);

    await app.page.reload();
    await app.page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await isDark(app.page)).toBe(true);

    await app.page.getByRole('button', { name: 'Switch to light mode' }).click();
    await app.page.reload();
    await app.page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    expect(await isDark(app.page)).toBe(false);
  });

  it("shows '404 - Page Not Found' for an unknown path", async () => {
    const response = await app.page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404); // the server renders the not-found page (decision 0038)
    await app.page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor({ state: 'visible' });
  });

  it('shows the home page with the log-in and register buttons for a visitor', async () => {
    await app.page.goto('/');
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    await app.page.getByRole('link', { name: 'Log In', exact: true }).waitFor({ state: 'visible' });
    await app.page.getByRole('link', { name: 'Register', exact: true }).waitFor({ state: 'visible' });
    await app.page.getByText('10,000+').waitFor({ state: 'visible' });
  });

  it('links the Privacy Policy, Terms of Service and Cookie Policy from the footer on a fresh install', async () => {
    const footer = app.page.locator('footer');
    for (const [title, slug, words] of [
      ['Privacy Policy', 'privacy-policy', 'What we collect'],
      ['Terms of Service', 'terms-of-service', 'Use of the site'],
      ['Cookie Policy', 'cookie-policy', 'What we store'],
    ] as const) {
      await app.page.goto('/');
      await footer.getByRole('link', { name: title, exact: true }).click();
      await app.page.waitForURL(`**/pages/${slug}`);
      await app.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await app.page.getByRole('heading', { level: 3, name: words }).waitFor();
      expect(await app.page.getByRole('heading', { name: '404 - Page Not Found' }).count(), slug).toBe(0);
    }
  });

  it('lists Services in the phone menu, between Home and About', async () => {
    await app.page.setViewportSize({ width: 375, height: 740 });
    await app.page.goto('/contact');
    await app.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = app.page.getByRole('navigation', { name: 'Mobile navigation' });
    await menu.waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'Services', 'About', 'Contact', 'Log in', 'Sign up']);
    await menu.getByRole('link', { name: 'Services' }).click();
    await app.page.waitForURL('**/Services');
    await app.page.getByRole('heading', { level: 1, name: 'Our Services' }).waitFor();
    await menu.waitFor({ state: 'detached' });
  });

  it('renders the contact page whole without any third party, and loads the map only when asked', async () => {
    const elsewhere: string[] = [];
    // Offline for everything but the app: every request to another host fails, and is noted.
    await app.page.route((url) => url.origin !== new URL(app.server.baseUrl).origin, async (route) => {
      elsewhere.push(route.request().url());
      await route.abort('internetdisconnected');
    });
    await app.page.goto('/contact');
    await app.page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
    const office = app.page.getByRole('region', { name: 'Our Office' });
    await office.getByText('Kabul, Afghanistan').waitFor();
    const open = office.getByRole('link', { name: 'Open in maps' });
    expect(await open.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    expect(await app.page.locator('iframe').count()).toBe(0);
    expect(await app.page.getByRole('button', { name: 'Send Message' }).isVisible()).toBe(true);
    expect(elsewhere).toEqual([]);

    await office.getByRole('button', { name: 'Show the map' }).click();
    const frame = office.locator('iframe[title="Map of our office in Kabul"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    await expect.poll(() => elsewhere.some((u) => u.startsWith('https://www.openstreetmap.org/'))).toBe(true);
    // The map could not load (offline): the address and the link are still there, the page whole.
    expect(await office.getByText('Kabul, Afghanistan').isVisible()).toBe(true);
    expect(await open.isVisible()).toBe(true);
    expect(await app.page.getByRole('button', { name: 'Send Message' }).isVisible()).toBe(true);
  });

  it('sends the app\'s scripts compressed, and cached for good once fetched', async () => {
    const pending: Array<Promise<{ url: string; encoding?: string; cache?: string; bytes: number }>> = [];
    app.page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      pending.push(
        Promise.all([r.allHeaders(), r.body()]).then(([h, body]) => ({ url: r.url(), encoding: h['content-encoding'], cache: h['cache-control'], bytes: body.length })),
      );
    });
    await app.page.goto('/');
    await app.page.getByRole('heading', { level: 1 }).waitFor();
    const scripts = await Promise.all(pending);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((s) => s.bytes > 100_000)).toBe(true);
    for (const s of scripts) {
      // Files under 1 kB are not worth compressing (scripts/compress-assets.mjs).
      if (s.bytes > 1024) expect(s.encoding, s.url).toMatch(/^(br|gzip)$/);
      expect(s.cache, s.url).toContain('immutable');
    }
  });

  it("is read whole without JavaScript, in the language and theme of the reader's cookies", async () => {
    // Decision 0038: the server renders the page; a browser that runs no script still reads it.
    const context = await app.browser.newContext({ javaScriptEnabled: false });
    const origin = new URL(app.server.baseUrl);
    await context.addCookies([
      { name: 'language', value: 'fa-AF', domain: origin.hostname, path: '/' },
      { name: 'theme', value: 'dark', domain: origin.hostname, path: '/' },
    ]);
    const page = await context.newPage();
    try {
      for (const [path, title] of [
        ['/', 'site:home.hero.title'],
        ['/contact', 'site:contact.title'],
      ] as const) {
        await page.goto(path);
        const html = page.locator('html');
        expect(await html.getAttribute('lang'), path).toBe('fa-AF');
        expect(await html.getAttribute('dir'), path).toBe('rtl');
        expect(await html.getAttribute('class'), path).toBe('dark');
        expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(localeText('fa-AF', title));
        await page.getByRole('navigation', { name: localeText('fa-AF', 'nav.main') }).getByRole('link', { name: localeText('fa-AF', 'nav.contact') }).waitFor();
      }
      expect(await page.getByRole('button', { name: localeText('fa-AF', 'site:contact.form.submit') }).isVisible()).toBe(true);
      // No script ran (the browser may still fetch the preloaded ones): all of it came as HTML.
      expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('hydrates without a mismatch: theme, language, phone menu, contact form and sign-in all work', async () => {
    const page = app.page;
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));

    // Dark and Dari from the cookies the toggle and the switcher write.
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByTestId('language-switcher').first().click();
    await page.getByRole('menuitemradio', { name: 'دری' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fa-AF');
    await islandsHydrated(page);
    expect(await isDark(page)).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(localeText('fa-AF', 'site:home.hero.title'));
    await page.getByRole('button', { name: localeText('fa-AF', 'theme.switchToLight') }).waitFor();

    // The phone menu, on a server-rendered page in Dari.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/contact');
    await page.getByRole('button', { name: localeText('fa-AF', 'nav.openMenu') }).click();
    const menu = page.getByRole('navigation', { name: localeText('fa-AF', 'nav.mobile') });
    await menu.getByRole('link', { name: localeText('fa-AF', 'nav.services') }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The contact form, hydrated: the message is stored.
    await page.getByLabel(localeText('fa-AF', 'site:contact.form.name')).fill('Visitor');
    await page.getByLabel(localeText('fa-AF', 'site:contact.form.email')).fill('visitor@example.org');
    await page.getByLabel(localeText('fa-AF', 'site:contact.form.subject')).fill('A question');
    await page.getByRole('textbox', { name: localeText('fa-AF', 'site:contact.form.message'), exact: true }).fill('When can we visit the school?');
    await page.getByRole('button', { name: localeText('fa-AF', 'site:contact.form.submit') }).click();
    await page.getByText(localeText('fa-AF', 'site:contact.form.success')).waitFor();

    // Sign-in, hydrated: on to the dashboard.
    await page.goto('/login');
    await page.getByLabel(localeText('fa-AF', 'auth:login.email')).fill(ADMIN_EMAIL);
    await page.getByLabel(localeText('fa-AF', 'auth:login.password'), { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: localeText('fa-AF', 'auth:login.submit'), exact: true }).click();
    await page.waitForURL('**/dashboard');

    expect(problems).toEqual([]);
  });

  it("checks the server-rendered sign-in form with the shared schema's messages, and sends nothing refused", async () => {
    const page = app.page;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login')) sent.push(r.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    // Once refused, a field is checked again as it changes.
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByText('Please enter a valid email').waitFor();
    await page.getByLabel('Email address').fill(ADMIN_EMAIL);
    await expect.poll(() => page.getByText('Please enter a valid email').count()).toBe(0);
    expect(sent).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
  });
});
