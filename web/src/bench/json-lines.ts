// The local server's answers: whether an endpoint is there (a static host
// has none), and its streamed answers, one JSON object per line.

/** Whether the local server answers `api` with `{available: true}` (false on a static host). */
export async function endpointAvailable(api: string): Promise<boolean> {
  try {
    const response = await fetch(api, { cache: 'no-store' });
    if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('application/json')) return false;
    const body = (await response.json()) as { available?: unknown };
    return body.available === true;
  } catch {
    return false;
  }
}

/** Hands on each line of a streamed answer as it arrives; `onLine` returns a value to stop with it. */
export async function readJsonLines<T, R>(body: ReadableStream<BufferSource>, onLine: (line: T) => R | undefined): Promise<R | undefined> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return undefined;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines) {
      if (!text.trim()) continue;
      const result = onLine(JSON.parse(text) as T);
      if (result !== undefined) {
        void reader.cancel().catch(() => undefined);
        return result;
      }
    }
  }
}
