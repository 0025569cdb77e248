// Compiled code for edited definitions: the page's side of the local server's
// `/api/compiled` (compiled-server.ts), which builds the page's wasm module for
// the definitions with cargo and wasm-bindgen. Only `npm start` and `npm run
// dev` have it; on a static host only the interpreter runs edited definitions.
import type { ScenarioDocument } from '../report';
import { endpointAvailable, readJsonLines } from './json-lines';

const API = '/api/compiled';

/** rustc's message on the definitions, at their line and column when it has one. */
export interface RustcMessage {
  level: 'error' | 'warning';
  line: number | null;
  column: number | null;
  message: string;
}

/** The page's module for a document's definitions, ready to load. */
export interface CompiledModule {
  key: string;
  notes: string[];
  /** rustc's warnings on the definitions. */
  messages: RustcMessage[];
  /** Seconds in cargo and wasm-bindgen (zero each for a cache hit). */
  seconds: { cargo: number; bindgen: number };
  /** The definitions in each translated peer's form (a paste in the seed's dialect). */
  translations: Translation[];
}

/** The definitions as a peer library's derive runs them. */
export interface Translation {
  library: string;
  text: string;
}

/** Why there is no module: the reason, and rustc's errors at their lines. */
export class CompiledUnavailable extends Error {
  constructor(
    readonly reason: string,
    readonly messages: RustcMessage[],
  ) {
    super(reason);
  }
}

type Line =
  | { type: 'building'; line: string }
  | ({ type: 'built' } & CompiledModule)
  | { type: 'unavailable'; reason: string; messages: RustcMessage[] }
  | { type: 'error'; message: string };

/** Line endings and trailing blanks do not change what definitions mean (as `bundled::matching`). */
function normalise(schema: string): string {
  return schema
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .join('\n');
}

/** Whether two texts are the same definitions (line endings and trailing blanks aside). */
export function sameSchema(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}

/** Whether the page's benchmark module carries compiled code for these definitions (a bundled scenario's, unchanged). */
export function hasBundledCode(schema: string, bundled: readonly ScenarioDocument[]): boolean {
  return bundled.some((s) => sameSchema(s.schema, schema));
}

/** Whether this page's server builds compiled code (false on a static host). */
export function compiledAvailable(): Promise<boolean> {
  return endpointAvailable(API);
}

/** Builds (or finds in the server's cache) the page's module for `doc`'s definitions. */
export async function buildCompiled(doc: ScenarioDocument, onBuilding: (line: string) => void, signal?: AbortSignal): Promise<CompiledModule> {
  const response = await fetch(API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(doc),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new CompiledUnavailable(body.error ?? `the build was refused (${response.status})`, []);
  }
  const built = await readJsonLines<Line, CompiledModule>(response.body, (line) => {
    if (line.type === 'building') return void onBuilding(line.line);
    if (line.type === 'built') return { key: line.key, notes: line.notes, messages: line.messages, seconds: line.seconds, translations: line.translations ?? [] };
    if (line.type === 'unavailable') throw new CompiledUnavailable(line.reason, line.messages);
    throw new CompiledUnavailable(line.message, []);
  });
  if (built) return built;
  throw new CompiledUnavailable('the build ended without an answer', []);
}

/** Where the Worker loads a built module's JavaScript and wasm from. */
export function moduleUrls(key: string): { js: string; wasm: string } {
  return { js: `${API}/${key}/overhead_ondemand.js`, wasm: `${API}/${key}/overhead_ondemand_bg.wasm` };
}

/** Writes the definitions as a cargo project with a `cargo bench` harness (`overhead eject`); resolves with its folder. */
export async function ejectProject(doc: ScenarioDocument): Promise<{ dir: string; notes: string[] }> {
  const response = await fetch(`${API}/eject`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(doc) });
  const body = (await response.json().catch(() => ({}))) as { dir?: string; notes?: string[]; error?: string };
  if (!response.ok || typeof body.dir !== 'string') throw new Error(body.error ?? `Eject was refused (${response.status}).`);
  return { dir: body.dir, notes: body.notes ?? [] };
}
