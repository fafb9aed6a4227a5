#!/usr/bin/env bash
# Runs every test of the project on a fresh Debian machine: formatting, lints,
# unit/integration/property/doc tests, the fuzz targets (FUZZ_SECONDS each,
# default 30), the cross-check against the independent Python reference, and
# (when present) the browser end-to-end tests, which install Debian's chromium
# and the npm test client themselves.
#
# It compiles once, in the `checked` profile (Cargo.toml: release optimisations
# with the debug assertions and overflow checks on): clippy and cargo doc first
# (the dependencies' metadata), which build the proc macros and run the build
# scripts (SQLite's C) in that profile, then the tests, which reuse them and make
# the one binary that the record check, the puzzles, the cross-check and the
# browser tests run. The fuzz targets (their own workspace, nightly) run beside
# the Python reference and cross-check, which use one core each; the browser
# tests run E2E_WORKERS files at a time (default 3). Each step says how long the
# run has taken so far.
set -euo pipefail
cd "$(dirname "$0")/.."

t0=$(date +%s)
clock() { local s=$(($(date +%s) - t0)); printf '%d:%02d' $((s / 60)) $((s % 60)); }
step() { printf '\n==> %s  [%s]\n' "$*" "$(clock)"; }

profile=checked
bin="$PWD/target/$profile/triominos"

step "relative links of the Markdown files"; python3 scripts/check-links.py

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings (profile $profile)"
cargo clippy --workspace --all-targets --profile "$profile" -- -D warnings

# The bots' research lab (feature `lab`: the search's variants, the earlier
# versions of mcts, the probes in crates/bots/examples) is not in the shipped
# build: linted and tested here on its own, so that it cannot rot.
step "cargo clippy -D warnings, the bots' lab (feature lab)"
cargo clippy -p triominos-bots --all-targets --features lab --profile "$profile" -- -D warnings

step "cargo doc -D warnings (every intra-doc link resolves)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --profile "$profile"

# The storage tests run on SQLite and on a real PostgreSQL (issue 37): one
# throwaway cluster for the whole run (scripts/pg.sh), stopped at the end.
step "PostgreSQL for the storage tests (a throwaway cluster, as an unprivileged user)"
source scripts/pg.sh
pg_start
trap pg_stop EXIT

# cargo-nextest runs the test binaries side by side (a fresh machine of the kind
# the project is tested on has it); doc tests are cargo test's alone. Without
# cargo-nextest, cargo test runs them all.
if cargo nextest --version >/dev/null 2>&1; then
  step "cargo nextest run (profile $profile: the tests and the binary, built once)"
  cargo nextest run --workspace --cargo-profile "$profile" --no-fail-fast --status-level fail --final-status-level slow
  step "doc tests (profile $profile)"
  cargo test --workspace --profile "$profile" --doc
else
  step "cargo test (profile $profile: the tests and the binary, built once; no cargo-nextest)"
  cargo test --workspace --profile "$profile"
fi
test -x "$bin" || { echo "no $bin after the tests" >&2; exit 1; }

step "several instances: PostgreSQL, three servers and nginx (docs/deploy/nginx.conf), kill -9 twice, SIGSTOP (scripts/cluster-test.sh)"
# The scripted people are the load example's client (built by the tests, but
# under a hashed name: built here under its own). With --workspace, as the tests
# were built: the same features, so nothing is compiled again (with
# `-p triominos-server` alone, cargo resolved other features and compiled most
# dependencies a second time: 78 s of a fresh run).
cargo build --profile "$profile" --workspace --example load
bash scripts/cluster-test.sh "$bin" "$(dirname "$bin")/examples/load"

step "the bots' lab: its tests (the lab's baseline plays as the shipped mcts) and its probes compiled"
cargo test -p triominos-bots --features lab --profile "$profile" --lib --tests --examples

step "docs/example.tri checks to the expected report"
"$bin" check --json docs/example.tri | python3 -c 'import json, sys; sys.exit(json.load(sys.stdin) != json.load(open(sys.argv[1])))' crates/core/tests/data/spec/example.json

step "triominos puzzles verify (re-solves every shipped puzzle)"
"$bin" puzzles verify

# The fuzz targets compile and run in the background while the Python steps
# below, which use one core each, run; their report follows them.
fuzz_seconds="${FUZZ_SECONDS:-30}"
fuzz_log="$PWD/target/fuzz-run.log"
step "fuzz targets, $fuzz_seconds s each, started in the background (cargo-fuzz, nightly; see fuzz/README.md)"
# In a session of its own, so that a failure below stops it and its children.
setsid bash fuzz/run.sh "$fuzz_seconds" >"$fuzz_log" 2>&1 &
fuzz_pid=$!
trap 'kill -- -"$fuzz_pid" 2>/dev/null || true; pg_stop' EXIT

step "reference self-test (Python, independent implementation of the spec)"
GAMES="${REF_GAMES:-40}" MUTANTS="${REF_MUTANTS:-40}" NAIVE="${REF_NAIVE:-6}" bash tools/reference/selftest.sh

step "selfplay records for the cross-check"
rm -rf target/crosscheck-records && mkdir -p target/crosscheck-records
for preset in goliath pressman dominos-triangles; do
  "$bin" selfplay --ruleset "$preset" --players 3 --games 10 --seed 11 \
    --bots random,greedy,random --records target/crosscheck-records --quiet >/dev/null
done

step "cross-check triominos check against the Python reference"
python3 tools/crosscheck.py --bin "$bin" --games "${CROSS_GAMES:-150}" --mutants 2 --records target/crosscheck-records

step "fuzz targets: waiting for them to finish"
if wait "$fuzz_pid"; then
  trap pg_stop EXIT
  cat "$fuzz_log"
else
  trap pg_stop EXIT
  cat "$fuzz_log" >&2
  exit 1
fi

if [ -f crates/server/e2e/run.sh ]; then
  step "browser end-to-end tests (headless Chromium, ${E2E_WORKERS:-3} files at a time)"
  TRIOMINOS_BIN="$bin" E2E_WORKERS="${E2E_WORKERS:-3}" bash crates/server/e2e/run.sh
fi

echo
echo "all tests passed in $(clock)"
