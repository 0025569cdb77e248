// The dev server's scenario catalog: files below /scenarios/ of its folder, of
// the catalog's kinds, and nothing else of the machine.
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogFile } from '../catalog-server';

const dir = join(sep, 'work', 'target', 'dev-site', 'scenarios');

describe('catalogFile', () => {
  it('maps the catalog’s paths into its folder', () => {
    expect(catalogFile(dir, '/scenarios/index.json')).toBe(join(dir, 'index.json'));
    expect(catalogFile(dir, '/scenarios/my-order.native.json?t=1')).toBe(join(dir, 'my-order.native.json'));
    expect(catalogFile(dir, '/scenarios/compiled/my-order/overhead_ondemand_bg.wasm')).toBe(join(dir, 'compiled', 'my-order', 'overhead_ondemand_bg.wasm'));
  });

  it('leaves every other path to the page', () => {
    for (const url of ['/', '/index.html', '/src/main.ts', '/scenarios', '/scenariosx/index.json']) expect(catalogFile(dir, url)).toBeNull();
  });

  it('serves nothing outside its folder, nor files of other kinds', () => {
    for (const url of ['/scenarios/../../../etc/passwd.json', '/scenarios/%2e%2e/%2e%2e/secret.json', '/scenarios/..%2f..%2fsecret.js', '/scenarios/notes.txt', '/scenarios/', '/scenarios/%zz.json']) {
      expect(catalogFile(dir, url)).toBeNull();
    }
  });
});
