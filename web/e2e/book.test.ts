// The docs book (`npm run docs`: docs/book built into target/book, the
// Overhead site with the book's own scenarios under target/book/overhead),
// served as a static host serves it, without COOP/COEP: every embed on the
// example pages shows its scenario and is sized to its content, one runs to
// results, the book's theme reaches the embeds, every other page (Overhead's
// own documentation) opens with its title, and nothing logs an error.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../scripts/docs/static-server.mjs';
import { launchChromium } from './browser';

const root = fileURLToPath(new URL('../../', import.meta.url));
const book = `${root}target/book`;
const built = existsSync(`${book}/index.html`) && existsSync(`${book}/overhead/index.html`);
if (!built && process.env['CI']) throw new Error('target/book is missing: scripts/test.mjs builds it with scripts/docs.mjs first');
if (!built) console.warn('book.test.ts skipped: the book is not built; run `npm run docs` first');

/** The book's pages, in the order its SUMMARY.md lists them. */
function pages(): string[] {
  const summary = readFileSync(`${root}docs/book/src/SUMMARY.md`, 'utf8');
  return [...summary.matchAll(/\]\(([^)]+)\.md\)/g)].map((match) => `${match[1]}.html`);
}

/** The example pages, Overhead embedded in a docs site: each has at least one embed. */
const examples = ['validation.html', 'flatten.html', 'your-scenario.html'];

/** The book's other pages, its documentation, in SUMMARY.md's order. */
function documentation(): string[] {
  return pages().filter((path) => !examples.includes(path));
}

/** A page's title: the first heading of its Markdown source, as text. */
function pageTitle(path: string): string {
  const source = readFileSync(`${root}docs/book/src/${path.replace(/\.html$/, '.md')}`, 'utf8');
  const heading = source.match(/^# (.+)$/m)?.[1];
  if (!heading) throw new Error(`${path} has no first heading`);
  return heading.replace(/`/g, '');
}

/** A scenario's title, from its folder among the bundled ones or the book's own. */
function scenarioTitle(name: string): string {
  for (const dir of [`${root}scenarios/${name}`, `${root}docs/scenarios/${name}`]) {
    if (!existsSync(`${dir}/scenario.toml`)) continue;
    const title = readFileSync(`${dir}/scenario.toml`, 'utf8').match(/^title = "(.+)"$/m)?.[1];
    if (title) return title;
  }
  throw new Error(`no scenario ${name}`);
}

let browser: Browser;
let host: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  if (!built) return;
  host = await serveStatic(book);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** A page of the book, its response, and every console error, uncaught exception and failed request of it and its frames. */
async function openPage(path: string): Promise<{ page: Page; response: Response | null; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  const response = await page.goto(`${host.url}${path}`);
  return { page, response, problems };
}

/** The embeds of a page: each iframe that loads Overhead's embed, and the scenario it names. */
async function embeds(page: Page): Promise<{ index: number; scenario: string }[]> {
  const sources = await page.locator('iframe').evaluateAll((frames) => frames.map((frame) => (frame as HTMLIFrameElement).src));
  return sources.flatMap((src, index) => {
    const url = new URL(src);
    const scenario = url.searchParams.get('scenario');
    return url.pathname.endsWith('/embed.html') && scenario ? [{ index, scenario }] : [];
  });
}

async function frameOf(page: Page, index: number): Promise<Frame> {
  const frame = await page.locator('iframe').nth(index).elementHandle().then((handle) => handle?.contentFrame());
  if (!frame) throw new Error(`iframe ${index} has no frame`);
  return frame;
}

/** The iframe's height and its content's (the body's bottom plus its margin), in px. */
async function heights(page: Page, index: number): Promise<{ frame: number; content: number }> {
  const frame = await page.locator('iframe').nth(index).evaluate((element) => element.getBoundingClientRect().height);
  const content = await (await frameOf(page, index)).evaluate(() =>
    Math.ceil(document.body.getBoundingClientRect().bottom + (Number.parseFloat(getComputedStyle(document.body).marginBottom) || 0)),
  );
  return { frame, content };
}

/** Waits until the iframe is as tall as its content (embed.js rounds up: a few px of slack). */
async function expectFitted(page: Page, index: number): Promise<void> {
  await expect
    .poll(async () => {
      const { frame, content } = await heights(page, index);
      return Math.abs(frame - content);
    }, { timeout: 30_000 })
    .toBeLessThanOrEqual(3);
}

describe.skipIf(!built)('the docs book', () => {
  // The pages below come from SUMMARY.md: a reading that found none would test nothing.
  it('lists its documentation and its three example pages, one of them the author’s own scenario', () => {
    expect(pages().filter((path) => examples.includes(path))).toEqual(examples);
    expect(documentation().length).toBeGreaterThan(0);
  });

  it.each(documentation())('%s opens and shows its title, without errors', async (path) => {
    const { page, response, problems } = await openPage(path);
    expect(response?.status()).toBe(200);
    const heading = page.locator('main h1').first();
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect((await heading.innerText()).trim()).toBe(pageTitle(path));
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(examples)('%s: every embed shows its scenario, fitted to its content, without errors', async (path) => {
    const { page, problems } = await openPage(path);
    const found = await embeds(page);
    expect(found.length).toBeGreaterThan(0);
    for (const { index, scenario } of found) {
      const frame = await frameOf(page, index);
      await expect.poll(() => frame.locator('body').innerText(), { timeout: 60_000 }).toContain(scenarioTitle(scenario));
      // The 480 px the page wrote is replaced by what the embed posts.
      await expectFitted(page, index);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs the author’s own scenario in its embed, with its compiled code, and refits it to the results', async () => {
    const { page, problems } = await openPage('your-scenario.html');
    const [embed] = await embeds(page);
    if (!embed) throw new Error('no embed on your-scenario.html');
    expect(embed.scenario).toBe('payment-webhook');
    const frame = await frameOf(page, embed.index);
    await expect.poll(() => frame.locator('body').innerText(), { timeout: 60_000 }).toContain(scenarioTitle('payment-webhook'));
    await expect.poll(() => frame.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
    await expectFitted(page, embed.index);
    const before = (await heights(page, embed.index)).frame;
    await frame.click('#run');
    await expect.poll(() => frame.locator('#results .result-row').count(), { timeout: 150_000 }).toBeGreaterThan(0);
    // Built into the site by `--scenarios`: its compiled code runs beside the interpreter.
    const engines = await frame.locator('#results .result-row td:nth-child(2)').allInnerTexts();
    expect(new Set(engines)).toContain('compiled');
    expect(new Set(engines)).toContain('interpreted');
    await expect.poll(() => heights(page, embed.index).then((h) => h.frame), { timeout: 30_000 }).toBeGreaterThan(before);
    await expectFitted(page, embed.index);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reloads its embeds in the theme the reader picks in the book', async () => {
    const { page, problems } = await openPage('flatten.html');
    const [embed] = await embeds(page);
    if (!embed) throw new Error('no embed on flatten.html');
    // Light or dark by the embed's own background, whatever its palette.
    const scheme = async () =>
      (await frameOf(page, embed.index)).evaluate(() => {
        const [r = 0, g = 0, b = 0] = (getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g) ?? []).map(Number);
        return r + g + b > 3 * 128 ? 'light' : 'dark';
      });
    await expect.poll(scheme, { timeout: 60_000 }).toBe('light');
    await page.click('#mdbook-theme-toggle');
    await page.click('#mdbook-theme-navy');
    await expect.poll(() => page.locator('iframe').nth(embed.index).getAttribute('src')).toContain('theme=dark');
    await expect.poll(scheme, { timeout: 60_000 }).toBe('dark');
    await expect.poll(async () => (await frameOf(page, embed.index)).locator('body').innerText(), { timeout: 60_000 }).toContain(scenarioTitle(embed.scenario));
    await expectFitted(page, embed.index);
    expect(problems).toEqual([]);
    await page.close();
  });
});
