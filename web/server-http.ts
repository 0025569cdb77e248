// What every endpoint of the local server shares: it runs programs on this
// machine, so it answers loopback clients and same-origin requests only (no
// other site can drive it from a visitor's browser), and reads bodies of at
// most 4 MiB.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 4 << 20;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export type Problem = { status: number; message: string };

/** Refuses what is not a loopback, same-origin request. */
export function requestProblem(req: IncomingMessage): Problem | null {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return { status: 403, message: 'Run natively answers this machine only.' };
  const host = req.headers.host ?? '';
  // A page elsewhere (or a DNS name rebound to 127.0.0.1) is not this page.
  if (!/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host)) return { status: 403, message: 'Unexpected Host header.' };
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return { status: 403, message: 'Cross-origin requests are refused.' };
  return null;
}

export async function readBody(req: IncomingMessage): Promise<string | Problem> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { status: 413, message: 'The document is larger than 4 MiB.' };
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}


/** Reads a JSON body: the parsed value, or why not. */
export async function readJson(req: IncomingMessage): Promise<{ value: unknown; text: string } | Problem> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return { status: 415, message: 'Send the document as application/json.' };
  const body = await readBody(req);
  if (typeof body !== 'string') return body;
  try {
    return { value: JSON.parse(body) as unknown, text: body };
  } catch {
    return { status: 400, message: 'The body is not JSON.' };
  }
}
