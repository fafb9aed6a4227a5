# Issue 48, by hand (not run by scripts/test.sh): PostgreSQL frozen 20 s with
# SIGSTOP under one `triominos serve`, a page's socket connected; prints when the
# page is told the server cannot save and when it can again, and /api/health
# meanwhile. `bash scripts/saving-check.sh target/debug/triominos` (PostgreSQL
# from scripts/pg.sh, Node 20 or later for the page; port 18481).
set -u
cd "$(dirname "$0")/.."
BIN=$(realpath "$1")
source scripts/pg.sh && pg_start
"$PG_BIN/psql" -q "$TRIOMINOS_TEST_PG" -c "CREATE DATABASE frz" >/dev/null
URL="$TRIOMINOS_TEST_PG/frz"
"$BIN" serve --addr 127.0.0.1:18481 --db "$URL" --instance a --quiet & SPID=$!
for i in $(seq 100); do curl -fsS 127.0.0.1:18481/api/health >/dev/null 2>&1 && break; sleep 0.2; done
G=$(curl -fsS -X POST -H 'Content-Type: application/json' 127.0.0.1:18481/api/games -d '{"preset":"goliath","seats":[{"kind":"human","name":"Ann"},{"kind":"bot","level":"beginner"}]}')
ID=$(echo "$G" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
TOK=$(echo "$G" | python3 -c 'import json,sys; g=json.load(sys.stdin); s=g["seats"][0]; l=s["link"] if isinstance(s,dict) else s; print(l.rsplit("/",1)[1])')
node --experimental-websocket scripts/saving-check.mjs http://127.0.0.1:18481 "$ID" "$TOK" 32 & CPID=$!
sleep 3
PM=$(head -1 "$PG_DIR/data/postmaster.pid")
PIDS="$PM $(pgrep -P "$PM" | tr '\n' ' ')"
echo "$(date +%T) SIGSTOP postgres ($PIDS) for 20 s"
kill -STOP $PIDS
sleep 10; echo "$(date +%T) health: $(curl -sS 127.0.0.1:18481/api/health)"
sleep 10
kill -CONT $PIDS; echo "$(date +%T) SIGCONT"
sleep 3; echo "$(date +%T) health: $(curl -sS 127.0.0.1:18481/api/health)"
wait $CPID
kill $SPID; wait $SPID
pg_stop
