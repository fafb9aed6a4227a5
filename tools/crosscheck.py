#!/usr/bin/env python3
"""Cross-check `triominos check --json` against the independent Python reference.

Games come from two generators: the Python reference's own `gen` (random and
greedy play, many house rules) and, when available, the Rust `triominos
selfplay --records`. Every record is checked by both implementations: exit codes
and the parsed JSON must be equal. Each record is also corrupted several times
with the reference's `mutate`; both must agree on acceptance, and on refusals
they must name the same line.

    python3 tools/crosscheck.py --games 200 --mutants 3 [--bin target/release/triominos]

Exits 1 on any disagreement, printing each one; prints a summary line
`crosscheck: N passed, M failed`.
"""

import argparse
import concurrent.futures as cf
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REF = os.path.join(HERE, "reference", "tri_ref.py")

# (ruleset, players, options)
VARIANTS = [
    ("goliath", 2, []),
    ("goliath", 3, []),
    ("goliath", 4, []),
    ("pressman", 2, []),
    ("pressman", 3, []),
    ("pressman", 4, []),
    ("dominos-triangles", 2, []),
    ("dominos-triangles", 4, []),
    ("dominos-triangles", 5, []),
    ("dominos-triangles", 6, []),
    ("goliath", 2, ["target=none"]),
    ("pressman", 2, ["target=150"]),
    ("pressman", 3, ["draw_when_able=true", "target=120"]),
    ("goliath", 2, ["vertex_contacts_must_match=false", "target=200"]),
    ("goliath", 3, ["after_draw=any_tile", "max_draws=2"]),
    ("dominos-triangles", 3, ["target=80"]),
    ("dominos-triangles", 2, ["bridge_bonus=40", "hexagon_bonus=50 60 70", "target=150"]),
    ("pressman", 2, ["blocked=each_subtracts", "game_end=highest_after_round", "target=100"]),
    ("goliath", 4, ["blocked=lowest_takes_all", "empty_pool_penalty=5", "target=150"]),
    ("goliath", 2, ["game_end=immediate", "target=100"]),
    ("pressman", 4, ["hand_size=9 7 14 7 7", "target=100"]),
    ("dominos-triangles", 6, ["hand_size=9 7 7 9 9", "target=60"]),
    # The Triominos Challenge turn timer: the generator times players out now and then.
    ("goliath", 3, ["timer=60", "target=200"]),
    ("pressman", 2, ["timer=30", "timer_penalty=20", "target=150"]),
    ("dominos-triangles", 4, ["timer=10", "timer_penalty=0", "max_draws=3"]),
]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def line_of(stderr):
    # "FILE:LINE: reason" -> LINE
    first = stderr.strip().splitlines()[0] if stderr.strip() else ""
    parts = first.rsplit(":", 2)
    try:
        return int(first[len(first.split(":")[0]) + 1:].split(":")[0])
    except (ValueError, IndexError):
        return None


def known_checksum_difference(path, rust_json, ref_err):
    """The one known, documented difference: docs/record-format.md accepts a
    play's `+N` checksum that is either the play's points or the player's total.
    The reference reads it as the total only; triominos accepts either. A record whose
    checksum equals the play's points is accepted by triominos only."""
    if "checksum" not in ref_err:
        return False
    line = line_of(ref_err)
    try:
        text = open(path).read().splitlines()[line - 1]
        written = int(text.split("#")[0].split()[5])
        report = json.loads(rust_json)
    except (ValueError, IndexError, TypeError):
        return False
    for rnd in report.get("rounds", []):
        for a in rnd["actions"]:
            if a["line"] == line:
                return a["kind"] == "play" and a["points"] == written
    return False


def compare(path, rust_bin):
    """Returns a list of disagreement messages for one record."""
    rc_r, out_r, err_r = run([rust_bin, "check", "--json", path])
    rc_p, out_p, err_p = run([sys.executable, REF, "check", "--json", path])
    if rc_r not in (0, 1) or rc_p not in (0, 1):
        return [f"{path}: crash? rust rc={rc_r} {err_r.strip()[:200]} / ref rc={rc_p} {err_p.strip()[:200]}"]
    if rc_r != rc_p:
        if rc_r == 0 and known_checksum_difference(path, out_r, err_p):
            return []
        return [f"{path}: rust exit {rc_r} ({err_r.strip()}) vs reference exit {rc_p} ({err_p.strip()})"]
    if rc_r == 1:
        lr, lp = line_of(err_r), line_of(err_p)
        if lr != lp:
            return [f"{path}: error line differs: rust {err_r.strip()} | reference {err_p.strip()}"]
        return []
    a, b = json.loads(out_r), json.loads(out_p)
    if a == b:
        return []
    # Find the first differing action for a readable message.
    for ra, rb in zip(a.get("rounds", []), b.get("rounds", [])):
        for x, y in zip(ra["actions"], rb["actions"]):
            if x != y:
                return [f"{path}: line {x.get('line')}: rust {x} | reference {y}"]
        if ra != rb:
            return [f"{path}: round {ra['number']}: rust {ra['end']} {ra['round_scores']} | reference {rb['end']} {rb['round_scores']}"]
    return [f"{path}: totals/winner: rust {a['totals']} {a['winner']} | reference {b['totals']} {b['winner']}"]


def job(i, args, tmp):
    rng = random.Random(args.seed * 1_000_003 + i)
    ruleset, players, opts = VARIANTS[i % len(VARIANTS)]
    policy = "greedy" if rng.random() < 0.3 else "random"
    seed = rng.randrange(1 << 30)
    cmd = [sys.executable, REF, "gen", "--ruleset", ruleset, "--players", str(players), "--seed", str(seed),
           "--policy", policy]
    for o in opts:
        cmd += ["--option", o]
    rc, out, err = run(cmd)
    if rc != 0:
        return 0, [f"gen failed: {' '.join(cmd)}: {err.strip()}"]
    files = []
    path = os.path.join(tmp, f"g{i}.tri")
    with open(path, "w") as f:
        f.write(out)
    files.append(path)
    for m in range(args.mutants):
        rc, mout, err = run([sys.executable, REF, "mutate", path, "--seed", str(seed + m)])
        if rc == 0:
            mp = os.path.join(tmp, f"g{i}_m{m}.tri")
            with open(mp, "w") as f:
                f.write(mout)
            files.append(mp)
    problems = []
    for f in files:
        problems += compare(f, args.bin)
    return len(files), problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--mutants", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "target", "release", "triominos"))
    ap.add_argument("--records", help="also cross-check every .tri file in this folder")
    ap.add_argument("--keep", help="keep generated records in this folder")
    args = ap.parse_args()
    tmp = args.keep or tempfile.mkdtemp(prefix="crosscheck")
    os.makedirs(tmp, exist_ok=True)
    checked, problems = 0, []
    with cf.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        futures = [ex.submit(job, i, args, tmp) for i in range(args.games)]
        if args.records:
            for name in sorted(os.listdir(args.records)):
                if name.endswith(".tri"):
                    futures.append(ex.submit(lambda p: (1, compare(p, args.bin)), os.path.join(args.records, name)))
        for fut in cf.as_completed(futures):
            n, p = fut.result()
            checked += n
            problems += p
    for p in problems:
        print("DISAGREE", p)
    print(f"crosscheck: {checked - len(problems)} passed, {len(problems)} failed")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
