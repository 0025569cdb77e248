// Compiled code for edited definitions, in the page: the local server has the
// CLI build the page's wasm module for a document's definitions (`overhead
// build-browser`: cargo for wasm32, then wasm-bindgen; cached by content), relays
// cargo's progress as JSON lines, and serves the module and its JavaScript to
// the benchmark Worker. One build at a time, with a time limit; the request
// gates are the Run natively endpoint's (loopback, same origin, 4 MiB).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lineReader, readJson, send } from './server-http.ts';

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
export type BuildLine =
  | { type: 'building'; line: string }
  | { type: 'built'; key: string; notes: string[]; messages: RustcMessage[]; seconds: { cargo: number; bindgen: number } }
  | { type: 'unavailable'; reason: string; messages: RustcMessage[] }
  | { type: 'error'; message: string };

export function compiledBuilder(options: CompiledBuilderOptions) {
  const timeLimitMs = options.timeLimitMs ?? TIME_LIMIT_MS;
  let building: ChildProcess | null = null;

  async function build(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (building) return send(res, 409, { error: 'Compiled code is being built for other definitions; wait for it.' });
    if (!existsSync(options.cli)) return send(res, 503, { error: 'The CLI is not built: run `npm start`.' });
    const body = await readJson(req);
    if ('status' in body) return send(res, body.status, { error: body.message });
    const doc = body.value as { version?: unknown; schema?: unknown } | null;
    if (typeof doc !== 'object' || doc === null || doc.version !== 1 || typeof doc.schema !== 'string') {
      return send(res, 400, { error: 'Not built: the body is not a scenario document with definitions.' });
    }
    if (building) return send(res, 409, { error: 'Compiled code is being built for other definitions; wait for it.' });

    const dir = await mkdtemp(join(tmpdir(), 'overhead-compiled-'));
    const file = join(dir, 'scenario.json');
    await writeFile(file, body.text);
    const child = spawn(options.cli, ['build-browser', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    building = child;
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' });
    const line = (message: BuildLine) => res.write(`${JSON.stringify(message)}\n`);
    const timer = setTimeout(() => {
      line({ type: 'error', message: `The build was stopped after ${Math.round(timeLimitMs / 60_000)} minutes.` });
      child.kill('SIGKILL');
    }, timeLimitMs);
    let stdout = '';
    let stderrTail = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    const stderr = lineReader((l) => {
      if (!l.startsWith('{')) {
        if (l.trim()) stderrTail = l;
        return;
      }
      const message = JSON.parse(l) as { building?: unknown };
      if (typeof message.building === 'string') line({ type: 'building', line: message.building });
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => stderr.push(text));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      building = null;
      void rm(dir, { recursive: true, force: true });
      if (signal === null) line(answer(stdout, code, stderrTail));
      res.end();
    });
  }

  /** `overhead eject` into target/ejected/: a cargo project with a `cargo bench` harness. */
  async function eject(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (building) return send(res, 409, { error: 'Compiled code is being built; wait for it.' });
    const body = await readJson(req);
    if ('status' in body) return send(res, body.status, { error: body.message });
    const doc = body.value as { version?: unknown; schema?: unknown; name?: unknown } | null;
    if (typeof doc !== 'object' || doc === null || doc.version !== 1 || typeof doc.schema !== 'string') {
      return send(res, 400, { error: 'Not ejected: the body is not a scenario document with definitions.' });
    }
    const dir = await mkdtemp(join(tmpdir(), 'overhead-eject-'));
    const file = join(dir, 'scenario.json');
    await writeFile(file, body.text);
    const name = typeof doc.name === 'string' && /^[\w-]{1,64}$/.test(doc.name) ? doc.name : 'scenario';
    const out = join(options.workspace, 'target', 'ejected', `${name}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`);
    const child = spawn(options.cli, ['eject', file, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    building = child;
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeLimitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      building = null;
      void rm(dir, { recursive: true, force: true });
      if (code === 0) send(res, 200, { dir: out, notes: stderr.split('\n').filter((l) => l.startsWith('note: ')).map((l) => l.slice(6)) });
      else send(res, 422, { error: stderr.trim().replace(/^error: /, '') || `The CLI exited with ${code}.` });
    });
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
function answer(stdout: string, code: number | null, stderrTail: string): BuildLine {
  let value: { key?: unknown; notes?: unknown; messages?: unknown; seconds?: unknown; error?: unknown };
  try {
    value = JSON.parse(stdout.trim()) as typeof value;
  } catch {
    return { type: 'error', message: stderrTail.replace(/^error: /, '') || `The CLI exited with ${code}.` };
  }
  const messages = Array.isArray(value.messages) ? (value.messages as RustcMessage[]) : [];
  if (typeof value.key === 'string') {
    return {
      type: 'built',
      key: value.key,
      notes: Array.isArray(value.notes) ? (value.notes as string[]) : [],
      messages,
      seconds: value.seconds as { cargo: number; bindgen: number },
    };
  }
  return { type: 'unavailable', reason: typeof value.error === 'string' ? value.error : 'the build failed', messages };
}
