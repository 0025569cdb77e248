// The page's scenarios by name: the bundled ones it holds, then a docs
// author's from the site's catalog.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioDocument } from '../report';
import { readCatalog } from './catalog';
import { scenarioChoices, scenarioNamed } from './named';

const INDEX = new URL('https://docs.example/scenarios/index.json');
const doc = (name: string, title: string): ScenarioDocument => ({ version: 1, name, title, summary: '', schema: 'pub struct A { pub n: u8 }', inputs: { valid: '{"n":1}' }, variants: ['de'], settings: { iterations: 10, runs: 1, warmup: 0 } });
const held = [doc('user-signup', 'User signup'), doc('car', 'Car')];
const catalog = readCatalog(
  {
    version: 1,
    scenarios: [
      { name: 'car', title: 'Car', bundled: true, document: 'car.json' },
      { name: 'user-signup', title: 'User signup', bundled: true, document: 'user-signup.json' },
      { name: 'my-order', title: 'My order', bundled: false, document: 'my-order.json' },
      { name: 'gone', title: 'Gone', bundled: false, document: 'gone.json' },
    ],
  },
  INDEX,
);

afterEach(() => vi.unstubAllGlobals());

describe('the page’s scenarios', () => {
  it('offers the held ones first, then the site’s others, each once', () => {
    expect(scenarioChoices(held, catalog).map((c) => c.name)).toEqual(['user-signup', 'car', 'my-order', 'gone']);
    expect(scenarioChoices(held, { version: 1, scenarios: [], notes: [] })).toEqual([
      { name: 'user-signup', title: 'User signup' },
      { name: 'car', title: 'Car' },
    ]);
  });

  it('finds a held scenario without a fetch, and a docs author’s in the site', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      fetched.push(url.pathname);
      return url.pathname === '/scenarios/my-order.json' ? new Response(JSON.stringify(doc('x', 'My order'))) : new Response('', { status: 404 });
    });
    expect(await scenarioNamed('car', held, catalog)).toBe(held[1]);
    expect(fetched).toEqual([]);
    expect(await scenarioNamed('my-order', held, catalog)).toMatchObject({ name: 'my-order', title: 'My order' });
    expect(await scenarioNamed('nope', held, catalog)).toBeUndefined();
    expect(await scenarioNamed(null, held, catalog)).toBeUndefined();
    const problems: string[] = [];
    expect(await scenarioNamed('gone', held, catalog, (m) => problems.push(m))).toBeUndefined();
    expect(problems).toEqual(['The scenario “gone” could not be loaded: /scenarios/gone.json answered 404']);
  });
});
