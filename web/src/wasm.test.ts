// The two wasm modules themselves, through the API the Workers call, in Node.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { initSync, run, rustVerdicts } from './wasm-pkg/overhead_wasm.js';
import {
  analyze,
  buildInfo,
  bundledScenarios,
  initSync as initAnalyzer,
  measureTimer,
} from './wasm-pkg/overhead_wasm_analyzer.js';
import type { Env, Report, ScenarioDocument, TimerInfo } from './report';

const benchmarkModule = initSync({ module: readFileSync(new URL('./wasm-pkg/overhead_wasm_bg.wasm', import.meta.url)) });
const analyzerModule = initAnalyzer({ module: readFileSync(new URL('./wasm-pkg/overhead_wasm_analyzer_bg.wasm', import.meta.url)) });

function bundled(name: string): ScenarioDocument {
  const docs = JSON.parse(bundledScenarios()) as ScenarioDocument[];
  const doc = docs.find((d) => d.name === name);
  if (!doc) throw new Error(`${name} is not bundled`);
  return doc;
}

function userSignup(): ScenarioDocument {
  return bundled('user-signup');
}

function quickRun(doc: ScenarioDocument, request: Record<string, unknown> = {}): Report {
  const settings = { iterations: 3, runs: 1, warmup: 0 };
  const page = { scenario: doc, request: { settings, ...request }, env: {} };
  return JSON.parse(run(JSON.stringify(page), () => undefined, [])) as Report;
}

describe('overhead-wasm', () => {
  it('bundles user-signup with the seed-000 struct and inputs', () => {
    const doc = userSignup();
    expect(doc.schema).toContain('#[validate(email, max_len = 255)]');
    expect(JSON.parse(doc.inputs['valid'] ?? '')).toEqual({ email: 'alice@example.com', age: 25, username: 'alice123' });
    expect(Object.keys(doc.inputs).sort()).toEqual(['invalid', 'valid']);
    expect(doc.settings).toEqual({ iterations: 500000, runs: 5, warmup: 50000 });
  });

  it('describes its build as a wasm target of this version', () => {
    const build = JSON.parse(buildInfo()) as Env;
    expect(build.target).toBe('wasm');
    expect(build.engine_version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('measures the timer with performance.now()', () => {
    const timer = JSON.parse(measureTimer()) as TimerInfo;
    expect(timer.resolution_ns).toBeGreaterThan(0);
    expect(timer.overhead_ns).toBeGreaterThan(0);
  });

  it('runs de and returns a Report with progress along the way', () => {
    const messages: { phase: string; done?: number; total?: number; outcomes?: { input: string; outcome: string }[] }[] = [];
    const settings = { iterations: 200, runs: 3, warmup: 20 };
    const request = {
      scenario: userSignup(),
      request: { settings, variants: ['de'], engines: 'compiled' },
      env: { browser: 'node', date: '2026-11-21T00:00:00Z' },
    };
    const report = JSON.parse(run(JSON.stringify(request), (p: string) => messages.push(JSON.parse(p)), [])) as Report;
    // First, before any timing, what each job returned on its checking run…
    const [checked, ...progress] = messages;
    expect(checked?.phase).toBe('checked');
    expect(checked?.outcomes?.map((o) => [o.input, o.outcome])).toEqual([
      ['valid', 'ok'],
      ['invalid', 'ok'],
    ]);
    expect(report.env.target).toBe('wasm');
    expect(report.env.browser).toBe('node');
    expect(report.settings).toEqual(settings);
    expect(report.results.map((r) => [r.variant, r.engine, r.input, r.outcome])).toEqual([
      ['de', 'compiled', 'valid', 'ok'],
      ['de', 'compiled', 'invalid', 'ok'],
    ]);
    for (const r of report.results) {
      expect(r.runs_ns).toHaveLength(3);
      expect(r.median_ns).toBeGreaterThan(0);
      expect(Number.isFinite(r.median_ns)).toBe(true);
    }
    // …then the warm-up of each job, 3 interleaved runs of each, and the final report.
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(progress.every((p) => p.total === 8)).toBe(true);
  });

  it('runs the validation variants and the peers, with the violations of the invalid input', () => {
    const settings = { iterations: 50, runs: 1, warmup: 0 };
    const request = { scenario: userSignup(), request: { settings }, env: {} };
    const report = JSON.parse(run(JSON.stringify(request), () => undefined, [])) as Report;
    const rows = report.results.map((r) => `${r.variant} ${r.engine} ${r.input} ${r.outcome}`);
    expect(rows).toContain('de+validate compiled invalid invalid');
    expect(rows).toContain('validate-on-de compiled valid ok');
    expect(rows).toContain('validate-on-de/fail-fast compiled invalid invalid');
    expect(rows).toContain('de+validate peer:garde invalid invalid');
    expect(rows).toContain('validate-on-de peer:domainstack valid ok');
    const integrated = report.results.find((r) => r.variant === 'validate-on-de' && r.engine === 'compiled' && r.input === 'invalid');
    expect(integrated?.violations?.map((v) => `${v.path}:${v.code}`)).toEqual([
      'email:email',
      'age:range',
      'username:alphanumeric',
      'username:length',
    ]);
  });

  it('reads nesting up to serde_json\'s limit in wasm, and deeper input is an error, not a trap', () => {
    const nest = (depth: number) => `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;
    const doc: ScenarioDocument = {
      ...userSignup(),
      root: 'A',
      schema: '#[derive(Deserialize, Validate)]\nstruct A { #[validate(nested)] a: Option<Box<A>>, #[serde(default)] v: serde_json::Value }',
      inputs: { valid: nest(125), arrays: `{"v":${'['.repeat(126)}${']'.repeat(126)}}`, invalid: nest(5000) },
      variants: ['de', 'validate-on-de', 'ser', 'to-js'],
    };
    const report = quickRun(doc, { engines: 'interpreted' });
    const outcomes = report.results.map((r) => `${r.variant} ${r.input} ${r.outcome}`);
    expect(outcomes).toContain('de valid ok');
    expect(outcomes).toContain('de arrays ok');
    expect(outcomes).toContain('validate-on-de valid ok');
    expect(outcomes).toContain('ser valid ok');
    expect(outcomes).toContain('to-js valid ok');
    const deep = report.results.find((r) => r.variant === 'de' && r.input === 'invalid');
    expect(deep?.outcome).toBe('error');
    expect(deep?.message).toMatch(/recursion limit exceeded/);
  });

  it('refuses definitions nested past the analyzer\'s limit with a diagnostic, not a crash', () => {
    const deep = `struct A { x: ${'Option<'.repeat(3000)}u8${'>'.repeat(3000)} }`;
    const result = JSON.parse(analyze(deep, undefined, "[]")) as { diagnostics: { line: number; column: number; message: string }[]; runnable: boolean };
    expect(result.runnable).toBe(false);
    expect(result.diagnostics[0]?.message).toMatch(/nested more than 32 levels/);
    expect(result.diagnostics[0]?.line).toBe(1);
  });

  it('does not grow its memory from run to run: ten runs hold what the first did', () => {
    const settings = { iterations: 500, runs: 2, warmup: 0 };
    const page = JSON.stringify({ scenario: userSignup(), request: { settings }, env: {} });
    run(page, () => undefined, []);
    const afterFirst = benchmarkModule.memory.buffer.byteLength;
    for (let i = 0; i < 9; i++) run(page, () => undefined, []);
    const afterTen = benchmarkModule.memory.buffer.byteLength;
    expect(afterTen).toBeLessThanOrEqual(afterFirst * 1.1);
  }, 60_000);

  it('stops settings that would keep the page busy for hours, with the estimate, before timing', () => {
    const page = {
      scenario: userSignup(),
      request: { settings: { iterations: 100_000_000, runs: 1_000, warmup: 1_000 }, variants: ['de'], engines: 'compiled', inputs: ['valid'] },
      env: {},
    };
    const started = performance.now();
    expect(() => run(JSON.stringify(page), () => undefined, [])).toThrow(/would take about \d+ h( \d+ min)? .*; the limit is 15 min: lower the iterations or runs/);
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('throws a clear error for bad settings and edited definitions, before timing', () => {
    const zeroRuns = { scenario: userSignup(), request: { settings: { iterations: 1, runs: 0, warmup: 0 } }, env: {} };
    expect(() => run(JSON.stringify(zeroRuns), () => undefined, [])).toThrow('runs must be between 1 and 1000, got 0');
    const broken = { scenario: { ...userSignup(), schema: 'struct UserSignup { email String }' }, request: {}, env: {} };
    expect(() => run(JSON.stringify(broken), () => undefined, [])).toThrow(/1:\d+: error: expected `:`/);
    expect(() => run('{"scenario": 1}', () => undefined, [])).toThrow(/invalid type/);
  });

  it('runs edited definitions with the interpreter, and says why only it runs', () => {
    const schema = 'struct UserSignup { #[validate(length(min = 3))] username: String, age: u8 }';
    const doc = { ...userSignup(), schema, inputs: { valid: '{"username": "ab", "age": 30}' } };
    const report = quickRun(doc, { variants: ['de+validate'] });
    expect(report.results.map((r) => `${r.variant} ${r.engine} ${r.outcome}`)).toEqual(['de+validate interpreted invalid']);
    expect(report.results[0]?.violations?.map((v) => `${v.path}:${v.code}`)).toEqual(['username:length']);
    expect(report.notes?.[0]).toMatch(/only the interpreted engine runs them/);
  });

  it('runs definitions that name a type they do not define, in the form the inputs show, and says so', () => {
    const schema = 'struct UserSignup { #[validate(length(min = 3))] username: String, id: UserId }';
    const doc = { ...userSignup(), schema, inputs: { valid: '{"username": "ab", "id": "u-1"}' } };
    const report = quickRun(doc, { variants: ['de+validate'] });
    expect(report.results.map((r) => `${r.variant} ${r.engine} ${r.outcome}`)).toEqual(['de+validate interpreted invalid']);
    expect(report.notes?.some((n) => n.startsWith('assumed: 1:') && n.includes('`UserId` is not defined in the paste; it is read as a string'))).toBe(true);
  });

  it('runs the three flatten forms and the serde_fast_flatten peer on seed 003\'s workload', () => {
    const doc = bundled('nested-flatten');
    expect(doc.repeat).toBe(1000);
    const report = quickRun(doc);
    const rows = report.results.filter((r) => r.engine !== 'interpreted').map((r) => `${r.variant} ${r.engine} ${r.outcome}`);
    expect(rows).toEqual([
      'de/serde-flatten compiled ok',
      'de/fast-flatten compiled ok',
      'de/fast-flatten peer:serde_fast_flatten ok',
      'de/unflattened compiled ok',
      'ser/serde-flatten compiled ok',
      'ser/fast-flatten compiled ok',
      'ser/fast-flatten peer:serde_fast_flatten ok',
      'ser/unflattened compiled ok',
    ]);
    const size = (variant: string) => report.results.find((r) => r.variant === variant)?.size ?? 0;
    // 1,000 objects; the nested form spells out `"b":{"c":{…}}` and `"d":{…}`.
    expect(size('de/fast-flatten')).toBe(size('de/serde-flatten'));
    expect(size('de/unflattened')).toBeGreaterThan(size('de/fast-flatten'));
    // The interpreter runs the three forms too, on the same texts.
    const interpreted = report.results.filter((r) => r.engine === 'interpreted');
    expect(interpreted.map((r) => `${r.variant} ${r.outcome} ${r.size}`)).toEqual(
      report.results.filter((r) => r.engine === 'compiled').map((r) => `${r.variant} ${r.outcome} ${r.size}`),
    );
  });

  it('encodes and decodes the Car message with serial and random data', () => {
    const doc = bundled('car');
    const serial = quickRun(doc);
    expect(serial.results.filter((r) => r.engine === 'compiled').map((r) => r.variant)).toEqual([
      'enc/json',
      'dec/json',
      'enc/postcard',
      'dec/postcard',
      'enc/json-reuse',
      'enc/postcard-reuse',
    ]);
    expect(serial.results.every((r) => r.outcome === 'ok' && r.data === 'serial')).toBe(true);
    // The interpreter encodes the same bytes.
    const sizes = (engine: string) => serial.results.filter((r) => r.engine === engine).map((r) => r.size);
    expect(sizes('interpreted')).toEqual(sizes('compiled'));
    const postcard = serial.results.find((r) => r.variant === 'enc/postcard');
    const json = serial.results.find((r) => r.variant === 'enc/json');
    expect(postcard?.size).toBeGreaterThan(0);
    expect(postcard?.size).toBeLessThan(json?.size ?? 0);
    const random = quickRun(doc, { data: 'random', engines: 'compiled' });
    expect(random.results.every((r) => r.outcome === 'ok' && r.data === 'random')).toBe(true);
    expect(random.results.find((r) => r.variant === 'enc/postcard')?.size).not.toBe(postcard?.size);
  });

  it('converts the API payload to and from JS objects through serde-wasm-bindgen', () => {
    const report = quickRun(bundled('api-payload'));
    const rows = report.results.map((r) => `${r.variant} ${r.input} ${r.outcome}`);
    for (const variant of ['de', 'ser', 'from-value', 'to-value', 'from-js', 'to-js']) {
      expect(rows).toContain(`${variant} valid ok`);
    }
    expect(rows).toContain('validate-on-de invalid invalid');
    expect(report.notes ?? []).toEqual([]);
  });

  it('times each rule alone for the breakdown, on the values each input holds', () => {
    const report = quickRun(userSignup(), { variants: ['de', 'validate-on-de'], engines: 'interpreted', breakdown: true });
    const sites = (input: string) => (report.breakdown ?? []).filter((c) => c.input === input).map((c) => `${c.path}:${c.rule}:${c.detail ?? ''}:${c.failed}`);
    // In the order validation runs them; the harness the costs are taken net of is not listed.
    expect(sites('valid')).toEqual([
      'email:email::false',
      'email:length:max 255:false',
      'age:range:18–120:false',
      'username:alphanumeric::false',
      'username:length:min 3:false',
      'username:length:max 20:false',
    ]);
    expect(sites('invalid').filter((s) => s.endsWith(':true'))).toEqual([
      'email:email::true',
      'age:range:18–120:true',
      'username:alphanumeric::true',
      'username:length:min 3:true',
    ]);
    for (const cost of report.breakdown ?? []) {
      expect(cost.values).toBe(1);
      expect(cost.runs_ns).toHaveLength(1);
      expect(Number.isFinite(cost.median_ns)).toBe(true);
    }
    // The rows the breakdown is read against are timed beside it.
    expect(report.results.map((r) => `${r.variant} ${r.input}`)).toEqual(['de valid', 'de invalid', 'validate-on-de valid', 'validate-on-de invalid']);
  });

  it('says why there is no breakdown when the run cannot give one', () => {
    const compiledOnly = quickRun(userSignup(), { variants: ['de+validate'], engines: 'compiled', breakdown: true });
    expect(compiledOnly.breakdown ?? []).toEqual([]);
    expect(compiledOnly.notes).toContain("no breakdown of rules: it times the interpreted engine's rules, which this run leaves out");
    const noValidation = quickRun(userSignup(), { variants: ['de'], breakdown: true });
    expect(noValidation.notes).toContain('no breakdown of rules: no validation variant (de+validate, validate-on-de) runs');
  });

  it('times passing a JS string into wasm (str-in) apart from parsing it', () => {
    const report = quickRun(userSignup(), { variants: ['de', 'str-in'] });
    expect(report.results.map((r) => `${r.variant} ${r.engine} ${r.input} ${r.outcome}`)).toEqual([
      'de compiled valid ok',
      'de interpreted valid ok',
      'de compiled invalid ok',
      'de interpreted invalid ok',
      'str-in compiled valid ok',
      'str-in compiled invalid ok',
    ]);
  });

  it('times the page\'s own JS jobs in the same loop, and drops one that disagrees with Rust', () => {
    let calls = 0;
    const info = (engine: string, input: string, outcome: string) =>
      JSON.stringify({ variant: 'de+validate', engine, input, outcome, violations: [], size: 10 });
    const jobs = [
      { info: info('js', 'valid', 'ok'), batch: (n: number) => void (calls += n) },
      { info: info('peer:zod', 'valid', 'invalid'), batch: () => undefined },
    ];
    const page = { scenario: userSignup(), request: { settings: { iterations: 3, runs: 2, warmup: 0 }, variants: ['de+validate'], inputs: ['valid'] }, env: {} };
    const report = JSON.parse(run(JSON.stringify(page), () => undefined, jobs)) as Report;
    expect(report.results.map((r) => `${r.engine} ${r.outcome}`)).toEqual(['compiled ok', 'interpreted ok', 'peer:validator ok', 'peer:garde ok', 'peer:domainstack ok', 'js ok']);
    expect(calls).toBeGreaterThanOrEqual(6);
    expect(report.notes?.some((n) => n.includes('peer:zod') && n.includes('valid'))).toBe(true);
    expect(() => run(JSON.stringify(page), () => undefined, [{ info: '{}', batch: () => undefined }])).toThrow(/missing field/);
  });

  it('analyses definitions for the editor: types, and diagnostics at their line and column', () => {
    const ok = JSON.parse(analyze(userSignup().schema, 'UserSignup', '[]')) as { types: string[]; diagnostics: unknown[]; runnable: boolean };
    expect(ok).toEqual({ types: ['UserSignup'], diagnostics: [], runnable: true, assumed: [], automatic: null, misfits: [] });
    const text = 'struct A {\n    #[validate(emial)]\n    email: String,\n    when: Widget,\n}\n';
    const broken = JSON.parse(analyze(text, undefined, '[]')) as {
      diagnostics: { severity: string; message: string; line: number; column: number }[];
      runnable: boolean;
    };
    expect(broken.runnable).toBe(false);
    expect(broken.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity}`)).toEqual(['2:16 error', '4:11 warning']);
    expect(broken.diagnostics[0]?.message).toContain('did you mean `email`');
    expect(broken.diagnostics[1]?.message).toContain('`Widget` is not defined in the paste');
  });

  it('keeps nothing of earlier edits: analysing a long paste again and again holds its memory, and lines stay right', () => {
    // A 328-line garde paste from the corpus. Each analysis parses it whole;
    // before the modules released the texts parsed earlier, 200 edits kept
    // 6.4 MB in the analyzer and 50 engine builds 1.4 MB in the benchmark module.
    const paste = readFileSync(new URL('../../crate/engine/tests/real_world/garde2_qctl_chore_ledger.rs', import.meta.url), 'utf8');
    analyze(paste, undefined, '[]');
    rustVerdicts(paste, undefined, '[]');
    const analyzerBefore = analyzerModule.memory.buffer.byteLength;
    const benchmarkBefore = benchmarkModule.memory.buffer.byteLength;
    for (let i = 0; i < 200; i++) analyze(paste, undefined, '[]');
    for (let i = 0; i < 50; i++) rustVerdicts(paste, undefined, '[]');
    expect(analyzerModule.memory.buffer.byteLength - analyzerBefore).toBeLessThan(1 << 20);
    expect(benchmarkModule.memory.buffer.byteLength - benchmarkBefore).toBeLessThan(1 << 20);
    // Spans made after a release still read their own text.
    const broken = JSON.parse(analyze(`${paste}\nstruct Late {\n    #[garde(lenght(max = 3))]\n    x: String,\n}\n`, undefined, '[]')) as {
      diagnostics: { severity: string; line: number; column: number }[];
    };
    const errors = broken.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column}`);
    expect(errors).toEqual([`${paste.split('\n').length + 2}:13`]);
  }, 60_000);

  it('reads a type the definitions do not define in the form the inputs show, with the definition to insert', () => {
    const text = 'struct A {\n    email: String,\n    when: Widget,\n}\n';
    const inputs = JSON.stringify(['{"email": "a@b.co", "when": {"at": 5}}']);
    const diagnosis = JSON.parse(analyze(text, undefined, inputs)) as {
      types: string[];
      runnable: boolean;
      assumed: { name: string; definition: string; warning: { line: number; column: number; message: string } }[];
    };
    expect(diagnosis.runnable).toBe(true);
    expect(diagnosis.types).toEqual(['A']);
    expect(diagnosis.assumed.map((a) => a.name)).toEqual(['Widget']);
    expect(diagnosis.assumed[0]?.definition).toContain('pub struct Widget {\n    pub at: i64,\n}');
    expect(diagnosis.assumed[0]?.warning.message).toContain('an object with keys `at`, as the inputs show it');
  });
});
