//! Games: their rows (setup, actions, finish) and the lists of them.

use super::db::{self, Db, DbError, Val};
use super::error::{note_full, StoreError};
use super::handle::{FinishedRow, Owned, Store, StoredGame};
use super::lease;
#[cfg(feature = "testing")]
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Store {
    /// Stores a new game.
    pub async fn create_game(&self, id: String, created: i64, setup: String) -> Result<(), StoreError> {
        self.call(move |c| insert_game(c, &id, created, &setup)).await
    }

    /// Appends the intent numbered `v` to a game's log, stored at `at`
    /// (milliseconds since 1970, [`super::now_ms`]), fenced by the epoch of the
    /// copy that writes it ([`Owned`]).
    pub async fn append(
        &self,
        owned: Owned,
        v: u64,
        seat: Option<u8>,
        intent: String,
        at: i64,
    ) -> Result<(), StoreError> {
        #[cfg(feature = "testing")]
        let failing = self.failing_appends.clone();
        let leases = self.leases.clone();
        self.call(move |c| {
            #[cfg(feature = "testing")]
            if failing.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
                return Err(StoreError::Injected);
            }
            let game = fence(c, leases.as_ref(), owned)?;
            c.execute(
                "INSERT INTO actions (game, v, seat, intent, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                &[Val::from(&game), Val::from(v as i64), Val::from(seat), Val::from(&intent), Val::from(at)],
            )?;
            Ok(())
        })
        .await
    }

    /// Deletes a game's last action, numbered `v` (a takeback): `Ok(false)`,
    /// deleting nothing, when `v` is not its last.
    pub async fn delete_last(&self, owned: Owned, v: u64) -> Result<bool, StoreError> {
        self.delete_from(owned, v, v).await
    }

    /// Deletes a game's actions numbered `from` to `last`, its last (a
    /// takeback with the bots' replies after it): `Ok(false)`, deleting
    /// nothing, when `last` is not its last action or `from` is after it.
    pub async fn delete_from(&self, owned: Owned, from: u64, last: u64) -> Result<bool, StoreError> {
        let leases = self.leases.clone();
        self.call(move |c| {
            let game = fence(c, leases.as_ref(), owned)?;
            if from > last {
                return Ok(false);
            }
            let n = c.execute(
                "DELETE FROM actions WHERE game = ?1 AND v >= ?2 AND v <= ?3 \
                 AND ?3 = (SELECT MAX(v) FROM actions WHERE game = ?1)",
                &[Val::from(&game), Val::from(from as i64), Val::from(last as i64)],
            )?;
            Ok(n == last - from + 1)
        })
        .await
    }

    /// Marks a game finished with its summary.
    pub async fn finish(&self, owned: Owned, at: i64, summary: String) -> Result<(), StoreError> {
        let leases = self.leases.clone();
        self.call(move |c| {
            let game = fence(c, leases.as_ref(), owned)?;
            c.execute(
                "UPDATE games SET finished = ?2, summary = ?3 WHERE id = ?1",
                &[Val::from(&game), Val::from(at), Val::from(&summary)],
            )?;
            Ok(())
        })
        .await
    }

    /// Rewrites a game's setup (the hints used are kept in it: see
    /// [`crate::game::room::Setup::hints_used`]).
    pub async fn update_setup(&self, owned: Owned, setup: String) -> Result<(), StoreError> {
        let leases = self.leases.clone();
        self.call(move |c| {
            let game = fence(c, leases.as_ref(), owned)?;
            c.execute("UPDATE games SET setup = ?2 WHERE id = ?1", &[Val::from(&game), Val::from(&setup)])?;
            Ok(())
        })
        .await
    }

    /// Loads one game with its log.
    pub async fn load(&self, id: String) -> Result<Option<StoredGame>, StoreError> {
        self.call(move |c| load_game(c, &id)).await
    }

    /// Ids of the games not finished yet.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.call(|c| {
            let rows = c.query("SELECT id FROM games WHERE finished IS NULL ORDER BY created, id", &[])?;
            Ok(rows.iter().map(|r| r.text(0)).collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    /// The most recently finished games that their creator listed
    /// ([`LISTED`]), newest first.
    pub async fn finished(&self, limit: u32) -> Result<Vec<FinishedRow>, StoreError> {
        self.call(move |c| {
            let rows = c.query(
                "SELECT id, created, finished, summary FROM games WHERE finished IS NOT NULL \
                 AND summary LIKE ?2 ORDER BY finished DESC, id LIMIT ?1",
                &[Val::from(limit), Val::from(LISTED)],
            )?;
            let row = |r: &db::Row| -> Result<FinishedRow, DbError> {
                Ok(FinishedRow {
                    id: r.text(0)?,
                    created: r.int(1)?,
                    finished: r.int(2)?,
                    summary: r.opt_text(3)?.unwrap_or_default(),
                })
            };
            Ok(rows.iter().map(row).collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }
}

/// The `LIKE` pattern of a listed game's summary: the summary is JSON written
/// by serde (`GameSummary`, its `listed` field first), in which a name's own
/// quotes are escaped, so only the field itself matches. No schema change:
/// the flag travels in the summary, as the hints do in the setup.
pub const LISTED: &str = "%\"listed\":true%";

/// Checks, in a write's transaction, that this instance owns the game with
/// the epoch its copy was made or loaded under ([`lease::Leases::fence`]);
/// without leases, nothing to check. The game's id.
fn fence(c: &Db, leases: Option<&lease::Leases>, owned: Owned) -> Result<String, StoreError> {
    if let Some(l) = leases {
        l.fence(c, &owned.game, owned.epoch)?;
    }
    Ok(owned.game)
}

/// How many games are not finished.
pub(crate) fn count_unfinished(c: &Db) -> Result<usize, StoreError> {
    Ok(c.query_int("SELECT count(*) FROM games WHERE finished IS NULL", &[])?.max(0) as usize)
}

/// Those of `ids` that are stored and not finished.
pub(crate) fn unfinished_among(c: &Db, ids: &[String]) -> Result<Vec<String>, StoreError> {
    let mut out = Vec::new();
    for id in ids {
        if c.query_opt("SELECT 1 FROM games WHERE id = ?1 AND finished IS NULL", &[Val::from(id)])?.is_some() {
            out.push(id.clone());
        }
    }
    Ok(out)
}

/// Stores a new game (see [`Store::create_game`]).
pub(crate) fn insert_game(c: &Db, id: &str, created: i64, setup: &str) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO games (id, created, setup) VALUES (?1, ?2, ?3)",
        &[Val::from(id), Val::from(created), Val::from(setup)],
    )
    .map_err(|e| {
        note_full(&e);
        StoreError::Game { id: id.to_string(), source: Arc::new(e) }
    })?;
    Ok(())
}

pub(super) fn load_game(c: &Db, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let fail = |e: DbError| StoreError::Game { id: id.to_string(), source: Arc::new(e) };
    let Some(head) = c.query_opt("SELECT setup, finished FROM games WHERE id = ?1", &[Val::from(id)]).map_err(fail)?
    else {
        return Ok(None);
    };
    let (setup, finished) = (head.text(0).map_err(fail)?, head.opt_int(1).map_err(fail)?);
    let rows = c
        .query("SELECT v, seat, intent, at FROM actions WHERE game = ?1 ORDER BY v", &[Val::from(id)])
        .map_err(fail)?;
    let mut actions = Vec::new();
    let mut times = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let read = || -> Result<_, DbError> {
            let seat = match row.opt_int(1)? {
                None => None,
                Some(s) => Some(u8::try_from(s).map_err(|_| DbError::Type {
                    column: 1,
                    found: "an integer out of range",
                    expected: "a seat (0 to 255)",
                })?),
            };
            Ok((row.int(0)?, seat, row.text(2)?, row.opt_int(3)?))
        };
        let (v, seat, intent, at) = read().map_err(fail)?;
        if v != i as i64 + 1 {
            return Err(StoreError::OutOfSequence { id: id.to_string(), v });
        }
        actions.push((seat, intent));
        times.push(at);
    }
    Ok(Some(StoredGame { id: id.to_string(), setup, finished: finished.is_some(), actions, times }))
}
