// Compiled code for definitions the benchmark module lacks: on a static host,
// the module the site prebuilt for a docs author's scenario (no server asked);
// otherwise what the local server builds, or the interpreter alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioDocument } from '../report';
import { readCatalog } from '../scenarios/catalog';
import { BUSY } from '../../compiled-server';
import { compiledFor, STATIC_HOST } from './compiled-step';

const SITE = new URL('https://docs.example/overhead/scenarios/index.json');
const schema = '#[derive(Deserialize)]\npub struct Order {\n    pub id: u32,\n}\n';
const shipped: ScenarioDocument = { version: 1, name: 'my-order', title: 'Order', summary: '', schema, inputs: { valid: '{"id":1}' }, variants: ['de'], settings: { iterations: 10, runs: 1, warmup: 0 } };
const catalog = readCatalog(
  {
    version: 1,
    scenarios: [
      { name: 'user-signup', title: 'Signup', bundled: true, document: 'user-signup.json', compiled: null },
      { name: 'my-order', title: 'Order', bundled: false, document: 'my-order.json', compiled: { js: 'compiled/my-order/m.js', wasm: 'compiled/my-order/m.wasm', notes: ['prebuilt with the site'] } },
    ],
  },
  SITE,
);

/** The site's files; any other request (the local server's API) is recorded, and answered 404 as a static host does. */
function staticHost(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: URL | string) => {
    if (String(url) === new URL('my-order.json', SITE).href) return new Response(JSON.stringify(shipped));
    asked.push(String(url));
    return new Response('', { status: 404 });
  });
  return asked;
}

function view() {
  const said: string[] = [];
  return { said, view: { progress: (t: string) => said.push(t), message: (t: string) => said.push(t), rustc: () => undefined, translations: () => undefined } };
}

afterEach(() => vi.unstubAllGlobals());

describe('compiledFor', () => {
  it('runs a docs author’s scenario with the module the site prebuilt, without a server', async () => {
    const asked = staticHost();
    const { said, view: v } = view();
    // Edited only in line endings and trailing blanks: the same definitions.
    const doc = { ...shipped, schema: schema.replace(/\n/g, '  \r\n'), inputs: { valid: '{"id":2}' } };
    expect(await compiledFor(doc, v, undefined, catalog)).toEqual({
      js: 'https://docs.example/overhead/scenarios/compiled/my-order/m.js',
      wasm: 'https://docs.example/overhead/scenarios/compiled/my-order/m.wasm',
      notes: ['prebuilt with the site'],
    });
    expect(asked).toEqual([]);
    expect(said).toEqual([]);
  });

  it('finds the module by the definitions, whatever the document is named', async () => {
    staticHost();
    const { view: v } = view();
    expect((await compiledFor({ ...shipped, name: 'renamed' }, v, undefined, catalog))?.js).toMatch(/my-order\/m\.js$/);
  });

  it('asks the local server for other definitions, and says a static host has none', async () => {
    const asked = staticHost();
    const { said, view: v } = view();
    const edited = { ...shipped, schema: schema.replace('u32', 'u64') };
    expect(await compiledFor(edited, v, undefined, catalog)).toBeUndefined();
    expect(asked).toEqual(['/api/compiled']);
    expect(said).toEqual([STATIC_HOST]);
  });

  it('says in one sentence that another build is still going, and runs the interpreter', async () => {
    vi.stubGlobal('fetch', async (url: URL | string, init?: RequestInit) => {
      if (String(url) !== '/api/compiled') return new Response('', { status: 404 });
      if (init?.method === 'POST') return Response.json({ error: BUSY }, { status: 409 });
      return Response.json({ available: true });
    });
    const { said, view: v } = view();
    const edited = { ...shipped, schema: schema.replace('u32', 'u64') };
    expect(await compiledFor(edited, v, undefined, catalog)).toEqual({ notes: [`no compiled code built on demand: ${BUSY}`] });
    const message = said.at(-1) ?? '';
    expect(message).toBe(`No compiled code for these definitions: ${BUSY}. The interpreter runs them.`);
    expect(message).not.toMatch(/\.\./);
  });
});
