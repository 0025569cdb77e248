/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { catalogServer } from './catalog-server.ts';
import { nativeRunner } from './native-server.ts';

// Cross-origin isolation makes `performance.now()` fine-grained (5 µs instead of
// 100 µs in Chromium); without it, short runs would be mostly timer noise.
const crossOriginIsolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  // Relative asset URLs: the built site works from any sub-path of a static host.
  base: './',
  // "Run natively": the dev and preview servers run the CLI for the page (not in a static build).
  // The dev server also serves the scenario catalog `npm run dev` writes (a build has it beside the page).
  plugins: [nativeRunner(), catalogServer(fileURLToPath(new URL('../target/dev-site/scenarios', import.meta.url)))],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, headers: crossOriginIsolation },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, headers: crossOriginIsolation },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    // Three pages: the playground, the light embed for docs pages, and the
    // methodology they link to.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
        methodology: fileURLToPath(new URL('./methodology.html', import.meta.url)),
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
