#!/usr/bin/env bash
# Self-test of the Python reference implementation (tri_ref.py).
#   bash tools/reference/selftest.sh          # about 2-3 minutes
# Env: GAMES (default 300), MUTANTS (default 300), NAIVE (default 24).
set -u
# `... | expect_line` must count in this shell, not in a pipeline subshell.
shopt -s lastpipe
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The worked example of docs/record-format.md and its expected report.
SPEC="${SPEC:-$HERE/../../crates/core/tests/data/spec}"
REF="python3 $HERE/tri_ref.py"
GAMES="${GAMES:-300}"
MUTANTS="${MUTANTS:-300}"
NAIVE="${NAIVE:-24}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# 1. Built-in geometry and scoring tests.
if $REF selfcheck >/dev/null; then ok; else bad "selfcheck"; fi

# 2. The worked example must give exactly example.json (parsed).
if $REF check --json "$SPEC/example.tri" >"$TMP/example.json" 2>"$TMP/err" &&
   python3 - "$TMP/example.json" "$SPEC/example.json" <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
sys.exit(0 if a == b else 1)
EOF
then ok; else bad "example.json differs"; cat "$TMP/err"; fi

# 3. Pinned error lines (file:line: reason) on edited copies of the example.
E="$SPEC/example.tri"
expect_line() {   # expect_line LINE DESCRIPTION  (record on stdin)
    cat >"$TMP/e.tri"
    $REF check "$TMP/e.tri" >/dev/null 2>"$TMP/err"
    local rc=$? got
    got="$(sed -n 's/^[^:]*:\([0-9]*\): .*/\1/p' "$TMP/err")"
    if [ "$1" = ok ]; then
        if [ $rc -eq 0 ]; then ok; else bad "$2: expected success, got $(cat "$TMP/err")"; fi
    elif [ $rc -eq 1 ] && [ "$got" = "$1" ] && [ "$(wc -l <"$TMP/err")" -eq 1 ]; then ok
    else bad "$2: expected an error at line $1, got rc=$rc $(cat "$TMP/err")"; fi
}
sed '9d' "$E"                                   | expect_line 9  "missing deal (at the pool line)"
head -9 "$E"                                    | expect_line 7  "set-up cut by end of file (at the round line)"
sed '12s/0,0/1,0/' "$E"                         | expect_line 12 "first tile off 0,0"
sed '8s/3-5-5/5-5-5/;9s/5-5-5/3-5-5/' "$E"    | expect_line 11 "swapped deals: start must follow the hands"
sed '13s/2-5-5/5-2-5/' "$E"                     | expect_line 13 "non-canonical tile spelling"
sed '13s/2-5-5/2-5-4/' "$E"                     | expect_line 13 "mirror tile"
sed '4s/.*/[Option "hexagon_bonus" "50 60"]/' "$E" | expect_line 4 "bad option value"
sed '4s/.*/[Option "colour" "red"]/' "$E"       | expect_line 4  "unknown option"
sed '11s/P2/P1/' "$E"                           | expect_line 11 "wrong start (highest_triple)"
sed '14s/draw/pass/' "$E"                       | expect_line 14 "pass with a non-empty pool"
sed '17s/.*/P1 draw/' "$E"                      | expect_line 17 "draw when able (pressman)"
sed '24s/.*/P2 play 1-1-4 -2,-1 0/' "$E"        | expect_line 24 "after a draw, only the drawn tile"
sed '13s/-1,0 0/-1,0 1/' "$E"                   | expect_line 13 "corner mismatch"
sed '13s/^P1/P2/' "$E"                          | expect_line 13 "not your turn"
sed '13s/$/ +37/' "$E"                          | expect_line 13 "wrong checksum"
sed '13s/$/ +12/;12s/$/ +25/;16s/$/ -15/' "$E"  | expect_line 16 "checksum only after a play"
sed '13s/$/ +12/;12s/$/ +25/;17s/$/ +13/' "$E"  | expect_line 17 "checksum is the total, not the points"
sed '13s/$/ +12/;12s/$/ +25/;17s/$/ +25/' "$E"  | expect_line ok "checksums = totals after the play"
{ cat "$E"; echo "P1 draw"; }                   | expect_line 71 "move after the game is over"
{ cat "$E"; echo "round 2"; }                   | expect_line 71 "round 2 with target none"
sed '4d;$d' "$E"                                | expect_line ok "unfinished round"
{ sed '4d;$d' "$E"; echo "round 2"; }           | expect_line 69 "next round before the end"
{ sed '4d' "$E"; echo "round 3"; }              | expect_line 70 "round numbers are consecutive"
sed '1d' "$E"                                   | expect_line 6  "missing [Format] (first body line)"
{ sed '4d' "$E"; echo "round 2"; echo "deal P1 0-0-0"; } | expect_line 71 "wrong hand size"
sed '3s/.*/[Players "P1" "P2" "P3" "P4" "P5"]/' "$E" | expect_line 3 "too many players for pressman"
# The turn timer (format 2): the example without its last play, P2 to move.
T='1s/"1"/"2"/;4s/.*/[Option "timer" "60"]/;$d'
{ sed "$T" "$E"; echo "P2 timeout"; }            | expect_line ok "a timeout of the player to move"
{ sed "$T" "$E"; echo "P1 timeout"; }            | expect_line 70 "a timeout of another player"
{ sed "$T;1s/\"2\"/\"1\"/" "$E"; echo "P2 timeout"; } | expect_line 70 "a timeout line in format 1"
{ sed '1s/"1"/"2"/;$d' "$E"; echo "P2 timeout"; } | expect_line 70 "a timeout without a timer"

# 4. Generated games: every one must check with exit 0.
presets=(goliath pressman dominos-triangles)
# Option sets: "name=value|name=value", with ~ standing for a space in a value.
optsets=(
  ""
  "vertex_contacts_must_match=false"
  "after_draw=any_tile"
  "target=none"
  "draw_when_able=true|max_draws=2"
  "hand_size=28~18~14~11~9|target=150"
  "game_end=immediate|blocked=lowest_takes_all|target=200"
  "game_end=round_winner_after_round|blocked=lowest_bonus"
  "first_tile=start_tile|start_bonus=3|empty_pool_penalty=2"
  "bridge_extension_bonus=40|hexagon_bonus=10~0~30|fail_penalty=0"
  "timer=60|timer_penalty=20"
)
mkdir -p "$TMP/games"
gen_ok=0
for ((k = 0; k < GAMES; k++)); do
    r=${presets[$((k % 3))]}
    max=4; [ "$r" = dominos-triangles ] && max=6
    n=$((2 + (k / 3) % (max - 1)))
    pol=random; [ $((k % 4)) -eq 3 ] && pol=greedy
    o=${optsets[$(((k / 2) % ${#optsets[@]}))]}
    args=()
    IFS='|' read -ra parts <<<"$o"
    for p in "${parts[@]}"; do [ -n "$p" ] && args+=(--option "${p//\~/ }"); done
    f="$TMP/games/g$k.tri"
    if ! $REF gen --ruleset "$r" --players "$n" --seed "$k" --policy "$pol" "${args[@]}" \
            >"$f" 2>"$TMP/err"; then
        bad "gen $r $n $k $o: $(cat "$TMP/err")"; continue
    fi
    if $REF check "$f" >/dev/null 2>"$TMP/err"; then gen_ok=$((gen_ok + 1)); ok
    else bad "check of generated game ($r n=$n seed=$k $o): $(cat "$TMP/err")"; fi
done
echo "generated games: $gen_ok/$GAMES checked with exit 0"

# 5. A naive second replayer must agree with check --json on some of them.
list=()
for ((k = 0; k < GAMES && ${#list[@]} < NAIVE; k += GAMES / NAIVE + 1)); do
    list+=("$TMP/games/g$k.tri")
done
if python3 "$HERE/naive_check.py" "$SPEC/example.tri" "${list[@]}" >"$TMP/naive" 2>&1; then ok
else bad "naive cross-check"; cat "$TMP/naive"; fi
tail -1 "$TMP/naive"

# 6. Mutated records: exit 0 or 1, never a traceback; on 1 exactly one FILE:LINE: line.
mut_rej=0
for ((k = 0; k < MUTANTS; k++)); do
    src="$TMP/games/g$((k % GAMES)).tri"
    m="$TMP/m.tri"
    if ! $REF mutate "$src" --seed "$k" >"$m" 2>"$TMP/err"; then bad "mutate $k: $(cat "$TMP/err")"; continue; fi
    $REF check --json "$m" >/dev/null 2>"$TMP/err"
    rc=$?
    if grep -q -e Traceback -e "internal error" "$TMP/err"; then bad "mutant $k crashed: $(cat "$TMP/err")"; continue; fi
    if [ $rc -eq 0 ]; then ok
    elif [ $rc -eq 1 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q "^$m:[0-9][0-9]*: ." "$TMP/err"; then
        ok; mut_rej=$((mut_rej + 1))
    else bad "mutant $k: rc=$rc stderr=$(cat "$TMP/err")"; fi
done
echo "mutants: $mut_rej/$MUTANTS rejected, no crash"

echo "selftest: $pass passed, $fail failed"
[ $fail -eq 0 ]
