//! The rows of the open tables and of the pools, and pairing: each function
//! runs inside one storage job (one transaction, see [`crate::store`]), on
//! either engine.

use super::{
    BASE_RANGE, CLAIMS_PER_CLIENT, CLAIM_MS, DEFAULT_RATING, KEEP_MS, PAIRING_ROWS, PAIR_EVERY_MS, RANGE_PER_S,
    STALE_MS,
};
use crate::game::room::{SeatSetup, Setup};
use crate::protocol::{Joined, OpenTable, Pace, PoolEntry, PoolState, Refused, SeatKind};
use crate::store::db::{Db, Engine, Val};
use crate::store::{count_unfinished, insert_game, StoreError};

/// Why a request of the open tables or the pools was not done.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// Refused (the request changes nothing).
    #[error("refused: {0:?}")]
    Refused(Refused),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// An entry to seat was no longer waiting: the transaction is undone
    /// (never expected: pairing holds the pool).
    #[error("an entry of pool {0} was no longer waiting when seated")]
    Raced(String),
}

impl From<crate::store::db::DbError> for PoolError {
    fn from(e: crate::store::db::DbError) -> PoolError {
        PoolError::Store(StoreError::from(e))
    }
}

impl From<Refused> for PoolError {
    fn from(r: Refused) -> PoolError {
        PoolError::Refused(r)
    }
}

/// The caps pairing and entering keep.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// Entries of one client waiting at once (0: none).
    pub entries_per_client: usize,
    /// Unfinished games stored in all (0: none): a table is not formed beyond.
    pub max_games: usize,
}

/// A new entry of a pool.
#[derive(Clone, Debug)]
pub struct NewEntry {
    /// Its secret id.
    pub id: String,
    /// Preset name.
    pub preset: String,
    /// The pace.
    pub pace: Pace,
    /// Seats at the table.
    pub size: u8,
    /// The client (its address, [`crate::game::limits::client_of`]).
    pub client: String,
    /// The person's name (checked).
    pub name: String,
    /// The account, once accounts exist (`None`: a guest).
    pub account: Option<String>,
    /// The provisional rating, once ratings exist (`None`: a guest, read
    /// as [`DEFAULT_RATING`]).
    pub rating: Option<i64>,
    /// Milliseconds after which bots fill the table, if asked.
    pub bots_after_ms: Option<i64>,
}

/// The key of a pool: preset, pace and size.
pub fn pool_key(preset: &str, pace: Pace, size: u8) -> String {
    format!("{preset}/{}/{size}", serde_json::to_string(&pace).unwrap_or_default())
}

/// What pairing found: the games formed (their ids).
pub type Formed = Vec<String>;

/// Deletes the rows of entries and claims no longer of use.
fn purge(c: &Db, now: i64) -> Result<(), PoolError> {
    c.execute("DELETE FROM pool_entries WHERE seen < ?1", &[Val::from(now - KEEP_MS)])?;
    c.execute("DELETE FROM table_claims WHERE at < ?1", &[Val::from(now - CLAIM_MS)])?;
    Ok(())
}

/// Enters a pool: the entry stored, then the pool paired. Refused with
/// `already_waiting` when the client has as many entries waiting as it may.
pub fn enter(c: &Db, e: &NewEntry, now: i64, caps: Caps) -> Result<(PoolEntry, Formed), PoolError> {
    purge(c, now)?;
    if caps.entries_per_client > 0 {
        let n = c.query_int(
            "SELECT count(*) FROM pool_entries WHERE client = ?1 AND state = 'waiting' AND seen >= ?2",
            &[Val::from(&e.client), Val::from(now - STALE_MS)],
        )?;
        if n as usize >= caps.entries_per_client {
            return Err(Refused::AlreadyWaiting { max: caps.entries_per_client }.into());
        }
    }
    let pool = pool_key(&e.preset, e.pace, e.size);
    let pace = serde_json::to_string(&e.pace).map_err(StoreError::from)?;
    c.execute(
        "INSERT INTO pool_entries (id, pool, preset, pace, size, client, name, account, rating, bots_after, \
         entered, seen, state) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, 'waiting')",
        &[
            Val::from(&e.id),
            Val::from(&pool),
            Val::from(&e.preset),
            Val::from(&pace),
            Val::from(u32::from(e.size)),
            Val::from(&e.client),
            Val::from(&e.name),
            Val::from(e.account.as_deref()),
            Val::from(e.rating),
            Val::from(e.bots_after_ms),
            Val::from(now),
        ],
    )?;
    let formed = pair(c, &pool, now, caps)?;
    let entry = read(c, &e.id, now)?.ok_or(Refused::NoSuchEntry)?;
    Ok((entry, formed))
}

/// An entry followed by its holder: heard of now, its pool paired while it
/// waits. `no_such_entry` when unknown (or deleted, [`KEEP_MS`] after).
pub fn poll(c: &Db, id: &str, now: i64, caps: Caps) -> Result<(PoolEntry, Formed), PoolError> {
    let Some(row) = c.query_opt("SELECT pool, state, seen FROM pool_entries WHERE id = ?1", &[Val::from(id)])? else {
        return Err(Refused::NoSuchEntry.into());
    };
    let (pool, state, seen) = (row.text(0)?, row.text(1)?, row.int(2)?);
    let mut formed = Vec::new();
    if state == "waiting" {
        if seen < now - STALE_MS {
            c.execute("UPDATE pool_entries SET state = 'left' WHERE id = ?1 AND state = 'waiting'", &[Val::from(id)])?;
        } else {
            c.execute("UPDATE pool_entries SET seen = ?2 WHERE id = ?1", &[Val::from(id), Val::from(now)])?;
            formed = pair_due(c, &pool, now, caps)?;
        }
    }
    let entry = read(c, id, now)?.ok_or(Refused::NoSuchEntry)?;
    Ok((entry, formed))
}

/// Leaves a pool: a waiting entry is out at once (a seated one keeps its
/// seat: its link is answered).
pub fn leave(c: &Db, id: &str, now: i64) -> Result<PoolEntry, PoolError> {
    c.execute(
        "UPDATE pool_entries SET state = 'left', seen = ?2 WHERE id = ?1 AND state = 'waiting'",
        &[Val::from(id), Val::from(now)],
    )?;
    Ok(read(c, id, now)?.ok_or(Refused::NoSuchEntry)?)
}

/// An entry as its holder sees it.
fn read(c: &Db, id: &str, now: i64) -> Result<Option<PoolEntry>, PoolError> {
    let Some(r) = c.query_opt("SELECT state, entered, link FROM pool_entries WHERE id = ?1", &[Val::from(id)])? else {
        return Ok(None);
    };
    let state = match r.text(0)?.as_str() {
        "waiting" => PoolState::Waiting,
        "seated" => PoolState::Seated,
        _ => PoolState::Left,
    };
    let waited_s = (now.saturating_sub(r.int(1)?).max(0) / 1000) as u64;
    Ok(Some(PoolEntry { entry: id.to_string(), state, waited_s, link: r.opt_text(2)? }))
}

/// A waiting entry, as pairing reads it.
#[derive(Clone, Debug)]
struct Waiter {
    id: String,
    name: String,
    rating: i64,
    bots_after: Option<i64>,
    entered: i64,
}

impl Waiter {
    /// The rating difference it accepts at `now`.
    fn range(&self, now: i64) -> i64 {
        BASE_RANGE + RANGE_PER_S * (now.saturating_sub(self.entered).max(0) / 1000)
    }
}

/// Whether `a` and `b` may sit at one table at `now`: their ratings differ
/// by no more than what both accept.
fn suits(a: &Waiter, b: &Waiter, now: i64) -> bool {
    (a.rating - b.rating).abs() <= a.range(now).min(b.range(now))
}

/// Pairs the pool `pool` at `now` unless it was paired less than
/// [`PAIR_EVERY_MS`] ago (a poll: every entry, every bots' wait and every
/// range is looked at again within that time; an entry pairs at once).
pub fn pair_due(c: &Db, pool: &str, now: i64, caps: Caps) -> Result<Formed, PoolError> {
    let last = c.query_opt("SELECT at FROM pool_pairing WHERE pool = ?1", &[Val::from(pool)])?;
    if let Some(at) = last.map(|r| r.int(0)).transpose()? {
        if now >= at && now - at < PAIR_EVERY_MS {
            return Ok(Vec::new());
        }
    }
    pair(c, pool, now, caps)
}

/// Pairs the pool `pool` at `now`: tables formed from its waiting entries,
/// the oldest first, each a game stored with its entries seated, in this
/// transaction. On PostgreSQL only the one transaction holding the pool's
/// `pool_pairing` row pairs it; another finds it held and pairs nothing.
pub fn pair(c: &Db, pool: &str, now: i64, caps: Caps) -> Result<Formed, PoolError> {
    c.execute(
        "INSERT INTO pool_pairing (pool, at) VALUES (?1, ?2) ON CONFLICT (pool) DO NOTHING",
        &[Val::from(pool), Val::from(now)],
    )?;
    if c.engine() == Engine::Postgres
        && c.query_opt("SELECT at FROM pool_pairing WHERE pool = ?1 FOR UPDATE SKIP LOCKED", &[Val::from(pool)])?
            .is_none()
    {
        return Ok(Vec::new());
    }
    c.execute("UPDATE pool_pairing SET at = ?2 WHERE pool = ?1", &[Val::from(pool), Val::from(now)])?;
    c.execute(
        "UPDATE pool_entries SET state = 'left' WHERE pool = ?1 AND state = 'waiting' AND seen < ?2",
        &[Val::from(pool), Val::from(now - STALE_MS)],
    )?;
    let select = match c.engine() {
        Engine::Sqlite => {
            "SELECT id, name, rating, bots_after, entered, preset, pace, size FROM pool_entries \
             WHERE pool = ?1 AND state = 'waiting' ORDER BY entered, id LIMIT ?2"
        }
        Engine::Postgres => {
            "SELECT id, name, rating, bots_after, entered, preset, pace, size FROM pool_entries \
             WHERE pool = ?1 AND state = 'waiting' ORDER BY entered, id LIMIT ?2 FOR UPDATE"
        }
    };
    let rows = c.query(select, &[Val::from(pool), Val::from(PAIRING_ROWS)])?;
    let Some(first) = rows.first() else { return Ok(Vec::new()) };
    let (preset, pace, size) = (first.text(5)?, first.text(6)?, first.int(7)?);
    let pace: Pace = serde_json::from_str(&pace).map_err(StoreError::from)?;
    let size = usize::try_from(size).unwrap_or(0);
    let mut waiting = Vec::with_capacity(rows.len());
    for r in &rows {
        waiting.push(Waiter {
            id: r.text(0)?,
            name: r.text(1)?,
            rating: r.opt_int(2)?.unwrap_or(DEFAULT_RATING),
            bots_after: r.opt_int(3)?,
            entered: r.int(4)?,
        });
    }
    let mut formed = Vec::new();
    let mut i = 0;
    while i < waiting.len() {
        let head = &waiting[i];
        let mut table = vec![i];
        for (j, o) in waiting.iter().enumerate().skip(i + 1) {
            if table.len() == size {
                break;
            }
            if table.iter().all(|&k| suits(&waiting[k], o, now)) {
                table.push(j);
            }
        }
        let bots_due = head.bots_after.is_some_and(|ms| now >= head.entered.saturating_add(ms));
        if table.len() == size || bots_due {
            let people: Vec<Waiter> = table.iter().map(|&k| waiting[k].clone()).collect();
            let Some(id) = form(c, pool, &people, &preset, pace, size, now, caps)? else {
                // The server holds as many games as it takes: they wait.
                break;
            };
            formed.push(id);
            for k in table.into_iter().rev() {
                waiting.remove(k);
            }
        } else {
            i += 1;
        }
    }
    Ok(formed)
}

/// Forms a table of `people` (the first is its host) and bots for the
/// other seats: the game stored, waiting for its people when they are
/// several (a person alone with bots starts at once), each entry seated.
/// `None` when the server holds as many unfinished games as it takes.
#[allow(clippy::too_many_arguments)]
fn form(
    c: &Db,
    pool: &str,
    people: &[Waiter],
    preset: &str,
    pace: Pace,
    size: usize,
    now: i64,
    caps: Caps,
) -> Result<Option<String>, PoolError> {
    if caps.max_games > 0 && count_unfinished(c)? >= caps.max_games {
        return Ok(None);
    }
    let rules = crate::rules::rule_set(preset, std::iter::empty(), size).map_err(|_| Refused::BadPool)?;
    let stand_in = crate::game::room::default_stand_in();
    let mut seats: Vec<SeatSetup> = people
        .iter()
        .map(|p| SeatSetup {
            kind: SeatKind::Human,
            name: p.name.clone(),
            level: None,
            token: Some(crate::secret::random_hex(16)),
        })
        .collect();
    while seats.len() < size {
        seats.push(SeatSetup { kind: SeatKind::Bot, name: String::new(), level: Some(stand_in.clone()), token: None });
    }
    let waiting = people.len() > 1;
    let setup = Setup {
        waiting,
        arrived: Default::default(),
        started_ms: (!waiting).then_some(now),
        cancelled: false,
        preset: preset.to_string(),
        options: rules.options().into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        seed: crate::secret::random_seed(),
        seats,
        created: now / 1000,
        hints: false,
        hints_used: Vec::new(),
        pace,
        stand_in,
        rematch: None,
        takebacks: false,
        listed: false,
    };
    let id = crate::secret::random_hex(8);
    let json = serde_json::to_string(&setup).map_err(StoreError::from)?;
    insert_game(c, &id, now / 1000, &json)?;
    for (seat, p) in people.iter().enumerate() {
        let token = setup.seats[seat].token.as_deref().unwrap_or_default();
        let link = format!("/g/{id}/{token}");
        let n = c.execute(
            "UPDATE pool_entries SET state = 'seated', game = ?2, seat = ?3, link = ?4, seen = ?5 \
             WHERE id = ?1 AND state = 'waiting'",
            &[Val::from(&p.id), Val::from(&id), Val::from(seat as u32), Val::from(&link), Val::from(now)],
        )?;
        if n != 1 {
            return Err(PoolError::Raced(pool.to_string()));
        }
    }
    tracing::info!(game = %id, pool, people = people.len(), "a table formed from a pool");
    Ok(Some(id))
}

/// The `LIKE` patterns of a public table waiting for its people: the setup
/// is JSON written by serde, in which a name's own quotes are escaped, so
/// only the fields themselves match (as [`crate::store::LISTED`]).
const WAITING: &str = "%\"waiting\":true%";
const PUBLIC: &str = "%\"listed\":true%";

/// The seats of `game` held for someone who pressed "Join" since `since`.
fn claimed(c: &Db, game: &str, since: i64) -> Result<Vec<u8>, PoolError> {
    let rows =
        c.query("SELECT seat FROM table_claims WHERE game = ?1 AND at >= ?2", &[Val::from(game), Val::from(since)])?;
    Ok(rows.iter().filter_map(|r| r.int(0).ok().and_then(|s| u8::try_from(s).ok())).collect())
}

/// The seats of a table free for a person: a person's, not its host's, not
/// arrived, not held for someone.
fn free_seats(setup: &Setup, held: &[u8]) -> Vec<u8> {
    let host = setup.host();
    setup.people().iter().filter(|&s| Some(s) != host && !setup.arrived.contains(s) && !held.contains(&s)).collect()
}

/// Whether a stored table is open to join: public, waiting for its people.
fn is_open(setup: &Setup) -> bool {
    setup.listed && setup.waiting && !setup.cancelled && setup.people().len() > 1
}

/// The public tables waiting for their people with a free seat, newest
/// first, at most `limit`.
pub fn open_tables(c: &Db, now_ms: i64, limit: u32) -> Result<Vec<OpenTable>, PoolError> {
    let rows = c.query(
        "SELECT id, setup FROM games WHERE finished IS NULL AND setup LIKE ?2 AND setup LIKE ?3 \
         ORDER BY created DESC, id LIMIT ?1",
        &[Val::from(limit), Val::from(WAITING), Val::from(PUBLIC)],
    )?;
    let mut out = Vec::new();
    for r in &rows {
        let id = r.text(0)?;
        let Ok(setup) = serde_json::from_str::<Setup>(&r.text(1)?) else { continue };
        if !is_open(&setup) {
            continue;
        }
        let free = free_seats(&setup, &claimed(c, &id, now_ms - CLAIM_MS)?);
        if free.is_empty() {
            continue;
        }
        let seated = setup
            .people()
            .iter()
            .filter(|&s| setup.arrived.contains(s))
            .map(|s| setup.seats[s as usize].name.clone())
            .collect();
        out.push(OpenTable {
            id,
            preset: setup.preset.clone(),
            pace: setup.pace,
            size: setup.seats.len() as u8,
            seated,
            free: free.len() as u8,
            age_s: (now_ms / 1000).saturating_sub(setup.created).max(0) as u64,
            hints: setup.hints,
            takebacks: setup.takebacks,
        });
    }
    Ok(out)
}

/// A free seat of the public table `game` for `client`, held for it
/// [`CLAIM_MS`]: `table_closed` when the table is not open, `table_full`
/// when no seat is free, `too_many_claims` beyond [`CLAIMS_PER_CLIENT`].
pub fn join(c: &Db, game: &str, client: &str, now: i64) -> Result<Joined, PoolError> {
    let since = now - CLAIM_MS;
    c.execute("DELETE FROM table_claims WHERE at < ?1", &[Val::from(since)])?;
    let held = c.query_int(
        "SELECT count(*) FROM table_claims WHERE client = ?1 AND at >= ?2",
        &[Val::from(client), Val::from(since)],
    )?;
    if held as usize >= CLAIMS_PER_CLIENT {
        return Err(Refused::TooManyClaims { max: CLAIMS_PER_CLIENT }.into());
    }
    // On PostgreSQL the game's row is locked: the joins of one table, on
    // any instance, one after the other.
    let select = match c.engine() {
        Engine::Sqlite => "SELECT setup FROM games WHERE id = ?1 AND finished IS NULL",
        Engine::Postgres => "SELECT setup FROM games WHERE id = ?1 AND finished IS NULL FOR UPDATE",
    };
    let Some(row) = c.query_opt(select, &[Val::from(game)])? else {
        return Err(Refused::TableClosed.into());
    };
    let setup: Setup = serde_json::from_str(&row.text(0)?).map_err(|_| Refused::TableClosed)?;
    if !is_open(&setup) {
        return Err(Refused::TableClosed.into());
    }
    let Some(seat) = free_seats(&setup, &claimed(c, game, since)?).first().copied() else {
        return Err(Refused::TableFull.into());
    };
    c.execute(
        "INSERT INTO table_claims (game, seat, client, at) VALUES (?1, ?2, ?3, ?4)",
        &[Val::from(game), Val::from(u32::from(seat)), Val::from(client), Val::from(now)],
    )?;
    let token = setup.seats[seat as usize].token.clone().ok_or(Refused::TableClosed)?;
    Ok(Joined { id: game.to_string(), seat, link: format!("/g/{game}/{token}") })
}
