// The breakdown in words: how the parts add up, who measured what, and, when
// the bar is compiled code's, the interpreted engine's own parts beside it.
// Every sentence names the engine its figures are from.
import { type InputBreakdown, type Totals, RULES_ENGINE } from './breakdown';
import { formatNs } from './format';

const TIMED_ALONE = 'each timed alone by the interpreted engine';

/** What the section measures, for under its heading. */
export function methodSentence(breakdowns: InputBreakdown[]): string {
  const rules = `Each rule is timed alone by the interpreted engine on the values the input holds (with its violations built when it fails)`;
  const compiled = breakdowns.find((b) => b.totals?.engine === 'compiled')?.totals;
  if (compiled) {
    return (
      `The bar is compiled code’s: its de, then what its ${compiled.whole.variant} adds, split among the rules by their shares. ` +
      `${rules}; compiled code calls the same rule functions but inlines them into the decode, so their times are shares, not parts to subtract.`
    );
  }
  const interpreted = breakdowns.find((b) => b.totals?.engine === RULES_ENGINE)?.totals;
  if (interpreted) return `${rules}; decoding is the interpreted engine’s de; integration is what is left of its ${interpreted.whole.variant}.`;
  return `${rules}.`;
}

/** One sentence (two beside compiled totals) on how the parts add up, for under the bar. */
export function partsSentence(b: InputBreakdown): string {
  const rules = formatNs(b.rulesNs);
  if (!b.totals) {
    return `The rules take ${rules} together, ${TIMED_ALONE}. Run de and validate-on-de to see them beside decoding and the whole.`;
  }
  if (b.totals.engine === RULES_ENGINE) return `${capitalized(interpretedParts(b.totals, b.rulesNs, b.integrationNs))} (interpreted engine).`;
  const { decodingNs, validationNs, whole } = b.totals;
  const rulesNote = `The rules, ${TIMED_ALONE}, take ${rules} together`;
  if (!(validationNs > 0)) {
    return (
      `Compiled code: decoding ${formatNs(decodingNs)}, ${whole.variant} ${formatNs(whole.median_ns)}: validation adds no time these runs can tell apart ` +
      `(the whole is ${formatNs(-validationNs)} under decoding). ${rulesNote}.`
    );
  }
  return (
    `Compiled code: decoding ${formatNs(decodingNs)} + validation ${formatNs(validationNs)} = ${whole.variant} ${formatNs(whole.median_ns)}. ` +
    `${rulesNote}; the bar splits compiled validation by their shares, since compiled code inlines the checks into the decode and times taken apart need not add up to its whole.`
  );
}

/** Beside compiled totals, the interpreted engine's own parts, whose rest is its integration; null otherwise. */
export function interpretedSentence(b: InputBreakdown): string | null {
  if (b.totals?.engine !== 'compiled' || !b.rulesTotals) return null;
  return `The interpreted engine, for comparison: ${interpretedParts(b.rulesTotals, b.rulesNs, b.integrationNs)}.`;
}

/** "decoding 190 ns + rules 11.0 ns + integration 49.0 ns = validate-on-de 250 ns" */
function interpretedParts(t: Totals, rulesNs: number, integrationNs: number | null): string {
  const rest = integrationNs ?? 0;
  const integration =
    rest >= 0
      ? `integration ${formatNs(rest)}`
      : `the parts, measured apart, exceed the whole by ${formatNs(-rest)} (within the noise of separate measurements)`;
  return `decoding ${formatNs(t.decodingNs)} + rules ${formatNs(rulesNs)} + ${integration} = ${t.whole.variant} ${formatNs(t.whole.median_ns)}`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
