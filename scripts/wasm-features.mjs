// The features rustc enables by default for wasm32-unknown-unknown; wasm-opt
// must accept them (the page's modules and the site's prebuilt ones).
export const WASM_OPT_FEATURES = [
  '--enable-bulk-memory',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-mutable-globals',
  '--enable-reference-types',
  '--enable-multivalue',
];
