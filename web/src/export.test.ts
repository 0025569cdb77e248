import { describe, expect, it } from 'vitest';
import { toCsv, toJson, toMarkdown } from './export';
import type { Report } from './report';

const report: Report = {
  scenario: 'user-signup',
  env: { target: 'wasm', engine_version: '0.1.0', browser: 'Mozilla/5.0 Firefox/133.0' },
  settings: { iterations: 1000, runs: 2, warmup: 100 },
  timer: { resolution_ns: 5000, overhead_ns: 30 },
  results: [
    { variant: 'de', engine: 'compiled', input: 'valid', data: 'serial', outcome: 'ok', size: 66, runs_ns: [125, 130], median_ns: 127.5, min_ns: 125, max_ns: 130, mean_ns: 127.5, cold_ns: 180, flags: ['few-runs'] },
    { variant: 'de', engine: 'interpreted', input: '=cmd|x,"y"', data: 'serial', outcome: 'error', size: 0, runs_ns: [2000, 2100], median_ns: 2050, min_ns: 2000, max_ns: 2100, mean_ns: 2050 },
  ],
};

describe('exports', () => {
  it('CSV: one row per result, numbers raw, cells quoted and never formulas', () => {
    const lines = toCsv(report).trimEnd().split('\n');
    expect(lines[0]).toBe('variant,engine,input,data,outcome,size_bytes,median_ns,min_ns,max_ns,mean_ns,ops_per_s,runs,cold_ns,flags');
    expect(lines[1]).toBe('de,compiled,valid,serial,ok,66,127.5,125,130,127.5,7843137,2,180,few-runs');
    expect(lines[2]).toBe(`de,interpreted,"'=cmd|x,""y""",serial,error,0,2050,2000,2100,2050,487805,2,,`);
  });

  it('Markdown: a table with units, pipes escaped', () => {
    const md = toMarkdown(report);
    expect(md).toContain('**user-signup** — Firefox 133, 2 runs × 1,000 iterations after 100 warm-up');
    expect(md).toContain('| de | compiled | valid | ok | 128 ns | 125–130 ns | 7,843,137 |');
    expect(md).toContain('| de | interpreted | =cmd\\|x,"y" | error | 2.05 µs | 2.00–2.10 µs | 487,805 |');
  });

  it('JSON: the Report itself', () => {
    expect(JSON.parse(toJson(report))).toEqual(report);
  });
});
