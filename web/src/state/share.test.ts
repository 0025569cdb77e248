import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Report, ScenarioDocument } from '../report';
import { PREFIX, readShareFragment, shareFragment } from './share';

const doc: ScenarioDocument = {
  version: 1,
  name: 'user-signup',
  title: 'User signup <img src=x onerror=alert(1)>',
  summary: '**bold** <script>alert(1)</script>',
  root: 'UserSignup',
  schema: 'struct UserSignup { #[validate(email)] email: String }',
  inputs: { valid: '{"email": "a@b.co"}', invalid: '{"email": "nope"}', extra: '[]' },
  variants: ['de', 'de+validate'],
  settings: { iterations: 1000, runs: 3, warmup: 10 },
};

const report: Report = {
  scenario: 'user-signup',
  env: { target: 'wasm', engine_version: '0.1.0', browser: 'Chromium' },
  settings: { iterations: 1000, runs: 3, warmup: 10 },
  timer: { resolution_ns: 5000, overhead_ns: 30 },
  results: [
    {
      variant: 'de',
      engine: 'interpreted',
      input: 'invalid',
      data: 'serial',
      outcome: 'invalid',
      violations: [{ path: 'email', code: 'email', message: 'must be an email' }],
      size: 17,
      runs_ns: [120, 121, 119],
      median_ns: 120,
      min_ns: 119,
      max_ns: 121,
      mean_ns: 120,
    },
  ],
  notes: ['a note'],
};

describe('share links', () => {
  it('round-trip a document, text kept as text', () => {
    const fragment = shareFragment(doc);
    expect(fragment.startsWith(PREFIX)).toBe(true);
    expect(fragment).toMatch(/^#v1=[A-Za-z0-9+\-$]*$/);
    expect(readShareFragment(fragment)).toEqual({ ok: true, doc });
  });

  it('carry results when asked, checked as a Report', () => {
    const checked = readShareFragment(shareFragment({ ...doc, results: report }));
    expect(checked).toEqual({ ok: true, doc: { ...doc, results: report } });
  });

  it.each([
    ['garbage', `${PREFIX}%%%not-lz`, 'damaged'],
    ['an empty link', PREFIX, 'damaged'],
    ['valid lz of non-JSON', PREFIX + compressToEncodedURIComponent('hello'), 'not valid JSON'],
    ['another version', PREFIX + compressToEncodedURIComponent(JSON.stringify({ ...doc, version: 2 })), 'version is not 1'],
    [
      'results that are not a Report',
      PREFIX + compressToEncodedURIComponent(JSON.stringify({ ...doc, results: { ...report, results: [{ variant: 1 }] } })),
      'its results are not a Report',
    ],
    [
      'absurd settings',
      PREFIX + compressToEncodedURIComponent(JSON.stringify({ ...doc, settings: { iterations: -5, runs: 1, warmup: 0 } })),
      'settings.iterations',
    ],
    ['an oversized link', PREFIX + 'A'.repeat((16 << 10) + 1), 'too long'],
  ])('refuse %s with a message, leaving the work alone', (_what, fragment, message) => {
    const checked = readShareFragment(fragment);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error).toContain(message);
  });

  it('refuse a link that unpacks past the document limit (a zip bomb)', () => {
    // The limit scaled down: packing megabytes with lz-string takes seconds.
    const limits = { fragment: 16 << 10, document: 1 << 20 };
    const bomb = shareFragment({ ...doc, schema: 'a'.repeat(1 << 20) });
    expect(bomb.length).toBeLessThan(limits.fragment);
    const checked = readShareFragment(bomb, limits);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error).toContain('more than the 1 MiB');
  });
});
