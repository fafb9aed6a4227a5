//! A real, throwaway PostgreSQL for the tests (no mock): every storage test
//! runs against SQLite and against this.
//!
//! [`database`] answers the address of a new, empty database. The cluster
//! it is made in is the one `TRIOMINOS_TEST_PG` names (an address without a
//! database name, like `postgresql://postgres@%2Ftmp%2Fpg`; the test script
//! starts one for the whole run), else one started once for this process:
//! `initdb` in a temporary folder and `postgres` listening on a unix socket
//! in that folder only (no port to collide with), as an unprivileged user
//! (`nobody`) when the process is root, since PostgreSQL refuses to run as
//! root. It stops, and its folder is removed, when this process ends (a
//! watchdog shell waits for its standard input to close). PostgreSQL's
//! programs are looked for in `TRIOMINOS_PG_BIN`, then in Debian's
//! `/usr/lib/postgresql/VERSION/bin` (the newest), then on the `PATH`.
//!
//! There is no silent skip: when no PostgreSQL can be started, [`database`]
//! panics saying why.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The folder of PostgreSQL's programs (`initdb`, `postgres`).
pub fn bin_dir() -> Result<PathBuf, String> {
    if let Ok(dir) = std::env::var("TRIOMINOS_PG_BIN") {
        return Ok(PathBuf::from(dir));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse::<u32>().ok()?, e.path().join("bin"))))
        .filter(|(_, p)| p.join("initdb").exists())
        .collect();
    versions.sort();
    if let Some((_, dir)) = versions.pop() {
        return Ok(dir);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).find(|d| d.join("initdb").exists()).ok_or_else(|| {
        "PostgreSQL's initdb is not found (TRIOMINOS_PG_BIN, /usr/lib/postgresql/*/bin, PATH): \
         install PostgreSQL (apt-get install postgresql)"
            .to_string()
    })
}

/// The user id and group id of `user` (from /etc/passwd).
fn ids_of(user: &str) -> Option<(u32, u32)> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.first() == Some(&user) && f.len() > 3).then(|| Some((f[2].parse().ok()?, f[3].parse().ok()?)))?
    })
}

/// Whether this process runs as root.
pub fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("Uid:")).map(|l| l.split_whitespace().nth(1) == Some("0")))
        .unwrap_or(false)
}

/// A command run as the unprivileged user when this process is root.
fn command(program: &Path, user: Option<(u32, u32)>) -> Command {
    let mut c = Command::new(program);
    if let Some((uid, gid)) = user {
        use std::os::unix::process::CommandExt;
        c.uid(uid).gid(gid);
    }
    c
}

/// A PostgreSQL cluster started for this process.
struct Cluster {
    /// Its address, without a database name.
    url: String,
    /// The watchdog's standard input: closed when this process ends, which
    /// stops the server and removes its folder.
    _keep: std::process::ChildStdin,
}

/// Starts a cluster in a new temporary folder: its address (no database name).
pub fn start_cluster() -> Result<(String, std::process::ChildStdin), String> {
    let bin = bin_dir()?;
    let user = match is_root() {
        true => Some(ids_of("nobody").ok_or("the process is root and there is no user nobody to run PostgreSQL as")?),
        false => None,
    };
    let dir =
        std::env::temp_dir().join(format!("triominos-pg-{}-{}", std::process::id(), crate::secret::random_hex(4)));
    std::fs::create_dir(&dir).map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    if let Some((uid, gid)) = user {
        std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).map_err(|e| format!("chown {}: {e}", dir.display()))?;
    }
    let data = dir.join("data");
    let out = command(&bin.join("initdb"), user)
        .args(["-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync", "-D"])
        .arg(&data)
        .output()
        .map_err(|e| format!("cannot run initdb: {e}"))?;
    if !out.status.success() {
        return Err(format!("initdb failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    // The watchdog: starts the server, and once its standard input closes
    // (this process ended), stops it and removes the folder.
    let script = r#"
        "$1/postgres" -D "$2/data" -k "$2" -c listen_addresses= -c fsync=off -c synchronous_commit=off \
            -c full_page_writes=off -c max_connections=300 >"$2/log" 2>&1 &
        pid=$!
        cat >/dev/null
        kill -TERM "$pid" 2>/dev/null
        wait "$pid"
        rm -rf "$2"
    "#;
    let mut child = command(Path::new("/bin/sh"), user)
        .arg("-c")
        .arg(script)
        .arg("sh")
        .arg(&bin)
        .arg(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start postgres: {e}"))?;
    let keep = child.stdin.take().ok_or("no standard input for the watchdog")?;
    let host: String = dir.to_string_lossy().bytes().map(|b| format!("%{b:02X}")).collect();
    let url = format!("postgresql://postgres@{host}");
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        match postgres::Client::connect(&format!("{url}/postgres"), postgres::NoTls) {
            Ok(_) => break,
            Err(e) if Instant::now() > deadline => {
                let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                return Err(format!("PostgreSQL did not start within 60 s: {e}\n{log}"));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    Ok((url, keep))
}

/// The address of the cluster the tests use (see the module documentation).
pub fn cluster() -> String {
    static CLUSTER: OnceLock<Mutex<Option<Cluster>>> = OnceLock::new();
    if let Ok(url) = std::env::var("TRIOMINOS_TEST_PG") {
        if !url.is_empty() {
            return url;
        }
    }
    let c = CLUSTER.get_or_init(|| Mutex::new(None));
    let mut c = c.lock().unwrap_or_else(|e| e.into_inner());
    if c.is_none() {
        let (url, keep) = start_cluster().unwrap_or_else(|e| panic!("cannot start a PostgreSQL for the tests: {e}"));
        *c = Some(Cluster { url, _keep: keep });
    }
    c.as_ref().map(|c| c.url.clone()).unwrap_or_default()
}

/// Runs `f` on a thread of its own: the client of the `postgres` crate runs
/// a runtime of its own, which may not run inside a test's.
fn off_runtime<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::spawn(f).join().unwrap_or_else(|e| std::panic::resume_unwind(e))
}

/// The address of a new, empty database in the tests' cluster.
pub fn database() -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    off_runtime(move || {
        let base = cluster();
        let name =
            format!("t{}_{}_{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed), crate::secret::random_hex(4));
        let admin = format!("{base}/postgres");
        let create = format!("CREATE DATABASE {name}");
        let mut c = postgres::Client::connect(&admin, postgres::NoTls)
            .unwrap_or_else(|e| panic!("cannot connect to the tests' PostgreSQL: {e}"));
        c.batch_execute(&create).unwrap_or_else(|e| panic!("cannot create a database for a test: {e}"));
        format!("{base}/{name}")
    })
}

/// Runs SQL on a database of the tests (`url` from [`database`]), off the
/// runtime: the rows of each statement's last query, as texts.
pub fn sql(url: &str, statements: &str) -> Vec<Vec<Option<String>>> {
    let (url, statements) = (url.to_string(), statements.to_string());
    off_runtime(move || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap_or_else(|e| panic!("connect: {e}"));
        let mut rows = Vec::new();
        for m in c.simple_query(&statements).unwrap_or_else(|e| panic!("{statements}: {e}")) {
            if let postgres::SimpleQueryMessage::Row(r) = m {
                rows.push((0..r.len()).map(|i| r.get(i).map(str::to_string)).collect());
            }
        }
        rows
    })
}
