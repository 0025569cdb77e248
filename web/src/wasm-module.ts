// The wasm module, fetched and compiled once on the page and handed to both
// Workers (benchmark and analysis) and to every Worker that replaces one after
// a cancel: a compiled Module crosses to a Worker without being copied, so the
// 4 MB download and its compilation happen once per page load, not per Worker.
import wasmUrl from './wasm-pkg/overhead_wasm_bg.wasm?url';

async function compile(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`fetching the wasm module failed: ${response.status} ${response.statusText}`);
  // A static host that serves .wasm with another MIME type defeats streaming.
  if (response.headers.get('Content-Type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

let compiled: Promise<WebAssembly.Module> | null = null;

export function wasmModule(): Promise<WebAssembly.Module> {
  compiled ??= compile();
  return compiled;
}
