import { describe, expect, it } from 'vitest';
import type { NativeNumbers } from '../native';
import type { ScenarioDocument } from '../report';
import { reportOf } from '../test-fixtures';
import { PageState, measuredKey } from './page-state';

const doc = (schema = 'struct A { a: u8 }', extra: Partial<ScenarioDocument> = {}): ScenarioDocument => ({
  version: 1,
  name: 'a',
  title: 'A',
  summary: '',
  schema,
  inputs: { valid: '{"a":1}' },
  variants: ['de'],
  settings: { warmup: 1, runs: 1, iterations: 1 },
  ...extra,
});
const native = (source: NativeNumbers['source']): NativeNumbers => ({ report: reportOf([], { env: { target: 'native', engine_version: '0' } }), source, inputs: null });

describe('PageState', () => {
  it('drops results and every native figure when a scenario loads', () => {
    const state = new PageState();
    const report = reportOf([]);
    state.showReport(report, doc());
    state.importNative(native('imported').report, 'n.json');
    state.load(doc('struct B { b: u8 }'));
    expect(state.report).toBeNull();
    expect(state.native).toBeNull();
    expect(state.liveNative).toBeNull();
    expect(state.scenario?.schema).toBe('struct B { b: u8 }');
  });

  it('keeps recorded figures only for the report still on screen, and never over imported ones', () => {
    const state = new PageState();
    const first = reportOf([]);
    state.showReport(first, doc());
    const second = reportOf([]);
    state.showReport(second, doc());
    // The lookup for the first report answers late: not kept.
    expect(state.offerRecorded(first, native('recorded'))).toBe(false);
    expect(state.native).toBeNull();
    expect(state.offerRecorded(second, native('recorded'))).toBe(true);
    expect(state.native?.numbers.source).toBe('recorded');
    // A new run looks recorded figures up again (the definitions may be edited).
    state.showReport(reportOf([]), doc('struct A { a: u16 }'));
    expect(state.native).toBeNull();
    // The user's imported Report stays through runs, and is not replaced by a recording.
    state.importNative(native('imported').report, 'mine.json');
    const third = reportOf([]);
    state.showReport(third, doc());
    expect(state.wantsRecorded).toBe(false);
    expect(state.offerRecorded(third, native('recorded'))).toBe(false);
    expect(state.native?.fileName).toBe('mine.json');
  });

  it('puts Run natively beside results of the same work only, and keeps it while the work is the same', () => {
    const state = new PageState();
    expect(state.ranNatively(native('live').report, doc())).toBe('alone');
    state.showReport(reportOf([]), doc());
    expect(state.liveNative).not.toBeNull();
    expect(state.ranNatively(native('live').report, doc())).toBe('beside');
    // Other settings are the same work; other inputs are not.
    state.showReport(reportOf([]), doc(undefined, { settings: { warmup: 9, runs: 9, iterations: 9 } }));
    expect(state.liveNative).not.toBeNull();
    state.showReport(reportOf([]), doc(undefined, { inputs: { valid: '{"a":2}' } }));
    expect(state.liveNative).toBeNull();
    expect(state.ranNatively(native('live').report, doc())).toBe('alone');
  });

  it('sets and clears the root on a copy of the scenario', () => {
    const state = new PageState();
    const loaded = doc();
    state.load(loaded);
    state.setRoot('B');
    expect(state.scenario?.root).toBe('B');
    expect(loaded.root).toBeUndefined();
    state.setRoot('');
    expect(state.scenario && 'root' in state.scenario).toBe(false);
  });

  it('tells the first analysis after a restore, once', () => {
    const state = new PageState();
    expect(state.takeRestored()).toBe(false);
    state.markRestored();
    expect(state.takeRestored()).toBe(true);
    expect(state.takeRestored()).toBe(false);
  });

  it('keys measured work by definitions, inputs, root and data, not settings', () => {
    expect(measuredKey(doc())).toBe(measuredKey(doc(undefined, { settings: { warmup: 5, runs: 5, iterations: 5 } })));
    expect(measuredKey(doc())).not.toBe(measuredKey(doc(undefined, { data: 'random' })));
    expect(measuredKey(doc())).not.toBe(measuredKey(doc(undefined, { root: 'A' })));
  });
});
