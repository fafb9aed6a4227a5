#!/usr/bin/env python3
"""Several `triominos serve` instances over one PostgreSQL behind nginx, on
loopback, for scripts/cluster-test.py (issue 37's test) and
scripts/load-figures.py (the README's load figures): start, stop, ask.
Standard library only. Set BIN, PG_URL, PG_DIR, PSQL (from the environment by
default) and the knobs below before `start_instance`."""

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

BIN = None  # the triominos binary
PG_URL = os.environ.get("PG_URL")
PG_DIR = os.environ.get("PG_DIR")
PSQL = os.environ.get("PSQL")
DB = "triominos_cluster"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEASE_MS = 2000  # a dead instance's games move after 2 s (renewed every 667 ms)
BOT_DELAY_MS = 100  # games of about 30 s, so that the kills land mid-game
EXTRA_ARGS = []  # more flags for every instance
# The per-client limits of every instance: lifted (every scripted person is
# one client, the test's address); issue 48's phase sets them with --trusted-proxy.
LIMITS = ["--max-games-per-client", "0", "--create-per-minute", "0", "--max-connections-per-client", "0"]
NGINX_CONNECTIONS = 1024
WORK = tempfile.mkdtemp(prefix="triominos-cluster.")
procs = {}  # name -> Popen
ports = {}  # name -> port
nginx_proc = None


def fail(msg):
    print(f"FAILED: {msg}", file=sys.stderr)
    for name in list(ports) + [n for n in procs if n not in ports]:
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
        [PSQL, "-h", PG_DIR, "-U", "postgres", "-d", DB, "-At", "-F", "\t", "-c", query],
        check=True, capture_output=True, text=True,
    ).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def http_from(source, method, port, path, body=None, headers=None, timeout=10):
    """One request from the loopback address `source` (127.0.0.2...): (status, body)."""
    import http.client
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    data = json.dumps(body).encode() if body is not None else None
    h = {"Content-Type": "application/json"} if data else {}
    h.update(headers or {})
    try:
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        return r.status, r.read()
    except (OSError, http.client.HTTPException) as e:
        return 0, str(e).encode()
    finally:
        c.close()


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


def start_instance(name, sqlite=None):
    """Starts the instance `name` on ports[name] over PostgreSQL (or, with
    `sqlite`, alone on that SQLite file) and waits until it answers."""
    log = open(os.path.join(WORK, f"{name}.log"), "a")
    db = ["--db", sqlite] if sqlite else ["--database-url", PG_URL, "--instance", name, "--lease-ms", str(LEASE_MS)]
    procs[name] = subprocess.Popen(
        [BIN, "serve", "--addr", f"127.0.0.1:{ports[name]}", *db, "--bot-delay-ms", str(BOT_DELAY_MS),
         "--max-bot-games", "100", *LIMITS, *EXTRA_ARGS],
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
worker_rlimit_nofile {4 * NGINX_CONNECTIONS};
events {{ worker_connections {NGINX_CONNECTIONS}; }}
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


def run_main(main):
    """Runs a driver's `main`; any exception is a failure that stops every
    process started (and prints their last log lines)."""
    try:
        main()
    except SystemExit:
        raise
    except BaseException as e:
        fail(f"{type(e).__name__}: {e}")
