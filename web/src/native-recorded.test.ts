// The native figures shipped with the bundled scenarios: present, current (every
// variant, input and engine the scenario has), and shown only while they still
// describe what is in the editors. Found through the site's catalog, here one
// listing the repository's scenarios/ folder as the build lists it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledScenarios, initSync } from './wasm-pkg/overhead_wasm_analyzer.js';
import { nativeLabel } from './native';
import { recordedNative } from './native-recorded';
import type { ScenarioDocument } from './report';
import { readCatalog } from './scenarios/catalog';

initSync({ module: readFileSync(new URL('./wasm-pkg/overhead_wasm_analyzer_bg.wasm', import.meta.url)) });
const bundled = JSON.parse(bundledScenarios()) as ScenarioDocument[];
/** DESIGN.md: these convert to and from JS objects, so only a browser runs them. */
const WASM_ONLY = new Set(['from-js', 'to-js']);

const folder = new URL('../../scenarios/', import.meta.url);
const names = readdirSync(folder, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const INDEX = new URL('https://site.example/scenarios/index.json');
const native = (name: string) => new URL(`${name}/native.json`, folder);
const catalog = readCatalog(
  {
    version: 1,
    scenarios: names.map((name) => ({
      name,
      title: name,
      bundled: true,
      document: `${name}.json`,
      native: existsSync(native(name)) ? `${name}.native.json` : null,
      compiled: null,
    })),
  },
  INDEX,
);

// The site's files: each scenario's native.json, nothing else.
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: URL) => {
    const name = /\/scenarios\/([\w-]+)\.native\.json$/.exec(url.href)?.[1];
    return name ? new Response(readFileSync(native(name), 'utf8')) : new Response('', { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('recorded native numbers', () => {
  it('exist for every bundled scenario', () => {
    expect(names.filter((name) => !existsSync(native(name)))).toEqual([]);
    expect(names.sort()).toEqual(bundled.map((s) => s.name).sort());
  });

  it.each(bundled.map((s) => [s.name ?? '', s] as const))('of %s cover every variant, input and engine, with their machine', async (_, doc) => {
    const native = await recordedNative(doc, bundled, catalog);
    expect(native).not.toBeNull();
    if (!native) return;
    const { env, results } = native.report;
    expect(env.target).toBe('native');
    for (const field of [env.cpu, env.os, env.rustc, env.date]) expect(field).toBeTruthy();
    expect([...(native.inputs ?? [])].sort()).toEqual(Object.keys(doc.inputs).sort());
    const rows = new Set(results.filter((r) => r.outcome !== 'error').map((r) => `${r.variant} ${r.engine} ${r.input}`));
    for (const variant of doc.variants.filter((v) => !WASM_ONLY.has(v))) {
      for (const input of Object.keys(doc.inputs)) {
        for (const engine of ['compiled', 'interpreted']) expect(rows, 'run `npm run bench -- --record`').toContain(`${variant} ${engine} ${input}`);
      }
    }
    expect(nativeLabel(native)).toContain(env.cpu);
  });

  it('hold only for the inputs and definitions as they ship', async () => {
    const doc = bundled.find((s) => s.name === 'user-signup');
    if (!doc) throw new Error('user-signup is bundled');
    const editedInput = { ...doc, inputs: { ...doc.inputs, invalid: '{"email":"x"}' } };
    expect([...((await recordedNative(editedInput, bundled, catalog))?.inputs ?? [])]).toEqual(['valid']);
    const trailingSpaces = { ...doc, schema: doc.schema.replace(/\n/g, '  \n') };
    expect((await recordedNative(trailingSpaces, bundled, catalog))?.inputs?.size).toBe(2);
    expect(await recordedNative({ ...doc, schema: doc.schema.replace('max_len = 255', 'max_len = 9') }, bundled, catalog)).toBeNull();
    expect(await recordedNative({ ...doc, name: 'mine' }, bundled, catalog)).toBeNull();
  });

  it('of a docs author’s scenario come with its document from the site', async () => {
    const doc = bundled.find((s) => s.name === 'user-signup');
    if (!doc) throw new Error('user-signup is bundled');
    const extra = readCatalog(
      { version: 1, scenarios: [{ name: 'user-signup', title: 't', bundled: false, document: 'user-signup.json', native: 'user-signup.native.json' }] },
      INDEX,
    );
    vi.stubGlobal('fetch', async (url: URL) =>
      url.pathname.endsWith('.native.json') ? new Response(readFileSync(native('user-signup'), 'utf8')) : new Response(JSON.stringify(doc)),
    );
    expect((await recordedNative(doc, [], extra))?.inputs?.size).toBe(2);
    // Without the site's catalog (a page served by something else), none.
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    expect(await recordedNative(doc, bundled)).toBeNull();
  });
});
