// Where a validated decode's time goes, from a Report with a `breakdown`: the
// interpreted engine's decoding (its `de`), each rule timed alone on the values
// the input holds, and what is left of `validate-on-de` once those are taken
// out: the integration (walking the value, the calls into the rules, the
// violations' collection). The rules are the interpreted engine's, so every
// part is compared with the same engine's whole.
import { formatNs } from './format';
import type { Report, ResultRow, RuleCost } from './report';

/** One part of the stacked bar. */
export interface Segment {
  kind: 'decoding' | 'rule' | 'integration';
  label: string;
  ns: number;
}

export interface InputBreakdown {
  input: string;
  /** Each rule site, in the order validation runs them. */
  rules: RuleCost[];
  /** The sum of the rules' medians. */
  rulesNs: number;
  /** The interpreted `de` median: decoding with no rule. */
  decodingNs: number | null;
  /** The interpreted `validate-on-de` median: the whole. */
  whole: ResultRow | null;
  /** whole − decoding − rules; negative when the parts, measured apart, exceed the whole. */
  integrationNs: number | null;
  /** The bar: decoding, the rules, then the integration (never negative). */
  segments: Segment[];
  /** "`email` on `email` is 61% of validation", or null with no rule cost. */
  costliest: string | null;
}

/** A rule's name as the table and the bar show it: "length (max 255)". */
export function ruleLabel(cost: RuleCost): string {
  return cost.detail ? `${cost.rule} (${cost.detail})` : cost.rule;
}

/** The breakdown of each input the report has rule costs for, in report order. */
export function breakdownOf(report: Report): InputBreakdown[] {
  const costs = report.breakdown ?? [];
  const inputs = [...new Set(costs.map((c) => c.input))];
  return inputs.map((input) => {
    const rules = costs.filter((c) => c.input === input);
    const rulesNs = rules.reduce((sum, c) => sum + c.median_ns, 0);
    const row = (variant: string) =>
      report.results.find((r) => r.variant === variant && r.engine === 'interpreted' && r.input === input && r.outcome !== 'error') ?? null;
    const decodingNs = row('de')?.median_ns ?? null;
    const whole = row('validate-on-de');
    const integrationNs = decodingNs !== null && whole ? whole.median_ns - decodingNs - rulesNs : null;
    const segments: Segment[] = [
      ...(decodingNs !== null ? [{ kind: 'decoding' as const, label: 'decoding', ns: decodingNs }] : []),
      ...rules.map((c) => ({ kind: 'rule' as const, label: `${c.path} · ${ruleLabel(c)}`, ns: Math.max(0, c.median_ns) })),
      ...(integrationNs !== null ? [{ kind: 'integration' as const, label: 'integration', ns: Math.max(0, integrationNs) }] : []),
    ];
    return { input, rules, rulesNs, decodingNs, whole, integrationNs, segments, costliest: costliest(rules, rulesNs) };
  });
}

/** The rule that costs most, in words, with its share of all the rules' time. */
function costliest(rules: RuleCost[], rulesNs: number): string | null {
  const top = rules.reduce<RuleCost | null>((best, c) => (best === null || c.median_ns > best.median_ns ? c : best), null);
  if (!top || !(rulesNs > 0) || !(top.median_ns > 0)) return null;
  const share = Math.round((top.median_ns / rulesNs) * 100);
  const why = top.failed ? ' It fails on this input, so its cost includes building the violation.' : '';
  return `\`${ruleLabel(top)}\` on \`${top.path}\` is ${share}% of validation (${formatNs(top.median_ns)} of ${formatNs(rulesNs)}).${why}`;
}

/** One sentence on how the parts add up, for under the bar. */
export function partsSentence(b: InputBreakdown): string {
  if (b.decodingNs === null || !b.whole || b.integrationNs === null) {
    return `The rules take ${formatNs(b.rulesNs)} together. Run the interpreted engine's de and validate-on-de to see them beside decoding and the whole.`;
  }
  const integration =
    b.integrationNs >= 0
      ? `integration ${formatNs(b.integrationNs)}`
      : `the parts, measured apart, exceed the whole by ${formatNs(-b.integrationNs)} (within the noise of separate measurements)`;
  return `Decoding ${formatNs(b.decodingNs)} + rules ${formatNs(b.rulesNs)} + ${integration} = validate-on-de ${formatNs(b.whole.median_ns)} (interpreted engine).`;
}
