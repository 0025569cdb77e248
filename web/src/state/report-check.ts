// A Report carried by a share link is shown as the sharer's results: it is
// checked like the document around it, and its rows capped.
import { FLAGS, type CodeSize, type Flag, type Report, type ResultRow, type RuleCost } from '../report';

const MAX_ROWS = 2_000;
const MAX_RUNS = 1_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = 512): v is string => typeof v === 'string' && v.length <= max;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const optionalText = (v: unknown): boolean => v === undefined || isText(v);

function checkRow(v: unknown): ResultRow | null {
  if (!isRecord(v)) return null;
  const { variant, engine, input, data, outcome, size, runs_ns, median_ns, min_ns, max_ns, mean_ns, message } = v;
  if (!isText(variant, 64) || !isText(engine, 64) || !isText(input, 64)) return null;
  if (data !== 'serial' && data !== 'random') return null;
  if (outcome !== 'ok' && outcome !== 'invalid' && outcome !== 'error') return null;
  if (!isNumber(size) || !isNumber(median_ns) || !isNumber(min_ns) || !isNumber(max_ns) || !isNumber(mean_ns)) return null;
  if (!Array.isArray(runs_ns) || runs_ns.length > MAX_RUNS || !runs_ns.every(isNumber)) return null;
  const row: ResultRow = { variant, engine, input, data, outcome, size, runs_ns, median_ns, min_ns, max_ns, mean_ns };
  if (isText(message, 4096)) row.message = message;
  if (isNumber(v.cold_ns)) row.cold_ns = v.cold_ns;
  if (isNumber(v.instructions)) row.instructions = v.instructions;
  const flags = flagsOf(v.flags);
  if (flags) row.flags = flags;
  if (Array.isArray(v.violations)) {
    row.violations = v.violations
      .filter((x): x is Record<string, unknown> => isRecord(x) && isText(x.path) && isText(x.code, 128) && isText(x.message, 1024))
      .slice(0, 100)
      .map((x) => ({ path: x.path as string, code: x.code as string, message: x.message as string }));
  }
  return row;
}

const flagsOf = (v: unknown): Flag[] | undefined => (Array.isArray(v) ? FLAGS.filter((f: Flag) => v.includes(f)) : undefined);

/** One rule's cost of a breakdown; null when it is not one (it is then left out). */
function checkRuleCost(v: unknown): RuleCost | null {
  if (!isRecord(v)) return null;
  const { input, path, rule, detail, values, failed, runs_ns, median_ns, min_ns, max_ns } = v;
  if (!isText(input, 64) || !isText(path) || !isText(rule, 64) || !optionalText(detail) || typeof failed !== 'boolean') return null;
  if (!isNumber(values) || !isNumber(median_ns) || !isNumber(min_ns) || !isNumber(max_ns)) return null;
  if (!Array.isArray(runs_ns) || runs_ns.length > MAX_RUNS || !runs_ns.every(isNumber)) return null;
  const cost: RuleCost = { input, path, rule, values, failed, runs_ns, median_ns, min_ns, max_ns };
  if (typeof detail === 'string' && detail) cost.detail = detail;
  const flags = flagsOf(v.flags);
  if (flags) cost.flags = flags;
  return cost;
}

/** The Report, or null when any part of it is not one. */
export function checkReport(v: unknown): Report | null {
  if (!isRecord(v) || !isText(v.scenario, 200)) return null;
  const { env, settings, timer, results, notes } = v;
  if (!isRecord(env) || (env.target !== 'native' && env.target !== 'wasm') || !isText(env.engine_version, 64)) return null;
  for (const key of ['rustc', 'cpu', 'os', 'browser', 'date'] as const) if (!optionalText(env[key])) return null;
  if (!isRecord(settings) || !isNumber(settings.iterations) || !isNumber(settings.runs) || !isNumber(settings.warmup)) return null;
  if (!isRecord(timer) || !(timer.resolution_ns === null || isNumber(timer.resolution_ns)) || !isNumber(timer.overhead_ns)) return null;
  if (!Array.isArray(results) || results.length > MAX_ROWS) return null;
  const rows = results.map(checkRow);
  if (rows.some((r) => r === null)) return null;
  const report: Report = {
    scenario: v.scenario,
    env: {
      target: env.target,
      engine_version: env.engine_version,
      ...Object.fromEntries((['rustc', 'cpu', 'os', 'browser', 'date'] as const).filter((k) => env[k] !== undefined).map((k) => [k, env[k]])),
    },
    settings: { iterations: settings.iterations, runs: settings.runs, warmup: settings.warmup },
    timer: {
      resolution_ns: timer.resolution_ns as number | null,
      overhead_ns: timer.overhead_ns,
      ...(isNumber(timer.loop_ns) ? { loop_ns: timer.loop_ns } : {}),
    },
    results: rows as ResultRow[],
  };
  if (Array.isArray(v.breakdown)) {
    const costs = v.breakdown.slice(0, MAX_ROWS).map(checkRuleCost).filter((c): c is RuleCost => c !== null);
    if (costs.length > 0) report.breakdown = costs;
  }
  if (Array.isArray(notes)) report.notes = notes.filter((n): n is string => isText(n, 2048)).slice(0, 50);
  if (Array.isArray(v.code_size)) {
    const sizes = v.code_size.slice(0, 50).filter(
      (c): c is CodeSize => isRecord(c) && isText(c.engine, 200) && isNumber(c.bytes) && isNumber(c.module_bytes),
    );
    if (sizes.length > 0) report.code_size = sizes.map(({ engine, bytes, module_bytes }) => ({ engine, bytes, module_bytes }));
  }
  return report;
}
