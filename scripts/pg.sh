# A throwaway PostgreSQL cluster for the tests (issue 37), sourced by
# scripts/test.sh: `pg_start` installs PostgreSQL when it is missing (Debian's
# package), makes a cluster in a new temporary folder (initdb) and starts it
# listening on a unix socket in that folder only (no port to collide with),
# as the unprivileged user nobody when the script runs as root (initdb and
# postgres refuse root); it exports TRIOMINOS_TEST_PG, the cluster's address,
# which the storage tests make their databases in. `pg_stop` stops it and
# removes the folder. Any failure stops the script: the PostgreSQL tests are
# never skipped.

pg_bin_dir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$d" ] && command -v initdb >/dev/null 2>&1; then d=$(dirname "$(command -v initdb)"); fi
  echo "$d"
}

pg_start() {
  PG_BIN=$(pg_bin_dir)
  if [ -z "$PG_BIN" ]; then
    echo "PostgreSQL is not installed: installing Debian's package postgresql" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    PG_BIN=$(pg_bin_dir)
  fi
  [ -x "$PG_BIN/initdb" ] || { echo "no initdb after installing PostgreSQL" >&2; return 1; }
  PG_DIR=$(mktemp -d /tmp/triominos-pg-run.XXXXXX)
  PG_AS=()
  if [ "$(id -u)" = 0 ]; then
    chown nobody: "$PG_DIR"
    PG_AS=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  fi
  "${PG_AS[@]}" "$PG_BIN/initdb" -U postgres -A trust -E UTF8 --locale=C --no-sync -D "$PG_DIR/data" >"$PG_DIR/initdb.log" 2>&1 ||
    { cat "$PG_DIR/initdb.log" >&2; return 1; }
  # The tests need no durability; PG_DURABLE=1 (scripts/load-figures.sh) keeps
  # PostgreSQL's own defaults (each commit flushed), as a site runs it.
  local fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  [ "${PG_DURABLE:-}" = 1 ] && fast=""
  "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 60 \
    -o "-k $PG_DIR -c listen_addresses= $fast -c max_connections=300" \
    start >/dev/null || { cat "$PG_DIR/log" >&2; return 1; }
  TRIOMINOS_TEST_PG="postgresql://postgres@$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$PG_DIR")"
  export TRIOMINOS_TEST_PG PG_DIR PG_BIN
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') for the tests: $TRIOMINOS_TEST_PG"
}

pg_stop() {
  [ -n "${PG_DIR:-}" ] || return 0
  "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DIR=
}
