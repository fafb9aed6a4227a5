#!/usr/bin/env bash
# Browser end-to-end tests of the web game, in Debian's headless Chromium driven by
# playwright-core. Installs what a fresh Debian machine lacks (chromium, npm packages),
# checks the page's scripts' types (tsc, assets/types/tsconfig.json), builds the release binary (or takes TRIOMINOS_BIN, as scripts/test.sh gives it),
# serves it on a free loopback port with a temporary database, runs `node --test` with
# E2E_WORKERS test files at a time (default 3; 1 runs them one after the other), stops
# the server. Exits non-zero on any failure.
#   bash crates/server/e2e/run.sh [tests/X.test.mjs ...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
sudo=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then sudo="sudo"; fi

if [ ! -x /usr/bin/chromium ]; then
  echo "e2e: installing chromium"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "e2e: installing node and npm"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm >/dev/null
fi
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
# Every script of the page (all checked, strict mode) against the wire types made from Rust
# (assets/types/wire.d.ts): a renamed field fails here.
echo "e2e: tsc, the page's scripts against the wire types"
(cd "$here" && npx tsc -p ../assets/types)
if [ -z "${TRIOMINOS_BIN:-}" ]; then
  (cd "$root" && cargo build --release -p triominos --quiet)
  TRIOMINOS_BIN="$root/target/release/triominos"
fi
# The tests that start servers of their own run this binary too.
export TRIOMINOS_BIN

E2E_WORKERS="${E2E_WORKERS:-3}"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
tmp="$(mktemp -d)"
# Every game of the tests comes from this one loopback client: no per-client caps (nor
# a client's share of the thinking).
# The test files running side by side share this server's thinking: games of bots
# alone, hints and reviews take turns on `max-thinking - 1` slots (think.rs), so with the
# default of one a core, one file's review would wait behind another file's games.
# One slot a file: no file's bots wait in line behind another file's.
"$TRIOMINOS_BIN" serve --addr "127.0.0.1:$port" --db "$tmp/e2e.db" --bot-delay-ms 30 --fixed-seeds --quiet \
  --max-games-per-client 0 --create-per-minute 0 --max-thinking "$((E2E_WORKERS + 1))" --max-thinking-per-client 0 \
  --max-connections-per-client 0 --max-spectators-per-client 0 --max-hints-per-client 0 \
  --max-reviews-per-client 0 --sheets-per-hour 0 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
for _ in $(seq 1 100); do
  if node -e "fetch('http://127.0.0.1:$port/api/meta').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then break; fi
  sleep 0.1
done
cd "$here"
echo "e2e: $(chromium --version 2>/dev/null || echo 'chromium: no version'), $E2E_WORKERS test files at a time"
if [ "$#" -eq 0 ]; then set -- tests/; fi
TRIOMINOS_URL="http://127.0.0.1:$port" node --test --test-concurrency="$E2E_WORKERS" "$@"
