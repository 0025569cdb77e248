// Which definitions the page's benchmark module carries compiled code for, and
// so which need compiled code built on demand.
import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../report';
import { hasBundledCode, moduleUrls } from './compiled-client';

const bundled = [{ version: 1, title: 't', schema: 'pub struct A {\n    pub n: u8,\n}\n', inputs: {} } as unknown as ScenarioDocument];

describe('compiled code for edited definitions', () => {
  it('is not needed for a bundled scenario’s definitions, whatever their line endings and trailing blanks', () => {
    expect(hasBundledCode('pub struct A {\r\n    pub n: u8,   \r\n}', bundled)).toBe(true);
    expect(hasBundledCode('\n\npub struct A {\n    pub n: u8,\n}\n\n', bundled)).toBe(true);
  });

  it('is needed once anything else changes, a comment included (rustc sees it)', () => {
    expect(hasBundledCode('pub struct A {\n    pub n: u16,\n}\n', bundled)).toBe(false);
    expect(hasBundledCode('// mine\npub struct A {\n    pub n: u8,\n}\n', bundled)).toBe(false);
  });

  it('is loaded from the local server by its key', () => {
    expect(moduleUrls('0123456789abcdef')).toEqual({
      js: '/api/compiled/0123456789abcdef/overhead_ondemand.js',
      wasm: '/api/compiled/0123456789abcdef/overhead_ondemand_bg.wasm',
    });
  });
});
