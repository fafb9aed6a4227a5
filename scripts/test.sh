#!/usr/bin/env bash
# Runs every test of the project on a fresh Debian machine: formatting, lints,
# unit/integration/property/doc tests, the fuzz targets (FUZZ_SECONDS each,
# default 30), the cross-check against the independent Python reference, and
# (when present) the browser end-to-end tests, which install Debian's chromium
# and the npm test client themselves.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "relative links of the Markdown files"; python3 scripts/check-links.py

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo doc -D warnings (every intra-doc link resolves)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps

step "cargo build --release"
cargo build --release --workspace

step "docs/example.tri checks to the expected report"
target/release/triominos check --json docs/example.tri | python3 -c 'import json, sys; sys.exit(json.load(sys.stdin) != json.load(open(sys.argv[1])))' crates/core/tests/data/spec/example.json

step "triominos puzzles verify (re-solves every shipped puzzle)"
target/release/triominos puzzles verify

step "cargo test"
cargo test --workspace

step "fuzz targets, ${FUZZ_SECONDS:-30} s each (cargo-fuzz, nightly; see fuzz/README.md)"
bash fuzz/run.sh "${FUZZ_SECONDS:-30}"

step "reference self-test (Python, independent implementation of the spec)"
GAMES="${REF_GAMES:-40}" MUTANTS="${REF_MUTANTS:-40}" NAIVE="${REF_NAIVE:-6}" bash tools/reference/selftest.sh

if [ -x target/release/triominos ] && target/release/triominos selfplay --help >/dev/null 2>&1; then
  step "selfplay records for the cross-check"
  rm -rf target/crosscheck-records && mkdir -p target/crosscheck-records
  for preset in goliath pressman dominos-triangles; do
    target/release/triominos selfplay --ruleset "$preset" --players 3 --games 10 --seed 11 \
      --bots random,greedy,random --records target/crosscheck-records --quiet >/dev/null
  done
  records=(--records target/crosscheck-records)
else
  records=()
fi

step "cross-check triominos check against the Python reference"
python3 tools/crosscheck.py --games "${CROSS_GAMES:-150}" --mutants 2 "${records[@]}"

if [ -f crates/server/e2e/run.sh ]; then
  step "browser end-to-end tests (headless Chromium)"
  bash crates/server/e2e/run.sh
fi

echo
echo "all tests passed"
