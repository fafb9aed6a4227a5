#!/usr/bin/env bash
# Issue 37's done-when test with real processes, on loopback: a throwaway
# PostgreSQL (scripts/pg.sh), three `triominos serve` instances over one
# database, and nginx running docs/deploy/nginx.conf (the file docs/deploy.md
# shows; its ports substituted). Then 30 games created through nginx, half of
# them with scripted people (crates/server/examples/load.rs --join: a client
# over WebSockets through nginx that reconnects and resends like a page) and
# bots, the rest of bots alone; `kill -9` of one instance mid-game and of another later, a SIGSTOP
# past the lease (fencing), and the checks: every game finishes, every record
# passes `triominos check`, the stored actions of each game are numbered
# without a gap or a repeat, play on a killed instance's games resumes within
# 15 s, every action acknowledged to a person is stored as sent, the paused
# instance stores nothing for the game it lost and drops it. Issue 48: then
# PostgreSQL restarted and stopped 20 s while games of bots play (their bots
# play again within 2 s of its return; the games finish, their records pass
# check), a rolling restart with --trusted-proxy, and the per-client limits
# applied to each client behind nginx (a forged X-Forwarded-For changes nothing).
# The driver is scripts/cluster-test.py (with scripts/cluster.py); this script
# starts PostgreSQL and installs nginx's package when missing.
#
#   bash scripts/cluster-test.sh [BIN [LOAD]]
#     BIN: target/checked/triominos by default; LOAD: the load example beside
#     it (BIN's folder/examples/load), built with the tests
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-${TRIOMINOS_BIN:-$PWD/target/checked/triominos}}"
test -x "$bin" || { echo "no $bin: build it first (cargo build --profile checked -p triominos)" >&2; exit 1; }
load="${2:-$(dirname "$bin")/examples/load}"
test -x "$load" || { echo "no $load: build it first (cargo build --profile checked -p triominos-server --example load)" >&2; exit 1; }
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "nginx is not installed: installing Debian's package nginx" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
source scripts/pg.sh
pg_start
trap pg_stop EXIT
"${PG_AS[@]}" "$PG_BIN/createdb" -h "$PG_DIR" -U postgres triominos_cluster
PG_CTL="${PG_AS[*]} $PG_BIN/pg_ctl -D $PG_DIR/data" \
  PG_URL="$TRIOMINOS_TEST_PG/triominos_cluster" PSQL="$PG_BIN/psql" python3 scripts/cluster-test.py "$bin" "$load"
