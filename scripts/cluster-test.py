#!/usr/bin/env python3
"""Issue 37's test of real processes (run by scripts/cluster-test.sh, which
starts PostgreSQL and sets PG_URL, PG_DIR and PSQL): three instances of
`triominos serve` over one PostgreSQL behind nginx with docs/deploy/nginx.conf,
30 games of scripted people (the load example's client with --join, over
WebSockets through nginx) and bots, two `kill -9`, a SIGSTOP past the lease.
Standard library only (and scripts/cluster.py). Exits non-zero, saying why, on the first failed check."""

import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cluster  # noqa: E402
from cluster import (WORK, check_nginx_doc, cleanup, counts, fail, free_port, http, http_from, now_ms,  # noqa: E402
                     owners, ports, procs, sql, start_instance, start_nginx, unfinished)

sys.stdout.reconfigure(line_buffering=True)
cluster.BIN = BIN = sys.argv[1]
# The scripted people: crates/server/examples/load.rs with --join (built with the tests).
LOAD = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(BIN), "examples", "load")
LEASE_MS = cluster.LEASE_MS
BOT_DELAY_MS = cluster.BOT_DELAY_MS
PG_URL = cluster.PG_URL
GAMES = 30
PEOPLE_THINK_MS = 150  # about a bot's pace (BOT_DELAY_MS), so that the kills land mid-game
RESUME_LIMIT_S = 15.0
RETURN_LIMIT_S = 2.0  # bots play again within this of PostgreSQL's return (issue 48)
# pg_ctl on the test's PostgreSQL (scripts/cluster-test.sh sets PG_CTL).
PG_CTL = os.environ.get("PG_CTL", "").split()


def first_action_after(game, t):
    rows = sql(f"SELECT min(at) FROM actions WHERE game = '{game}' AND at > {t}")
    return int(rows[0][0]) if rows and rows[0] and rows[0][0] else None


def kill_and_measure(name, ids, restart):
    """kill -9 of `name` mid-game; the time from the kill to each of its games' next stored action."""
    held = [g for g, o in owners().items() if o == name and g in unfinished(ids)]
    if not held:
        fail(f"{name} holds no unfinished game to kill it over")
    t_kill = now_ms()
    procs[name].kill()
    procs[name].wait()
    print(f"kill -9 {name} (port {ports[name]}) holding {len(held)} unfinished games")
    resumed = {}
    deadline = time.time() + RESUME_LIMIT_S + 5
    while len(resumed) < len(held) and time.time() < deadline:
        time.sleep(0.25)
        done = unfinished(ids)
        for g in held:
            if g in resumed:
                continue
            t = first_action_after(g, t_kill)
            if t is not None:
                resumed[g] = (t - t_kill) / 1000
            elif g not in done:
                resumed[g] = 0.0  # finished at its last action before the kill (cannot happen: it was unfinished)
    late = [g for g in held if g not in resumed or resumed[g] > RESUME_LIMIT_S]
    if late:
        fail(f"play did not resume within {RESUME_LIMIT_S} s of the kill of {name} on {late}")
    times = sorted(resumed.values())
    print(f"  resumed: {len(times)} games, after {times[0]:.1f} s to {times[-1]:.1f} s "
          f"(median {times[len(times) // 2]:.1f} s) of the kill")
    if restart:
        start_instance(name)
        print(f"  {name} restarted on port {ports[name]} (a new owner: the hash sends its games home again)")
    return times


def poll_through_nginx(ids, port):
    """What a page does: asks for each game through nginx; the hash owner takes it
    (a 503 from an instance that does not hold it yet). Returns the statuses seen."""
    seen = {}
    for g in ids:
        s, _ = http("GET", port, f"/api/games/{g}", timeout=5)
        seen[s] = seen.get(s, 0) + 1
    return seen






def check_records(ids, port):
    """Every game finished, numbered without gap, and its record passes `triominos check`."""
    total = 0
    gaps = sql("SELECT game, count(*), min(v), max(v) FROM actions GROUP BY game")
    by_game = {g: (int(n), int(lo), int(hi)) for g, n, lo, hi in gaps}
    for g in ids:
        n, lo, hi = by_game.get(g, (0, 0, -1))
        if n == 0 or hi - lo + 1 != n:
            fail(f"game {g}: {n} stored actions numbered {lo}..{hi}")
        total += n
        # 503 while another instance still holds the game's lease: the one the
        # hash names has asked for it and gets it at the holder's next renewal.
        deadline = time.time() + 10
        while True:
            s, body = http("GET", port, f"/api/games/{g}/record.tri", timeout=20)
            if s != 503 or time.time() > deadline:
                break
            time.sleep(0.3)
        if s != 200:
            fail(f"game {g}: GET record.tri through nginx answered {s} {body[:200]!r}")
        path = os.path.join(WORK, f"{g}.tri")
        open(path, "wb").write(body)
        r = subprocess.run([BIN, "check", path], capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"game {g}: triominos check refuses its record:\n{r.stdout}{r.stderr}")
    return total


def bots_alone(port, n, target="150"):
    """`n` games of bots alone created through nginx and asked for there (each
    then on the instance the hash names): their ids."""
    ids = []
    for i in range(n):
        seats = [{"kind": "bot", "name": f"B{k}", "level": ["greedy", "random"][k % 2]} for k in range(2)]
        s, body = http("POST", port, "/api/games", {"preset": "goliath", "seats": seats, "options": {"target": target}})
        if s != 201:
            fail(f"creating a game of bots through nginx: {s} {body[:200]!r}")
        ids.append(json.loads(body)["id"])
    poll_through_nginx(ids, port)
    return ids


def store_outage(ids, what, stop_s):
    """PostgreSQL restarted (`stop_s` 0) or stopped `stop_s` seconds then
    started, while the games `ids` play: every game finishes, and the bots
    resume within RETURN_LIMIT_S of PostgreSQL's return (the return of the
    store wakes their waiting moves: issue 48). Returns the worst resume."""
    time.sleep(1)
    playing = sorted(unfinished(ids))
    if not playing:
        fail(f"{what}: no game left in play")
    # PostgreSQL's output to its log file (a pipe would be held open by the
    # server pg_ctl leaves running).
    quiet = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    if stop_s:
        subprocess.run(PG_CTL + ["stop", "-m", "fast", "-w"], **quiet)
        time.sleep(stop_s)
    # `restart` of a stopped server starts it with the options it had.
    subprocess.run(PG_CTL + ["-l", os.path.join(cluster.PG_DIR, "log"), "restart", "-m", "fast", "-w"], **quiet)
    t_back = now_ms()
    resumed = {}
    deadline = time.time() + 30
    while len(resumed) < len(playing) and time.time() < deadline:
        time.sleep(0.25)
        for g in playing:
            t = first_action_after(g, t_back)
            if g not in resumed and t is not None:
                resumed[g] = (t - t_back) / 1000
    late = {g: resumed.get(g) for g in playing if resumed.get(g, 99) > RETURN_LIMIT_S}
    if late:
        fail(f"{what}: the bots did not play within {RETURN_LIMIT_S} s of PostgreSQL's return: {late}")
    worst = max(resumed.values())
    print(f"  {what}: {len(playing)} games in play; their bots played again {min(resumed.values()):.2f} to "
          f"{worst:.2f} s after PostgreSQL's return")
    return worst


def proxy_and_rolling_restart(port):
    """Issue 48: a rolling restart (SIGTERM, start again, one instance after
    the other) with --trusted-proxy 127.0.0.1 and one unfinished game per
    client; then the per-client limits apply to each client behind nginx
    (two clients through it, from 127.0.0.2 and 127.0.0.3), and a client
    forging X-Forwarded-For directly at an instance gets no more than its share."""
    cluster.LIMITS = ["--max-games-per-client", "1", "--trusted-proxy", "127.0.0.1"]
    for name in ("c1", "c2", "c3"):
        if procs[name].poll() is None:  # c2 was killed earlier
            procs[name].send_signal(signal.SIGTERM)
            if procs[name].wait(timeout=30) != 0:
                fail(f"{name} did not stop cleanly on SIGTERM")
        start_instance(name)
    time.sleep(6)  # nginx's fail_timeout: every instance back in its rotation
    print("  rolling restart: c1, c2, c3 stopped (SIGTERM) and started again in turn, "
          "with --trusted-proxy 127.0.0.1 --max-games-per-client 1")
    game = {"preset": "goliath", "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}
    # nginx spreads creations (no game id) over the three instances: a client
    # gets one unfinished game on each, then is refused.
    first = [http_from("127.0.0.2", "POST", port, "/api/games", game)[0] for _ in range(4)]
    forged = [http_from("127.0.0.3", "POST", port, "/api/games", game,
                        {"X-Forwarded-For": f"198.51.100.{k}"})[0] for k in range(4)]
    if sorted(first) != [201, 201, 201, 429] or sorted(forged) != [201, 201, 201, 429]:
        fail(f"through nginx: client .2 {first}, client .3 forging X-Forwarded-For {forged}: "
             "expected each its own share, three games (one on each instance) then 429")
    direct = [http_from("127.0.0.4", "POST", ports["c1"], "/api/games", game,
                        {"X-Forwarded-For": f"198.51.100.{k}"})[0] for k in (1, 2)]
    if direct != [201, 429]:
        fail(f"a client forging X-Forwarded-For directly at c1: {direct}, expected [201, 429] (one client)")
    print("  behind nginx: client 127.0.0.2 got its game on each instance then 429, client 127.0.0.3 its own "
          "share whatever header it forged; a forged header directly at c1: one client, 201 then 429")


def wait_finished(ids, limit_s):
    deadline = time.time() + limit_s
    while unfinished(ids):
        if time.time() > deadline:
            left = unfinished(ids)
            fail(f"{len(left)} games unfinished after {limit_s} s: {sorted(left)}; counts {[counts().get(g) for g in left]}")
        time.sleep(0.5)


def fencing_test(stopped, ids_all):
    """SIGSTOP of `stopped` past its lease while it plays a game; another instance
    takes over and plays on; `stopped` resumed stores nothing for it and drops it."""
    s, body = http("POST", ports[stopped], "/api/games", {
        "preset": "goliath", "seats": [{"kind": "bot", "name": "A", "level": "greedy"},
                                       {"kind": "bot", "name": "B", "level": "random"}]})
    if s != 201:
        fail(f"creating the fencing test's game on {stopped}: {s} {body[:200]!r}")
    g = json.loads(body)["id"]
    deadline = time.time() + 20
    while counts().get(g, 0) < 5:
        if time.time() > deadline:
            fail(f"the fencing test's game {g} does not start")
        time.sleep(0.2)
    if owners().get(g) != stopped:
        fail(f"the fencing test's game {g} is not held by {stopped}: {owners().get(g)}")
    epoch_before = int(sql(f"SELECT epoch FROM leases WHERE game = '{g}'")[0][0])
    procs[stopped].send_signal(signal.SIGSTOP)
    t_stop = now_ms()
    print(f"SIGSTOP {stopped} holding game {g} (epoch {epoch_before}), {counts().get(g)} actions stored")
    deadline = time.time() + RESUME_LIMIT_S
    while True:
        o = owners().get(g)
        if o not in (None, stopped) and first_action_after(g, t_stop) is not None:
            break
        if time.time() > deadline:
            fail(f"nobody took game {g} over from the paused {stopped} (owner {o})")
        time.sleep(0.2)
    taken = (first_action_after(g, t_stop) - t_stop) / 1000
    n_before_cont = counts().get(g, 0)
    epoch_after = int(sql(f"SELECT epoch FROM leases WHERE game = '{g}'")[0][0])
    if epoch_after <= epoch_before:
        fail(f"game {g} taken over without a new epoch ({epoch_before} -> {epoch_after})")
    log = os.path.join(WORK, f"{stopped}.log")
    log_len = os.path.getsize(log)
    procs[stopped].send_signal(signal.SIGCONT)
    print(f"  {owners().get(g)} took it over (epoch {epoch_after}) and played {taken:.1f} s after the pause; "
          f"SIGCONT {stopped} with {n_before_cont} actions stored")
    # The resumed instance's bot task tries to store its move (fenced), and its
    # next renewal finds the lease lost: the game leaves its memory.
    deadline = time.time() + 10
    dropped = False
    while time.time() < deadline and not dropped:
        time.sleep(0.3)
        tail = open(log, errors="replace").read()[log_len:]
        dropped = g in tail and "another instance took this game over" in tail
    if not dropped:
        fail(f"{stopped}, resumed, did not drop game {g} (its log since SIGCONT:\n{open(log).read()[log_len:][-2000:]})")
    if procs[stopped].poll() is not None:
        fail(f"{stopped} died after SIGCONT")
    wait_finished([g], 120)
    return g, taken


def start_people(people, port):
    """The scripted people: one client process plays every person's seat over
    WebSockets through nginx, opening a closed socket again and sending an
    unacknowledged action again with its id, and writes what was acknowledged."""
    seats = os.path.join(WORK, "people.txt")
    with open(seats, "w") as f:
        f.write("".join(f"{g} {t}\n" for g, t in people))
    log = open(os.path.join(WORK, "people.log"), "w")
    procs["people"] = subprocess.Popen(
        [LOAD, "--addr", f"127.0.0.1:{port}", "--join", seats, "--acks", os.path.join(WORK, "acks.jsonl"),
         "--think-ms", str(PEOPLE_THINK_MS), "--seconds", "300"],
        stdout=log, stderr=subprocess.STDOUT)


def check_people(people):
    """The people's client saw every game end, and every action it was
    acknowledged is stored: at its version, for its seat, with its message id,
    as sent. Returns how many actions were acknowledged."""
    p = procs["people"]
    try:
        p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        fail("the scripted people did not stop within 60 s of the last game's end")
    log = open(os.path.join(WORK, "people.log")).read()
    if p.returncode != 0:
        fail(f"the scripted people's client exited with {p.returncode}:\n{log[-2000:]}")
    games = sorted({g for g, _ in people})
    rows = sql("SELECT game, v, seat, intent FROM actions WHERE game IN (%s)" % ",".join(f"'{g}'" for g in games))
    stored = {(g, int(v)): (int(seat) if seat else None, json.loads(intent)) for g, v, seat, intent in rows}
    acks = [json.loads(line) for line in open(os.path.join(WORK, "acks.jsonl"))]
    per_game = {g: 0 for g in games}
    for a in acks:
        row = stored.get((a["game"], a["v"]))
        if row is None:
            fail(f"an acknowledged action is not stored: {a}")
        seat, intent = row
        client_id = intent.pop("client_id", None)
        if seat != a["seat"] or client_id != a["id"] or intent != a["action"]:
            fail(f"the action stored at {a['game']} v{a['v']} (seat {seat}, id {client_id}, {intent}) "
                 f"is not the one acknowledged: {a}")
        per_game[a["game"]] += 1
    if min(per_game.values()) == 0:
        fail(f"a game with people had none of their actions acknowledged: {per_game}")
    duplicates = sum(1 for a in acks if a["duplicate"])
    summary = [line for line in log.splitlines() if line.startswith(("played:", "seats:"))]
    print(f"scripted people: {len(acks)} actions acknowledged in {len(games)} games, each stored at its version "
          f"with its seat, id and action; {duplicates} sent again and acknowledged as duplicates; "
          + "; ".join(summary))
    return len(acks)


def main():
    conf = check_nginx_doc()
    for name in ("c1", "c2", "c3", "nginx"):
        ports[name] = free_port()
    t0 = time.time()
    for name in ("c1", "c2", "c3"):
        start_instance(name)
    start_nginx(conf)
    port = ports["nginx"]
    print(f"PostgreSQL {PG_URL}; instances c1 :{ports['c1']}, c2 :{ports['c2']}, c3 :{ports['c3']} "
          f"(--lease-ms {LEASE_MS}, --bot-delay-ms {BOT_DELAY_MS}); nginx :{port} with docs/deploy/nginx.conf")

    ids = []
    people = []  # (game, token) of every seat a scripted person plays
    levels = ["greedy", "random", "heuristic"]
    presets = ["goliath", "pressman", "dominos-triangles"]
    for i in range(GAMES):
        # Every other game has people: one at first, two at every fourth game
        # (a table of two people alone among them); the rest are bots.
        n = 2 + i % 3
        humans = 0 if i % 2 else 1 + (i % 4 == 0)
        seats = [{"kind": "human", "name": f"P{k}"} if k < humans else
                 {"kind": "bot", "name": f"B{k}", "level": levels[(i + k) % 3]} for k in range(n)]
        s, body = http("POST", port, "/api/games", {"preset": presets[i % 3], "seats": seats})
        if s != 201:
            fail(f"creating game {i} through nginx: {s} {body[:200]!r}")
        g = json.loads(body)
        ids.append(g["id"])
        for k in range(humans):
            people.append((g["id"], g["seats"][k]["link"].rsplit("/", 1)[1]))
    created_on = owners()
    spread = {n: sum(1 for g in ids if created_on.get(g) == n) for n in ("c1", "c2", "c3")}
    with_people = len({g for g, _ in people})
    print(f"{GAMES} games of 2-4 seats created through nginx, on {spread}: {with_people} with "
          f"{len(people)} scripted people, {GAMES - with_people} of bots alone")
    start_people(people, port)
    # The pages ask for their games through nginx: each game goes to the
    # instance the hash names (503 from it until the holder hands it over).
    deadline = time.time() + 15
    statuses = {}
    pending = list(ids)
    while pending and time.time() < deadline:
        for g in list(pending):
            s, _ = http("GET", port, f"/api/games/{g}", timeout=5)
            statuses[s] = statuses.get(s, 0) + 1
            if s == 200:
                pending.remove(g)
        time.sleep(0.3)
    if pending:
        fail(f"games never answered 200 through nginx: {pending} ({statuses})")
    home = owners()
    spread = {n: sum(1 for g in ids if home.get(g) == n) for n in ("c1", "c2", "c3")}
    print(f"  asked for through nginx: {statuses} answers; by the hash now on {spread}")
    if min(spread.values()) == 0:
        fail(f"the hash leaves an instance without a game: {spread}")

    time.sleep(2)
    resume = kill_and_measure("c1", ids, restart=True)
    time.sleep(3)
    print(f"  through nginx after the restart: {poll_through_nginx(ids, port)} answers")
    resume += kill_and_measure("c2", ids, restart=False)
    print(f"  through nginx with c2 dead: {poll_through_nginx(ids, port)} answers")
    wait_finished(ids, 240)
    acked = check_people(people)
    total = check_records(ids, port)
    print(f"all {GAMES} games finished: {total} actions stored, each game numbered without gap or repeat, "
          f"every record passes triominos check (fetched through nginx)")

    fenced_game, taken = fencing_test("c3", ids)
    check_records([fenced_game], port)
    print(f"fencing: game {fenced_game} finished, its record passes triominos check, the paused c3 dropped it")
    # Issue 48: PostgreSQL restarted, then stopped 20 s, while games of bots
    # play; then a rolling restart and the clients behind the proxy.
    outage_ids = bots_alone(port, 6, target="400")
    worst = [store_outage(outage_ids, "PostgreSQL restarted", 0),
             store_outage(outage_ids, "PostgreSQL stopped 20 s", 20)]
    wait_finished(outage_ids, 240)
    check_records(outage_ids, port)
    print(f"  after the outages: the {len(outage_ids)} games finished, numbered without gap, every record passes check")
    proxy_and_rolling_restart(port)
    resume.sort()
    print(f"figures: {GAMES} games, {total} actions ({acked} acknowledged to the people); resume after a kill -9 (lease {LEASE_MS} ms): "
          f"{len(resume)} games, min {resume[0]:.1f} s, median {resume[len(resume) // 2]:.1f} s, "
          f"max {resume[-1]:.1f} s; after the SIGSTOP {taken:.1f} s; bots after PostgreSQL's return at most "
          f"{max(worst):.2f} s; the whole test {time.time() - t0:.0f} s")
    cleanup()


if __name__ == "__main__":
    cluster.run_main(main)
