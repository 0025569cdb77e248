// Serves the built site as `npm start` does and drives it in Debian's Chromium.
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type PreviewServer, preview } from 'vite';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';


const webRoot = fileURLToPath(new URL('..', import.meta.url));


/** The built site (web/dist) on a free port, with the COOP/COEP headers of vite.config.ts. */
export async function serveBuiltSite(): Promise<{ server: PreviewServer; url: string }> {
  const server = await preview({ root: webRoot, preview: { port: 0, strictPort: false, open: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  return { server, url };
}

/**
 * For a test file: the built site served and Chromium launched before its
 * tests, both closed after them. Read `url` and `browser` inside tests.
 */
export function builtSiteInChromium(): { readonly url: string; readonly browser: Browser } {
  const site: { url: string; browser: Browser; server?: PreviewServer } = { url: '', browser: null as unknown as Browser };
  beforeAll(async () => {
    const served = await serveBuiltSite();
    site.server = served.server;
    site.url = served.url;
    site.browser = await launchChromium();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * web/dist under `prefix` by a plain static server, as a docs site would host it:
 * proves the build's asset URLs are relative.
 */
export async function serveDistUnder(prefix: string): Promise<{ close: () => Promise<void>; url: string }> {
  const { createServer } = await import('node:http');
  const { readFile } = await import('node:fs/promises');
  const { extname, join, normalize } = await import('node:path');
  const dist = join(webRoot, 'dist');
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    const relative = normalize(path.slice(prefix.length) || 'index.html').replace(/^(\.\.[/\\])+/, '');
    const file = join(dist, relative.endsWith('/') || relative === '.' ? 'index.html' : relative);
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          'Cross-Origin-Opener-Policy': 'same-origin',
          'Cross-Origin-Embedder-Policy': 'require-corp',
        });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
