// A short reading of the figures in words, written from the Report: what
// validation adds to decoding, what integrating it into decoding changes on
// the valid and the error path, what fail-fast saves, and how plain JavaScript
// compares. Each sentence appears only when the rows it reads were measured.
// Every figure is one engine's: compiled code's when it ran (what a Rust user
// ships; the interpreter changes the answer's shape), and the first sentence
// says which.
import { formatNs } from './format';
import type { Report, ResultRow } from './report';

/** "+61%", "−3%", "0.4%": one decimal below 1%, none above. */
export function signedPercent(fraction: number): string {
  const pct = fraction * 100;
  const abs = Math.abs(pct);
  const digits = abs < 1 ? abs.toFixed(1) : abs.toFixed(0);
  if (digits === '0' || digits === '0.0') return '0%';
  return `${pct < 0 ? '−' : '+'}${digits}%`;
}

/** "0.4% more" / "3% less". */
function moreOrLess(fraction: number): string {
  const pct = Math.abs(fraction * 100);
  const digits = pct < 1 ? pct.toFixed(1) : pct.toFixed(0);
  if (digits === '0' || digits === '0.0') return 'the same';
  return `${digits}% ${fraction < 0 ? 'less' : 'more'}`;
}

function find(report: Report, variant: string, engine: string, input: string | undefined): ResultRow | undefined {
  return input === undefined ? undefined : report.results.find((r) => r.variant === variant && r.engine === engine && r.input === input);
}

/** The engine the reading is about: compiled code when it ran, else the interpreter. */
function mainEngine(report: Report): string | null {
  const engines = new Set(report.results.map((r) => r.engine));
  return engines.has('compiled') ? 'compiled' : engines.has('interpreted') ? 'interpreted' : null;
}

/** The first input whose validated decode gave `outcome`. */
function pathInput(report: Report, engine: string, outcome: 'ok' | 'invalid'): string | undefined {
  return report.results.find((r) => r.engine === engine && (r.variant === 'de+validate' || r.variant === 'validate-on-de') && r.outcome === outcome)?.input;
}

/** The reading's sentences, most telling first; empty when the report has nothing to compare. */
export function readingOf(report: Report): string[] {
  const engine = mainEngine(report);
  if (!engine) return [];
  const valid = pathInput(report, engine, 'ok');
  const invalid = pathInput(report, engine, 'invalid');
  const sentences: string[] = [];
  const engineName = engine === 'compiled' ? 'compiled code' : 'the interpreted engine';

  const de = find(report, 'de', engine, valid);
  const twoStep = find(report, 'de+validate', engine, valid);
  const integrated = find(report, 'validate-on-de', engine, valid);
  const validated = twoStep ?? integrated;
  if (de && validated && de.median_ns > 0) {
    const added = validated.median_ns - de.median_ns;
    // A validated decode measured at or under plain decoding is noise, not a
    // saving: say so instead of "adds −37.5 ns".
    let sentence =
      added > 0
        ? `With ${engineName}, validation adds ${formatNs(added)} (${signedPercent(added / de.median_ns)}) to decoding input “${valid}”`
        : `With ${engineName}, validation adds no time these runs can tell apart to decoding input “${valid}” (${validated.variant} measured ${formatNs(-added)} under de)`;
    const parts: string[] = [];
    if (twoStep && integrated && twoStep.median_ns > 0) parts.push(`${moreOrLess(integrated.median_ns / twoStep.median_ns - 1)} than two-step on the valid path`);
    const twoStepBad = find(report, 'de+validate', engine, invalid);
    const integratedBad = find(report, 'validate-on-de', engine, invalid);
    if (twoStepBad && integratedBad && twoStepBad.median_ns > 0) parts.push(`${moreOrLess(integratedBad.median_ns / twoStepBad.median_ns - 1)} on the error path (“${invalid}”)`);
    if (parts.length > 0) sentence += `; integrated validation (validate-on-de) costs ${parts.join(' and ')}`;
    sentences.push(`${sentence}.`);
  }

  const failFast = find(report, 'validate-on-de/fail-fast', engine, invalid);
  const collectAll = find(report, 'validate-on-de', engine, invalid);
  if (failFast && collectAll && collectAll.median_ns > 0) {
    sentences.push(
      `Stopping at the first violation (fail-fast) takes ${formatNs(failFast.median_ns)} on “${invalid}”, ${moreOrLess(failFast.median_ns / collectAll.median_ns - 1)} than collecting every violation.`,
    );
  }

  const errorPath = find(report, 'de+validate', engine, invalid) ?? collectAll;
  const validPath = find(report, errorPath?.variant ?? 'de+validate', engine, valid);
  if (errorPath && validPath && validPath.median_ns > 0) {
    const count = errorPath.violations?.length ?? 0;
    sentences.push(
      `The error path (“${invalid}”, ${count} violation${count === 1 ? '' : 's'}) costs ${(errorPath.median_ns / validPath.median_ns).toFixed(1)}× the valid one: each violation builds its path and message.`,
    );
  }

  const jsValidated = find(report, 'de+validate', 'js', valid);
  const wasmValidated = find(report, 'de+validate', engine, valid);
  if (jsValidated && wasmValidated && wasmValidated.median_ns > 0) {
    const strIn = find(report, 'str-in', engine, valid);
    const fromJs = wasmValidated.median_ns + (strIn?.median_ns ?? 0);
    const faster = (other: number) => {
      const ratio = other / fromJs;
      return ratio >= 1 ? `${ratio.toFixed(1)}× faster than` : `${(1 / ratio).toFixed(1)}× slower than`;
    };
    const boundary = strIn ? `, counting ${formatNs(strIn.median_ns)} to pass the string into wasm` : '';
    let sentence = `Decoding and validating “${valid}” in wasm takes ${formatNs(fromJs)}${boundary}: ${faster(jsValidated.median_ns)} JSON.parse with the same rules in plain JavaScript (${formatNs(jsValidated.median_ns)})`;
    const zod = find(report, 'de+validate', 'peer:zod', valid);
    if (zod) sentence += `, and ${faster(zod.median_ns)} zod 4 (${formatNs(zod.median_ns)})`;
    const toJs = find(report, 'to-js', engine, valid);
    if (toJs) sentence += `. Handing the decoded value back to JavaScript (to-js) costs ${formatNs(toJs.median_ns)} more`;
    sentences.push(`${sentence}.`);
  }
  return namingEngine(sentences, engineName);
}

/** The sentences with the first one saying whose figures they all are, if it does not yet. */
function namingEngine(sentences: string[], engineName: string): string[] {
  const [first, ...rest] = sentences;
  if (first === undefined || first.startsWith('With ')) return sentences;
  return [`With ${engineName}, ${first.charAt(0).toLowerCase()}${first.slice(1)}`, ...rest];
}
