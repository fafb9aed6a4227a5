#!/usr/bin/env bash
# Runs the fuzz targets for a bounded time each: fuzz/run.sh [SECONDS] [TARGET...]
# (default 30 s, every target). Installs cargo-fuzz when missing; needs the
# nightly toolchain. Each target grows its working corpus in fuzz/corpus/TARGET
# (not in git) starting from the small seed corpus in fuzz/seeds/TARGET.
# Exits non-zero on the first crash; the crashing input is in fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-30}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(replay pad legals_are_legal); fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi
mkdir -p target
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  extra=()
  if [ -f "$t.dict" ]; then extra=("-dict=$t.dict"); fi
  log="target/fuzz-$t.log"
  start=$(date +%s)
  if cargo +nightly fuzz run "$t" "corpus/$t" "seeds/$t" -- -max_total_time="$seconds" "${extra[@]}" >"$log" 2>&1; then
    echo "fuzz: $t: $(grep -E '^Done [0-9]+ runs' "$log" | tail -1) (with the build: $(( $(date +%s) - start )) s)"
  else
    tail -n 80 "$log" >&2
    newest="$(ls -t "artifacts/$t"/* 2>/dev/null | head -1 || true)"
    echo "fuzz: $t FAILED (full log: fuzz/$log)" >&2
    if [ -n "$newest" ]; then echo "fuzz: reproduce with: cd fuzz && cargo +nightly fuzz run $t $newest" >&2; fi
    exit 1
  fi
done
