// How the local server's endpoints run the CLI on a document the page sent:
// written to a file of its own, the CLI started on it, its stderr read as it
// comes (its JSON lines handed on, the rest kept for an error message), a
// time limit, and the file removed when it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CliEnd {
  /** The exit code; null when a signal stopped it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** The lines of stderr that are not JSON (messages, notes, the error). */
  messages: string[];
}

export interface CliRun {
  child: ChildProcess;
  /** Resolves when the CLI has ended and its file is removed. */
  ended: Promise<CliEnd>;
}

export interface CliOptions {
  timeLimitMs: number;
  /** Each JSON object the CLI writes as a line of stderr. */
  onJson?: (message: Record<string, unknown>) => void;
  /** Called when the time limit stops it. */
  onTimeout?: () => void;
}

/**
 * Runs `cli` with `args(file)`, `file` holding `document`. It starts at once
 * (the file is written synchronously), so that the caller's one-at-a-time
 * flag is set before any other request is read.
 */
export function runCli(cli: string, args: (file: string) => string[], document: string, options: CliOptions): CliRun {
  const dir = mkdtempSync(join(tmpdir(), 'overhead-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, document);
  const child = spawn(cli, args(file), { stdio: ['ignore', 'pipe', 'pipe'] });
  const timer = setTimeout(() => {
    options.onTimeout?.();
    child.kill('SIGKILL');
  }, options.timeLimitMs);
  let stdout = '';
  const messages: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  const stderr = lineReader((line) => {
    let message: unknown = null;
    if (line.startsWith('{')) {
      try {
        message = JSON.parse(line);
      } catch {
        // Not one of the CLI's JSON lines after all: a message like any other.
      }
    }
    if (typeof message === 'object' && message !== null) options.onJson?.(message as Record<string, unknown>);
    else if (line.trim()) messages.push(line);
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => stderr.push(text));
  const ended = new Promise<CliEnd>((resolve) => {
    let over = false;
    const end = (code: number | null, signal: NodeJS.Signals | null, error?: string) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      if (stderr.rest().trim()) messages.push(stderr.rest());
      if (error) messages.push(error);
      void rm(dir, { recursive: true, force: true }).finally(() => resolve({ code, signal, stdout, messages }));
    };
    // A CLI that cannot start is an error message, not a server crash.
    child.on('error', (error) => end(1, null, `cannot start the CLI: ${error.message}`));
    child.on('close', (code, signal) => end(code, signal));
  });
  return { child, ended };
}

/** The CLI's notes (`note: …` lines), without the prefix. */
export function cliNotes(end: CliEnd): string[] {
  return end.messages.filter((m) => m.startsWith('note: ')).map((m) => m.slice('note: '.length));
}

/** The CLI's error for the page: what it said that is not a note, without `error: `. */
export function cliError(end: CliEnd): string {
  const said = end.messages.filter((m) => !m.startsWith('note: ')).join('\n').trim();
  return said.replace(/^error: /, '') || `The CLI exited with ${end.code}.`;
}

/** Calls `onLine` with each whole line of `text` chunks as they come. */
function lineReader(onLine: (line: string) => void): { push(text: string): void; rest(): string } {
  let pending = '';
  return {
    push(text: string) {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    },
    rest: () => pending,
  };
}
