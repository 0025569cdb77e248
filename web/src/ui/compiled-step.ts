// Before a run of definitions the benchmark module has no code for: the
// module the site prebuilt for them (a docs author's scenario, listed in the
// site's catalog: no server needed), else compiled code built on demand by the
// local server (cargo for wasm32, then wasm-bindgen), or why there is none —
// rustc's messages go to the editor at their lines, and the interpreter runs
// alone. A static host has no such server: compiled numbers for other
// definitions need `npm start` or the CLI.
import { buildCompiled, CompiledUnavailable, compiledAvailable, moduleUrls, type RustcMessage, type Translation } from '../bench/compiled-client';
import type { RunRequest } from '../bench/protocol';
import type { ScenarioDocument } from '../report';
import { type Catalog, catalogOrEmpty } from '../scenarios/catalog';
import { prebuiltFor } from '../scenarios/prebuilt';

export interface CompiledStepView {
  progress(text: string): void;
  message(text: string, kind: 'error' | 'info'): void;
  rustc(messages: RustcMessage[]): void;
  /** The definitions in each translated peer's form (none when there are none). */
  translations(list: Translation[]): void;
}

export const STATIC_HOST =
  'Compiled numbers for edited definitions need the local server (`npm start`, which builds them with cargo) or the CLI (`overhead run`); this page runs the interpreter on them.';

function at(m: RustcMessage): string {
  return m.line !== null ? `line ${m.line}, column ${m.column ?? 1}: ` : '';
}

/**
 * The compiled code to run beside the interpreter; without its module when it
 * could not be built (the notes say why); undefined on a static host for
 * definitions the site has no module for. `catalog` is the site's (read here
 * when not given).
 */
export async function compiledFor(doc: ScenarioDocument, view: CompiledStepView, signal?: AbortSignal, catalog?: Catalog): Promise<RunRequest['compiled']> {
  const prebuilt = await prebuiltFor(doc, catalog ?? (await catalogOrEmpty()));
  if (prebuilt) return prebuilt;
  if (!(await compiledAvailable())) {
    view.message(STATIC_HOST, 'info');
    return undefined;
  }
  view.progress('compiled: building for these definitions…');
  try {
    const built = await buildCompiled(doc, (line) => view.progress(`compiled: building for these definitions — ${line}`), signal);
    view.rustc(built.messages);
    view.translations(built.translations);
    return { ...moduleUrls(built.key), notes: built.notes };
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const messages = error instanceof CompiledUnavailable ? error.messages : [];
    view.rustc(messages);
    view.translations([]);
    // The first error at a place in the definitions says most (rustc also
    // reports some on code the derives generate, with no place of their own).
    const errors = messages.filter((m) => m.level === 'error');
    const first = errors.find((m) => m.line !== null) ?? errors[0];
    const why = `${reason}${first ? ` (${at(first)}${first.message})` : ''}`;
    view.message(`No compiled code for these definitions: ${why}. The interpreter runs them.`, 'info');
    return { notes: [`no compiled code built on demand: ${why}`] };
  }
}
