// Embeds on a docs page: a host page served without COOP/COEP (as GitHub
// Pages or docs.rs serve one), two light embeds from the Overhead site, and
// embed.js sizing each to the height its content posts.
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtSiteInChromium } from './browser';

const site = builtSiteInChromium();
let host: Server;
let hostUrl = '';

beforeAll(async () => {
  host = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><body style="margin:0">
      <h1>A page of a book</h1>
      <iframe id="light" src="${site.url}embed.html?scenario=user-signup" style="width:720px;height:120px;border:0"></iframe>
      <p>Between the two.</p>
      <iframe id="dark" src="${site.url}embed.html?scenario=nested-flatten&theme=dark" style="width:720px;height:120px;border:0"></iframe>
      <script src="${site.url}embed.js"></script>
    </body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const address = host.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  hostUrl = `http://127.0.0.1:${address.port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
});

it('loads light, sizes each embed to its content, follows the theme, opens the full page, and runs one at a time', async () => {
  const page = await site.browser.newPage({ viewport: { width: 800, height: 700 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Every response of the Overhead site, gzipped as a host would send it.
  const bytes = new Map<string, number>();
  page.on('response', async (response) => {
    if (!response.url().startsWith(site.url)) return;
    const body = await response.body().catch(() => null);
    if (body) bytes.set(response.url(), gzipSync(body).length);
  });
  await page.goto(hostUrl);
  const frameHeight = (id: string) => page.$eval(`#${id}`, (frame) => (frame as HTMLIFrameElement).getBoundingClientRect().height);
  // Each iframe grows from its 120 px to what its content posts.
  await expect.poll(() => frameHeight('light'), { timeout: 60_000 }).toBeGreaterThan(300);
  await expect.poll(() => frameHeight('dark'), { timeout: 60_000 }).toBeGreaterThan(300);
  const frameOf = async (id: string) => {
    const frame = await (await page.$(`#${id}`))?.contentFrame();
    if (!frame) throw new Error(`no frame ${id}`);
    return frame;
  };
  for (const id of ['light', 'dark']) {
    const frame = await frameOf(id);
    await expect.poll(() => frame.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
    // The height fits the content: nothing scrolls inside, nothing blank below.
    const content = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().bottom + (Number.parseFloat(getComputedStyle(document.body).marginBottom) || 0)));
    await expect.poll(() => frameHeight(id)).toBeCloseTo(content, -1);
    const background = await frame.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe(id === 'dark' ? 'rgb(23, 24, 27)' : 'rgb(247, 247, 245)');
    const open = frame.locator('#open-full');
    expect(await open.isVisible()).toBe(true);
    const href = (await open.getAttribute('href')) ?? '';
    expect(href).not.toContain('embed');
    expect(href.startsWith(site.url)).toBe(true);
    expect(href).toContain(id === 'dark' ? 'scenario=nested-flatten&theme=dark' : 'scenario=user-signup');
  }
  // Before Run, two embeds loaded at most 150 KB (gzipped) between them: no
  // Monaco, no analyzer, no benchmark module.
  await page.waitForLoadState('networkidle');
  const before = [...bytes.values()].reduce((sum, n) => sum + n, 0);
  expect([...bytes.keys()].filter((url) => /\.wasm$|editor\.worker|monaco/.test(url))).toEqual([]);
  expect(before).toBeLessThanOrEqual(150_000);

  // Not cross-origin isolated (its parent is not): Run sizes every run to
  // 1,000 steps of the coarse timer, says so once, and reports as usual.
  const light = await frameOf('light');
  const dark = await frameOf('dark');
  expect(await light.evaluate(() => crossOriginIsolated)).toBe(false);
  await light.click('#run');
  // The second embed's Run waits for the first, and says so.
  await dark.click('#run');
  await expect.poll(() => dark.textContent('#progress-text'), { timeout: 30_000 }).toContain('waiting for another Overhead benchmark');
  await expect.poll(() => light.locator('#results .result-row').count(), { timeout: 150_000 }).toBe(24);
  expect(await dark.locator('#results .result-row').count()).toBe(0);
  expect(await light.textContent('#notes')).toContain('not cross-origin isolated: the timer steps');
  expect(await light.textContent('#notes')).toContain('each run lasts at least 1,000 steps');
  const iterations = Number(await light.getAttribute('#env', 'data-iterations'));
  const step = (await light.textContent('#notes'))?.match(/the timer steps ([\d.,]+) (ns|µs|ms)/);
  if (!step) throw new Error('no timer step in the notes');
  const resolutionNs = Number(step[1]?.replace(/,/g, '')) * ({ ns: 1, µs: 1e3, ms: 1e6 } as const)[step[2] as 'ns' | 'µs' | 'ms'];
  const fastest = Math.min(...(await light.locator('#results .result-row td.median').evaluateAll((cells) => cells.map((c) => Number((c as HTMLElement).dataset['ns'])))));
  // The fastest job's run lasts 1,000 steps of the coarse timer. Calibration
  // and the run time it apart, and on a 2-core machine they were seen 9% and
  // (in a clean-clone CI) 23% apart: what this holds is that runs are sized
  // to the timer (a run sized by the 2 s budget alone would be a few steps
  // long, a hundred times less), so half is the bound, not a timing.
  expect(iterations * fastest).toBeGreaterThanOrEqual(1_000 * resolutionNs * 0.5);
  // Median and range, as always, and the chart and the native figures recorded with the scenario.
  expect(await light.locator('#results .result-row td.range').first().innerText()).toMatch(/–/);
  await expect.poll(() => light.locator('#chart [role="img"] rect').count()).toBeGreaterThan(0);
  await expect.poll(() => light.locator('#native-note').isVisible()).toBe(true);
  // A docs column is narrow: what a reader compares stays, the rest is on the full page.
  expect(await light.locator('#results th.col-median').isVisible()).toBe(true);
  expect(await light.locator('#results th.col-native').isVisible()).toBe(true);
  expect(await light.locator('#results th.col-mean').isVisible()).toBe(false);
  // The embed grew with its results, and was sized again.
  await expect.poll(() => frameHeight('light')).toBeGreaterThan(900);
  // Then the second embed's run, on its own.
  await expect.poll(() => dark.locator('#results .result-row').count(), { timeout: 150_000 }).toBeGreaterThan(0);
  expect(await dark.isVisible('#message')).toBe(false);
  expect(errors).toEqual([]);
  await page.close();
}, 420_000);

it('says which scenarios the site has when the address names another', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.url}embed.html?scenario=no-such`);
  await expect.poll(() => page.textContent('#message'), { timeout: 30_000 }).toContain('This site has no scenario “no-such”; it has:');
  expect(await page.textContent('#message')).toContain('user-signup');
  expect(await page.locator('#run').isDisabled()).toBe(true);
  await page.close();
});
