// The local server's streamed answers: one JSON object per line, handed on as
// each line arrives. `onLine` returns a value to stop with it.
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
