// The native figures shipped with the bundled scenarios: present, current (every
// variant, input and engine the scenario has), and shown only while they still
// describe what is in the editors.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledScenarios, initSync } from './wasm-pkg/overhead_wasm_analyzer.js';
import { nativeLabel } from './native';
import { recordedNative, recordedScenarios } from './native-recorded';
import type { ScenarioDocument } from './report';

initSync({ module: readFileSync(new URL('./wasm-pkg/overhead_wasm_analyzer_bg.wasm', import.meta.url)) });
const bundled = JSON.parse(bundledScenarios()) as ScenarioDocument[];
/** DESIGN.md: these convert to and from JS objects, so only a browser runs them. */
const WASM_ONLY = new Set(['from-js', 'to-js']);

describe('recorded native numbers', () => {
  it('exist for every bundled scenario', () => {
    expect(recordedScenarios.sort()).toEqual(bundled.map((s) => s.name).sort());
  });

  it.each(bundled.map((s) => [s.name ?? '', s] as const))('of %s cover every variant, input and engine, with their machine', async (_, doc) => {
    const native = await recordedNative(doc, bundled);
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
    expect([...((await recordedNative(editedInput, bundled))?.inputs ?? [])]).toEqual(['valid']);
    const trailingSpaces = { ...doc, schema: doc.schema.replace(/\n/g, '  \n') };
    expect((await recordedNative(trailingSpaces, bundled))?.inputs?.size).toBe(2);
    expect(await recordedNative({ ...doc, schema: doc.schema.replace('max_len = 255', 'max_len = 9') }, bundled)).toBeNull();
    expect(await recordedNative({ ...doc, name: 'mine' }, bundled)).toBeNull();
  });
});
