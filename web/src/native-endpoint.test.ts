// The "Run natively" endpoint over real HTTP: it runs a program on this
// machine, so everything but this machine's own page is refused — other
// origins and Host names, other content types, oversized documents, settings
// past the caps, a second run at once — and a run can be cancelled.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connect } from 'vite';
import { nativeRunner } from '../native-server';

let server: Server;
let port = 0;
let dir = '';

interface Reply {
  status: number;
  body: string;
}

function call(path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // The server may answer (413) before it has read all of a large body.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(options.body);
  });
}

const doc = (settings: object = { iterations: 10, runs: 1, warmup: 0 }) =>
  JSON.stringify({ version: 1, title: 't', schema: 'pub struct A { pub n: u8 }', inputs: { valid: '{"n":1}' }, variants: ['de'], settings });
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'overhead-endpoint-'));
  // A stand-in for the CLI that takes a while, so one run is under way when the next asks.
  const cli = join(dir, 'overhead');
  await writeFile(cli, '#!/bin/sh\nexec sleep 30\n');
  await chmod(cli, 0o755);
  let middleware: Connect.NextHandleFunction | null = null;
  const plugin = nativeRunner({ cli });
  const hook = plugin.configurePreviewServer as (s: { middlewares: { use(m: Connect.NextHandleFunction): void } }) => void;
  hook({ middlewares: { use: (m) => (middleware = m) } });
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    middleware?.(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await call('/api/native/cancel', { method: 'POST' });
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the Run natively endpoint', () => {
  it('answers its own page', async () => {
    const reply = await call('/api/native', { headers: { origin: `http://127.0.0.1:${port}` } });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ available: true, running: false });
  });

  it('refuses requests from other origins, and Host names rebound to this machine', async () => {
    const other = await call('/api/native/run', { method: 'POST', headers: { ...json, origin: 'https://evil.example' }, body: doc() });
    expect(other.status).toBe(403);
    expect(other.body).toContain('Cross-origin requests are refused');
    const rebound = await call('/api/native', { headers: { host: `evil.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('Unexpected Host header');
  });

  it('refuses what a form on another site could send, and what is not a scenario document', async () => {
    const form = await call('/api/native/run', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: doc() });
    expect(form.status).toBe(415);
    const notJson = await call('/api/native/run', { method: 'POST', headers: json, body: '{"version":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toContain('not JSON');
    const wrong = await call('/api/native/run', { method: 'POST', headers: json, body: '{"version":2}' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('version');
  });

  it('refuses documents over 4 MiB', async () => {
    const huge = Buffer.alloc((4 << 20) + 1024, 0x20);
    const reply = await call('/api/native/run', { method: 'POST', headers: json, body: huge });
    expect(reply.status).toBe(413);
    expect(reply.body).toContain('larger than 4 MiB');
  });

  it('refuses settings past the caps', async () => {
    for (const settings of [
      { iterations: 100_000_001, runs: 1, warmup: 0 },
      { iterations: 1, runs: 1_001, warmup: 0 },
      { iterations: 100_000_000, runs: 1_000, warmup: 0 },
    ]) {
      const reply = await call('/api/native/run', { method: 'POST', headers: json, body: doc(settings) });
      expect(reply.status, JSON.stringify(settings)).toBe(400);
      expect(reply.body).toMatch(/limits|hours/);
    }
  });

  it('runs one job at a time, and a run can be cancelled', async () => {
    const first = new Promise<Reply>((resolve) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/native/run', method: 'POST', headers: { host: `127.0.0.1:${port}`, ...json } },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.end(doc());
    });
    await expect.poll(async () => JSON.parse((await call('/api/native')).body).running).toBe(true);
    const second = await call('/api/native/run', { method: 'POST', headers: json, body: doc() });
    expect(second.status).toBe(409);
    expect(second.body).toContain('already going');
    expect((await call('/api/native/cancel', { method: 'POST' })).status).toBe(200);
    const ended = await first;
    expect(ended.status).toBe(200);
    await expect.poll(async () => JSON.parse((await call('/api/native')).body).running).toBe(false);
  }, 20_000);
});
