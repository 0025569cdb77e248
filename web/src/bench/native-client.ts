// "Run natively": the page's side of the local server's endpoint (native-server.ts),
// which runs the release CLI on this machine and streams JSON lines back. Only
// `npm start` and `npm run dev` have it; a static host answers 404.
import type { Report, ScenarioDocument } from '../report';
import { checkReport } from '../state/report-check';
import { endpointAvailable, readJsonLines } from './json-lines';
import type { Progress } from './protocol';

const API = '/api/native';

export class NativeUnavailable extends Error {}

/** The definitions carry code of their own: it runs natively only once the person allows it. */
export class CodeNeedsLeave extends Error {
  constructor(
    message: string,
    /** Each pasted item, `line:column: …`. */
    readonly code: string[],
  ) {
    super(message);
  }
}

/** Whether this page's server can run the CLI (false on a static host). */
export function nativeAvailable(): Promise<boolean> {
  return endpointAvailable(API);
}

type Line =
  | { type: 'progress'; progress: Progress & { engine?: string | null } }
  | { type: 'building'; line: string }
  | { type: 'report'; report: unknown }
  | { type: 'confirm'; message: string; code: string[] }
  | { type: 'error'; message: string };

/**
 * Runs `doc` natively; resolves with the CLI's Report. Aborting `signal` stops
 * the run. Definitions that carry code of their own throw `CodeNeedsLeave`
 * unless `allowCode` says the person has agreed to run it.
 */
export async function runNatively(
  doc: ScenarioDocument,
  onProgress: (p: Progress) => void,
  signal: AbortSignal,
  onBuilding: (line: string) => void = () => undefined,
  allowCode = false,
): Promise<Report> {
  const response = await fetch(`${API}/run${allowCode ? '?allowCode=1' : ''}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(doc),
    signal,
  });
  if (response.status === 404) throw new NativeUnavailable('This server cannot run natively.');
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `The native run was refused (${response.status}).`);
  }
  let asked: CodeNeedsLeave | null = null;
  const report = await readJsonLines<Line, Report>(response.body, (line) => {
    if (line.type === 'progress') return void onProgress(line.progress);
    if (line.type === 'building') return void onBuilding(line.line);
    if (line.type === 'error') throw new Error(`Native run: ${line.message}`);
    // The CLI stops once it asks: read its answer to the end, so that the
    // server has closed this run before the page asks again with leave
    // (else the second request can find it still going and be refused).
    if (line.type === 'confirm') return void (asked = new CodeNeedsLeave(line.message, line.code));
    const checked = checkReport(line.report);
    if (!checked) throw new Error('The native run answered something that is not a Report.');
    return checked;
  });
  if (asked) throw asked;
  if (report) return report;
  throw new Error('The native run ended without a Report.');
}

/** Asks the server to stop the run (the page also drops its request). */
export function cancelNative(): void {
  void fetch(`${API}/cancel`, { method: 'POST' }).catch(() => undefined);
}
