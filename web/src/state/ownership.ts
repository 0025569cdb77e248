// When a paste makes the definitions the person's own. A bundled scenario
// names its root (`UserSignup`); a person who pastes their request type over it
// has definitions that no longer hold that root. From then on the work is
// theirs: the root is automatic (the type the inputs fit), the header is
// theirs, the scenario's teaching text folds away, and the run is sized by
// time — the scenario's seed methodology (5 × 500,000 iterations) would take
// minutes on a type that costs microseconds. Pure functions: the page wires them.
import type { Preset } from '../presets';
import type { ScenarioDocument, Settings } from '../report';

/** The title of definitions a person pasted over a scenario. */
export const OWN_TITLE = 'Your definitions';

/** Whether the definitions (whose types are `types`) no longer hold the document's root. */
export function rootGone(doc: ScenarioDocument, types: readonly string[]): boolean {
  return doc.root !== undefined && types.length > 0 && !types.includes(doc.root);
}

/** The document as the person's own: its title, no bundled name, the root automatic. The teaching text stays, folded. */
export function asOwn(doc: ScenarioDocument): ScenarioDocument {
  const { name: _name, root: _root, ...rest } = doc;
  return { ...rest, title: OWN_TITLE };
}

/** Whether the document is definitions a person pasted (its header and teaching text read so). */
export function isOwn(doc: ScenarioDocument): boolean {
  return doc.name === undefined && doc.title === OWN_TITLE;
}

/** The header of the person's own definitions: theirs, with the root a run uses. */
export function ownHeading(root: string | null): string {
  return root ? `${OWN_TITLE} — ${root}` : OWN_TITLE;
}

const same = (a: Settings, b: Settings) => a.warmup === b.warmup && a.runs === b.runs && a.iterations === b.iterations;

/**
 * The preset for definitions that became the person's own: Quick, unless the
 * person chose (a preset of their own, or numbers that differ from the
 * scenario's).
 */
export function presetWhenOwn(current: Preset, form: Settings, scenario: Settings): Preset {
  return current === 'custom' && same(form, scenario) ? 'quick' : current;
}

/** The preset a document opens with: Quick for a person's own definitions, else the scenario's numbers. */
export function presetOnOpen(doc: ScenarioDocument): Preset {
  return isOwn(doc) ? 'quick' : 'custom';
}

/** Whether two sets of inputs are the same names with the same texts. */
export function sameInputs(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => b[name] === a[name]);
}

/** What an analysis says that decides whether inputs are made (see `wantsExamples`). */
export interface Fit {
  runnable: boolean;
  /** The root a run uses while none is named. */
  automatic: { name: string } | null;
}

/** Inputs the page made, and the definitions it made them for. */
export interface Made {
  inputs: Readonly<Record<string, string>>;
  schema: string;
}

/**
 * Whether the page should offer inputs made for the definitions `schema`:
 * a paste of the person's own (no root named) that runs, over either inputs
 * the page made for other definitions, left as they were (a rule or a field
 * edited: they are made again to fit), or a shipped scenario's inputs, left
 * as they were (the benchmark module then keeps them if they decode as the
 * root: a scenario's inputs that share a key or two with the paste do not).
 * Inputs the person typed or pasted are never replaced.
 */
export function wantsExamples(
  doc: ScenarioDocument,
  fit: Fit,
  inputs: Readonly<Record<string, string>>,
  schema: string,
  shipped: readonly Readonly<Record<string, string>>[],
  made: Made | null,
): boolean {
  if (doc.root !== undefined || !fit.runnable || fit.automatic === null) return false;
  return standIns(inputs, schema, shipped, made);
}

/**
 * Whether `inputs` only stand in for the person's: a shipped scenario's,
 * left as they were, or inputs the page made for other definitions than
 * `schema`, left as they were. Inputs the person typed or pasted, and
 * inputs made for `schema` itself, are theirs.
 */
function standIns(
  inputs: Readonly<Record<string, string>>,
  schema: string,
  shipped: readonly Readonly<Record<string, string>>[],
  made: Made | null,
): boolean {
  if (made && sameInputs(made.inputs, inputs)) return made.schema !== schema;
  return shipped.some((p) => sameInputs(p, inputs));
}

/**
 * Whether the inputs may choose the automatic root of the person's own
 * definitions `schema`. Not when they are a shipped scenario's, left as they
 * were, nor inputs the page made for other definitions: neither is the
 * person's word on which type is the request (user-signup's `email` key
 * would pick a pasted `Contact` over the request type that holds it). The
 * definitions alone choose then (the type no other refers to), and inputs
 * are made for that type.
 */
export function inputsChooseRoot(
  doc: ScenarioDocument,
  inputs: Readonly<Record<string, string>>,
  schema: string,
  shipped: readonly Readonly<Record<string, string>>[],
  made: Made | null,
): boolean {
  return doc.root !== undefined || !standIns(inputs, schema, shipped, made);
}
