#!/usr/bin/env bash
# The README's load figures (issue 37): the load example against one
# `triominos serve` on SQLite and against three on one PostgreSQL behind nginx
# (docs/deploy/nginx.conf), with the same games and think times; actions a
# second, latencies, and the CPU each part used. Builds the release binaries,
# starts a throwaway PostgreSQL with its durable defaults (scripts/pg.sh,
# PG_DURABLE=1: each commit flushed, as SQLite's synchronous=FULL), installs
# nginx's package when missing. Not part of the test script (about 5 minutes).
#
#   bash scripts/load-figures.sh [--games N] [--think-ms N,N] [--out docs/figures/load.md]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p triominos
cargo build --release -q -p triominos-server --example load
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "nginx is not installed: installing Debian's package nginx" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
PG_DURABLE=1
source scripts/pg.sh
pg_start
trap pg_stop EXIT
"${PG_AS[@]}" "$PG_BIN/createdb" -h "$PG_DIR" -U postgres triominos_cluster
PG_URL="$TRIOMINOS_TEST_PG/triominos_cluster" PSQL="$PG_BIN/psql" \
  python3 scripts/load-figures.py target/release/triominos target/release/examples/load "$@"
