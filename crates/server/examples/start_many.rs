//! How the server starts on many stored unfinished games: the time to start
//! and what it keeps in memory (docs/server.md, "At start"). A measure, not a
//! test: it prints its figures and checks nothing.
//!
//! `N=10000 cargo run --release -p triominos-server --example start_many`
//! (`N` games of 30 moves each between two people, default 10,000).

use rusqlite::Connection;
use std::time::{Duration, Instant};
use triominos_server::game::room::SeatKind;
use triominos_server::ServeConfig;

/// The tests' way to play a game by the server's own rules without a server.
#[path = "../tests/common/played.rs"]
#[allow(dead_code)]
mod played;

/// The process's resident memory, as `/proc/self/status` says it.
fn rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS"))
                .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_else(|| "unknown".into())
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let n: usize = match std::env::var("N") {
        Ok(v) => v.parse().expect("N: a number of games"),
        Err(_) => 10_000,
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    {
        let schema = triominos_server::store::db::Db::sqlite(Connection::open(&db).expect("open"));
        triominos_server::store::migrate(&schema).expect("the schema");
        let c = Connection::open(&db).expect("open");
        let p = played::play("x", &[SeatKind::Human, SeatKind::Human], "400", 30, |_| false);
        let setup = serde_json::to_string(&p.room.setup).expect("setup");
        c.execute_batch("BEGIN").expect("begin");
        for i in 0..n {
            let id = format!("g{i:05}");
            c.execute("INSERT INTO games (id, created, setup) VALUES (?1, 1, ?2)", (&id, &setup)).expect("game");
            for (v, (seat, intent)) in p.intents.iter().enumerate() {
                let intent = serde_json::to_string(intent).expect("intent");
                c.execute(
                    "INSERT INTO actions (game, v, seat, intent) VALUES (?1, ?2, ?3, ?4)",
                    (&id, v as i64 + 1, seat, intent),
                )
                .expect("action");
            }
        }
        c.execute_batch("COMMIT").expect("commit");
    }
    println!("{n} unfinished games of {} moves stored; resident before the start: {}", 30, rss());
    let mut config = ServeConfig::new("127.0.0.1:0", &db);
    config.bot_delay = Duration::ZERO;
    config.round_delay = Duration::ZERO;
    let t = Instant::now();
    let server = triominos_server::start(config).await.expect("the server starts");
    println!(
        "started in {:.2} s with {} games in memory; resident: {}",
        t.elapsed().as_secs_f64(),
        server.state.games.in_memory(),
        rss()
    );
    server.stop().await;
}
