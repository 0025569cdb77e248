// The page's two wasm modules, each fetched and compiled once per page load and
// handed to the Workers that need it (a compiled Module crosses to a Worker
// without being copied, so a Worker that replaces one after a cancel costs
// nothing to start):
// - the analyzer (markers, bundled scenarios, the build and the clock) loads with
//   the page and is built small;
// - the benchmark module (the timing loop, compiled codecs, interpreter and
//   peers) is several times larger and loads only when a run is asked for.
import analyzerUrl from './wasm-pkg/overhead_wasm_analyzer_bg.wasm?url';
import benchUrl from './wasm-pkg/overhead_wasm_bg.wasm?url';

async function compile(url: string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fetching the wasm module failed: ${response.status} ${response.statusText}`);
  // A static host that serves .wasm with another MIME type defeats streaming.
  if (response.headers.get('Content-Type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

function once(url: string): () => Promise<WebAssembly.Module> {
  let compiled: Promise<WebAssembly.Module> | null = null;
  return () => {
    if (!compiled) {
      compiled = compile(url);
      // A failed download may be retried by asking again.
      compiled.catch(() => (compiled = null));
    }
    return compiled;
  };
}

/** The analyzer module, needed as soon as the page opens. */
export const analyzerModule = once(analyzerUrl);
/** The benchmark module, needed from the first run on. */
export const benchModule = once(benchUrl);
