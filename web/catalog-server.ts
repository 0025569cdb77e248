// The scenario catalog under `npm run dev`: a built site has `scenarios/`
// beside its page (scripts/build.mjs writes it), the dev server serves the
// one `node scripts/build-catalog.mjs --out target/dev-site` wrote, at the
// same place. Files only, from that folder only.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { Plugin } from 'vite';

const TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The file under `dir` that `url` (below /scenarios/) names, or null for anything else. */
export function catalogFile(dir: string, url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return null;
  }
  if (!path.startsWith('/scenarios/')) return null;
  const file = normalize(join(dir, path.slice('/scenarios/'.length)));
  if (!file.startsWith(dir + sep) || TYPES[extname(file)] === undefined) return null;
  return file;
}

export function catalogServer(dir: string): Plugin {
  async function serve(req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> {
    const file = req.method === 'GET' ? catalogFile(dir, req.url ?? '/') : null;
    if (file === null) return next();
    let content: Buffer;
    try {
      content = await readFile(file);
    } catch {
      // Absent (no catalog written): a 404, as a static host answers, not the page.
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', 'Content-Length': content.length });
    res.end(content);
  }
  return {
    name: 'overhead-scenario-catalog',
    configureServer(server) {
      server.middlewares.use((req, res, next) => void serve(req, res, next));
    },
  };
}
