// The site's scenario catalog (`scenarios/index.json`, written by
// scripts/catalog/ with the site): every scenario the site ships — the bundled
// ones, whose compiled code is in the benchmark module, and a docs author's,
// each with its own prebuilt module — with its document and recorded native
// figures. Read by the page and the light embed; small on purpose (no wasm).
// The file is the site's own, but checked field by field like any JSON.
import type { ScenarioDocument } from '../report';
import { parseDocument } from '../state/document';

/** Compiled code prebuilt for a scenario: what the Worker's RunRequest `compiled` takes. */
export interface CatalogModule {
  /** Absolute URLs (the Worker resolves nothing against the page). */
  js: string;
  wasm: string;
  notes: string[];
}

export interface CatalogEntry {
  name: string;
  title: string;
  /** Built into the site's benchmark module (a folder of the repository's scenarios/). */
  bundled: boolean;
  /** The scenario document (version 1), resolved against index.json. */
  document: URL;
  /** Its recorded native Report, if any. */
  native: URL | null;
  /** Its prebuilt module; null for a bundled scenario, or one whose definitions did not compile (`notes` says why). */
  compiled: CatalogModule | null;
  notes: string[];
}

export interface Catalog {
  version: 1;
  scenarios: CatalogEntry[];
  notes: string[];
}

/** A site without a catalog lists nothing (each call a new object: callers may add to it). */
export const emptyCatalog = (): Catalog => ({ version: 1, scenarios: [], notes: [] });

/** What index.json's paths are relative to, under a site root. */
export const INDEX_PATH = 'scenarios/index.json';
const PLAIN_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** `path` under the catalog's folder; a path that leaves the site's origin is refused. */
function resolved(path: unknown, index: URL, what: string): URL {
  if (typeof path !== 'string' || path === '') throw new Error(`${what} must be a path`);
  const url = new URL(path, index);
  if (url.origin !== index.origin) throw new Error(`${what} must be on the site (${path})`);
  return url;
}

function module(v: unknown, index: URL, name: string): CatalogModule | null {
  if (v === null || v === undefined) return null;
  if (!isRecord(v)) throw new Error(`${name}: \`compiled\` must be an object or null`);
  const notes = v['notes'] ?? [];
  if (!isStrings(notes)) throw new Error(`${name}: \`compiled.notes\` must be a list of strings`);
  return {
    js: resolved(v['js'], index, `${name}: compiled.js`).href,
    wasm: resolved(v['wasm'], index, `${name}: compiled.wasm`).href,
    notes,
  };
}

function entry(v: unknown, index: URL): CatalogEntry {
  if (!isRecord(v)) throw new Error('each scenario must be an object');
  const { name, title, bundled } = v;
  if (typeof name !== 'string' || !PLAIN_NAME.test(name)) throw new Error('a scenario `name` must be 1–64 letters, digits, “-” or “_”');
  if (typeof title !== 'string') throw new Error(`${name}: \`title\` must be a string`);
  if (typeof bundled !== 'boolean') throw new Error(`${name}: \`bundled\` must be true or false`);
  const notes = v['notes'] ?? [];
  if (!isStrings(notes)) throw new Error(`${name}: \`notes\` must be a list of strings`);
  const native = v['native'] ?? null;
  return {
    name,
    title,
    bundled,
    document: resolved(v['document'], index, `${name}: document`),
    native: native === null ? null : resolved(native, index, `${name}: native`),
    compiled: module(v['compiled'], index, name),
    notes,
  };
}

/** Checks index.json's parsed value; its paths are resolved against `index`, its URL. Throws saying what is wrong. */
export function readCatalog(value: unknown, index: URL): Catalog {
  if (!isRecord(value)) throw new Error('the catalog is not a JSON object');
  if (value['version'] !== 1) throw new Error('the catalog’s version is not 1');
  const list = value['scenarios'];
  if (!Array.isArray(list)) throw new Error('`scenarios` must be a list');
  const notes = value['notes'] ?? [];
  if (!isStrings(notes)) throw new Error('`notes` must be a list of strings');
  const scenarios = list.map((v) => entry(v, index));
  const names = new Set<string>();
  for (const s of scenarios) {
    if (names.has(s.name)) throw new Error(`two scenarios are named ${s.name}`);
    names.add(s.name);
  }
  return { version: 1, scenarios, notes };
}

/**
 * The catalog of the site whose root is `base` (the page's folder by default).
 * A site without one (a page served by something other than the build, an
 * HTML answer for a missing file) has an empty catalog; a catalog that is there
 * and malformed is an error saying what is wrong.
 */
export async function loadCatalog(base: URL = new URL('./', location.href)): Promise<Catalog> {
  const index = new URL(INDEX_PATH, base);
  let text: string;
  try {
    const response = await fetch(index);
    if (!response.ok) return emptyCatalog();
    text = await response.text();
  } catch {
    return emptyCatalog();
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return emptyCatalog();
  }
  try {
    return readCatalog(value, index);
  } catch (error) {
    throw new Error(`${index.pathname}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The catalog, or the empty one when it cannot be read (for what only adds to the page). */
export function catalogOrEmpty(base?: URL): Promise<Catalog> {
  return loadCatalog(base).catch(() => emptyCatalog());
}

export function findScenario(catalog: Catalog, name: string | null | undefined): CatalogEntry | undefined {
  return name ? catalog.scenarios.find((s) => s.name === name) : undefined;
}

/** The entry's scenario document, checked as any document from outside the page. */
export async function loadDocument(entry: CatalogEntry): Promise<ScenarioDocument> {
  const response = await fetch(entry.document);
  if (!response.ok) throw new Error(`${entry.document.pathname} answered ${response.status}`);
  const checked = parseDocument(await response.text());
  if (!checked.ok) throw new Error(`the site's document of “${entry.name}” is not usable: ${checked.error}`);
  return { ...checked.doc, name: entry.name };
}
