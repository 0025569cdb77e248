// Where a validated decode's time goes, from a Report with a `breakdown`.
//
// The totals (decoding, and what validation adds to it) are compiled code's
// when it ran on the input, since that is what a Rust user ships, and the
// interpreter's otherwise: the interpreter changes the answer's shape (its
// decoding is slower, and it pays for walking its own values).
//
// The rules are timed alone by the interpreter's rule sites
// (crate/bench/src/interpreted.rs), which call the same rule functions
// compiled code calls. Beside the interpreter's own totals they are parts of
// the whole, and what is left is the integration. Beside compiled totals they
// are not: compiled code inlines the checks and overlaps them with decoding,
// so the rules timed apart can add up to more than its whole validation. There
// only their shares carry over, and the bar splits compiled validation by them.
import { formatNs } from './format';
import type { Report, ResultRow, RuleCost } from './report';

/** The engines whose rows can be the totals, the code a user ships first. */
export type TotalsEngine = 'compiled' | 'interpreted';

/** The engine that times each rule alone: the Report's `breakdown` is always its. */
export const RULES_ENGINE: TotalsEngine = 'interpreted';

/** One part of the stacked bar. */
export interface Segment {
  kind: 'decoding' | 'rule' | 'validation' | 'integration';
  label: string;
  ns: number;
  /** What the part is and who measured it, for its tooltip. */
  title: string;
}

/** One engine's decoding and validated decode of an input. */
export interface Totals {
  engine: TotalsEngine;
  /** The `de` median: decoding with no rule. */
  decodingNs: number;
  /** The validated decode: `validate-on-de`, else `de+validate`. */
  whole: ResultRow;
  /** whole − decoding: what validation adds (negative within the noise). */
  validationNs: number;
}

export interface InputBreakdown {
  input: string;
  /** Each rule site, in the order validation runs them. */
  rules: RuleCost[];
  /** The sum of the rules' medians. */
  rulesNs: number;
  /** What the bar shows: compiled code's totals when it ran, else the interpreter's; null when neither has both rows. */
  totals: Totals | null;
  /** The rules' engine's own totals: `totals` itself, or the interpreter's beside compiled ones. */
  rulesTotals: Totals | null;
  /** The rules' engine's validation − rules; negative when the parts, measured apart, exceed the whole. */
  integrationNs: number | null;
  /** The bar: decoding, the rules, then the integration when it is the same engine's (never negative). */
  segments: Segment[];
  /** "`email` on `email` is 61% of the rules’ time…", or null with no rule cost. */
  costliest: string | null;
}

/** A rule's name as the table and the bar show it: "length (max 255)". */
export function ruleLabel(cost: RuleCost): string {
  return cost.detail ? `${cost.rule} (${cost.detail})` : cost.rule;
}

/** `engine`'s totals on `input`, when it ran `de` and a validated decode there. */
export function totalsOf(report: Report, engine: TotalsEngine, input: string): Totals | null {
  const row = (variant: string) => report.results.find((r) => r.variant === variant && r.engine === engine && r.input === input && r.outcome !== 'error');
  const de = row('de');
  const whole = row('validate-on-de') ?? row('de+validate');
  if (!de || !whole) return null;
  return { engine, decodingNs: de.median_ns, whole, validationNs: whole.median_ns - de.median_ns };
}

/** The breakdown of each input the report has rule costs for, in report order. */
export function breakdownOf(report: Report): InputBreakdown[] {
  const costs = report.breakdown ?? [];
  const inputs = [...new Set(costs.map((c) => c.input))];
  return inputs.map((input) => {
    const rules = costs.filter((c) => c.input === input);
    const rulesNs = rules.reduce((sum, c) => sum + c.median_ns, 0);
    const rulesTotals = totalsOf(report, RULES_ENGINE, input);
    const totals = totalsOf(report, 'compiled', input) ?? rulesTotals;
    const integrationNs = rulesTotals ? rulesTotals.validationNs - rulesNs : null;
    return { input, rules, rulesNs, totals, rulesTotals, integrationNs, segments: segmentsOf(rules, rulesNs, totals, integrationNs), costliest: costliest(rules, rulesNs) };
  });
}

function segmentsOf(rules: RuleCost[], rulesNs: number, totals: Totals | null, integrationNs: number | null): Segment[] {
  const site = (c: RuleCost) => `${c.path} · ${ruleLabel(c)}`;
  const measured = rules.map((c) => {
    const ns = Math.max(0, c.median_ns);
    return { kind: 'rule' as const, label: site(c), ns, title: `${site(c)}: ${formatNs(ns)}, timed alone by the interpreted engine` };
  });
  if (!totals) return measured;
  const de = totals.engine === 'compiled' ? 'compiled de' : 'the interpreted engine’s de';
  const decoding: Segment = { kind: 'decoding', label: 'decoding', ns: totals.decodingNs, title: `decoding: ${formatNs(totals.decodingNs)} (${de})` };
  if (totals.engine === RULES_ENGINE) {
    const rest = Math.max(0, integrationNs ?? 0);
    const integration: Segment = { kind: 'integration', label: 'integration', ns: rest, title: `integration: ${formatNs(rest)}, the rest of the interpreted engine’s ${totals.whole.variant}` };
    return [decoding, ...measured, integration];
  }
  // Compiled totals: the rules' shares of compiled validation, not their times.
  const validation = Math.max(0, totals.validationNs);
  if (!(rulesNs > 0)) {
    return [decoding, { kind: 'validation', label: 'validation', ns: validation, title: `validation: ${formatNs(validation)} (compiled ${totals.whole.variant} − de)` }];
  }
  const shares = rules.map((c) => {
    const share = Math.max(0, c.median_ns) / rulesNs;
    const ns = validation * share;
    const pct = share > 0 && share < 0.01 ? 'under 1%' : `${Math.round(share * 100)}%`;
    const title = `${site(c)}: ≈${formatNs(ns)}, its ${pct} share of compiled validation (${formatNs(Math.max(0, c.median_ns))} alone, timed by the interpreted engine)`;
    return { kind: 'rule' as const, label: site(c), ns, title };
  });
  return [decoding, ...shares];
}

/** The rule that costs most, in words, with its share of all the rules' time. */
function costliest(rules: RuleCost[], rulesNs: number): string | null {
  const top = rules.reduce<RuleCost | null>((best, c) => (best === null || c.median_ns > best.median_ns ? c : best), null);
  if (!top || !(rulesNs > 0) || !(top.median_ns > 0)) return null;
  const share = Math.round((top.median_ns / rulesNs) * 100);
  const why = top.failed ? ' It fails on this input, so its cost includes building the violation.' : '';
  return `\`${ruleLabel(top)}\` on \`${top.path}\` is ${share}% of the rules’ time (${formatNs(top.median_ns)} of ${formatNs(rulesNs)}, each timed alone by the interpreted engine).${why}`;
}
