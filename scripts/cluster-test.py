#!/usr/bin/env python3
"""Issue 37's test of real processes (run by scripts/cluster-test.sh, which
starts PostgreSQL and sets PG_URL, PG_DIR and PSQL): three instances of
`triominos serve` over one PostgreSQL behind nginx with docs/deploy/nginx.conf,
30 games of bots alone, two `kill -9`, a SIGSTOP past the lease. Standard
library only. Exits non-zero, saying why, on the first failed check."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.stdout.reconfigure(line_buffering=True)
BIN = sys.argv[1]
PG_URL = os.environ["PG_URL"]
PG_DIR = os.environ["PG_DIR"]
PSQL = os.environ["PSQL"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEASE_MS = 2000  # a dead instance's games move after 2 s (renewed every 667 ms)
BOT_DELAY_MS = 100  # games of about 30 s, so that the kills land mid-game
GAMES = 30
RESUME_LIMIT_S = 15.0
WORK = tempfile.mkdtemp(prefix="triominos-cluster.")
procs = {}  # name -> Popen
ports = {}  # name -> port
nginx_proc = None


def fail(msg):
    print(f"FAILED: {msg}", file=sys.stderr)
    for name in ports:
        log = os.path.join(WORK, f"{name}.log")
        if os.path.exists(log):
            print(f"--- last lines of {name}.log", file=sys.stderr)
            print("".join(open(log, errors="replace").readlines()[-15:]), file=sys.stderr)
    cleanup()
    sys.exit(1)


def cleanup():
    for p in procs.values():
        if p.poll() is None:
            try:
                p.send_signal(signal.SIGCONT)
                p.kill()
            except ProcessLookupError:
                pass
            p.wait()
    if nginx_proc is not None and nginx_proc.poll() is None:
        nginx_proc.terminate()
        nginx_proc.wait()
    if os.environ.get("KEEP_CLUSTER_LOGS"):
        print(f"logs kept in {WORK}")
    else:
        shutil.rmtree(WORK, ignore_errors=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def now_ms():
    return int(time.time() * 1000)


def sql(query):
    out = subprocess.run(
        [PSQL, "-h", PG_DIR, "-U", "postgres", "-d", "triominos_cluster", "-At", "-F", "\t", "-c", query],
        check=True, capture_output=True, text=True,
    ).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def http(method, port, path, body=None, timeout=10):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    if data:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except (urllib.error.URLError, ConnectionError, TimeoutError, socket.timeout) as e:
        return 0, str(e).encode()


def start_instance(name):
    log = open(os.path.join(WORK, f"{name}.log"), "a")
    procs[name] = subprocess.Popen(
        [BIN, "serve", "--addr", f"127.0.0.1:{ports[name]}", "--database-url", PG_URL,
         "--instance", name, "--lease-ms", str(LEASE_MS), "--bot-delay-ms", str(BOT_DELAY_MS),
         "--max-bot-games", "100", "--max-games-per-client", "0", "--create-per-minute", "0", "--max-connections-per-client", "0"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    deadline = time.time() + 30
    while http("GET", ports[name], "/api/meta", timeout=2)[0] != 200:
        if procs[name].poll() is not None or time.time() > deadline:
            fail(f"instance {name} did not start")
        time.sleep(0.1)


def owners():
    """game -> the instance name (without its random part) holding its lease."""
    return {g: o.rsplit("-", 1)[0] for g, o in sql("SELECT game, owner FROM leases")}


def unfinished(ids):
    rows = sql("SELECT id FROM games WHERE finished IS NULL")
    return {r[0] for r in rows} & set(ids)


def counts():
    return {g: int(n) for g, n in sql("SELECT game, count(*) FROM actions GROUP BY game")}


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


def check_nginx_doc():
    conf = open(os.path.join(ROOT, "docs/deploy/nginx.conf")).read()
    doc = open(os.path.join(ROOT, "docs/deploy.md")).read()
    m = re.search(r"```nginx\n(.*?)```", doc, re.S)
    if not m or m.group(1) != conf:
        fail("docs/deploy.md does not show docs/deploy/nginx.conf as it is (copy the file into the doc)")
    return conf


def start_nginx(conf):
    global nginx_proc
    for port_doc, name in zip((8081, 8082, 8083), ("c1", "c2", "c3")):
        conf = conf.replace(f"127.0.0.1:{port_doc} ", f"127.0.0.1:{ports[name]} ")
    conf = conf.replace("listen 80;", f"listen 127.0.0.1:{ports['nginx']};")
    open(os.path.join(WORK, "triominos.conf"), "w").write(conf)
    for d in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        os.makedirs(os.path.join(WORK, "tmp", d), exist_ok=True)
    main = f"""
daemon off;
pid {WORK}/nginx.pid;
error_log {WORK}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log {WORK}/nginx-access.log;
    client_body_temp_path {WORK}/tmp/client_body;
    proxy_temp_path {WORK}/tmp/proxy;
    fastcgi_temp_path {WORK}/tmp/fastcgi;
    uwsgi_temp_path {WORK}/tmp/uwsgi;
    scgi_temp_path {WORK}/tmp/scgi;
    include {WORK}/triominos.conf;
}}
"""
    open(os.path.join(WORK, "nginx.conf"), "w").write(main)
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if os.geteuid() == 0:
        main = main.replace("daemon off;", "daemon off;\nuser nobody nogroup;")
        open(os.path.join(WORK, "nginx.conf"), "w").write(main)
    nginx_proc = subprocess.Popen([nginx, "-p", WORK, "-c", os.path.join(WORK, "nginx.conf"), "-e",
                                   os.path.join(WORK, "nginx-error.log")],
                                  stdout=subprocess.DEVNULL, stderr=open(os.path.join(WORK, "nginx.out"), "w"))
    deadline = time.time() + 10
    while http("GET", ports["nginx"], "/api/meta", timeout=2)[0] != 200:
        if nginx_proc.poll() is not None or time.time() > deadline:
            print(open(os.path.join(WORK, "nginx.out")).read(), file=sys.stderr)
            fail("nginx did not start")
        time.sleep(0.1)


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
    levels = ["greedy", "random", "heuristic"]
    presets = ["goliath", "pressman", "dominos-triangles"]
    for i in range(GAMES):
        seats = [{"kind": "bot", "name": f"B{k}", "level": levels[(i + k) % 3]} for k in range(2 + i % 3)]
        s, body = http("POST", port, "/api/games", {"preset": presets[i % 3], "seats": seats})
        if s != 201:
            fail(f"creating game {i} through nginx: {s} {body[:200]!r}")
        ids.append(json.loads(body)["id"])
    created_on = owners()
    spread = {n: sum(1 for g in ids if created_on.get(g) == n) for n in ("c1", "c2", "c3")}
    print(f"{GAMES} games of 2-4 bots created through nginx, on {spread}")
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
    total = check_records(ids, port)
    print(f"all {GAMES} games finished: {total} actions stored, each game numbered without gap or repeat, "
          f"every record passes triominos check (fetched through nginx)")

    fenced_game, taken = fencing_test("c3", ids)
    check_records([fenced_game], port)
    print(f"fencing: game {fenced_game} finished, its record passes triominos check, the paused c3 dropped it")
    resume.sort()
    print(f"figures: {GAMES} games, {total} actions; resume after a kill -9 (lease {LEASE_MS} ms): "
          f"{len(resume)} games, min {resume[0]:.1f} s, median {resume[len(resume) // 2]:.1f} s, "
          f"max {resume[-1]:.1f} s; after the SIGSTOP {taken:.1f} s; the whole test {time.time() - t0:.0f} s")
    cleanup()


if __name__ == "__main__":
    try:
        main()
    except SystemExit:
        raise
    except BaseException as e:
        fail(f"{type(e).__name__}: {e}")
