// The page's own engines as jobs for the wasm runner: plain JavaScript (`js`)
// and zod 4 (`peer:zod`), each validator built from the model the wasm module
// describes. Their loops are JavaScript; the runner reads the same clock around
// each batch and interleaves them with the wasm jobs, so every figure is taken
// the same way.
import { describeModel } from '../wasm-pkg/overhead_wasm.js';
import { compileJsEngine, type JsEngine } from '../js-engine/engine';
import type { JsModel } from '../js-engine/model';
import { inputOrder, type Outcome, type ScenarioDocument, type ViolationRecord } from '../report';

/** What `run` in the wasm module takes for a job it does not own. */
export interface PageJob {
  info: string;
  batch: (iterations: number) => void;
}

/** The variants the JS engines do: decode, and decode then validate. */
export const JS_VARIANTS = ['de', 'de+validate'] as const;

interface Verdict {
  outcome: Outcome;
  message?: string;
  violations?: ViolationRecord[];
}

type Operation = (text: string) => Verdict;

// Results are kept here so the JIT cannot drop the work of a loop.
let sink: unknown;

function job(variant: string, engine: string, input: string, text: string, op: Operation): PageJob {
  const first = op(text);
  const info = {
    variant,
    engine,
    input,
    outcome: first.outcome,
    message: first.message,
    violations: first.violations ?? [],
    size: new TextEncoder().encode(text).length,
  };
  return {
    info: JSON.stringify(info),
    batch: (iterations: number) => {
      let last: unknown;
      for (let i = 0; i < iterations; i++) last = op(text);
      sink = last;
    },
  };
}

/** Keeps the optimiser honest; never read for its value. */
export function lastResult(): unknown {
  return sink;
}

/**
 * The JS jobs for `doc`: `js` for each JS variant asked for, `peer:zod` for
 * `de+validate`, on each input. Definitions the JS engines cannot express give
 * no jobs and a note saying why.
 */
export async function jsJobs(
  doc: ScenarioDocument,
  variants: readonly string[],
  inputs: readonly string[] | undefined,
): Promise<{ jobs: PageJob[]; notes: string[] }> {
  const wanted = JS_VARIANTS.filter((v) => variants.includes(v));
  if (wanted.length === 0) return { jobs: [], notes: [] };
  if ((doc.data ?? 'serial') !== 'serial') return { jobs: [], notes: ['the JS engines read the inputs as written: they do not run with data = random'] };
  let model: JsModel;
  let engine: JsEngine;
  try {
    // The inputs show the form of a type the paste names and does not define, as for the wasm engines.
    model = JSON.parse(describeModel(doc.schema, doc.root ?? undefined, JSON.stringify(Object.values(doc.inputs)))) as JsModel;
    engine = compileJsEngine(model);
  } catch (error) {
    return { jobs: [], notes: [`the JS engines do not run these definitions: ${reason(error)}`] };
  }
  const notes: string[] = [];
  let zod: ((text: string) => Verdict) | null = null;
  if (wanted.includes('de+validate')) {
    try {
      const { buildZodSchema, zodDeValidate } = await import('../js-engine/zod');
      const schema = buildZodSchema(model);
      zod = (text) => zodDeValidate(schema, text);
    } catch (error) {
      notes.push(`peer:zod does not run these definitions: ${reason(error)}`);
    }
  }
  const names = inputOrder(Object.keys(doc.inputs)).filter((n) => !inputs || inputs.length === 0 || inputs.includes(n));
  const jobs: PageJob[] = [];
  for (const variant of wanted) {
    for (const name of names) {
      const text = doc.inputs[name] ?? '';
      if (variant === 'de') jobs.push(job(variant, 'js', name, text, (t) => engine.de(t)));
      else {
        jobs.push(job(variant, 'js', name, text, (t) => engine.deValidate(t)));
        if (zod) jobs.push(job(variant, 'peer:zod', name, text, zod));
      }
    }
  }
  return { jobs, notes };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
