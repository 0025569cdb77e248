// The catalog as the page and the embed read it: paths resolved against
// index.json, a site without one is an empty catalog, a malformed one is an
// error saying what is wrong.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findScenario, loadCatalog, loadDocument, readCatalog } from './catalog';

const SITE = new URL('https://docs.example/guide/overhead/');
const INDEX = new URL('scenarios/index.json', SITE);

const index = {
  version: 1,
  notes: ['one note'],
  scenarios: [
    { name: 'user-signup', title: 'User signup', bundled: true, document: 'user-signup.json', native: 'user-signup.native.json', compiled: null },
    {
      name: 'my-order',
      title: 'An order',
      bundled: false,
      document: 'my-order.json',
      native: null,
      compiled: { js: 'compiled/my-order/overhead_ondemand.js', wasm: 'compiled/my-order/overhead_ondemand_bg.wasm', notes: ['prebuilt'] },
    },
    { name: 'broken', title: 'Does not compile', bundled: false, document: 'broken.json', native: null, compiled: null, notes: ['rustc refuses it'] },
  ],
};

/** `fetch` answering from `files` (by absolute URL), 404 otherwise. */
function serve(files: Record<string, string>, type = 'application/json'): void {
  vi.stubGlobal('fetch', async (url: URL | string) => {
    const body = files[String(url)];
    return body === undefined ? new Response('Not found', { status: 404 }) : new Response(body, { headers: { 'Content-Type': type } });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('readCatalog', () => {
  it('resolves every path against index.json, modules to absolute URLs for the Worker', () => {
    const catalog = readCatalog(index, INDEX);
    expect(catalog.notes).toEqual(['one note']);
    const [bundled, extra, broken] = catalog.scenarios;
    expect(bundled).toMatchObject({ name: 'user-signup', bundled: true, compiled: null, notes: [] });
    expect(bundled?.document.href).toBe('https://docs.example/guide/overhead/scenarios/user-signup.json');
    expect(bundled?.native?.href).toBe('https://docs.example/guide/overhead/scenarios/user-signup.native.json');
    expect(extra?.native).toBeNull();
    expect(extra?.compiled).toEqual({
      js: 'https://docs.example/guide/overhead/scenarios/compiled/my-order/overhead_ondemand.js',
      wasm: 'https://docs.example/guide/overhead/scenarios/compiled/my-order/overhead_ondemand_bg.wasm',
      notes: ['prebuilt'],
    });
    expect(broken).toMatchObject({ compiled: null, notes: ['rustc refuses it'] });
    expect(findScenario(catalog, 'my-order')).toBe(extra);
    expect(findScenario(catalog, null)).toBeUndefined();
  });

  it('takes absent notes and native as none', () => {
    const catalog = readCatalog({ version: 1, scenarios: [{ name: 'a', title: 'A', bundled: true, document: 'a.json' }] }, INDEX);
    expect(catalog).toMatchObject({ notes: [], scenarios: [{ native: null, compiled: null, notes: [] }] });
  });

  const broken: [string, unknown, RegExp][] = [
    ['not an object', [], /not a JSON object/],
    ['another version', { ...index, version: 2 }, /version is not 1/],
    ['no list', { version: 1, scenarios: {} }, /must be a list/],
    ['a name for a URL', { version: 1, scenarios: [{ ...index.scenarios[0], name: '../x' }] }, /name/],
    ['bundled as text', { version: 1, scenarios: [{ ...index.scenarios[0], bundled: 'yes' }] }, /bundled/],
    ['no document', { version: 1, scenarios: [{ ...index.scenarios[0], document: undefined }] }, /document must be a path/],
    ['a module elsewhere', { version: 1, scenarios: [{ ...index.scenarios[1], compiled: { js: 'https://evil.example/x.js', wasm: 'x.wasm', notes: [] } }] }, /compiled.js must be on the site/],
    ['notes as text', { ...index, notes: 'x' }, /notes/],
    ['a name twice', { version: 1, scenarios: [index.scenarios[0], index.scenarios[0]] }, /two scenarios are named user-signup/],
  ];
  it.each(broken)('refuses %s', (_, value, error) => {
    expect(() => readCatalog(value, INDEX)).toThrow(error);
  });
});

describe('loadCatalog', () => {
  it('reads the site’s index.json', async () => {
    serve({ [INDEX.href]: JSON.stringify(index) });
    const catalog = await loadCatalog(SITE);
    expect(catalog.scenarios.map((s) => s.name)).toEqual(['user-signup', 'my-order', 'broken']);
  });

  it('is empty, not an error, when the site has none', async () => {
    serve({});
    expect(await loadCatalog(SITE)).toEqual({ version: 1, scenarios: [], notes: [] });
    // A host answering every path with the page (a single-page-app fallback).
    serve({ [INDEX.href]: '<!doctype html><title>Docs</title>' }, 'text/html');
    expect((await loadCatalog(SITE)).scenarios).toEqual([]);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await loadCatalog(SITE)).scenarios).toEqual([]);
  });

  it('is an error naming the file when it is there and malformed', async () => {
    serve({ [INDEX.href]: JSON.stringify({ ...index, version: 7 }) });
    await expect(loadCatalog(SITE)).rejects.toThrow('/guide/overhead/scenarios/index.json: the catalog’s version is not 1');
  });
});

describe('loadDocument', () => {
  const doc = { version: 1, title: 'An order', schema: 'pub struct Order { pub id: u32 }', inputs: { valid: '{"id":1}' } };

  it('fetches and checks the entry’s document, named as the catalog names it', async () => {
    serve({ [new URL('my-order.json', INDEX).href]: JSON.stringify(doc), [INDEX.href]: JSON.stringify(index) });
    const entry = findScenario(await loadCatalog(SITE), 'my-order');
    if (!entry) throw new Error('listed');
    expect(await loadDocument(entry)).toMatchObject({ name: 'my-order', title: 'An order', inputs: { valid: '{"id":1}' } });
  });

  it('refuses a document that is not one, and a missing one', async () => {
    serve({ [new URL('my-order.json', INDEX).href]: JSON.stringify({ ...doc, inputs: {} }), [INDEX.href]: JSON.stringify(index) });
    const catalog = await loadCatalog(SITE);
    const [, extra, broken] = catalog.scenarios;
    if (!extra || !broken) throw new Error('listed');
    await expect(loadDocument(extra)).rejects.toThrow(/not usable.*inputs/);
    await expect(loadDocument(broken)).rejects.toThrow('/guide/overhead/scenarios/broken.json answered 404');
  });
});
