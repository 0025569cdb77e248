// Hostile documents, by share link and by file: script payloads in every string
// a document or its results can carry, wrong types, unknown versions, oversized
// and decompression-bomb links. None may run script, add an element, break the
// page, or lose the work the visitor had open.
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { builtSiteInChromium } from './browser';

const site = builtSiteInChromium();

/** Each payload sets `window.__pwned` (or opens a dialog) if it ever runs. */
const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  '{{constructor.constructor("alert(1)")()}}',
];
const X = PAYLOADS.join(' ');
/** For the fields capped at 64 characters (name, input and variant names). */
const SHORT = '<img src=x onerror=alert(1)>';

function hostileDocument(): Record<string, unknown> {
  const row = {
    variant: 'de',
    engine: 'compiled',
    input: 'valid',
    data: 'serial',
    outcome: 'invalid',
    message: X,
    violations: [{ path: X, code: X, message: X }],
    size: 1,
    runs_ns: [100, 101, 102],
    median_ns: 101,
    min_ns: 100,
    max_ns: 102,
    mean_ns: 101,
    flags: ['noisy'],
  };
  return {
    version: 1,
    name: 'hostile',
    title: `Hostile ${X}`,
    summary: `${X}\n\n[click me](javascript:window.__pwned=1) <iframe src="javascript:alert(1)"></iframe>`,
    root: 'UserSignup',
    schema: `// ${X}\nstruct UserSignup { #[validate(email)] email: String }`,
    inputs: { valid: '{"email": "a@b.co"}', invalid: JSON.stringify({ email: X }) },
    variants: ['de', 'de+validate'],
    settings: { iterations: 10, runs: 3, warmup: 0 },
    results: {
      scenario: X,
      env: { target: 'wasm', engine_version: SHORT, rustc: X, cpu: X, os: X, browser: X, date: X },
      settings: { iterations: 10, runs: 3, warmup: 0 },
      timer: { resolution_ns: 5, overhead_ns: 1 },
      results: [row, { ...row, input: SHORT, variant: SHORT, engine: `peer:${SHORT}` }],
      notes: [X],
    },
  };
}

const link = (doc: unknown) => `${site.url}#v1=${compressToEncodedURIComponent(JSON.stringify(doc))}`;

interface Watched {
  page: Page;
  dialogs: string[];
  errors: string[];
}

async function open(): Promise<Watched> {
  const page = await site.browser.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url);
  await expect.poll(() => page.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
  return { page, dialogs, errors };
}

/** Nothing a payload could have done: no flag, no element it brings, no script URL. */
async function expectNothingRan(w: Watched): Promise<void> {
  expect(w.dialogs).toEqual([]);
  expect(await w.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await w.page.locator('img[src="x"], svg[onload], iframe[src^="javascript"], a[href^="javascript"]').count()).toBe(0);
  expect(await w.page.evaluate(() => [...document.scripts].filter((s) => s.textContent?.includes('__pwned')).length)).toBe(0);
  expect(w.errors).toEqual([]);
}

async function schemaText(page: Page): Promise<string> {
  return (await page.locator('#schema-editor .view-lines').innerText()).replace(/\s+/g, ' ');
}

async function typeSchema(page: Page, text: string): Promise<void> {
  await page.click('#schema-editor .view-lines');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

describe('hostile documents', () => {
  it('a link with script in every field shows it as text and runs none of it', async () => {
    const w = await open();
    await w.page.goto(link(hostileDocument()));
    await expect.poll(() => w.page.textContent('#message'), { timeout: 30_000 }).toBe('Opened a shared scenario.');
    // The payloads are there, as text.
    expect(await w.page.textContent('#scenario-title')).toContain('<img src=x onerror="window.__pwned=1">');
    await expect.poll(() => schemaText(w.page)).toContain('<script>window.__pwned=1</script>');
    expect(await w.page.locator('#results .result-row').count()).toBeGreaterThan(0);
    await expectNothingRan(w);
    // And the page still works: the shared definitions run.
    await w.page.click('#run');
    await expect.poll(() => w.page.locator('#results .result-row').count(), { timeout: 60_000 }).toBeGreaterThan(2);
    await expectNothingRan(w);

    // Payloads where a type or a variant is named: refused or reported, as text.
    await w.page.goto(link({ ...hostileDocument(), root: SHORT, variants: ['de', SHORT], results: undefined }));
    await expect.poll(() => w.page.textContent('#message'), { timeout: 30_000 }).toBe('Opened a shared scenario.');
    await w.page.click('#run');
    await expect.poll(() => w.page.textContent('#message'), { timeout: 60_000 }).toContain(SHORT);
    await expectNothingRan(w);
    await w.page.close();
  });

  it('refuses wrong types, unknown versions, oversized links and bombs, keeping the work on the page', async () => {
    const w = await open();
    await typeSchema(w.page, 'struct Mine { #[validate(length(min = 2))] kept: String }');
    await expect.poll(() => w.page.textContent('#schema-status'), { timeout: 10_000 }).toBe('no problems');
    const base = hostileDocument();
    const refused: [string, string][] = [
      [link({ ...base, version: 99 }), 'version'],
      [link({ ...base, inputs: 'not an object' }), 'inputs'],
      [link({ ...base, settings: [1, 2, 3] }), 'settings'],
      [link({ ...base, variants: [1, { x: 2 }] }), 'variants'],
      [link({ ...base, schema: 42 }), 'schema'],
      [link({ ...base, name: SHORT }), '`name` must be'],
      [link({ ...base, inputs: { [SHORT]: '{}' } }), 'input names'],
      [link([base]), 'not a JSON object'],
      [link({ ...base, results: { ...(base.results as object), results: 'x' } }), 'results'],
      [`${site.url}#v1=${'A'.repeat(20_000)}`, 'too long'],
      // A small link that unpacks to more than the document limit.
      [link({ ...base, schema: 'a'.repeat(5 << 20) }), 'MiB'],
    ];
    for (const [hostile, message] of refused) {
      await w.page.goto(hostile);
      await expect.poll(() => w.page.textContent('#message'), { timeout: 30_000 }).toContain(message);
      expect(await w.page.getAttribute('#message', 'class')).toContain('error');
      await expect.poll(() => schemaText(w.page)).toContain('struct Mine { #[validate(length(min = 2))] kept: String }');
    }
    await expectNothingRan(w);
    await w.page.close();
  });

  it('an uploaded file with script in every field is text too', async () => {
    const w = await open();
    await w.page.setInputFiles('#open-file', {
      name: 'hostile<img src=x onerror=alert(1)>.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(hostileDocument())),
    });
    await expect.poll(() => w.page.textContent('#scenario-title'), { timeout: 30_000 }).toContain('Hostile <img');
    await expectNothingRan(w);
    // A file that is not a document at all: a message, the scenario stays.
    await w.page.setInputFiles('#open-file', { name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('<script>alert(1)</script>') });
    await expect.poll(() => w.page.textContent('#message'), { timeout: 30_000 }).toMatch(/not valid JSON|not JSON/);
    expect(await w.page.textContent('#scenario-title')).toContain('Hostile <img');
    await expectNothingRan(w);
    await w.page.close();
  });
});
