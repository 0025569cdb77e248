import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aptCommands, debianAction, lockedVersion, npmAction, wasmBindgenAction, wasmBindgenVersion } from './decide.mjs';

describe('setup decides from what is there', () => {
  it('installs a missing Debian package as root, asks for it otherwise, and leaves an installed one', () => {
    assert.equal(debianAction({ installed: false, root: true }), 'install');
    assert.equal(debianAction({ installed: false, root: false }), 'ask');
    assert.equal(debianAction({ installed: true, root: true }), 'present');
    assert.equal(debianAction({ installed: true, root: false }), 'present');
  });

  it('installs with apt-get after updating its lists, without questions or recommends', () => {
    assert.deepEqual(aptCommands('chromium'), [
      ['apt-get', ['update', '-qq']],
      ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']],
    ]);
  });

  it('pins wasm-bindgen-cli to the library version in Cargo.lock', () => {
    const lock = '[[package]]\nname = "wasm-bindgen"\nversion = "0.2.130"\n\n[[package]]\nname = "wasm-bindgen-backend"\nversion = "0.2.99"\n';
    assert.equal(lockedVersion(lock, 'wasm-bindgen'), '0.2.130');
    assert.equal(lockedVersion(lock, 'wasm'), null);
    assert.equal(wasmBindgenVersion('wasm-bindgen 0.2.130\n'), '0.2.130');
    assert.equal(wasmBindgenVersion(null), null);
    assert.equal(wasmBindgenAction({ have: '0.2.130', want: '0.2.130' }), 'keep');
    assert.equal(wasmBindgenAction({ have: '0.2.129', want: '0.2.130' }), 'install');
    assert.equal(wasmBindgenAction({ have: null, want: '0.2.130' }), 'install');
  });

  it('installs npm packages from the lock on a fresh clone, again when the lock changed', () => {
    assert.equal(npmAction({ installedAt: null, lockChangedAt: 5 }), 'ci');
    assert.equal(npmAction({ installedAt: 4, lockChangedAt: 5 }), 'install');
    assert.equal(npmAction({ installedAt: 6, lockChangedAt: 5 }), 'keep');
  });
});
