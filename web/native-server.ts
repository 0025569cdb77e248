// The local server behind `npm start` (vite preview) and `npm run dev`.
// "Run natively": the page posts its scenario document, this runs the release
// CLI on it and streams progress and the Report back as JSON lines. Compiled
// code for edited definitions (compiled-server.ts): the page's wasm module
// built on demand. A static build has neither, and the page says so.
//
// The endpoint runs a program on this machine, so it is narrow: loopback
// clients and same-origin requests only (no other site can drive it from a
// visitor's browser), a JSON scenario document of at most 4 MiB with settings
// within the CLI's limits, one run at a time, a time limit, and cancellation.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin } from 'vite';
import { COMPILED_API, compiledBuilder } from './compiled-server.ts';
import { cliError, runCli } from './server-cli.ts';
import { readJson, requestProblem, send } from './server-http.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The page's own limits (src/settings.ts), which the CLI enforces too. */
const LIMITS = { iterations: 100_000_000, runs: 1_000, warmup: 100_000_000 } as const;
/** Operations one run may take in all: at 1 µs each, about 17 minutes. */
const MAX_OPERATIONS = 1e9;
const TIME_LIMIT_MS = 15 * 60_000;

export const NATIVE_API = '/api/native';

export interface NativeServerOptions {
  /** The `overhead` binary (default: the workspace's release build). */
  cli?: string;
  timeLimitMs?: number;
}

/** Why `value` is not a scenario document the endpoint runs, or null. */
export function documentProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the body is not a scenario document (a JSON object)';
  const doc = value as Record<string, unknown>;
  if (doc['version'] !== 1) return 'the document’s version is not 1';
  if (typeof doc['schema'] !== 'string' || typeof doc['inputs'] !== 'object' || doc['inputs'] === null) return 'the document has no schema or inputs';
  if ('results' in doc) return 'send the document without results';
  const settings = doc['settings'];
  if (typeof settings !== 'object' || settings === null) return 'the document has no settings';
  const s = settings as Record<string, unknown>;
  for (const key of ['iterations', 'runs', 'warmup'] as const) {
    const n = s[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < (key === 'warmup' ? 0 : 1) || n > LIMITS[key]) {
      return `settings.${key} must be a whole number within the page’s limits`;
    }
  }
  const variants = Array.isArray(doc['variants']) ? doc['variants'].length : 1;
  const inputs = Object.keys(doc['inputs'] as object).length;
  // Both of ours and the peers: at most 5 engines a variant and input.
  const operations = ((s['iterations'] as number) * (s['runs'] as number) + (s['warmup'] as number) * 10) * variants * inputs * 5;
  if (operations > MAX_OPERATIONS) return 'those settings would run for hours natively; lower the iterations or runs';
  return null;
}

export function nativeRunner(options: NativeServerOptions = {}): Plugin {
  const cli = options.cli ?? join(ROOT, 'target', 'release', process.platform === 'win32' ? 'overhead.exe' : 'overhead');
  const timeLimitMs = options.timeLimitMs ?? TIME_LIMIT_MS;
  let running: ChildProcess | null = null;
  const compiled = compiledBuilder({ cli, workspace: ROOT });

  async function run(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (running) return send(res, 409, { error: 'A native run is already going; cancel it or wait for it.' });
    if (!existsSync(cli)) return send(res, 503, { error: 'The CLI is not built: run `cargo build --release -p overhead-cli`, or `npm start`.' });
    const body = await readJson(req);
    if ('status' in body) return send(res, body.status, { error: body.message });
    const problem = documentProblem(body.value);
    if (problem) return send(res, 400, { error: `Not run: ${problem}.` });
    if (running) return send(res, 409, { error: 'A native run is already going; cancel it or wait for it.' });

    // Pasted code (a custom validator's body) runs natively only once the
    // person has said yes in the page; until then the CLI stops and asks.
    const allowCode = new URL(req.url ?? '', 'http://localhost').searchParams.get('allowCode') === '1';
    const line = (message: object) => res.write(`${JSON.stringify(message)}\n`);
    let asked = false;
    const run = runCli(cli, (file) => ['run', file, '--engine', 'all', '--json', '--progress-lines', allowCode ? '--allow-code' : '--ask-code'], body.text, {
      timeLimitMs,
      onTimeout: () => line({ type: 'error', message: `The native run was stopped after ${Math.round(timeLimitMs / 60_000)} minutes.` }),
      onJson: (message) => {
        // Compiled code built on demand for edited definitions: cargo's progress first.
        if (typeof message['building'] === 'string') line({ type: 'building', line: message['building'] });
        else if (typeof message['confirm'] === 'string') {
          asked = true;
          line({ type: 'confirm', message: message['confirm'], code: Array.isArray(message['code']) ? message['code'] : [] });
        } else line({ type: 'progress', progress: message });
      },
    });
    running = run.child;
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' });
    // The page went away or cancelled: stop the run.
    res.on('close', () => run.child.kill('SIGKILL'));
    const end = await run.ended;
    running = null;
    if (end.code === 0) {
      try {
        line({ type: 'report', report: JSON.parse(end.stdout) as object });
      } catch {
        line({ type: 'error', message: 'The CLI answered something that is not a Report.' });
      }
    } else if (end.signal === null && !asked) {
      line({ type: 'error', message: cliError(end) });
    }
    res.end();
  }

  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const ours = path === NATIVE_API || path.startsWith(`${NATIVE_API}/`) || path === COMPILED_API || path.startsWith(`${COMPILED_API}/`);
    if (!ours) return next();
    const refused = requestProblem(req);
    if (refused) return send(res, refused.status, { error: refused.message });
    const failed = (error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.end();
    };
    if (path.startsWith(COMPILED_API)) {
      compiled.handle(req, res, path).catch(failed);
      return;
    }
    if (path === NATIVE_API && req.method === 'GET') return send(res, 200, { available: existsSync(cli), running: running !== null });
    if (path === `${NATIVE_API}/cancel` && req.method === 'POST') {
      running?.kill('SIGKILL');
      return send(res, 200, { cancelled: true });
    }
    if (path === `${NATIVE_API}/run` && req.method === 'POST') {
      run(req, res).catch(failed);
      return;
    }
    send(res, 405, { error: 'Method not allowed.' });
  };

  return {
    name: 'overhead-native-runner',
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
