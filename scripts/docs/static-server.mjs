// A folder served as a plain static host serves it (GitHub Pages, S3, any
// web server): files by path, a folder's index.html, and none of the
// COOP/COEP headers the playground's own server sends, so a page served here
// behaves as it will when hosted. Used by `npm run docs -- --serve` and the
// book's end-to-end test.
//   node scripts/docs/static-server.mjs DIR [PORT]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file a request path names inside `dir`, or null outside it. */
async function fileFor(dir, urlPath) {
  const path = resolve(dir, `.${decodeURIComponent(urlPath)}`);
  if (path !== dir && !path.startsWith(dir + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) return join(path, 'index.html');
  return path;
}

/**
 * Serves `dir` on 127.0.0.1 (`port` 0: a free one) until `close()`, with
 * `headers` on every response (none by default, as a static host sends).
 */
export async function serveStatic(dir, port = 0, headers = {}) {
  const base = resolve(dir);
  const server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://host').pathname;
    fileFor(base, urlPath)
      .then((file) => (file === null ? Promise.reject(new Error('outside')) : readFile(file).then((body) => ({ file, body }))))
      .then(
        ({ file, body }) => {
          res.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
          res.end(body);
        },
        () => res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found'),
      );
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/`;
  return { url, close: () => new Promise((done) => server.close(() => done())) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/docs/static-server.mjs DIR [PORT]');
    process.exit(2);
  }
  const { url } = await serveStatic(dir, Number(process.argv[3] ?? 8000));
  console.log(`serving ${resolve(dir)} at ${url} (no COOP/COEP, as a static host); Ctrl+C stops`);
}
