// The page as a newcomer meets it: a fresh page, a request type from a real
// codebase pasted through the clipboard (not a link, not injected state), its
// valid and invalid JSON pasted into the two input tabs, the root picker left
// on "automatic", Quick, Run — and the rows read. The pastes are cases of the
// real-world corpus (crate/engine/tests/real_world/), each with the outcomes
// its library gives; in each, the root is not the first type of the paste.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtSiteInChromium } from './browser';

const site = builtSiteInChromium();

interface Paste {
  schema: string;
  root: string;
  valid: string;
  invalid: string;
  /** The violations the library reports on the invalid input: path and code. */
  violations: { path: string; code: string }[];
  /** `validator 0.18`, `garde 0.22`, … */
  library: string;
}

/** A case of a real-world corpus (`real_world` unless said), as a person would paste it. */
async function corpusCase(name: string, folder = 'real_world'): Promise<Paste> {
  const dir = new URL(`../../crate/engine/tests/${folder}/`, import.meta.url);
  const schema = await readFile(new URL(`${name}.rs`, dir), 'utf8');
  const meta = JSON.parse(await readFile(new URL(`${name}.json`, dir), 'utf8')) as {
    library: string;
    root: string;
    valid: unknown;
    broken: { input: unknown; violations: { path: string; code: string }[] };
  };
  return {
    schema,
    root: meta.root,
    valid: JSON.stringify(meta.valid, null, 2),
    invalid: JSON.stringify(meta.broken.input, null, 2),
    violations: meta.broken.violations,
    library: meta.library,
  };
}

/**
 * A path as the page shows it (`items[0]["TB-1"].name`) as the library displays
 * it: a map's key is `[key]` for validator and `.key` for garde (as
 * crate/engine/tests/corpus.rs compares them).
 */
function libraryPath(path: string, library: string): string {
  const garde = library.startsWith('garde');
  return path.replace(/\[("(?:[^"\\]|\\.)*")\]/g, (_, key: string) => {
    const text = JSON.parse(key) as string;
    return garde ? `.${text}` : `[${text}]`;
  }).replace(/^\./, '');
}

/** A fresh page in a context of its own (its own storage), with the clipboard allowed. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await site.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url);
  await expect.poll(() => page.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
  return { context, page, errors };
}

/** Puts `text` on the clipboard and pastes it over everything in the editor under `selector`, as Ctrl+A, Ctrl+V does. */
async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.click(`${selector} .view-lines`);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** The text an editor holds (its model, not the few lines on screen). */
async function modelText(page: Page, selector: string): Promise<string> {
  return page.locator(`${selector} .view-lines`).innerText().then((t) => t.replace(/\u00a0/g, ' '));
}

/** Pastes a case's definitions and its two inputs, as a person does. */
async function pasteCase(page: Page, paste: Paste): Promise<void> {
  await pasteInto(page, '#schema-editor', paste.schema);
  await page.click('#input-tabs [data-input="valid"]');
  await pasteInto(page, '#input-editor', paste.valid);
  await page.click('#input-tabs [data-input="invalid"]');
  await pasteInto(page, '#input-editor', paste.invalid);
}

/**
 * The outcomes of each input over every validating row (`de` decodes with the
 * rules ignored: an invalid input is `ok` there by design), and the engines
 * that ran.
 */
async function rows(page: Page): Promise<{ outcomes: Map<string, Set<string>>; engines: Set<string> }> {
  const cells = await page.locator('#results .result-row').evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
  const outcomes = new Map<string, Set<string>>();
  const engines = new Set<string>();
  for (const [variant = '', engine = '', input = '', , outcome = ''] of cells) {
    engines.add(engine);
    if (variant === 'de') continue;
    outcomes.set(input, (outcomes.get(input) ?? new Set()).add(outcome));
  }
  return { outcomes, engines };
}

describe('a newcomer’s first paste', () => {
  // Ten request types of the corpus, of both libraries, each pasted with its
  // helper types before it (or a generic envelope, an untagged enum as the
  // root): the page must run each at its root with the library's outcomes.
  it.each([
    'garde2_intelli_choir_signup',
    'arpacik_register',
    'drive_register',
    'eco_tradingpost_berth_offer',
    'garde2_regions_delivery_zone',
    'linkblocks_users',
    'mamang_order',
    'namada_governance',
    'eid_card_session_auth',
    'garde2_scamplers_blend_sets',
  ])('%s: pasted through the clipboard, root automatic, Quick: runs with the library’s outcomes', async (name) => {
    const paste = await corpusCase(name);
    const { context, page, errors } = await freshPage();
    await pasteCase(page, paste);
    // Automatic finds the request type, not the helper before it, and says so.
    await expect.poll(() => page.locator('#scenario-title').textContent(), { timeout: 10_000 }).toBe(`Your definitions — ${paste.root}`);
    expect(await page.locator('#root-picker').inputValue()).toBe('');
    expect(await page.locator('#preset').inputValue()).toBe('quick');
    await expect.poll(() => page.locator('#input-tabs .tab.misfit').count(), { timeout: 10_000 }).toBe(0);
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 600_000 }).toBeGreaterThan(0);
    const { outcomes, engines } = await rows(page);
    expect(outcomes.get('valid')).toEqual(new Set(['ok']));
    expect(outcomes.get('invalid')).toEqual(new Set(['invalid']));
    expect(engines).toContain('interpreted');
    // What the invalid input gets back is the library's answer.
    const paths = await page.locator('.violations-table td.path').allInnerTexts();
    expect(paths.map((p) => libraryPath(p, paste.library)).sort()).toEqual(paste.violations.map((v) => v.path).sort());
    // No error on the way (a note, such as what the run assumed, may show).
    expect(await page.locator('#message.error:not([hidden])').count()).toBe(0);
    if (name === 'garde2_intelli_choir_signup') {
      // The picker names the type automatic chose; compiled code was built on demand for it.
      expect(await page.locator('#root-picker option[value=""]').textContent()).toBe(`automatic: ${paste.root}`);
      expect(engines).toContain('compiled');
      // To look at as a person does (the README's picture is taken from it).
      await page.screenshot({ path: new URL('../../target/newcomer-first-paste.png', import.meta.url).pathname, fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 1400 } });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('only definitions pasted, the inputs left alone: inputs are made for the root, and the run reads them', async () => {
    // The scenario's signup inputs fit none of an order type's fields: a run
    // of them would time serde's "missing field" on every row.
    const paste = await corpusCase('mamang_order');
    const { context, page, errors } = await freshPage();
    await pasteInto(page, '#schema-editor', paste.schema);
    await expect.poll(() => page.locator('#message').textContent(), { timeout: 60_000 }).toContain('Inputs were made for');
    expect(await page.locator('#input-tabs [data-input]').evaluateAll((tabs) => tabs.map((t) => (t as HTMLElement).dataset['input']))).toEqual(['valid', 'invalid']);
    await expect.poll(() => page.locator('#input-tabs .tab.misfit').count(), { timeout: 10_000 }).toBe(0);
    // Pretty JSON, as a person would write it.
    expect(await modelText(page, '#input-editor')).toMatch(/^\{\n {2}"/);
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 600_000 }).toBeGreaterThan(0);
    const { outcomes } = await rows(page);
    expect(outcomes.get('valid')).toEqual(new Set(['ok']));
    expect(outcomes.get('invalid')).toEqual(new Set(['invalid']));
    expect(await page.locator('#message.error:not([hidden])').count()).toBe(0);
    // Definitions pasted again over inputs the page made, untouched: made again for them.
    await pasteInto(page, '#schema-editor', 'struct Point { #[validate(range(min = 0))] x: i32, y: i32 }');
    await expect.poll(() => modelText(page, '#input-editor'), { timeout: 60_000 }).toMatch(/"x": -?\d+,\s*"y": -?\d+/);
    // An input the person edits is theirs: a second paste of definitions leaves it.
    await page.click('#input-tabs [data-input="valid"]');
    await pasteInto(page, '#input-editor', '{"mine": true}');
    await pasteInto(page, '#schema-editor', 'struct Size { w: u32, h: u32 }');
    await expect.poll(() => page.locator('#input-tabs .tab.misfit').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.click('#input-tabs [data-input="valid"]');
    expect(await modelText(page, '#input-editor')).toBe('{"mine": true}');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a paste sharing a few keys with the scenario’s inputs still gets inputs of its own', async () => {
    // user-signup's inputs hold `email`, `username` and `age`: no tab is marked,
    // but they lack this type's `password`, and would time "missing field".
    const { context, page, errors } = await freshPage();
    await pasteInto(page, '#schema-editor', [
      'struct Register {',
      '    #[validate(length(min = 3))]',
      '    username: String,',
      '    #[validate(email)]',
      '    email: String,',
      '    #[validate(length(min = 12))]',
      '    password: String,',
      '}',
    ].join('\n'));
    await expect.poll(() => page.locator('#message').textContent(), { timeout: 60_000 }).toContain('Inputs were made for Register');
    expect(await modelText(page, '#input-editor')).toContain('"password"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('only definitions pasted, a helper fitting the scenario’s inputs: the request type is the root, and inputs are made for it', async () => {
    // Modelled on an OpenAPI document's `Info` (basiliqio/oapi): its
    // `Contact` takes user-signup's `email`, and every other key into its
    // flattened extensions. The scenario's inputs are not the person's: they
    // must not choose the contact over the request type that holds it.
    const { context, page, errors } = await freshPage();
    await pasteInto(page, '#schema-editor', [
      'use std::collections::HashMap;',
      'use serde::Deserialize;',
      'use serde_json::Value;',
      'use validator::Validate;',
      '',
      '#[derive(Debug, Deserialize, Validate)]',
      '#[serde(rename_all = "camelCase")]',
      'pub struct Contact {',
      '    #[validate(length(min = 1, max = 64))]',
      '    name: Option<String>,',
      '    #[validate(email)]',
      '    email: Option<String>,',
      '    #[serde(flatten)]',
      '    extension: HashMap<String, Value>,',
      '}',
      '',
      '#[derive(Debug, Deserialize, Validate)]',
      '#[serde(rename_all = "camelCase")]',
      'pub struct Info {',
      '    #[validate(length(min = 1))]',
      '    title: String,',
      '    #[validate(nested)]',
      '    contact: Option<Contact>,',
      '    version: String,',
      '    #[serde(skip)]',
      '    resolved: bool,',
      '    #[serde(flatten)]',
      '    extension: HashMap<String, Value>,',
      '}',
    ].join('\n'));
    await expect.poll(() => page.locator('#message').textContent(), { timeout: 60_000 }).toContain('Inputs were made for Info');
    await expect.poll(() => page.locator('#scenario-title').textContent(), { timeout: 10_000 }).toBe('Your definitions — Info');
    expect(await page.locator('#root-picker').inputValue()).toBe('');
    await page.selectOption('#engines', 'interpreted');
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 600_000 }).toBeGreaterThan(0);
    const { outcomes } = await rows(page);
    expect(outcomes.get('valid')).toEqual(new Set(['ok']));
    expect(outcomes.get('invalid')).toEqual(new Set(['invalid']));
    expect(await page.locator('#message.error:not([hidden])').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a paste our derives refuse and its library accepts: the library’s rows run, ours say why not', async () => {
    // A nested struct read through the paste's own `deserialize_with`, under
    // garde's derive: garde takes it, Overhead's `ValidateOnDeserialize` does
    // not (another function decodes the value it would check while reading).
    const paste: Paste = {
      schema: [
        'use garde::Validate;',
        'use serde::{Deserialize, Deserializer};',
        '',
        "fn trimmed<'de, D: Deserializer<'de>>(d: D) -> Result<Item, D::Error> {",
        '    let mut item = Item::deserialize(d)?;',
        '    item.name = item.name.trim().to_owned();',
        '    Ok(item)',
        '}',
        '',
        '#[derive(Deserialize, Validate)]',
        'pub struct Item {',
        '    #[garde(length(min = 3))]',
        '    pub name: String,',
        '}',
        '',
        '#[derive(Deserialize, Validate)]',
        'pub struct Order {',
        '    #[garde(dive)]',
        '    #[serde(deserialize_with = "trimmed")]',
        '    pub item: Item,',
        '    #[garde(range(max = 50))]',
        '    pub quantity: u32,',
        '}',
        '',
      ].join('\n'),
      root: 'Order',
      valid: '{"item": {"name": "tea"}, "quantity": 2}',
      invalid: '{"item": {"name": "ab"}, "quantity": 99}',
      violations: [{ path: 'item.name', code: 'length' }, { path: 'quantity', code: 'range' }],
      library: 'garde 0.23',
    };
    const { context, page, errors } = await freshPage();
    await pasteCase(page, paste);
    await expect.poll(() => page.locator('#scenario-title').textContent(), { timeout: 10_000 }).toBe(`Your definitions — ${paste.root}`);
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 600_000 }).toBeGreaterThan(0);
    const { outcomes, engines } = await rows(page);
    expect(engines).toContain('peer:garde');
    expect(engines).not.toContain('compiled');
    expect(outcomes.get('valid')).toEqual(new Set(['ok']));
    expect(outcomes.get('invalid')).toEqual(new Set(['invalid']));
    const notes = await page.locator('#notes').innerText();
    expect(notes).toContain("compiled: our derives do not take these definitions, so Overhead's codecs are missing");
    expect(notes).toContain('cannot take `nested` under ValidateOnDeserialize');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a panic in the paste’s own code in the browser drops the compiled rows, not the interpreter’s, and says why', async () => {
    const { context, page, errors } = await freshPage();
    await pasteCase(page, {
      schema: [
        'use serde::Deserialize;',
        'use validator::{Validate, ValidationError};',
        '',
        '// std has no clock on wasm32-unknown-unknown: this panics in the page.',
        'fn not_stale(_day: &str) -> Result<(), ValidationError> {',
        '    let _now = std::time::SystemTime::now();',
        '    Ok(())',
        '}',
        '',
        '#[derive(Deserialize, Validate)]',
        'pub struct Booking {',
        '    #[validate(custom(function = "not_stale"))]',
        '    pub day: String,',
        '    #[validate(length(min = 2))]',
        '    pub guest: String,',
        '}',
        '',
      ].join('\n'),
      root: 'Booking',
      valid: '{"day": "2026-11-27", "guest": "Ada"}',
      invalid: '{"day": "2026-11-27", "guest": "A"}',
      violations: [{ path: 'guest', code: 'length' }],
      library: 'validator 0.21',
    });
    await expect.poll(() => page.locator('#scenario-title').textContent(), { timeout: 10_000 }).toBe('Your definitions — Booking');
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 600_000 }).toBeGreaterThan(0);
    const { outcomes, engines } = await rows(page);
    expect([...engines]).toEqual(['interpreted']);
    expect(outcomes.get('invalid')).toEqual(new Set(['invalid']));
    expect(await page.locator('#notes').innerText()).toContain('compiled code built on demand not run: it panicked in the browser');
    // The page goes on: another run works.
    await expect.poll(() => page.locator('#run').isEnabled()).toBe(true);
    await page.click('#run');
    await expect.poll(() => page.locator('#run').isEnabled(), { timeout: 600_000 }).toBe(true);
    expect(await page.locator('#results .result-row').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('over a scenario the person had been editing: the root follows, their numbers and text stay, a reload keeps it, Reset asks first', async () => {
    const paste = await corpusCase('arpacik_register');
    const { context, page, errors } = await freshPage();
    // Some editing of the bundled scenario first: numbers of their own.
    await page.fill('#runs', '3');
    await page.fill('#iterations', '2000');
    await page.fill('#warmup', '200');
    await pasteCase(page, paste);
    await expect.poll(() => page.locator('#scenario-title').textContent(), { timeout: 10_000 }).toBe(`Your definitions — ${paste.root}`);
    // The person chose numbers: they are kept, not replaced by Quick.
    expect(await page.locator('#preset').inputValue()).toBe('custom');
    expect(await page.inputValue('#runs')).toBe('3');
    await page.click('#run');
    await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 600_000 }).toBeGreaterThan(0);
    const { outcomes } = await rows(page);
    expect(outcomes.get('valid')).toEqual(new Set(['ok']));
    expect(outcomes.get('invalid')).toEqual(new Set(['invalid']));
    // A reload brings the person's work back as theirs.
    await page.waitForTimeout(600);
    await page.reload();
    await expect.poll(() => page.locator('#run').isEnabled(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.locator('#scenario-title').textContent(), { timeout: 10_000 }).toBe(`Your definitions — ${paste.root}`);
    expect(await modelText(page, '#schema-editor')).toContain(`pub struct ${paste.root}`);
    expect(await page.inputValue('#runs')).toBe('3');
    // Reset asks; declined, nothing is lost.
    const answers: string[] = [];
    page.once('dialog', (dialog) => {
      answers.push(dialog.message());
      void dialog.dismiss();
    });
    await page.click('#reset');
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toContain('drop your edits');
    expect(await page.locator('#scenario-title').textContent()).toBe(`Your definitions — ${paste.root}`);
    // Accepted, the bundled scenario comes back with its own root and numbers.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#reset');
    await expect.poll(() => page.locator('#scenario-title').textContent()).not.toContain('Your definitions');
    expect(await page.locator('#preset').inputValue()).toBe('custom');
    expect(await page.inputValue('#runs')).toBe('5');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes the header the person’s, folds the teaching text one click away, and marks inputs that no longer fit', async () => {
    const paste = await corpusCase('eco_tradingpost_berth_offer');
    const { context, page, errors } = await freshPage();
    const teaching = (await page.locator('#scenario-summary').innerText()).trim();
    expect(teaching.length).toBeGreaterThan(0);
    // Inputs the person has touched are theirs (untouched ones are replaced
    // by inputs made for the paste, tested above): a space after one.
    await page.click('#input-editor .view-lines');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' ');
    // Only the definitions: user-signup's inputs stay, and no longer fit.
    await pasteInto(page, '#schema-editor', paste.schema);
    await expect.poll(() => page.locator('#scenario-title').textContent(), { timeout: 10_000 }).toMatch(/^Your definitions/);
    const details = page.locator('#scenario-summary details.teaching');
    expect(await details.getAttribute('open')).toBeNull();
    await page.click('#scenario-summary details.teaching > summary');
    expect(await details.getAttribute('open')).not.toBeNull();
    expect((await page.locator('#scenario-summary').innerText()).replace(/\s+/g, ' ')).toContain(teaching.replace(/\s+/g, ' ').slice(0, 60));
    // user-signup's inputs are marked at their tabs, with why, before any run.
    await expect.poll(() => page.locator('#input-tabs .tab.misfit').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.locator('#input-tabs [data-input="valid"]').getAttribute('title')).toMatch(/^Does not fit the root: none of this input's keys/);
    // The person's own inputs fit: the marks go.
    await page.click('#input-tabs [data-input="valid"]');
    await pasteInto(page, '#input-editor', paste.valid);
    await page.click('#input-tabs [data-input="invalid"]');
    await pasteInto(page, '#input-editor', paste.invalid);
    await expect.poll(() => page.locator('#input-tabs .tab.misfit').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.locator('#scenario-title').textContent()).toBe(`Your definitions — ${paste.root}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
