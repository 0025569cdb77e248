import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, serveDistUnder } from './browser';

let browser: Browser;
let host: { close: () => Promise<void>; url: string };

beforeAll(async () => {
  host = await serveDistUnder('/docs/tools/overhead/');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

it('works from a sub-path of a static host', async () => {
  const page = await browser.newPage();
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(host.url);
  await expect.poll(() => page.isEnabled('#run'), { timeout: 60_000 }).toBe(true);
  await page.fill('#warmup', '0');
  await page.fill('#runs', '1');
  await page.fill('#iterations', '100');
  await page.click('#run');
  await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 60_000 }).toBe(24);
  expect(failed).toEqual([]);
  // No local runner on a static host: Run natively says how to get the same figures.
  await page.click('#run-native');
  await expect.poll(() => page.textContent('#message')).toContain('cannot run natively here');
  expect(await page.textContent('#message')).toMatch(/overhead run user-signup\.json --json/);
  // Edited definitions: no server to build their compiled code, so the page
  // says where compiled numbers come from, and the interpreter runs them.
  await page.click('#schema-editor .view-lines');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n// edited\n');
  await page.click('#run');
  await expect.poll(() => page.textContent('#message'), { timeout: 60_000 }).toContain('Compiled numbers for edited definitions need the local server');
  await expect.poll(() => page.locator('#results .result-row').count(), { timeout: 60_000 }).toBeGreaterThan(0);
  const engines = await page.locator('#results .result-row td:nth-child(2)').allInnerTexts();
  expect(new Set(engines)).toEqual(new Set(['interpreted']));
  await page.close();
});
