// Serves the built site as `npm start` does and drives it in Debian's Chromium.
import { type Browser, chromium } from 'playwright-core';
import { type PreviewServer, preview } from 'vite';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The built site (web/dist) on a free port, with the COOP/COEP headers of vite.config.ts. */
export async function serveBuiltSite(): Promise<{ server: PreviewServer; url: string }> {
  const server = await preview({ root: webRoot, preview: { port: 0, strictPort: false, open: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  return { server, url };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}
