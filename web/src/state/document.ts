// A scenario document from outside the page (localStorage now; share links and
// uploaded files later) is untrusted: it is checked field by field, with the
// Rust side's size limit, before anything of it is used.
import type { ScenarioDocument, Settings } from '../report';
import { SEED_SETTINGS } from '../presets';
import { LIMITS } from '../settings';
import { checkReport } from './report-check';

/** The Rust side's `MAX_DOCUMENT_BYTES`. */
export const MAX_DOCUMENT_BYTES = 4 << 20;
/** More inputs than anyone types; each becomes an editor model. */
const MAX_INPUTS = 64;
const MAX_NAME = 64;
/** Scenario and input names as the Rust side takes them (`check_name`): they
 * end up in tables, file names and CLI arguments. */
const PLAIN_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export type Checked = { ok: true; doc: ScenarioDocument } | { ok: false; error: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Absent settings, or an absent one of the three, take the seed's value, as
 * the Rust side's `#[serde(default)]` does. */
function checkSettings(v: unknown): Settings | string {
  if (v === undefined) return { ...SEED_SETTINGS };
  if (!isRecord(v)) return 'settings must be an object';
  const out: Partial<Settings> = {};
  for (const key of ['iterations', 'runs', 'warmup'] as const) {
    const n = v[key] === undefined ? SEED_SETTINGS[key] : v[key];
    const { min, max } = LIMITS[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      return `settings.${key} must be a whole number from ${min} to ${max}`;
    }
    out[key] = n;
  }
  return out as Settings;
}

export interface CheckOptions {
  /** Keep the document's results (a share link's), checked as a Report. */
  withResults?: boolean;
}

/** Checks a parsed JSON value as a scenario document (version 1). */
export function checkDocument(v: unknown, options: CheckOptions = {}): Checked {
  const fail = (error: string): Checked => ({ ok: false, error: `Not a usable scenario: ${error}.` });
  if (!isRecord(v)) return fail('it is not a JSON object');
  if (v.version !== 1) return fail('its version is not 1');
  // What the Rust side's `Document` defaults may be absent here too: `summary`
  // (empty), `variants` (the defaults), `settings` (the seed's).
  const { title, schema, inputs, name, root, data, repeat } = v;
  const summary = v.summary === undefined ? '' : v.summary;
  const variants = v.variants === undefined ? [] : v.variants;
  if (typeof title !== 'string' || title.length > 200) return fail('`title` must be a short string');
  if (typeof summary !== 'string') return fail('`summary` must be a string');
  if (typeof schema !== 'string') return fail('`schema` must be a string');
  if (!isRecord(inputs)) return fail('`inputs` must be an object of named JSON texts');
  const entries = Object.entries(inputs);
  if (entries.length === 0 || entries.length > MAX_INPUTS) return fail(`it needs from 1 to ${MAX_INPUTS} inputs`);
  for (const [key, text] of entries) {
    if (!PLAIN_NAME.test(key)) return fail('input names must be 1–64 letters, digits, “-” or “_”');
    if (typeof text !== 'string') return fail(`input \`${key.slice(0, MAX_NAME)}\` must be a string`);
  }
  if (!Array.isArray(variants) || !variants.every((x) => typeof x === 'string' && x.length <= MAX_NAME)) {
    return fail('`variants` must be a list of variant codes');
  }
  if (name !== undefined && (typeof name !== 'string' || !PLAIN_NAME.test(name))) return fail('`name` must be 1–64 letters, digits, “-” or “_”');
  if (root !== undefined && (typeof root !== 'string' || root.length > MAX_NAME)) return fail('`root` must be a type name');
  if (data !== undefined && data !== 'serial' && data !== 'random') return fail('`data` must be "serial" or "random"');
  if (repeat !== undefined && (typeof repeat !== 'number' || !Number.isInteger(repeat) || repeat < 1 || repeat > 100_000)) {
    return fail('`repeat` must be a whole number from 1 to 100,000');
  }
  const settings = checkSettings(v.settings);
  if (typeof settings === 'string') return fail(settings);
  const doc: ScenarioDocument = {
    version: 1,
    title,
    summary,
    schema,
    inputs: Object.fromEntries(entries) as Record<string, string>,
    variants: variants as string[],
    settings,
  };
  if (name !== undefined) doc.name = name;
  if (root !== undefined) doc.root = root;
  if (data !== undefined) doc.data = data;
  if (repeat !== undefined) doc.repeat = repeat;
  if (options.withResults && v.results !== undefined) {
    const report = checkReport(v.results);
    if (!report) return fail('its results are not a Report');
    doc.results = report;
  }
  return { ok: true, doc };
}

/** Parses and checks a document's JSON text, refusing oversized text first. */
export function parseDocument(text: string, options: CheckOptions = {}): Checked {
  if (text.length > MAX_DOCUMENT_BYTES) {
    return { ok: false, error: `Not a usable scenario: it is larger than ${MAX_DOCUMENT_BYTES >> 20} MiB.` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Not a usable scenario: it is not valid JSON.' };
  }
  return checkDocument(value, options);
}
