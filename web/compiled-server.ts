// Compiled code for edited definitions, in the page: the local server has the
// CLI build the page's wasm module for a document's definitions (`overhead
// build-browser`: cargo for wasm32, then wasm-bindgen; cached by content), relays
// cargo's progress as JSON lines, and serves the module and its JavaScript to
// the benchmark Worker. One build at a time, with a time limit; the request
// gates are the Run natively endpoint's (loopback, same origin, 4 MiB).
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type CliEnd, cliError, cliNotes, runCli } from './server-cli.ts';
import { readJson, send } from './server-http.ts';

export const COMPILED_API = '/api/compiled';
const TIME_LIMIT_MS = 10 * 60_000;
/** What a module's folder holds (wasm-bindgen's `--target web` output). */
const FILES: Record<string, string> = {
  'overhead_ondemand.js': 'text/javascript; charset=utf-8',
  'overhead_ondemand_bg.wasm': 'application/wasm',
};

export interface CompiledBuilderOptions {
  cli: string;
  /** The Overhead workspace, whose target dir holds the modules. */
  workspace: string;
  timeLimitMs?: number;
}

/** rustc's message on the definitions, at their line and column when it has one. */
export interface RustcMessage {
  level: 'error' | 'warning';
  line: number | null;
  column: number | null;
  message: string;
}

/** One line of the build's answer stream. */
/** A paste in the seed's dialect in a peer library's form: what that peer's derive runs. */
export interface Translation {
  library: string;
  text: string;
}

export type BuildLine =
  | { type: 'building'; line: string }
  | { type: 'built'; key: string; notes: string[]; messages: RustcMessage[]; seconds: { cargo: number; bindgen: number }; translations: Translation[] }
  | { type: 'unavailable'; reason: string; messages: RustcMessage[] }
  | { type: 'error'; message: string };

/**
 * Why a build is refused while another runs. The page sets it inside its own
 * sentence ("No compiled code for these definitions: …. The interpreter runs
 * them."), so it has no full stop; and the build that runs may be for these
 * very definitions, asked for by an earlier Run.
 */
export const BUSY = 'another build of compiled code is still going (for these definitions or others); run again when it ends';

export function compiledBuilder(options: CompiledBuilderOptions) {
  const timeLimitMs = options.timeLimitMs ?? TIME_LIMIT_MS;
  let building: ChildProcess | null = null;

  /** The body as a scenario document with definitions, or the answer already sent. */
  async function definitions(req: IncomingMessage, res: ServerResponse, refused: string): Promise<{ text: string; name: unknown } | null> {
    const body = await readJson(req);
    if ('status' in body) {
      send(res, body.status, { error: body.message });
      return null;
    }
    const doc = body.value as { version?: unknown; schema?: unknown; name?: unknown } | null;
    if (typeof doc !== 'object' || doc === null || doc.version !== 1 || typeof doc.schema !== 'string') {
      send(res, 400, { error: `${refused}: the body is not a scenario document with definitions.` });
      return null;
    }
    return { text: body.text, name: doc.name };
  }

  async function build(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (building) return send(res, 409, { error: BUSY });
    if (!existsSync(options.cli)) return send(res, 503, { error: 'The CLI is not built: run `npm start`.' });
    const doc = await definitions(req, res, 'Not built');
    if (!doc) return;
    if (building) return send(res, 409, { error: BUSY });
    const line = (message: BuildLine) => res.write(`${JSON.stringify(message)}\n`);
    const run = runCli(options.cli, (file) => ['build-browser', file], doc.text, {
      timeLimitMs,
      onTimeout: () => line({ type: 'error', message: `The build was stopped after ${Math.round(timeLimitMs / 60_000)} minutes.` }),
      onJson: (message) => {
        if (typeof message['building'] === 'string') line({ type: 'building', line: message['building'] });
      },
    });
    building = run.child;
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' });
    const end = await run.ended;
    building = null;
    if (end.signal === null) line(answer(end));
    res.end();
  }

  /** `overhead eject` into target/ejected/: a cargo project with a `cargo bench` harness. */
  async function eject(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (building) return send(res, 409, { error: 'Compiled code is being built; wait for it.' });
    const doc = await definitions(req, res, 'Not ejected');
    if (!doc) return;
    if (building) return send(res, 409, { error: 'Compiled code is being built; wait for it.' });
    const name = typeof doc.name === 'string' && /^[\w-]{1,64}$/.test(doc.name) ? doc.name : 'scenario';
    const out = join(options.workspace, 'target', 'ejected', `${name}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`);
    const run = runCli(options.cli, (file) => ['eject', file, '--out', out], doc.text, { timeLimitMs });
    building = run.child;
    const end = await run.ended;
    building = null;
    if (end.code === 0) send(res, 200, { dir: out, notes: cliNotes(end) });
    else send(res, 422, { error: cliError(end) });
  }

  async function serve(res: ServerResponse, key: string, name: string): Promise<void> {
    const type = FILES[name];
    // The key names a folder under target/: nothing else of the machine is served.
    if (!/^[0-9a-f]{16}$/.test(key) || type === undefined) return send(res, 404, { error: 'No such module.' });
    let content: Buffer;
    try {
      content = await readFile(join(options.workspace, 'target', 'ondemand', key, 'browser', 'pkg', name));
    } catch {
      return send(res, 404, { error: 'No such module: build it first.' });
    }
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'Content-Length': content.length });
    res.end(content);
  }

  return {
    /** Answers a request under COMPILED_API (already gated). */
    async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
      if (path === COMPILED_API && req.method === 'GET') return send(res, 200, { available: existsSync(options.cli), building: building !== null });
      if (path === COMPILED_API && req.method === 'POST') return build(req, res);
      if (path === `${COMPILED_API}/eject` && req.method === 'POST') return eject(req, res);
      const file = /^\/api\/compiled\/([^/]+)\/([^/]+)$/.exec(path);
      if (file && req.method === 'GET') return serve(res, file[1] ?? '', file[2] ?? '');
      send(res, 405, { error: 'Method not allowed.' });
    },
  };
}

/** The CLI's answer (one JSON object on stdout) as the page's last line. */
function isTranslation(value: unknown): value is Translation {
  if (typeof value !== 'object' || value === null) return false;
  const { library, text } = value as Record<string, unknown>;
  return typeof library === 'string' && typeof text === 'string';
}

function answer(end: CliEnd): BuildLine {
  let value: { key?: unknown; notes?: unknown; messages?: unknown; seconds?: unknown; translations?: unknown; error?: unknown };
  try {
    value = JSON.parse(end.stdout.trim()) as typeof value;
  } catch {
    return { type: 'error', message: cliError(end) };
  }
  const messages = Array.isArray(value.messages) ? (value.messages as RustcMessage[]) : [];
  if (typeof value.key === 'string') {
    return {
      type: 'built',
      key: value.key,
      notes: Array.isArray(value.notes) ? (value.notes as string[]) : [],
      messages,
      seconds: value.seconds as { cargo: number; bindgen: number },
      translations: Array.isArray(value.translations) ? value.translations.filter(isTranslation) : [],
    };
  }
  return { type: 'unavailable', reason: typeof value.error === 'string' ? value.error : 'the build failed', messages };
}
