// The book's static server must behave as a static host: files and folder
// indexes only from its folder, and no cross-origin isolation headers (their
// absence is what the book's embeds are tested against).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { serveStatic } from './static-server.mjs';

let dir;
let served;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-server-'));
  mkdirSync(join(dir, 'book', 'overhead'), { recursive: true });
  writeFileSync(join(dir, 'book', 'index.html'), '<p>book</p>');
  writeFileSync(join(dir, 'book', 'overhead', 'index.html'), '<p>site</p>');
  writeFileSync(join(dir, 'book', 'overhead', 'module.wasm'), 'wasm');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
  served = await serveStatic(join(dir, 'book'));
});

after(async () => {
  await served?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('serves a folder as its index.html, with a query string as an embed has', async () => {
  const response = await fetch(`${served.url}overhead/?embed&scenario=user-signup`);
  assert.equal(response.status, 200);
  assert.equal(await response.text(), '<p>site</p>');
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
});

test('sends no cross-origin isolation headers', async () => {
  const response = await fetch(served.url);
  assert.equal(response.headers.get('cross-origin-opener-policy'), null);
  assert.equal(response.headers.get('cross-origin-embedder-policy'), null);
});

test('serves wasm as application/wasm, for streaming compilation', async () => {
  const response = await fetch(`${served.url}overhead/module.wasm`);
  assert.equal(response.headers.get('content-type'), 'application/wasm');
});

test('answers 404 for a missing file and for a path out of its folder', async () => {
  assert.equal((await fetch(`${served.url}missing.html`)).status, 404);
  // fetch normalises "..", so the escape is percent-encoded as a raw request would be.
  assert.equal((await fetch(`${served.url}%2e%2e/secret.txt`)).status, 404);
  assert.equal((await fetch(`${served.url}..%2fsecret.txt`)).status, 404);
});
