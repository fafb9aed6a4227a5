//! Storage errors are errors: a damaged, empty, foreign or read-only database
//! and an unwritable folder are refused at start with a message naming the
//! problem; a stored game that does not replay is set aside loudly; a game
//! whose rows cannot be read is a 500, never a 404; a game whose last action
//! was stored but not its end is marked finished at start.

use crate::common;

use common::*;
use rusqlite::Connection;
use serde_json::Value;
use std::path::Path;
use triominos_server::game::room::{Room, SeatKind};
use triominos_server::ServeConfig;

/// A server on `db` with the tests' settings, or why it did not start.
async fn try_start(db: &Path) -> Result<triominos_server::Server, String> {
    let mut c = ServeConfig::new("127.0.0.1:0", db);
    c.bot_delay = std::time::Duration::ZERO;
    c.round_delay = std::time::Duration::ZERO;
    triominos_server::start(c).await.map_err(|e| e.to_string())
}

/// Writes a game as the server would have stored it (marked finished or not).
fn store(c: &Connection, p: &Played, finished: bool) {
    c.execute_batch("BEGIN").unwrap();
    let setup = serde_json::to_string(&p.room.setup).unwrap();
    c.execute("INSERT INTO games (id, created, setup) VALUES (?1, 1, ?2)", (&p.room.id, &setup)).unwrap();
    for (v, (seat, intent)) in p.intents.iter().enumerate() {
        c.execute(
            "INSERT INTO actions (game, v, seat, intent) VALUES (?1, ?2, ?3, ?4)",
            (&p.room.id, v as i64 + 1, seat, serde_json::to_string(intent).unwrap()),
        )
        .unwrap();
    }
    if finished {
        let summary = serde_json::to_string(&p.room.summary()).unwrap();
        c.execute("UPDATE games SET finished = 2, summary = ?2 WHERE id = ?1", (&p.room.id, summary)).unwrap();
    }
    c.execute_batch("COMMIT").unwrap();
}

/// A new database with the server's schema.
fn schema(db: &Path) -> Connection {
    let c = triominos_server::store::db::Db::sqlite(Connection::open(db).unwrap());
    triominos_server::store::migrate(&c).unwrap();
    Connection::open(db).unwrap()
}

fn two_humans() -> [SeatKind; 2] {
    [SeatKind::Human, SeatKind::Human]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stored_games_replay_and_only_those_where_a_bot_plays_are_loaded_at_start() {
    let db = temp_db();
    {
        let c = schema(&db);
        for i in 0..5 {
            store(&c, &play(&format!("h{i}"), &two_humans(), "400", 20 + i, |_| false), false);
        }
        // A person and a bot: one stopped where the bot is to play, one where the person is.
        let bot_to_play = |r: &Room| !r.game.is_round_over() && r.game.to_move() == 1;
        let person_to_play = |r: &Room| !r.game.is_round_over() && r.game.to_move() == 0;
        store(&c, &play("hb-bot", &[SeatKind::Human, SeatKind::Bot], "400", 200, bot_to_play), false);
        store(&c, &play("hb-person", &[SeatKind::Human, SeatKind::Bot], "400", 200, person_to_play), false);
    }
    let server = start(&db).await;
    let s = &server.state;
    assert!(s.games.is_in_memory("hb-bot"), "a bot is to play: resumed");
    assert!(!s.games.is_in_memory("hb-person") && !s.games.is_in_memory("h0"), "the others wait on disk");
    assert_eq!(s.games.in_memory(), 1);
    // Asked for: loaded, replayed to the stored version.
    let (status, body) = http(&server, "GET", "/api/games/h3", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["version"], 23);
    assert!(s.games.is_in_memory("h3"));
    server.stop().await;
}

/// Copies every page of the write-ahead log into the database file.
fn checkpoint(db: &Path) {
    let c = Connection::open(db).unwrap();
    c.busy_timeout(std::time::Duration::from_secs(30)).unwrap();
    let (busy, _, _): (i64, i64, i64) =
        c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap();
    assert_eq!(busy, 0, "checkpoint done");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_page_stops_the_start_naming_the_problem_and_the_games_and_nothing_is_written() {
    let db = temp_db();
    {
        let c = schema(&db);
        for i in 0..60 {
            store(&c, &play(&format!("g{i:02}"), &two_humans(), "400", 40, |_| false), false);
        }
    }
    // Whole, it starts (and leaves the games on disk).
    let server = try_start(&db).await.expect("an undamaged database starts");
    server.stop().await;
    checkpoint(&db);
    // Garbage over the first half of a page holding actions (a leaf, in the middle).
    let (page, page_size): (i64, i64) = {
        let c = Connection::open(&*db).unwrap();
        let pages: Vec<i64> = c
            .prepare("SELECT pageno FROM dbstat WHERE name = 'actions' AND pagetype = 'leaf' ORDER BY pageno")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(pages.len() > 4, "the actions fill several pages: {pages:?}");
        (pages[pages.len() / 2], c.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap())
    };
    let mut bytes = std::fs::read(&*db).unwrap();
    let at = ((page - 1) * page_size) as usize;
    for (i, b) in bytes[at..at + page_size as usize / 2].iter_mut().enumerate() {
        *b = (i * 7 + 0xA5) as u8;
    }
    std::fs::write(&*db, &bytes).unwrap();

    let e = try_start(&db).await.err().expect("refused to start");
    assert!(e.contains(&db.display().to_string()), "names the file: {e}");
    assert!(e.contains("damaged") && e.contains("quick_check"), "names the problem: {e}");
    assert!(e.contains("the games that cannot be read: g"), "names the games: {e}");
    assert!(e.contains(".recover"), "says what to do: {e}");
    assert_eq!(std::fs::read(&*db).unwrap(), bytes, "nothing written to the damaged file");
}

#[tokio::test]
async fn an_empty_file_a_foreign_file_and_a_file_for_a_folder_are_refused_at_start() {
    let db = temp_db();
    std::fs::write(&*db, b"").unwrap();
    let e = try_start(&db).await.err().expect("an empty file is refused");
    assert!(e.contains("empty (0 bytes)") && e.contains(&db.display().to_string()), "{e}");
    assert_eq!(std::fs::metadata(&*db).unwrap().len(), 0, "left as it was");

    std::fs::write(&*db, "name,score\nAnn,12\n".repeat(300)).unwrap();
    let e = try_start(&db).await.err().expect("a text file is refused");
    assert!(e.contains("not a SQLite database") && e.contains("file is not a database"), "SQLite's words: {e}");

    // The folder of the database is a file.
    let inside = db.join("games.db");
    let e = try_start(&inside).await.err().expect("refused");
    assert!(e.contains("is not a folder"), "{e}");
}

/// File modes: what root may write whatever they say, tried as `nobody` then.
#[cfg(unix)]
mod modes {
    use super::*;

    /// Whether this test runs as root (who may write any file whatever its mode).
    fn is_root() -> bool {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("me");
        std::fs::write(&f, b"").unwrap();
        std::fs::metadata(&f).unwrap().uid() == 0
    }

    /// Runs `check` (an ignored test of this file, given the path in
    /// `TRIOMINOS_TEST_DB`) as a user who cannot write what root owns: as root
    /// in a child process run as `nobody`, else here.
    fn as_unprivileged(check: &str, db: &Path, in_process: impl FnOnce()) {
        if !is_root() {
            return in_process();
        }
        use std::os::unix::process::CommandExt;
        // The test's full name in the binary: this module's path without the crate.
        let check = format!("{}::{check}", module_path!().split_once("::").map_or("", |(_, m)| m));
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--ignored", "--exact", &check, "--nocapture", "--test-threads", "1"])
            .env("TRIOMINOS_TEST_DB", db)
            .uid(65534)
            .gid(65534)
            .output()
            .unwrap();
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success() && text.contains("1 passed"), "the check as nobody: {text}");
    }

    /// Opens the folder and the file for everyone to read (and go through).
    fn readable_by_all(dir: &Path, file: Option<&Path>) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        if let Some(f) = file {
            std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o444)).unwrap();
        }
    }

    fn refused_read_only(db: &Path) {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let e = rt.block_on(try_start(db)).err().expect("a read-only database is refused");
        assert!(e.contains("read-only"), "{e}");
    }

    fn refused_unwritable_folder(db: &Path) {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let e = rt.block_on(try_start(db)).err().expect("a folder that takes no file is refused");
        let sqlite = ["unable to open database file", "attempt to write a readonly database"];
        assert!(sqlite.iter().any(|w| e.contains(w)), "SQLite's words: {e}");
        assert!(e.contains("writable"), "says what to look at: {e}");
    }

    #[test]
    #[ignore = "run by a_read_only_database_is_refused_at_start, as an unprivileged user"]
    fn check_read_only() {
        refused_read_only(Path::new(&std::env::var("TRIOMINOS_TEST_DB").unwrap()));
    }

    #[test]
    #[ignore = "run by an_unwritable_folder_is_refused_at_start, as an unprivileged user"]
    fn check_unwritable_folder() {
        refused_unwritable_folder(Path::new(&std::env::var("TRIOMINOS_TEST_DB").unwrap()));
    }

    #[test]
    fn a_read_only_database_is_refused_at_start() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        store(&schema(&db), &play("g", &two_humans(), "400", 5, |_| false), false);
        readable_by_all(dir.path(), Some(&db));
        as_unprivileged("check_read_only", &db, || refused_read_only(&db));
    }

    #[test]
    fn an_unwritable_folder_is_refused_at_start() {
        // A new database in a folder that takes no file, and an existing one
        // whose journal cannot be made there.
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new.db");
        readable_by_all(dir.path(), None);
        as_unprivileged("check_unwritable_folder", &new, || {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
            refused_unwritable_folder(&new);
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        });
        assert!(!new.exists(), "nothing made");
        let old = dir.path().join("old.db");
        store(&schema(&old), &play("g", &two_humans(), "400", 5, |_| false), false);
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o666)).unwrap();
        }
        as_unprivileged("check_unwritable_folder", &old, || {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
            refused_unwritable_folder(&old);
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        });
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_does_not_replay_is_set_aside_loudly_and_answered_500_not_404() {
    let db = temp_db();
    {
        let c = schema(&db);
        store(&c, &play("good", &two_humans(), "400", 12, |_| false), false);
        store(&c, &play("broken", &two_humans(), "400", 12, |_| false), false);
        // Its seventh action is not one any more (as a damaged cell would read).
        c.execute(
            "UPDATE actions SET intent = '{\"kind\":\"play\",\"tile\":\"9-9-9\"}' WHERE game = 'broken' AND v = 7",
            [],
        )
        .unwrap();
    }
    let server = start(&db).await;
    assert!(
        logs().iter().any(|l| l.contains("ERROR") && l.contains("broken") && l.contains("set aside")),
        "a loud line names the game"
    );
    let damaged: Vec<String> = server.state.games.damaged().into_iter().map(|(id, _)| id).collect();
    assert_eq!(damaged, ["broken"]);
    let (status, body) = http(&server, "GET", "/api/games/broken", None).await;
    assert_eq!(status, 500, "{body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["code"], "game_damaged");
    let (status, _) = http(&server, "GET", "/api/games/good", None).await;
    assert_eq!(status, 200, "the others play on");
    let (status, body) = http(&server, "GET", "/api/games/nothing", None).await;
    assert_eq!((status, serde_json::from_str::<Value>(&body).unwrap()["code"].clone()), (404, "game_not_found".into()));
    server.stop().await;
    // Kept as it was, for whoever repairs it.
    let c = Connection::open(&*db).unwrap();
    let n: i64 = c.query_row("SELECT count(*) FROM actions WHERE game = 'broken'", [], |r| r.get(0)).unwrap();
    assert_eq!(n, 12);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_rows_cannot_be_read_is_a_500_with_sqlites_words_in_the_log_never_a_404() {
    let db = temp_db();
    store(&schema(&db), &play("waiting", &two_humans(), "400", 8, |_| false), false);
    let server = start(&db).await;
    assert!(!server.state.games.is_in_memory("waiting"), "on disk until asked for");
    // Its actions can no longer be read: the table is gone, as far as the server can tell.
    let c = Connection::open(&*db).unwrap();
    c.execute_batch("ALTER TABLE actions RENAME TO actions_away").unwrap();
    let (status, body) = http(&server, "GET", "/api/games/waiting", None).await;
    assert_eq!(status, 500, "{body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["code"], "game_unreadable");
    assert!(
        logs().iter().any(|l| l.contains("ERROR") && l.contains("waiting") && l.contains("no such table: actions")),
        "SQLite's own words in the log"
    );
    // Readable again: it loads.
    c.execute_batch("ALTER TABLE actions_away RENAME TO actions").unwrap();
    let (status, body) = http(&server, "GET", "/api/games/waiting", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["version"], 8);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_end_was_stored_but_not_marked_is_marked_finished_at_start() {
    let db = temp_db();
    // A kill between storing the last action and marking the game finished:
    // every action stored, the game not marked.
    let ended = play("ended", &two_humans(), "1", 10_000, |_| false);
    assert!(ended.room.is_over(), "played to its end");
    {
        let c = schema(&db);
        store(&c, &ended, false);
        store(&c, &play("going", &two_humans(), "400", 6, |_| false), false);
    }
    let server = start(&db).await;
    let (status, body) = http(&server, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let list: Value = serde_json::from_str(&body).unwrap();
    let ids: Vec<&str> = list["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["ended"], "in the finished list, with its summary");
    assert_eq!(list["games"][0]["summary"], serde_json::to_value(ended.room.summary()).unwrap());
    assert!(logs().iter().any(|l| l.contains("WARN") && l.contains("ended") && l.contains("marked now")));
    assert_eq!(server.state.store.unfinished().await.unwrap(), ["going"]);
    let (status, _) = http(&server, "GET", "/api/games/ended/record.tri", None).await;
    assert_eq!(status, 200, "its record is offered");
    server.stop().await;
}
