//! The accounts' rows (schema version 6, both engines: see
//! [`crate::store::MIGRATIONS`]), each function run inside a storage job
//! ([`crate::store::Store::call`]), so a change is one transaction.
//!
//! - `accounts`: `id`, `name` (as typed), `name_key` (the name lower-cased,
//!   unique: names are told apart without case), `created`, `deleted`,
//!   `suspended` (Unix seconds, or NULL). A deleted account keeps its row
//!   and its id, with no name (a page naming it says "Former player"); its
//!   credentials, recovery codes and sessions are deleted.
//! - `credentials`: `kind` `password` (the argon2id PHC string) or `passkey`
//!   (a serialised passkey), one account has one password at most.
//! - `recovery_codes`: the SHA-256 of each code, and when it was used.
//! - `sessions`: the SHA-256 of the cookie's token, never the token;
//!   `seen` and `expires` move on as the session is used ([`SESSION_DAYS`]).
//! - `claims`: a game's seat claimed into an account.

use crate::protocol::account::AccountView;
use crate::store::db::{Db, Val};
use crate::store::StoreError;

/// A session lasts this long after it was last used.
pub const SESSION_DAYS: i64 = 30;
/// A session's `seen` is written again when older than this (seconds), not
/// at each request.
pub const SEEN_EVERY: i64 = 3600;

/// An account, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its id.
    pub id: String,
    /// Its name (`None` once deleted).
    pub name: Option<String>,
    /// When it was created (Unix seconds).
    pub created: i64,
    /// When it was suspended, if it is.
    pub suspended: Option<i64>,
}

/// The key a name is unique by: lower-cased.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

const ACCOUNT: &str = "SELECT id, name, created, suspended FROM accounts";

fn account(r: &crate::store::db::Row) -> Result<Account, StoreError> {
    Ok(Account { id: r.text(0)?, name: r.opt_text(1)?, created: r.int(2)?, suspended: r.opt_int(3)? })
}

/// Stores a new account with its password's hash (if any) and its recovery
/// codes' hashes: `Ok(false)`, storing nothing, when the name is taken.
pub fn insert(
    c: &Db,
    id: &str,
    name: &str,
    created: i64,
    password: Option<&str>,
    recovery: &[String],
) -> Result<bool, StoreError> {
    let key = name_key(name);
    if c.query_opt("SELECT 1 FROM accounts WHERE name_key = ?1", &[Val::from(&key)])?.is_some() {
        return Ok(false);
    }
    c.execute(
        "INSERT INTO accounts (id, name, name_key, created) VALUES (?1, ?2, ?3, ?4)",
        &[Val::from(id), Val::from(name), Val::from(&key), Val::from(created)],
    )?;
    if let Some(phc) = password {
        set_password(c, id, phc, created)?;
    }
    for h in recovery {
        c.execute("INSERT INTO recovery_codes (account, hash) VALUES (?1, ?2)", &[Val::from(id), Val::from(h)])?;
    }
    Ok(true)
}

/// The account of a name (not deleted), and its password's hash if it has one.
pub fn by_name(c: &Db, name: &str) -> Result<Option<(Account, Option<String>)>, StoreError> {
    let Some(r) =
        c.query_opt(&format!("{ACCOUNT} WHERE name_key = ?1 AND deleted IS NULL"), &[Val::from(&name_key(name))])?
    else {
        return Ok(None);
    };
    let a = account(&r)?;
    let phc = password_of(c, &a.id)?;
    Ok(Some((a, phc)))
}

/// The account of an id, if it is not deleted.
pub fn by_id(c: &Db, id: &str) -> Result<Option<Account>, StoreError> {
    c.query_opt(&format!("{ACCOUNT} WHERE id = ?1 AND deleted IS NULL"), &[Val::from(id)])?
        .map(|r| account(&r))
        .transpose()
}

/// An account's password hash, if it has a password.
pub fn password_of(c: &Db, account: &str) -> Result<Option<String>, StoreError> {
    Ok(c.query_opt("SELECT secret FROM credentials WHERE account = ?1 AND kind = 'password'", &[Val::from(account)])?
        .map(|r| r.text(0))
        .transpose()?)
}

/// Sets (or replaces) an account's password hash.
pub fn set_password(c: &Db, account: &str, phc: &str, now: i64) -> Result<(), StoreError> {
    c.execute("DELETE FROM credentials WHERE account = ?1 AND kind = 'password'", &[Val::from(account)])?;
    c.execute(
        "INSERT INTO credentials (id, account, kind, secret, created) VALUES (?1, ?2, 'password', ?3, ?4)",
        &[Val::from(&crate::secret::random_hex(8)), Val::from(account), Val::from(phc), Val::from(now)],
    )?;
    Ok(())
}

/// Uses up a recovery code of an account (by its hash): whether it was
/// there, unused.
pub fn use_recovery(c: &Db, account: &str, hash: &str, now: i64) -> Result<bool, StoreError> {
    let n = c.execute(
        "UPDATE recovery_codes SET used = ?3 WHERE account = ?1 AND hash = ?2 AND used IS NULL",
        &[Val::from(account), Val::from(hash), Val::from(now)],
    )?;
    Ok(n == 1)
}

/// What the page is told of an account.
pub fn view(c: &Db, a: &Account) -> Result<AccountView, StoreError> {
    let id = [Val::from(&a.id)];
    let count =
        |sql: &str| -> Result<u32, StoreError> { Ok(c.query_int(sql, &id)?.clamp(0, i64::from(u32::MAX)) as u32) };
    Ok(AccountView {
        id: a.id.clone(),
        name: a.name.clone().unwrap_or_default(),
        created: a.created,
        password: count("SELECT count(*) FROM credentials WHERE account = ?1 AND kind = 'password'")? > 0,
        passkeys: count("SELECT count(*) FROM credentials WHERE account = ?1 AND kind = 'passkey'")?,
        recovery_left: count("SELECT count(*) FROM recovery_codes WHERE account = ?1 AND used IS NULL")?,
    })
}

/// Stores a new session (by its token's hash) of an account at `now`.
pub fn open_session(c: &Db, token_hash: &str, account: &str, now: i64) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO sessions (token_hash, account, created, seen, expires) VALUES (?1, ?2, ?3, ?3, ?4)",
        &[Val::from(token_hash), Val::from(account), Val::from(now), Val::from(now + SESSION_DAYS * 86_400)],
    )?;
    Ok(())
}

/// The account of a live session (by its token's hash) at `now`, the
/// session's `seen` and `expires` moved on when older than [`SEEN_EVERY`];
/// an expired session is deleted. `None` for no such session, an expired
/// one, or a deleted account's.
pub fn session(c: &Db, token_hash: &str, now: i64) -> Result<Option<Account>, StoreError> {
    let Some(r) =
        c.query_opt("SELECT account, seen, expires FROM sessions WHERE token_hash = ?1", &[Val::from(token_hash)])?
    else {
        return Ok(None);
    };
    let (account, seen, expires) = (r.text(0)?, r.int(1)?, r.int(2)?);
    if expires <= now {
        c.execute("DELETE FROM sessions WHERE token_hash = ?1", &[Val::from(token_hash)])?;
        return Ok(None);
    }
    if now - seen >= SEEN_EVERY {
        c.execute(
            "UPDATE sessions SET seen = ?2, expires = ?3 WHERE token_hash = ?1",
            &[Val::from(token_hash), Val::from(now), Val::from(now + SESSION_DAYS * 86_400)],
        )?;
    }
    by_id(c, &account)
}

/// Ends one session.
pub fn close_session(c: &Db, token_hash: &str) -> Result<(), StoreError> {
    c.execute("DELETE FROM sessions WHERE token_hash = ?1", &[Val::from(token_hash)])?;
    Ok(())
}

/// Ends every session of an account but `keep` (a token's hash): how many.
pub fn close_sessions(c: &Db, account: &str, keep: Option<&str>) -> Result<u64, StoreError> {
    Ok(match keep {
        Some(k) => c.execute(
            "DELETE FROM sessions WHERE account = ?1 AND token_hash <> ?2",
            &[Val::from(account), Val::from(k)],
        )?,
        None => c.execute("DELETE FROM sessions WHERE account = ?1", &[Val::from(account)])?,
    })
}

/// Deletes the sessions expired at `now`: how many.
pub fn close_expired(c: &Db, now: i64) -> Result<u64, StoreError> {
    Ok(c.execute("DELETE FROM sessions WHERE expires <= ?1", &[Val::from(now)])?)
}

/// Deletes an account: its row keeps its id and claims, without a name;
/// its credentials, recovery codes and sessions are deleted.
pub fn delete(c: &Db, account: &str, now: i64) -> Result<(), StoreError> {
    let id = [Val::from(account)];
    c.execute("DELETE FROM sessions WHERE account = ?1", &id)?;
    c.execute("DELETE FROM credentials WHERE account = ?1", &id)?;
    c.execute("DELETE FROM recovery_codes WHERE account = ?1", &id)?;
    c.execute(
        "UPDATE accounts SET name = NULL, name_key = NULL, deleted = ?2 WHERE id = ?1",
        &[Val::from(account), Val::from(now)],
    )?;
    Ok(())
}

/// Suspends an account (or lifts it with `None`); a suspension ends its
/// sessions. Whether the account exists.
pub fn suspend(c: &Db, account: &str, at: Option<i64>) -> Result<bool, StoreError> {
    let n = c.execute(
        "UPDATE accounts SET suspended = ?2 WHERE id = ?1 AND deleted IS NULL",
        &[Val::from(account), Val::from(at)],
    )?;
    if at.is_some() {
        close_sessions(c, account, None)?;
    }
    Ok(n == 1)
}

/// The seats of a stored game's setup, as far as a claim reads them: each
/// seat's token (people's seats have one). The setup's JSON is the store's
/// (`crate::game::table::Setup`); only this field is read.
#[derive(serde::Deserialize)]
struct SetupSeats {
    seats: Vec<SeatToken>,
}

#[derive(serde::Deserialize)]
struct SeatToken {
    #[serde(default)]
    token: Option<String>,
}

/// Claims into `account` the seat of `game` whose token is `token`, if
/// there is one and no other account claimed it: whether it was claimed now.
pub fn claim(c: &Db, account: &str, game: &str, token: &str, now: i64) -> Result<bool, StoreError> {
    let Some(r) = c.query_opt("SELECT setup FROM games WHERE id = ?1", &[Val::from(game)])? else {
        return Ok(false);
    };
    let Ok(setup) = serde_json::from_str::<SetupSeats>(&r.text(0)?) else { return Ok(false) };
    let Some(seat) =
        setup.seats.iter().position(|s| s.token.as_deref().is_some_and(|t| crate::secret::ct_eq(t, token)))
    else {
        return Ok(false);
    };
    let n = c.execute(
        "INSERT INTO claims (game, seat, account, claimed) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT (game, seat) DO NOTHING",
        &[Val::from(game), Val::from(seat as i64), Val::from(account), Val::from(now)],
    )?;
    Ok(n == 1)
}

/// A game of an account, as stored: id, seat, the seat's token, created,
/// finished, summary (JSON).
pub type GameRow = (String, u8, String, i64, Option<i64>, Option<String>);

/// The games an account claimed: the unfinished ones first (newest
/// first), then the finished ones (most recent first), `limit` at most.
pub fn games(c: &Db, account: &str, limit: u32) -> Result<Vec<GameRow>, StoreError> {
    let rows = c.query(
        "SELECT g.id, cl.seat, g.setup, g.created, g.finished, g.summary FROM claims cl \
         JOIN games g ON g.id = cl.game WHERE cl.account = ?1 \
         ORDER BY (CASE WHEN g.finished IS NULL THEN 0 ELSE 1 END), \
         COALESCE(g.finished, g.created) DESC, g.id LIMIT ?2",
        &[Val::from(account), Val::from(limit)],
    )?;
    let mut out = Vec::new();
    for r in rows {
        let seat = u8::try_from(r.int(1)?).unwrap_or(u8::MAX);
        let token = serde_json::from_str::<SetupSeats>(&r.text(2)?)
            .ok()
            .and_then(|s| s.seats.into_iter().nth(usize::from(seat)))
            .and_then(|s| s.token);
        let Some(token) = token else { continue };
        out.push((r.text(0)?, seat, token, r.int(3)?, r.opt_int(4)?, r.opt_text(5)?));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{testpg, Store};

    /// A new store of each engine (a SQLite file, a PostgreSQL database).
    fn both() -> Vec<(tempfile::TempDir, Store)> {
        let dir = tempfile::tempdir().unwrap();
        let sqlite = Store::open(&dir.path().join("a.db")).unwrap();
        let pg = Store::open_any(&testpg::database()).unwrap();
        vec![(tempfile::tempdir().unwrap(), pg), (dir, sqlite)]
    }

    #[tokio::test]
    async fn an_account_its_sessions_and_its_deletion_on_both_engines() {
        for (_dir, store) in both() {
            let engine = store.engine();
            let r = store
                .call(|c| {
                    assert!(insert(c, "a1", "Zoé", 100, Some("$phc"), &["h1".into(), "h2".into()])?);
                    // The same name in another case: taken, nothing stored.
                    assert!(!insert(c, "a2", "ZOÉ", 101, Some("$x"), &[])?);
                    assert_eq!(c.query_int("SELECT count(*) FROM accounts", &[])?, 1);
                    let (a, phc) = by_name(c, "zoé")?.unwrap();
                    assert_eq!((a.id.as_str(), a.name.as_deref(), phc.as_deref()), ("a1", Some("Zoé"), Some("$phc")));
                    assert_eq!(by_name(c, "Zoe")?, None);
                    // Sessions: found by hash, moved on after an hour, expired after 30 days.
                    open_session(c, "s1", "a1", 1000)?;
                    open_session(c, "s2", "a1", 1000)?;
                    assert_eq!(session(c, "s1", 1500)?.map(|a| a.id), Some("a1".into()));
                    assert_eq!(session(c, "nope", 1500)?, None);
                    assert_eq!(session(c, "s2", 1000 + SESSION_DAYS * 86_400)?, None);
                    assert_eq!(c.query_int("SELECT count(*) FROM sessions", &[])?, 1, "the expired one deleted");
                    assert!(session(c, "s1", 1000 + 2 * SEEN_EVERY)?.is_some());
                    assert_eq!(
                        c.query_int("SELECT expires FROM sessions WHERE token_hash = 's1'", &[])?,
                        1000 + 2 * SEEN_EVERY + SESSION_DAYS * 86_400
                    );
                    // Recovery codes: each once.
                    assert!(use_recovery(c, "a1", "h1", 2000)?);
                    assert!(!use_recovery(c, "a1", "h1", 2001)?);
                    assert!(!use_recovery(c, "a1", "h9", 2001)?);
                    let v = view(c, &by_id(c, "a1")?.unwrap())?;
                    assert_eq!((v.password, v.passkeys, v.recovery_left), (true, 0, 1));
                    // Every session but one ended, then that one too.
                    open_session(c, "s3", "a1", 3000)?;
                    assert_eq!(close_sessions(c, "a1", Some("s3"))?, 1);
                    assert_eq!(close_sessions(c, "a1", None)?, 1);
                    // Deleted: no name, no credential, code or session; the name is free again.
                    open_session(c, "s4", "a1", 3000)?;
                    delete(c, "a1", 4000)?;
                    assert_eq!(session(c, "s4", 4001)?, None);
                    assert_eq!(by_id(c, "a1")?, None);
                    for t in ["credentials", "recovery_codes", "sessions"] {
                        assert_eq!(c.query_int(&format!("SELECT count(*) FROM {t}"), &[])?, 0, "{t}");
                    }
                    assert!(insert(c, "a3", "zoé", 5000, None, &[])?);
                    // Suspended: its sessions end.
                    open_session(c, "s5", "a3", 5000)?;
                    assert!(suspend(c, "a3", Some(5001))?);
                    assert_eq!(session(c, "s5", 5002)?, None);
                    assert_eq!(by_id(c, "a3")?.unwrap().suspended, Some(5001));
                    // Claims: a seat by its token, once, by one account.
                    let setup = r#"{"seats":[{"name":"x","token":"t0"},{"name":"bot"},{"token":"t2"}]}"#;
                    crate::store::insert_game(c, "g1", 10, setup)?;
                    assert!(insert(c, "b1", "Bob", 6000, None, &[])?);
                    assert!(claim(c, "b1", "g1", "t2", 6001)?);
                    assert!(!claim(c, "b1", "g1", "t2", 6002)?, "already");
                    assert!(!claim(c, "a1", "g1", "t2", 6002)?, "another's");
                    assert!(!claim(c, "b1", "g1", "nope", 6002)?);
                    assert!(!claim(c, "b1", "g9", "t0", 6002)?);
                    let g = games(c, "b1", 10)?;
                    assert_eq!(g, vec![("g1".to_string(), 2, "t2".to_string(), 10, None, None)]);
                    Ok::<_, StoreError>(())
                })
                .await;
            r.unwrap_or_else(|e| panic!("{engine:?}: {e}"));
        }
    }
}
