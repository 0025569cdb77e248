#!/usr/bin/env bash
# Seeds the fuzz corpora from the bundled scenarios and the real-world structs,
# so libFuzzer starts from definitions and inputs that already run:
#   bash fuzz/seed.sh && cargo +nightly fuzz run decode
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p fuzz/corpus/analyze fuzz/corpus/decode fuzz/corpus/differential
for f in scenarios/*/schema.rs crate/engine/tests/real_world/*.rs; do
  cp "$f" "fuzz/corpus/analyze/$(basename "$(dirname "$f")")-$(basename "$f")"
done
# decode: the definitions, a NUL byte, then an input.
for dir in scenarios/*/; do
  name=$(basename "$dir")
  for input in "$dir"inputs/*.json; do
    { cat "$dir/schema.rs"; printf '\0'; cat "$input"; } > "fuzz/corpus/decode/$name-$(basename "$input" .json)"
  done
done
# differential: the first byte picks the scenario (0 user-signup, 1 api-payload, 2 car).
pick=0
for name in user-signup api-payload car; do
  for input in "scenarios/$name/inputs/"*.json; do
    { printf "\\x$(printf %02x "$pick")"; cat "$input"; } > "fuzz/corpus/differential/$name-$(basename "$input" .json)"
  done
  pick=$((pick + 1))
done
echo "seeded fuzz/corpus/{analyze,decode,differential}"
