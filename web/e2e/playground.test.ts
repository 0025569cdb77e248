import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { builtSiteInChromium } from './browser';

// user-signup: 4 variants × 2 inputs × 2 engines of ours (compiled, interpreted), and
// the peers' 8 (3 crates' de+validate, domainstack's validate-on-de).
const ROWS = 24;

const site = builtSiteInChromium();

async function openPlayground(): Promise<{ page: Page; errors: string[] }> {
  const page = await site.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A script, style or wasm the Content-Security-Policy refuses is a bug too.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) errors.push(message.text());
  });
  await page.goto(site.url);
  await expect.poll(() => page.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
  return { page, errors };
}

/** The titles of the bundled scenarios: each folder of scenarios/ with a scenario.toml. */
async function bundledTitles(): Promise<string[]> {
  const folder = new URL('../../scenarios/', import.meta.url);
  const titles: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const toml = await readFile(new URL(`${entry.name}/scenario.toml`, folder), 'utf8').catch(() => null);
    const title = toml?.match(/^title\s*=\s*"([^"]*)"/m)?.[1];
    if (title !== undefined) titles.push(title);
  }
  return titles;
}

/** A built file's size after gzip -9, as a static host would send it. */
async function gzippedSize(path: string): Promise<number> {
  const bytes = await readFile(new URL(`../dist${path.slice(path.indexOf('/assets/'))}`, import.meta.url));
  return gzipSync(bytes, { level: 9 }).length;
}

async function setSettings(page: Page, warmup: string, runs: string, iterations: string): Promise<void> {
  await page.fill('#warmup', warmup);
  await page.fill('#runs', runs);
  await page.fill('#iterations', iterations);
}

/** Replaces the definitions with `parts`, typed key by key (the editor's closing brackets are typed over). */
async function replaceDefinitions(page: Page, ...parts: string[]): Promise<void> {
  await page.click('#schema-editor .view-lines');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  for (const part of parts) await page.keyboard.type(part);
}

/** What an editor shows (Monaco draws spaces as no-break spaces). */
async function editorText(page: Page, editor: string): Promise<string> {
  return (await page.locator(`${editor} .view-lines`).innerText()).replace(/\u00a0/g, ' ');
}

/** Runs only `de`, compiled, on both inputs of user-signup; the two result rows. */
async function runCompiledDe(page: Page, warmup: string, runs: string, iterations: string) {
  for (const code of ['de+validate', 'validate-on-de', 'validate-on-de/fail-fast']) await page.uncheck(`#variants input[value="${code}"]`);
  await page.selectOption('#engines', 'compiled');
  await setSettings(page, warmup, runs, iterations);
  await page.click('#run');
  const rows = page.locator('#results .result-row');
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(2);
  return rows;
}

describe('the playground', () => {
  it('ships a Content-Security-Policy that allows wasm but never eval', async () => {
    const { page, errors } = await openPlayground();
    const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    // The policy is in force: an inline script (what an injected one would be) does not run.
    const outcome = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(`refused by ${e.effectiveDirective}`), { once: true });
          const script = document.createElement('script');
          script.textContent = 'document.title = "injected"';
          document.body.append(script);
          setTimeout(() => resolve(document.title === 'injected' ? 'ran' : 'silent'), 2_000);
        }),
    );
    expect(outcome).toMatch(/^refused by script-src/);
    // Nothing of the page itself was refused.
    expect(errors.filter((e) => !e.includes('inline script'))).toEqual([]);
    await page.close();
  });

  it('opens with the small analyzer module only, the benchmark module waiting for a run', async () => {
    const page = await site.browser.newPage();
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await page.goto(site.url);
    await expect.poll(() => page.textContent('#schema-status'), { timeout: 60_000 }).toBe('no problems');
    // Typing and pointing, as a visitor does before a first run.
    await page.click('#schema-editor .view-lines');
    await page.keyboard.type(' ');
    await page.mouse.move(300, 300);
    await page.waitForTimeout(1_500);
    const files = [...new Set(paths)].filter((path) => path.includes('/assets/'));
    const sizes = await Promise.all(files.map(async (path) => ({ path, gz: await gzippedSize(path) })));
    const wasm = sizes.filter(({ path }) => path.endsWith('.wasm'));
    expect(wasm.map(({ path }) => path)).toEqual([expect.stringMatching(/overhead_wasm_analyzer_bg-[\w-]+\.wasm$/)]);
    expect(wasm[0]?.gz).toBeLessThanOrEqual(600 * 1024);
    // The page's budget: all JS and wasm before the first run, Monaco included,
    // within 1.5 MB gzipped (CSS and the icon font come on top).
    const code = sizes.filter(({ path }) => /\.(js|wasm)$/.test(path)).reduce((sum, { gz }) => sum + gz, 0);
    expect(code, JSON.stringify(sizes)).toBeLessThanOrEqual(1_500_000);
    await page.close();
  });

  it('loads user-signup, is cross-origin isolated, and shows the timer resolution', async () => {
    const { page, errors } = await openPlayground();
    await expect.poll(() => page.textContent('#scenario-title')).toContain('User signup');
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    expect(await page.textContent('#isolation')).toBe('cross-origin isolated');
    expect(await page.textContent('#timer')).toMatch(/^timer resolution [\d.]+ (ns|µs)$/);
    const schema = await page.locator('#schema-editor .view-lines').innerText();
    expect(schema.replace(/\s+/g, ' ')).toContain('pub struct UserSignup');
    const tabs = await page.locator('#input-tabs [role="tab"]').allInnerTexts();
    expect(tabs).toEqual(['valid', 'invalid']);
    // The environment panel: browser, isolation, timer, build.
    await page.click('#environment summary');
    const terms = await page.locator('#environment dt').allInnerTexts();
    expect(terms).toEqual(['Browser', 'Cross-origin isolated', 'Timer', 'Build', 'Cores']);
    expect(await page.locator('#environment dd').nth(3).innerText()).toMatch(/^overhead \d+\.\d+\.\d+ \(wasm\), rustc /);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs every variant in the Worker and shows result rows with positive finite medians', async () => {
    const { page, errors } = await openPlayground();
    await setSettings(page, '200', '3', '2000');
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => rows.count(), { timeout: 120_000 }).toBe(ROWS);
    const variants = new Set(await rows.locator('.variant').allInnerTexts());
    expect([...variants]).toEqual(['de', 'de+validate', 'validate-on-de', 'validate-on-de/fail-fast']);
    for (const row of await rows.all()) {
      expect(await row.locator('.runs').innerText()).toBe('3');
      const median = Number(await row.locator('.median').getAttribute('data-ns'));
      expect(Number.isFinite(median) && median > 0).toBe(true);
      expect(await row.locator('.median').innerText()).toMatch(/^[\d.]+ (ns|µs|ms)$/);
    }
    expect(await page.isVisible('#message')).toBe(false);
    // Beside the baseline (`de` on the same engine and input), and what the invalid input gets back.
    const ratio = async (variant: string, engine: string) =>
      rows.filter({ has: page.locator('.variant', { hasText: new RegExp(`^${variant.replace(/[+]/g, '\\+')}$`) }) }).filter({ hasText: engine }).first().locator('.ratio').innerText();
    expect(await ratio('de', 'compiled')).toBe('');
    expect(await ratio('de+validate', 'interpreted')).toMatch(/^\d+\.\d\d×$/);
    await expect.poll(() => page.locator('#violations h3').allInnerTexts()).toEqual(['What input “invalid” gets back']);
    const paths = await page.locator('#violations .path').allInnerTexts();
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).toEqual(expect.arrayContaining(['email']));
    // The chart: a bar per row, grouped by input, drawn as SVG.
    await expect.poll(() => page.locator('#chart [role="img"] rect').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(ROWS);
    // The table as CSV, one line per row, numbers raw.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    expect(download.suggestedFilename()).toBe('user-signup.results.csv');
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trimEnd().split('\n');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]).toMatch(/^de,compiled,valid,serial,ok,\d+,[\d.]+,/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('measures the edited input, and reports malformed JSON as an error outcome', async () => {
    const { page } = await openPlayground();
    await setSettings(page, '0', '1', '100');
    await page.click('#input-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await expect.poll(() => editorText(page, '#input-editor')).toBe('');
    // No brackets or quotes, which the editor would close (and so make valid JSON).
    await page.keyboard.type('nope');
    await expect.poll(() => editorText(page, '#input-editor')).toBe('nope');
    // The editor marks where the JSON breaks off, before any run.
    await expect.poll(() => page.locator('#input-editor .squiggly-error').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('ControlOrMeta+Enter');
    const valid = page.locator('#results .result-row', { hasText: 'valid' }).first();
    await expect.poll(() => valid.locator('.outcome').innerText(), { timeout: 60_000 }).toBe('error');
    expect(await page.locator('#results .message-row').first().innerText()).toMatch(/line 1 column/);
    // Said before the timing began: the input named "valid" does not pass.
    expect(await page.textContent('#message')).toMatch(/^Input “valid” does not pass \(de: .*line 1 column.*\)\. Timing it anyway\.$/);
    await page.close();
  });

  it('runs the chosen variants and engines, with the seed preset or runs sized by time', async () => {
    const { page, errors } = await openPlayground();
    await page.selectOption('#preset', 'seed');
    expect([await page.inputValue('#warmup'), await page.inputValue('#runs'), await page.inputValue('#iterations')]).toEqual(['50000', '5', '500000']);
    // Only `de` and `validate-on-de`, only the interpreter, sized by time.
    for (const code of ['de+validate', 'validate-on-de/fail-fast']) await page.uncheck(`#variants input[value="${code}"]`);
    await page.selectOption('#engines', 'interpreted');
    await page.selectOption('#preset', 'quick');
    expect(await page.isDisabled('#iterations')).toBe(true);
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(4);
    expect(new Set(await rows.locator('.variant').allInnerTexts())).toEqual(new Set(['de', 'validate-on-de']));
    expect(new Set(await rows.locator('td:nth-child(2)').allInnerTexts())).toEqual(new Set(['interpreted']));
    // Quick chose the iterations: a real number, shown in the field and used by every run.
    const iterations = Number(await page.inputValue('#iterations'));
    expect(iterations).toBeGreaterThan(200);
    expect(await page.inputValue('#runs')).toBe('5');
    expect(await rows.first().locator('.runs').innerText()).toBe('5');
    // With none ticked there is nothing to run, and the page says so.
    await page.selectOption('#preset', 'custom');
    for (const code of ['de', 'validate-on-de']) await page.uncheck(`#variants input[value="${code}"]`);
    await page.click('#run');
    await expect.poll(() => page.textContent('#message')).toBe('Tick at least one variant to run.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses absurd settings with a message instead of running', async () => {
    const { page } = await openPlayground();
    await setSettings(page, '0', '0', '100');
    await page.click('#run');
    await expect.poll(() => page.textContent('#message')).toContain('Runs must be a whole number from 1 to 1,000');
    expect(await page.locator('#results .result-row').count()).toBe(0);
    expect(await page.isEnabled('#run')).toBe(true);
    await page.close();
  });

  it('cancels a long run at once and can run again', async () => {
    const { page } = await openPlayground();
    await setSettings(page, '0', '1000', '100000000');
    await page.click('#run');
    await expect.poll(() => page.isVisible('#cancel')).toBe(true);
    await page.click('#cancel');
    await expect.poll(() => page.textContent('#message')).toBe('Run cancelled.');
    await setSettings(page, '0', '1', '100');
    await expect.poll(() => page.isEnabled('#run'), { timeout: 30_000 }).toBe(true);
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 60_000 }).toBe(ROWS);
    await page.close();
  });

  it('shows every bundled scenario in the gallery, and a card loads its scenario', async () => {
    const { page, errors } = await openPlayground();
    await page.click('#gallery-open');
    const cards = page.locator('#gallery .gallery-card');
    // Every folder of scenarios/ is a card, whatever the set is.
    const titles = await bundledTitles();
    await expect.poll(() => cards.count()).toBe(titles.length);
    expect([...(await cards.locator('h3').allInnerTexts())].sort()).toEqual([...titles].sort());
    expect(await page.locator('#gallery .gallery-card[aria-current="true"] h3').innerText()).toBe('User signup (seed 000)');
    await cards.filter({ hasText: 'Car message (seed 001)' }).click();
    expect(await page.isVisible('#gallery')).toBe(false);
    await expect.poll(() => page.textContent('#scenario-title')).toBe('Car message (seed 001)');
    expect(await page.inputValue('#scenario-picker')).toBe('car');
    // Escape closes it without loading anything.
    await page.click('#gallery-open');
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#gallery')).toBe(false);
    expect(await page.textContent('#scenario-title')).toBe('Car message (seed 001)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches to another bundled scenario and runs its variants, browser-only ones included', async () => {
    const { page, errors } = await openPlayground();
    const titles = await page.locator('#scenario-picker option').allInnerTexts();
    expect(titles).toEqual(expect.arrayContaining(['Nested flatten (seed 003)', 'Car message (seed 001)', 'API payload (seed 002)']));
    await page.selectOption('#scenario-picker', 'api-payload');
    await expect.poll(() => page.textContent('#scenario-title')).toBe('API payload (seed 002)');
    expect(await page.locator('#input-tabs [role="tab"]').allInnerTexts()).toEqual(['valid', 'invalid']);
    await setSettings(page, '0', '1', '20');
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(32);
    const variants = new Set(await rows.locator('.variant').allInnerTexts());
    expect(variants).toEqual(new Set(['de', 'de+validate', 'validate-on-de', 'ser', 'from-value', 'to-value', 'from-js', 'to-js']));
    expect(await page.isVisible('#notes')).toBe(false);

    await page.selectOption('#scenario-picker', 'nested-flatten');
    await expect.poll(() => rows.count()).toBe(0);
    await setSettings(page, '0', '1', '2');
    await page.click('#run');
    // Six forms × two engines, and the seed crate's two.
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(14);
    expect(await rows.locator('.outcome').allInnerTexts()).toEqual(Array(14).fill('ok'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks a broken definition at its line and column as it is typed, and clears the mark when fixed', async () => {
    const { page, errors } = await openPlayground();
    await expect.poll(() => page.textContent('#schema-status')).toBe('no problems');
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    // One line, typed key by key: the editor's closing brackets are typed over.
    await page.keyboard.type('struct Signup { #[validate(emial)] email: String, age: u8 } struct Other { n: u8 }');
    // The scenario's root, UserSignup, is gone: the definitions are the
    // person's, and automatic picks the type user-signup's inputs fit.
    await expect.poll(() => page.textContent('#schema-status'), { timeout: 10_000 }).toBe('1 error');
    await expect.poll(() => page.locator('#root-picker option').allInnerTexts()).toEqual(['automatic: Signup', 'Signup', 'Other']);
    await page.selectOption('#root-picker', 'Signup');
    // The misspelt rule is underlined where it is, with the analyzer's message.
    await expect.poll(() => page.textContent('#schema-status'), { timeout: 10_000 }).toBe('1 error');
    await expect.poll(() => page.locator('#schema-editor .squiggly-error').count()).toBeGreaterThan(0);
    // Hovering the mark shows the analyzer's message, with its suggestion. The
    // squiggle is redrawn as analyses arrive and the editor lays out: point at
    // wherever it is now, and again about once a second until the message shows.
    let polls = 0;
    const hoverText = async () => {
      const text = (await page.locator('.monaco-hover').allInnerTexts()).join('\n');
      if (!text.includes('emial') && polls++ % 20 === 0) {
        const box = await page
          .locator('#schema-editor .squiggly-error')
          .first()
          .boundingBox({ timeout: 1_000 })
          .catch(() => null);
        if (box) {
          await page.mouse.move(0, 0);
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        }
      }
      return text;
    };
    await expect.poll(hoverText, { timeout: 20_000 }).toMatch(/unknown validation rule `emial`.*email/s);
    // Fixed: the mark goes.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('struct Signup { #[validate(email)] email: String }');
    await expect.poll(() => page.textContent('#schema-status'), { timeout: 10_000 }).toBe('no problems');
    await expect.poll(() => page.locator('#schema-editor .squiggly-error').count()).toBe(0);
    expect(await page.isVisible('#root-label')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('adds, renames and removes inputs, and runs each one', async () => {
    const { page, errors } = await openPlayground();
    const tabs = () => page.locator('#input-tabs [role="tab"]').allInnerTexts();
    await page.click('#input-tabs .tab-add');
    expect(await tabs()).toEqual(['valid', 'invalid', 'input-2']);
    await page.click('#input-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    // Cleared first: a brace typed over a selection would surround it.
    await page.keyboard.press('Delete');
    // The closing brace types over the one auto-closing added, or adds it if none was.
    await page.keyboard.type('{"email": "b@c.de", "age": 40, "username": "bob42"}');
    await expect.poll(() => editorText(page, '#input-editor')).toBe('{"email": "b@c.de", "age": 40, "username": "bob42"}');
    // Renamed in place; a bad name is refused with the reason, the old one kept.
    await page.dblclick('#input-tabs [role="tab"]:has-text("input-2")');
    await page.fill('#input-tabs .tab-name', 'not ok');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('#message')).toContain('An input name is 1–64 letters');
    expect(await tabs()).toEqual(['valid', 'invalid', 'input-2']);
    await page.dblclick('#input-tabs [role="tab"]:has-text("input-2")');
    await page.fill('#input-tabs .tab-name', 'older-user');
    await page.keyboard.press('Enter');
    expect(await tabs()).toEqual(['valid', 'invalid', 'older-user']);
    // `invalid` removed: the run measures the two left.
    await page.click('#input-tabs [aria-label="Remove input invalid"]');
    expect(await tabs()).toEqual(['valid', 'older-user']);
    await setSettings(page, '0', '1', '20');
    await page.selectOption('#engines', 'compiled');
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(8);
    expect(new Set(await rows.locator('td:nth-child(3)').allInnerTexts())).toEqual(new Set(['valid', 'older-user']));
    expect(new Set(await rows.locator('.outcome').allInnerTexts())).toEqual(new Set(['ok']));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the native numbers recorded with a bundled scenario, with their machine, until its definitions change', async () => {
    const recorded = JSON.parse(await readFile(new URL('../../scenarios/user-signup/native.json', import.meta.url), 'utf8')) as {
      env: { cpu: string };
      results: { variant: string; engine: string; input: string; median_ns: number; instructions?: number }[];
      code_size?: { engine: string; bytes: number }[];
    };
    const { page, errors } = await openPlayground();
    const rows = await runCompiledDe(page, '0', '1', '100');
    await expect.poll(() => page.locator('#results th').allInnerTexts()).toEqual(expect.arrayContaining(['Native', 'wasm/native']));
    const nativeValid = recorded.results.find((r) => r.variant === 'de' && r.engine === 'compiled' && r.input === 'valid');
    const valid = rows.filter({ has: page.locator('td:nth-child(3)', { hasText: /^valid$/ }) });
    const shown = await valid.locator('.native').innerText();
    expect(shown).toMatch(/\d ns$/);
    expect(Number.parseFloat(shown)).toBeCloseTo(nativeValid?.median_ns ?? 0, -1);
    expect(await valid.locator('.wasm-native').innerText()).toMatch(/^\d+\.\d\d×$/);
    // The recording counted instructions too: the column that holds on any machine.
    expect(await page.locator('#results th').allInnerTexts()).toContain('Native instr/op');
    const counted = valid.locator('.instructions');
    expect(Number.parseInt((await counted.innerText()).replaceAll(',', ''), 10)).toBe(Math.round(nativeValid?.instructions ?? Number.NaN));
    expect(await counted.getAttribute('title')).toContain('the same on any machine');
    // And what the compiled engine's code adds to the module, to the byte in its title.
    expect(await page.locator('#results th').allInnerTexts()).toContain('Code size');
    const compiledBytes = recorded.code_size?.find((c) => c.engine === 'compiled')?.bytes ?? Number.NaN;
    expect(await valid.locator('.code-size').innerText()).toMatch(/^\d+(\.\d+)? KiB$/);
    expect(await valid.locator('.code-size').getAttribute('title')).toContain(`${compiledBytes.toLocaleString('en-US')} bytes`);
    const note = await page.textContent('#native-note');
    expect(note).toContain('recorded with this scenario');
    expect(note).toContain(recorded.env.cpu);
    expect(note).toContain('indicative');
    // Edited definitions are not what was recorded: the next run has no native column.
    await page.click('#schema-editor .view-line');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\npub struct Extra { pub n: u8 }');
    await page.selectOption('#engines', 'interpreted');
    await page.click('#run');
    await expect.poll(() => page.locator('#results th').allInnerTexts(), { timeout: 60_000 }).not.toContain('Native');
    expect(await page.isHidden('#native-note')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs natively through the local server and shows this machine’s figures beside the browser’s', async () => {
    const { page, errors } = await openPlayground();
    const rows = await runCompiledDe(page, '10', '3', '1000');
    await page.click('#run-native');
    await expect.poll(() => page.locator('#results th').allInnerTexts(), { timeout: 120_000 }).toContain('Native (this machine)');
    const valid = rows.filter({ has: page.locator('td:nth-child(3)', { hasText: /^valid$/ }) });
    expect(await valid.locator('.native-live').innerText()).toMatch(/^[\d.]+ (ns|µs)$/);
    expect(await valid.locator('.wasm-native-live').innerText()).toMatch(/^\d+\.\d\d×$/);
    expect(await page.textContent('#live-note')).toContain('the machine this browser runs on');
    expect(await page.isEnabled('#run')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('builds compiled code for edited definitions under the local server: compiled and peer rows, then a cache hit', async () => {
    const { page, errors } = await openPlayground();
    await setSettings(page, '100', '3', '1000');
    // user-signup, edited into validator's dialect: validator itself is the peer.
    // A fresh comment each time: a crate the cache has not seen.
    await replaceDefinitions(
      page,
      `// ${Date.now()}\n`,
      'use validator::Validate; #[derive(Deserialize, Validate)] pub struct UserSignup { #[validate(email, length(max = 255))] pub email: String, #[validate(range(min = 18, max = 120))] pub age: u8, #[validate(length(min = 3, max = 20))] pub username: String, }',
    );
    const engines = async () => new Set(await page.locator('#results .result-row td:nth-child(2)').allInnerTexts());
    const notes = () => page.locator('#notes').innerText();
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 120_000 }).toBeGreaterThan(0);
    expect(await engines()).toEqual(new Set(['compiled', 'interpreted', 'peer:validator']));
    expect(await notes()).toContain('compiled (wasm): code built on demand for these definitions in');
    const peer = page.locator('#results .result-row', { hasText: 'peer:validator' });
    expect(await peer.locator('td:nth-child(5)').allInnerTexts()).toContain('invalid');
    // The same definitions again: the module comes from the cache.
    await page.click('#run');
    await expect.poll(notes, { timeout: 60_000 }).toContain('(from the cache)');
    expect(await engines()).toEqual(new Set(['compiled', 'interpreted', 'peer:validator']));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps every peer when a bound of user-signup is edited: the libraries build the edit, translations shown', async () => {
    const { page, errors } = await openPlayground();
    await setSettings(page, '100', '3', '1000');
    // As a person changes one bound: find `120`, type over it.
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+F');
    await page.keyboard.type('120');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    // Typed over the match at once (key by key, a digit may land before
    // the editor has its selection back from the find widget).
    await page.keyboard.insertText(`${90 + (Date.now() % 9)}`);
    await expect.poll(() => editorText(page, '#schema-editor')).toMatch(/range\(min = 18, max = 9\d\)/);
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => rows.count(), { timeout: 180_000 }).toBeGreaterThan(0);
    const engines = new Set(await rows.locator('td:nth-child(2)').allInnerTexts());
    for (const engine of ['compiled', 'interpreted', 'peer:domainstack', 'peer:validator', 'peer:garde']) expect(engines).toContain(engine);
    // domainstack's own validate-on-deserialize, as shipped, beside ours.
    const onDe = await rows.filter({ hasText: 'validate-on-de' }).locator('td:nth-child(2)').allInnerTexts();
    expect(onDe).toContain('peer:domainstack');
    // What validator's and garde's derives ran: the rules in their forms, beside the definitions.
    expect(await page.isVisible('#translations')).toBe(true);
    const translated = await page.locator('#translation-list').textContent();
    expect(translated).toContain('#[garde(alphanumeric, length(min = 3, max = 20))]');
    expect(translated).toContain('#[validate(range(min = 18, max = 9');
    expect(await page.textContent('#notes')).toContain("the seed's dialect is domainstack's");
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows rustc’s errors at their line when edited definitions do not compile, and runs the interpreter', async () => {
    const { page, errors } = await openPlayground();
    await setSettings(page, '100', '3', '1000');
    // `Instant` has no serde form: the interpreter reads it as any value (an
    // assumption it notes), rustc refuses to derive `Deserialize` over it.
    await replaceDefinitions(page, 'pub struct UserSignup { pub email: String, pub seen: Option<std::time::Instant>, }');
    await page.click('#run');
    await expect.poll(() => page.textContent('#message'), { timeout: 120_000 }).toContain('No compiled code for these definitions: rustc refuses');
    expect(await page.textContent('#message')).toContain('line 1, column 54: the trait bound `std::time::Instant: serde::Deserialize');
    await expect.poll(() => page.locator('#schema-editor .squiggly-error').count()).toBeGreaterThan(0);
    expect(await page.textContent('#schema-status')).toMatch(/· rustc: \d+ errors?$/);
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(new Set(await page.locator('#results .result-row td:nth-child(2)').allInnerTexts())).toEqual(new Set(['interpreted']));
    expect(await page.textContent('#notes')).toContain('no compiled code built on demand: rustc refuses these definitions');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs pasted code in the browser at once, and natively only once the person allows it', { timeout: 720_000 }, async () => {
    const { page, errors } = await openPlayground();
    await setSettings(page, '100', '3', '1000');
    await replaceDefinitions(
      page,
      `// ${Date.now()}\n`,
      'use validator::{Validate, ValidationError}; fn plain_name(text: &str) -> Result<(), ValidationError> { if text.chars().all(char::is_alphanumeric) { Ok(()) } else { Err(ValidationError::new("plain")) } } #[derive(Deserialize, Validate)] pub struct UserSignup { #[validate(custom(function = "plain_name"))] pub username: String, }',
    );
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => rows.count(), { timeout: 120_000 }).toBeGreaterThan(0);
    // In the page's sandbox the pasted function runs without asking: compiled code says `invalid`.
    const compiledInvalid = page
      .locator('#results .result-row', { hasText: 'de+validate' })
      .filter({ has: page.locator('td:nth-child(2)', { hasText: /^compiled$/ }) })
      .filter({ has: page.locator('td:nth-child(3)', { hasText: /^invalid$/ }) });
    expect(await compiledInvalid.locator('.outcome').innerText()).toBe('invalid');
    expect(await page.textContent('#notes')).toContain('interpreted disagrees');
    // Natively it runs on this machine: the page asks first.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await page.click('#run-native');
    // The first native build of pasted code in the run: when the `ondemand` profile's dependencies
    // are cold, cargo compiles them all (≈100 s alone on 2 cores, minutes beside the other e2e files).
    // What the page says is in the polled text, so that a failure shows where it stopped.
    await expect
      .poll(
        async () =>
          [
            ...(await page.locator('#results th').allInnerTexts()),
            `message: ${await page.textContent('#message')}`,
            `progress: ${await page.textContent('#progress-text')}`,
          ].join(' | '),
        { timeout: 600_000, interval: 1_000 },
      )
      .toContain('Native (this machine)');
    expect(asked[0]).toContain('fn plain_name');
    expect(asked[0]).toContain('outside the browser');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ejects the definitions as a cargo project under the local server', async () => {
    const { page, errors } = await openPlayground();
    await page.click('#eject');
    await expect.poll(() => page.textContent('#message'), { timeout: 120_000 }).toMatch(/^Wrote .*target\/ejected\/user-signup-\d{8}T\d{6}: /);
    const dir = /^Wrote (\S+): /.exec((await page.textContent('#message')) ?? '')?.[1] ?? '';
    const manifest = await readFile(join(dir, 'Cargo.toml'), 'utf8');
    expect(manifest).toContain('criterion');
    expect(await readFile(join(dir, 'src', 'lib.rs'), 'utf8')).toContain('pub struct UserSignup');
    await rm(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('guards the compiled-code endpoint: only a document is built, only its module is served', async () => {
    const api = new URL('/api/compiled', site.url);
    expect(await (await fetch(api)).json()).toEqual({ available: true, building: false });
    const refused = await fetch(api, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"version":2}' });
    expect(refused.status).toBe(400);
    expect((await fetch(api, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' }, body: '{}' })).status).toBe(403);
    for (const path of ['/api/compiled/0123456789abcdef/..%2F..%2F..%2FCargo.toml', '/api/compiled/0123456789abcdef/Cargo.toml', '/api/compiled/nothex/overhead_ondemand.js']) {
      expect((await fetch(new URL(path, site.url))).status, path).toBe(404);
    }
  });

  it('guards the local runner: same origin only, sane documents, one run at a time, cancellable', async () => {
    const api = new URL('/api/native', site.url);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(new URL(path, api), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect(await (await fetch(api)).json()).toEqual({ available: true, running: false });
    const doc = JSON.parse(await readFile(new URL('../../scenarios/car/native.json', import.meta.url), 'utf8')) as object;
    // Another site's page cannot drive it.
    expect((await post('/api/native/run', doc, { Origin: 'http://evil.example' })).status).toBe(403);
    // A Report is not a scenario document.
    const refused = await post('/api/native/run', doc);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain('version');
    // A long run holds the runner; a second is refused; cancel frees it.
    const scenario = {
      version: 1, title: 'long', summary: '', schema: 'pub struct A { pub n: u64 }', inputs: { valid: '{"n": 1}' },
      variants: ['de'], settings: { iterations: 20_000_000, runs: 10, warmup: 0 },
    };
    const long = await post('/api/native/run', scenario);
    expect(long.status).toBe(200);
    await expect.poll(async () => ((await (await fetch(api)).json()) as { running: boolean }).running).toBe(true);
    expect((await post('/api/native/run', scenario)).status).toBe(409);
    expect((await post('/api/native/cancel', {})).status).toBe(200);
    await expect.poll(async () => ((await (await fetch(api)).json()) as { running: boolean }).running, { timeout: 10_000 }).toBe(false);
    await long.body?.cancel();
  });

  it('puts imported native numbers beside the browser’s, with the wasm/native ratio', async () => {
    const { page, errors } = await openPlayground();
    const rows = await runCompiledDe(page, '0', '1', '100');
    const row = (input: string) => ({ variant: 'de', engine: 'compiled', input, data: 'serial', outcome: 'ok', size: 60, runs_ns: [100], median_ns: 100, min_ns: 100, max_ns: 100, mean_ns: 100 });
    const native = (target: string) => ({
      scenario: 'user-signup',
      env: { target, engine_version: '0.1.0', cpu: 'test cpu' },
      settings: { iterations: 100, runs: 1, warmup: 0 },
      timer: { resolution_ns: 20, overhead_ns: 20 },
      results: [row('valid')],
    });
    const file = (report: object) => ({ name: 'native.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(report)) });
    // A browser's Report is not native numbers.
    await page.setInputFiles('#import-native', file(native('wasm')));
    await expect.poll(() => page.textContent('#message')).toContain('measured in a browser');
    await page.setInputFiles('#import-native', file(native('native')));
    await expect.poll(() => page.locator('#results th').allInnerTexts()).toEqual(expect.arrayContaining(['Native', 'wasm/native']));
    const valid = rows.filter({ hasText: 'valid' }).first();
    expect(await valid.locator('.native').innerText()).toBe('100 ns');
    const median = Number(await valid.locator('.median').getAttribute('data-ns'));
    expect(await valid.locator('.wasm-native').innerText()).toBe(`${(median / 100).toFixed(2)}×`);
    // No native row for `invalid`: a dash, no ratio.
    const invalid = rows.filter({ hasText: 'invalid' }).first();
    expect(await invalid.locator('.native').innerText()).toBe('—');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes a dropped file: a scenario opens, a native Report goes beside the results', async () => {
    const { page, errors } = await openPlayground();
    const drop = (name: string, content: object) =>
      page.evaluate(
        ({ name, text }) => {
          const data = new DataTransfer();
          data.items.add(new File([text], name, { type: 'application/json' }));
          const target = document.querySelector('#schema-editor') ?? document.body;
          target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
          target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        },
        { name, text: JSON.stringify(content) },
      );
    const native = {
      scenario: 'dropped',
      env: { target: 'native', engine_version: '0.1.0' },
      settings: { iterations: 100, runs: 1, warmup: 0 },
      timer: { resolution_ns: 20, overhead_ns: 20 },
      results: [{ variant: 'de', engine: 'interpreted', input: 'valid', data: 'serial', outcome: 'ok', size: 11, runs_ns: [50], median_ns: 50, min_ns: 50, max_ns: 50, mean_ns: 50 }],
    };
    // Before any run, a Report has nothing to go beside.
    await drop('native.json', native);
    await expect.poll(() => page.textContent('#message')).toContain('run first');
    // A scenario document opens, as Open .json would open it.
    await drop('dropped.json', {
      version: 1,
      name: 'dropped',
      title: 'Dropped scenario',
      summary: 'Dropped on the page.',
      schema: 'pub struct Age { pub age: u8 }',
      inputs: { valid: '{"age": 30}' },
      variants: ['de'],
      settings: { iterations: 100, runs: 1, warmup: 0 },
    });
    await expect.poll(() => page.textContent('#scenario-title')).toBe('Dropped scenario');
    expect(await page.textContent('#message')).toBe('Opened “dropped.json”.');
    // The interpreter alone, as the native Report was taken.
    await page.selectOption('#engines', 'interpreted');
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(1);
    await drop('native.json', native);
    await expect.poll(() => page.locator('#results .native').first().innerText()).toBe('50.0 ns');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps up with fast typing of quotes and brackets in both editors', async () => {
    const { page, errors } = await openPlayground();
    let crashed = false;
    page.on('crash', () => (crashed = true));
    // As fast as keys can come, at the start of each document, where every later token shifts.
    await page.click('#input-editor .view-lines');
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('{"x": "[{", "y": [[{"a": ["b", {"c": "d"}]}]], ', { delay: 0 });
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('#[serde(rename = "x")] pub struct A { pub b: Vec<(u8, [u8; 3])>, pub c: Option<Box<A>> }\n', { delay: 0 });
    // The page still answers, and the analyzer saw the last text.
    await expect.poll(() => page.textContent('#schema-status'), { timeout: 10_000 }).toBe('no problems');
    const text = await page.evaluate(() => document.querySelector('#schema-editor .view-lines')?.textContent ?? '');
    expect(text.replace(/\s+/g, ' ')).toContain('pub struct A {');
    expect(crashed).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('links to a methodology page that says what is timed, how warm-up works and the pitfalls', async () => {
    const { page, errors } = await openPlayground();
    await page.click('a[href="./methodology.html"]');
    await expect.poll(() => page.textContent('main h2')).toBe('Methodology');
    const sections = await page.locator('main h3').allInnerTexts();
    expect(sections).toEqual(expect.arrayContaining(['What is timed, and what is not', 'Warm-up and cold code', 'Interleaving and ratios', 'Native numbers', 'Pitfalls']));
    expect(await page.textContent('#pitfalls + ul')).toContain('cross-origin isolated');
    await page.click('text=Back to the playground');
    await expect.poll(() => page.isEnabled('#run'), { timeout: 60_000 }).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('explains a rule keyword when the pointer rests on it', async () => {
    const { page, errors } = await openPlayground();
    // Monaco merges neighbouring tokens into one span: find the keyword's column in it.
    const span = page.locator('#schema-editor .view-line span span', { hasText: 'alphanumeric' }).first();
    // The editor redraws its lines as tokens and markers arrive: read the span
    // and its box together, once the drawing has settled.
    const measured = async () => {
      const text = await span.innerText({ timeout: 1_000 }).catch(() => null);
      const box = await span.boundingBox({ timeout: 1_000 }).catch(() => null);
      return text && box ? { text, box } : null;
    };
    await expect.poll(async () => (await measured()) !== null, { timeout: 10_000 }).toBe(true);
    const found = await measured();
    if (!found) throw new Error('the keyword is not on screen');
    const { text, box } = found;
    const charWidth = box.width / text.length;
    await page.mouse.move(box.x + (text.indexOf('alphanumeric') + 3) * charWidth, box.y + box.height / 2);
    await expect
      .poll(async () => (await page.locator('.monaco-hover').allInnerTexts()).join('\n'), { timeout: 10_000 })
      .toContain('alphanumeric — Every char is a Unicode letter or digit');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the work across a reload, and Reset brings the bundled scenario back', async () => {
    const { page, errors } = await openPlayground();
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('struct UserSignup { #[validate(length(min = 3))] username: String }');
    await page.fill('#runs', '7');
    // Saved a moment after the last change.
    await page.waitForTimeout(600);
    await page.reload();
    await expect.poll(() => page.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
    const schema = async () => (await page.locator('#schema-editor .view-lines').innerText()).replace(/\s+/g, ' ');
    await expect.poll(schema).toContain('struct UserSignup { #[validate(length(min = 3))] username: String }');
    expect(await page.inputValue('#runs')).toBe('7');
    expect(await page.textContent('#message')).toContain('Your last work is restored');
    // Reset asks before it drops the edits.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#reset');
    await expect.poll(schema).toContain('#[validate(email, max_len = 255)]');
    expect(await page.inputValue('#runs')).toBe('5');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs a paste that names a type it does not define, and its quick fix inserts a definition to edit', async () => {
    const { page, errors } = await openPlayground();
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('struct UserSignup { email: String, id: UserId }');
    await expect.poll(() => page.textContent('#schema-status'), { timeout: 10_000 }).toMatch(/^1 warning/);
    await expect.poll(() => page.locator('#run').isEnabled()).toBe(true);
    // The quick fix, from the keyboard, on the assumed type.
    const text = async () => (await page.locator('#schema-editor .view-lines').innerText()).replace(/\s+/g, ' ');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ControlOrMeta+.');
    await expect.poll(() => page.locator('.action-widget:visible').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await page.locator('.action-widget:visible').allInnerTexts()).join('\n')).toContain('Insert a definition of `UserId` to edit');
    await page.keyboard.press('Enter');
    await expect.poll(text, { timeout: 10_000 }).toContain('type UserId = serde_json::Value;');
    // Now defined: nothing is assumed any more.
    await expect.poll(() => page.textContent('#schema-status'), { timeout: 10_000 }).toBe('no problems');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('restores work that does not analyze with a recovery notice, and keeps the text', async () => {
    const { page, errors } = await openPlayground();
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('struct UserSignup { email: dyn Strin }');
    // Closing or reloading at once still keeps the last keystrokes.
    await page.reload();
    await expect.poll(() => page.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
    const schema = async () => (await page.locator('#schema-editor .view-lines').innerText()).replace(/\s+/g, ' ');
    await expect.poll(schema).toContain('struct UserSignup { email: dyn Strin }');
    await expect.poll(() => page.textContent('#message'), { timeout: 10_000 }).toMatch(/Your last work is restored, but its definitions do not run yet \(1 error/);
    expect(await page.getAttribute('#message', 'class')).toContain('error');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shares the scenario, edits and results by link, and refuses a damaged link without losing work', async () => {
    const { page, errors } = await openPlayground();
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('struct UserSignup { #[validate(length(min = 3))] username: String }');
    await setSettings(page, '0', '2', '50');
    // The interpreter alone: what a link carries is the subject here.
    await page.selectOption('#engines', 'interpreted');
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 60_000 }).toBe(8);
    await page.check('#share-results');
    await page.click('#share');
    const link = await page.inputValue('#share-url');
    expect(link).toMatch(/#v1=[A-Za-z0-9+\-$]+$/);
    expect(await page.textContent('#cli-command')).toBe('overhead run user-signup.json');

    // Another visitor opens it: the same definitions, settings and results, shown as shared.
    const other = await site.browser.newPage();
    await other.goto(link);
    await expect.poll(() => other.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
    const schema = async () => (await other.locator('#schema-editor .view-lines').innerText()).replace(/\s+/g, ' ');
    await expect.poll(schema).toContain('#[validate(length(min = 3))] username: String');
    expect(await other.inputValue('#runs')).toBe('2');
    expect(await other.locator('#results .result-row').count()).toBe(8);
    expect(await other.textContent('#shared-banner')).toMatch(/^Shared results, measured in .* with 2 runs × 50 iterations/);
    expect(await other.textContent('#message')).toBe('Opened a shared scenario.');
    expect(new URL(other.url()).hash).toBe('');

    // A damaged link: a clear message, and the work on the page is what it was.
    await other.goto(`${site.url}#v1=damaged%%%`);
    await expect.poll(() => other.textContent('#message'), { timeout: 30_000 }).toContain('This link is damaged');
    await expect.poll(schema).toContain('#[validate(length(min = 3))] username: String');
    await other.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives an embed snippet whose light view shows the scenario read-only and runs it', async () => {
    const { page, errors } = await openPlayground();
    await page.selectOption('#scenario-picker', 'api-payload');
    await page.click('#embed');
    const snippet = await page.inputValue('#embed-snippet');
    expect(snippet).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html#v1=[^"]+" title="Overhead: API payload \(seed 002\)"/);
    const src = /src="([^"]+)"/.exec(snippet)?.[1]?.replace(/&amp;/g, '&') ?? '';

    const embed = await site.browser.newPage({ viewport: { width: 800, height: 640 } });
    const requested: string[] = [];
    embed.on('request', (request) => requested.push(request.url()));
    await embed.goto(src);
    await expect.poll(() => embed.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
    expect(await embed.textContent('#scenario-title')).toBe('API payload (seed 002)');
    // Read-only text, highlighted, without an editor.
    expect(await embed.locator('#schema-code .hljs-keyword').count()).toBeGreaterThan(0);
    expect(await embed.textContent('#schema-code')).toContain('struct');
    expect(await embed.locator('.monaco-editor').count()).toBe(0);
    // Nothing heavy before Run: neither module, nor Monaco.
    expect(requested.filter((url) => /\.wasm$|editor\.worker|monaco/.test(url))).toEqual([]);
    // Run: sized by time, with the chart and the table.
    await embed.click('#run');
    await expect.poll(() => embed.locator('#results .result-row').count(), { timeout: 90_000 }).toBe(32);
    await expect.poll(() => embed.locator('#chart [role="img"] rect').count()).toBeGreaterThan(0);
    // An embed neither restores nor keeps the visitor's work.
    expect(await embed.evaluate(() => localStorage.length)).toBe(0);
    // An address of an earlier snippet (`?embed` on the full page) opens the light embed.
    const earlier = await site.browser.newPage();
    await earlier.goto(`${site.url}?embed&scenario=car`);
    await expect.poll(() => earlier.url()).toContain('/embed.html?scenario=car');
    await expect.poll(() => earlier.textContent('#scenario-title')).toBe('Car message (seed 001)');
    await earlier.close();
    await embed.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs edited definitions with compiled code built on demand beside the interpreter, both agreeing', async () => {
    const { page, errors } = await openPlayground();
    await setSettings(page, '0', '1', '50');
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    // One line, typed key by key: the editor's closing brackets are typed over.
    await page.keyboard.type('struct UserSignup { #[validate(length(min = 3))] username: String, age: u8 }');
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => rows.count(), { timeout: 120_000 }).toBe(16);
    expect(new Set(await rows.locator('td:nth-child(2)').allInnerTexts())).toEqual(new Set(['compiled', 'interpreted']));
    // The bundled valid input still decodes (its other keys are unknown now)…
    const validate = page.locator('#results .result-row', { hasText: 'de+validate' });
    for (const at of [0, 1]) expect(await validate.nth(at).locator('.outcome').innerText()).toBe('ok');
    // …and the invalid one's `username: "a!"` breaks the new rule, in both engines alike.
    for (const at of [2, 3]) {
      const invalid = validate.nth(at);
      expect(await invalid.locator('.outcome').innerText()).toBe('invalid');
      expect(await invalid.locator('.outcome').getAttribute('title')).toContain('username: must be at least 3 characters (length)');
    }
    await expect.poll(() => page.textContent('#notes')).toMatch(/compiled \(wasm\): code built on demand/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows where validation time goes: compiled decoding and validation, each rule’s share, per input', async () => {
    const { page, errors } = await openPlayground();
    expect(await page.isChecked('#breakdown')).toBe(true);
    for (const code of ['de+validate', 'validate-on-de/fail-fast']) await page.uncheck(`#variants input[value="${code}"]`);
    await setSettings(page, '100', '3', '2000');
    await page.click('#run');
    const view = page.locator('#breakdown-view');
    await expect.poll(() => view.isVisible(), { timeout: 120_000 }).toBe(true);
    expect(await view.locator('h3').allInnerTexts()).toEqual(['Input “valid”', 'Input “invalid”']);
    // One row per rule site, in the order validation runs them.
    const sites = (input: number) =>
      view.locator('.breakdown-input').nth(input).locator('tbody tr').evaluateAll((rows) => rows.map((r) => `${r.children[0]?.textContent} ${r.children[1]?.textContent}`));
    const expected = ['email email', 'email length (max 255)', 'age range (18–120)', 'username alphanumeric', 'username length (min 3)', 'username length (max 20)'];
    expect(await sites(0)).toEqual(expected);
    expect(await sites(1)).toEqual(expected);
    // The invalid input's failing rules are marked: their cost includes building the violation.
    expect(await view.locator('.breakdown-input').nth(1).locator('.rule-row.fails .path').allInnerTexts()).toEqual(['email', 'age', 'username', 'username']);
    // The costliest rule in words, timed by the interpreter; the totals are compiled code's (the
    // bundled scenario's wasm), the interpreter's own parts beside them.
    expect(await view.locator('.costliest').first().innerText()).toMatch(/^\S+( \(.+\))? on \S+ is \d+% of the rules’ time \([^)]*, each timed alone by the interpreted engine\)\./);
    expect(await view.locator('.breakdown-table caption').first().innerText()).toBe('Each rule timed alone by the interpreted engine');
    // (Whether compiled validation took time the runs can tell apart is a measurement: either form.)
    expect(await view.locator('.parts').first().innerText()).toMatch(
      /^Compiled code: decoding [\d.]+ \S+( \+ validation [\d.]+ \S+ = validate-on-de [\d.]+ \S+\.|, validate-on-de [\d.]+ \S+: validation adds no time these runs can tell apart .*\.) The rules, each timed alone by the interpreted engine, take [\d.]+ \S+ together/,
    );
    const parts = /^The interpreted engine, for comparison: decoding [\d.]+ \S+ \+ rules [\d.]+ \S+ \+ (integration [\d.]+ \S+|the parts, measured apart, exceed the whole by [\d.]+ \S+ \(within the noise of separate measurements\)) = validate-on-de [\d.]+ \S+\.$/;
    expect(await view.locator('.interpreted-parts').first().innerText()).toMatch(parts);
    // The stacked bar: decoding and six rules' shares of compiled validation per input.
    await expect.poll(() => view.locator('.breakdown-chart [role="img"] rect').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2 * 7);
    // And the reading above the chart says what validation adds.
    expect(await page.locator('#reading').innerText()).toMatch(/validation adds ([\d.]+ \S+ \([+−][\d.]+%\)|no time these runs can tell apart) to decoding input “valid”/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs plain JavaScript and zod beside wasm, with the string boundary, and agrees with Rust', async () => {
    const { page, errors } = await openPlayground();
    await page.check('#js-engines');
    for (const code of ['validate-on-de', 'validate-on-de/fail-fast']) await page.uncheck(`#variants input[value="${code}"]`);
    await page.selectOption('#engines', 'compiled');
    await setSettings(page, '100', '3', '1000');
    await page.click('#run');
    const rows = page.locator('#results .result-row');
    await expect.poll(() => page.isVisible('#wasm-js'), { timeout: 120_000 }).toBe(true);
    // js: de and de+validate on both inputs; zod: de+validate; and wasm's boundary costs.
    const engines = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(engines.filter((e) => e === 'js')).toHaveLength(4);
    expect(engines.filter((e) => e === 'peer:zod')).toHaveLength(2);
    const variants = await rows.locator('.variant').allInnerTexts();
    expect(variants.filter((v) => v === 'str-in')).toHaveLength(2);
    expect(variants.filter((v) => v === 'to-js')).toHaveLength(2);
    // The JS engine gives the invalid input the same outcome as Rust, with the same violations.
    const outcome = (engine: string, variant: string, input: string) =>
      rows
        .filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${engine}$`) }) })
        .filter({ has: page.locator('.variant', { hasText: new RegExp(`^${variant.replace('+', '\\+')}$`) }) })
        .filter({ has: page.locator('td:nth-child(3)', { hasText: new RegExp(`^${input}$`) }) })
        .locator('.outcome');
    expect(await outcome('js', 'de+validate', 'invalid').innerText()).toBe('invalid');
    expect(await outcome('js', 'de+validate', 'invalid').getAttribute('title')).toBe(await outcome('compiled', 'de+validate', 'invalid').getAttribute('title'));
    expect(await outcome('peer:zod', 'de+validate', 'valid').innerText()).toBe('ok');
    // Side by side: per input, decode and decode+validate in JS, zod and wasm, with the boundary.
    const table = page.locator('#wasm-js table');
    expect(await table.locator('tbody tr').count()).toBe(4);
    const cells = await table.locator('tbody tr').nth(1).locator('td').allInnerTexts();
    expect(cells.slice(0, 2)).toEqual(['valid', 'de+validate']);
    for (const cell of cells.slice(2)) expect(cell).toMatch(/^[\d.]+ ?(ns|µs|ms|×)$/);
    expect(await page.locator('#reading').innerText()).toMatch(/than JSON\.parse with the same rules in plain JavaScript/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('compares two runs: what changed, each figure’s change with its confidence interval and verdict', async () => {
    const { page, errors } = await openPlayground();
    for (const code of ['validate-on-de', 'validate-on-de/fail-fast']) await page.uncheck(`#variants input[value="${code}"]`);
    await page.uncheck('#breakdown');
    await page.selectOption('#engines', 'interpreted');
    await setSettings(page, '100', '3', '1000');
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 60_000 }).toBe(4);
    expect(await page.isVisible('#comparison')).toBe(false);
    // Drop the email rule, then run again.
    await page.click('#schema-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('struct UserSignup { #[validate(length(max = 255))] email: String, #[validate(range(min = 18, max = 120))] age: u8, #[validate(alphanumeric, length(min = 3, max = 20))] username: String }');
    await expect.poll(() => page.textContent('#schema-status'), { timeout: 10_000 }).toBe('no problems');
    await page.click('#run');
    const view = page.locator('#comparison');
    await expect.poll(() => view.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await view.locator('.compare-head').innerText()).toMatch(/^Run 2 \(\d\d:\d\d:\d\d\) beside/);
    expect(await view.locator('.compare-changes').innerText()).toMatch(/^What changed: definitions edited \(\d+ lines? added, \d+ removed\)\.$/);
    const rows = view.locator('tbody tr');
    expect(await rows.count()).toBe(4);
    for (const row of await rows.all()) {
      const [variant, engine, input, before, after, change, verdict] = await row.locator('td').allInnerTexts();
      expect(variant).toMatch(/^de(\+validate)?$/);
      expect(engine).toBe('interpreted');
      expect(input).toMatch(/^(valid|invalid)$/);
      expect(before).toMatch(/^[\d.]+ (ns|µs)$/);
      expect(after).toMatch(/^[\d.]+ (ns|µs)$/);
      expect(change).toMatch(/^([+−][\d.]+|0)%$/);
      expect(verdict).toMatch(/^((faster|slower) by [\d.]+% \(CI [\d.]+–[\d.]+%\)|no detectable change \([+−][\d.]+%, CI [+−][\d.]+%–[+−][\d.]+%\))$/);
    }
    expect(await view.locator('.compare-summary').innerText()).toMatch(/95% confidence interval/);
    // A third run, unchanged, against the first by choice.
    await page.click('#run');
    await expect.poll(() => view.locator('.compare-head').innerText(), { timeout: 60_000 }).toMatch(/^Run 3/);
    expect(await view.locator('.compare-changes').innerText()).toBe('Nothing changed between the two: a change found here is the machine’s, not the code’s (measured here, two such runs agreed on 116 of 120 rows).');
    await view.locator('select').selectOption({ index: 0 });
    expect(await view.locator('.compare-changes').innerText()).toMatch(/^What changed: definitions edited/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
