#!/usr/bin/env python3
"""The README's load figures (issue 37), run by scripts/load-figures.sh, which
builds the release binaries and starts a PostgreSQL with its own durable
defaults: the load example (crates/server/examples/load.rs) against one
`triominos serve` on SQLite, then against three on one PostgreSQL behind nginx
with docs/deploy/nginx.conf, the same games and think time each. For each run
it prints the load example's actions a second and latencies, and the CPU each
part used while the games were played (the servers, PostgreSQL, nginx, the
load client), which says what limits it on this machine. Writes a markdown
table with `--out FILE`.

    python3 scripts/load-figures.py BIN LOAD [--games N] [--think-ms N,N...] [--out FILE]
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cluster  # noqa: E402
from cluster import WORK, cleanup, fail, free_port, ports, procs, sql, start_instance, start_nginx  # noqa: E402

sys.stdout.reconfigure(line_buffering=True)
TICK = os.sysconf("SC_CLK_TCK")


def cpu_by_part():
    """CPU seconds used so far by each part: the servers, PostgreSQL, nginx,
    the load client (every process of this machine, by its command name)."""
    parts = {"servers": 0.0, "PostgreSQL": 0.0, "nginx": 0.0, "load client": 0.0}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            stat = open(f"/proc/{pid}/stat").read()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        used = (int(fields[11]) + int(fields[12])) / TICK
        part = {"triominos": "servers", "postgres": "PostgreSQL", "nginx": "nginx", "load": "load client"}.get(comm)
        if part:
            parts[part] += used
    return parts


def run_load(load, port, games, think_ms, seconds):
    """Runs the load example against 127.0.0.1:port; returns its figures and
    the CPU each part used from the moment every socket was connected."""
    p = subprocess.Popen([load, "--addr", f"127.0.0.1:{port}", "--games", str(games), "--think-ms", str(think_ms),
                          "--seconds", str(seconds)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out, before, after, t0, wall = [], None, None, None, 0.0
    for line in p.stdout:
        out.append(line)
        if line.startswith("setup:"):
            before, t0 = cpu_by_part(), time.time()
        elif line.startswith("played:") and t0 is not None:
            # Counted while the client still runs (an ended process leaves /proc).
            after, wall = cpu_by_part(), time.time() - t0
    p.wait()
    text = "".join(out)
    m = re.search(r"played: (\d+) actions in ([\d.]+) s = (\d+) actions/s \((\d+) games played, (\d+) refusals\)", text)
    lat = re.search(r"p50 ([\d.]+) ms, p90 ([\d.]+) ms, p99 ([\d.]+) ms, p99.9 ([\d.]+) ms, max ([\d.]+) ms", text)
    if p.returncode != 0 or not m or not lat or before is None or after is None:
        fail(f"the load example failed ({p.returncode}):\n{text[-3000:]}")
    if int(m.group(4)) != games or int(m.group(5)) != 0 or "; 0 actions tried again" not in text:
        fail(f"not every game was played, or actions were refused:\n{text}")
    cores = {k: (after[k] - before[k]) / wall for k in after}
    return {"actions": int(m.group(1)), "secs": float(m.group(2)), "per_s": int(m.group(3)),
            "p50": float(lat.group(1)), "p99": float(lat.group(3)), "max": float(lat.group(5)),
            "cores": cores, "text": text}


def stop(names):
    for n in names:
        p = procs.pop(n)
        p.terminate()
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        ports.pop(n, None)


def one_sqlite(load, games, think_ms, seconds):
    ports["s1"] = free_port()
    db = os.path.join(WORK, f"load-{games}-{think_ms}.db")
    start_instance("s1", sqlite=db)
    r = run_load(load, ports["s1"], games, think_ms, seconds)
    stop(["s1"])
    return r


def three_pg(load, games, think_ms, seconds, conf):
    if sql("SELECT to_regclass('games') IS NOT NULL")[0][0] == "t":
        sql("TRUNCATE games, actions, leases")
    for n in ("c1", "c2", "c3", "nginx"):
        ports[n] = free_port()
    for n in ("c1", "c2", "c3"):
        start_instance(n)
    start_nginx(conf)
    r = run_load(load, ports["nginx"], games, think_ms, seconds)
    stop(["c1", "c2", "c3"])
    cluster.nginx_proc.terminate()
    cluster.nginx_proc.wait()
    ports.pop("nginx")
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("load")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--think-ms", default="0,1000")
    ap.add_argument("--seconds", type=int, default=600)
    ap.add_argument("--out")
    a = ap.parse_args()
    cluster.BIN = a.bin
    cluster.BOT_DELAY_MS = 0
    cluster.LEASE_MS = 6000  # the default (the cluster test's 2 s is for quick failover)
    # Two sockets a game through nginx: a client and an upstream connection each.
    cluster.EXTRA_ARGS = ["--max-connections", str(a.games * 2 + 256)]
    cluster.NGINX_CONNECTIONS = a.games * 4 + 512
    conf = cluster.check_nginx_doc()
    rows = []
    load_avg = os.getloadavg()[0]
    for think in [int(t) for t in a.think_ms.split(",")]:
        for name, run in (("1 instance, SQLite", lambda: one_sqlite(a.load, a.games, think, a.seconds)),
                          ("3 instances, PostgreSQL, nginx", lambda: three_pg(a.load, a.games, think, a.seconds, conf))):
            print(f"{name}: {a.games} games, think {think} ms ...")
            r = run()
            cores = ", ".join(f"{k} {v:.2f}" for k, v in r["cores"].items() if v >= 0.005)
            print(f"  {r['actions']} actions in {r['secs']:.1f} s = {r['per_s']} actions/s; "
                  f"p50 {r['p50']} ms, p99 {r['p99']} ms, max {r['max']} ms; cores used: {cores}")
            rows.append((name, think, r))
    load_after = os.getloadavg()[0]
    if a.out:
        with open(a.out, "w") as f:
            f.write(f"<!-- written by scripts/load-figures.sh: {a.games} games a run; "
                    f"load average {load_avg:.1f} before, {load_after:.1f} after -->\n")
            f.write("| setup | think time | actions/s | p50 | p99 | max | cores used while playing |\n")
            f.write("|---|---|---|---|---|---|---|\n")
            for name, think, r in rows:
                cores = ", ".join(f"{k} {v:.2f}" for k, v in r["cores"].items() if v >= 0.005)
                f.write(f"| {name} | {think} ms | {r['per_s']:,} | {r['p50']} ms | {r['p99']} ms | {r['max']} ms "
                        f"| {cores} |\n")
        print(f"wrote {a.out}")
    cleanup()


if __name__ == "__main__":
    cluster.run_main(main)
