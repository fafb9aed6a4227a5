//! One owner per game in play (issue 37): several instances over one
//! PostgreSQL each hold a lease on the games they play, a row of `leases`
//! (schema version 3) with the owner instance, its address, an expiry and an
//! epoch that grows at each change of owner. Every instance uses the same
//! lease length: one whose `--lease-ms` differs from an instance alive
//! refuses to start (`instances`, schema version 4: [`Leases::join`]).
//!
//! - An instance takes a game's lease before it loads the game (in the same
//!   job: the lease row is locked, then the game read), when no lease is
//!   held or the one held has expired; the epoch then grows by one.
//! - The owner renews its leases (`Store::renew_leases`) well before they
//!   expire, and learns which it lost.
//! - **Fencing**: every write of a game in play (an action, its end, its
//!   setup, a takeback) first locks the game's lease row and checks that this
//!   instance owns it with the epoch the writing copy of the game was made or
//!   loaded under (`SELECT … FOR UPDATE`, in the same transaction as the
//!   write; see [`super::Owned`]). An instance paused past its lease and
//!   resumed after another took over finds another epoch and stores
//!   nothing: `StoreError::Fenced`. So does a copy of a game dropped from
//!   memory (its lease lost) whose instance took the game back since: the
//!   live copy was loaded under a newer epoch, the dropped one never writes.
//!
//! Times are the instances' clocks (milliseconds since 1970): clocks that
//! disagree only make a takeover come early or late; they never let two
//! owners store, since the epoch is checked under the row's lock.

use super::db::{Db, DbError, Engine, Val};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// This instance, as the leases name it.
#[derive(Clone, Debug)]
pub struct Leases {
    /// Unique to this process (a name and a random part: a restarted
    /// instance is a new owner).
    pub instance: String,
    /// Where others (the proxy, the other instances) reach this instance.
    pub addr: String,
    /// How long a lease lasts without renewal, in milliseconds.
    pub ttl_ms: i64,
    /// The epoch of each lease this instance holds, and when it took it.
    fences: Arc<Mutex<HashMap<String, (i64, Instant)>>>,
}

/// Who holds a game's lease, when another instance does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    /// The owner instance.
    pub owner: String,
    /// Its address.
    pub addr: String,
    /// When its lease expires (ms since 1970).
    pub expires: i64,
}

/// A write refused by the fence, or the engine's error.
#[derive(Debug)]
pub enum LeaseError {
    /// The engine's error.
    Db(DbError),
    /// This instance does not hold the game's lease with its epoch.
    Fenced {
        /// The game.
        game: String,
        /// Who holds it now.
        held: String,
    },
    /// Another instance seen lately uses another lease length
    /// ([`Leases::join`]).
    Length {
        /// This instance's lease length, in milliseconds.
        mine: i64,
        /// The others: their names and lengths.
        others: String,
    },
}

impl From<DbError> for LeaseError {
    fn from(e: DbError) -> LeaseError {
        LeaseError::Db(e)
    }
}

/// What a renewal found.
#[derive(Debug, Default)]
pub struct Renewed {
    /// The games this instance still owns, with their epochs.
    pub kept: Vec<(String, i64)>,
    /// The games it held and lost (another instance took them over).
    pub lost: Vec<String>,
    /// The games it owns that another instance asked for (its proxy routes
    /// their players there): to hand over when idle.
    pub wanted: Vec<String>,
}

impl Leases {
    /// This instance: `name` (made unique with a random part), its address,
    /// the leases' length.
    pub fn new(name: &str, addr: &str, ttl_ms: i64) -> Leases {
        Leases {
            instance: format!("{name}-{}", crate::secret::random_hex(4)),
            addr: addr.to_string(),
            ttl_ms,
            fences: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    fn fences(&self) -> std::sync::MutexGuard<'_, HashMap<String, (i64, Instant)>> {
        self.fences.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The epoch this instance holds a game's lease with.
    pub fn epoch(&self, game: &str) -> Option<i64> {
        self.fences().get(game).map(|f| f.0)
    }

    /// How long this instance has held a game's lease (a lease just taken
    /// is not given back while its game is being loaded).
    pub fn held_for(&self, game: &str) -> Duration {
        self.fences().get(game).map_or(Duration::MAX, |f| f.1.elapsed())
    }

    /// Checks, in the writing transaction, that this instance still owns
    /// `game` with `epoch`, the epoch the writing copy of the game was
    /// created or loaded under (not the epoch this instance holds now: a
    /// copy dropped from memory, its game taken back since under a new
    /// epoch, never writes): the lease row is locked (PostgreSQL:
    /// `FOR UPDATE`) so that no takeover commits between the check and the
    /// write. `LeaseError::Fenced` otherwise.
    pub fn fence(&self, c: &Db, game: &str, epoch: i64) -> Result<(), LeaseError> {
        let lock = match c.engine() {
            Engine::Postgres => " FOR UPDATE",
            Engine::Sqlite => "",
        };
        let held =
            c.query_opt(&format!("SELECT owner, epoch FROM leases WHERE game = ?1{lock}"), &[Val::from(game)])?;
        let found = match &held {
            Some(r) => Some((r.text(0)?, r.int(1)?)),
            None => None,
        };
        match found {
            Some((owner, held)) if owner == self.instance && held == epoch => Ok(()),
            found => Err(LeaseError::Fenced {
                game: game.to_string(),
                held: found.map(|(o, e)| format!("{o} (epoch {e})")).unwrap_or_else(|| "nobody".into()),
            }),
        }
    }

    /// Takes the lease of a new game (epoch 1) at `now` (ms since 1970),
    /// in its creation's job.
    pub fn take_new(&self, c: &Db, game: &str, now: i64) -> Result<(), DbError> {
        c.execute(
            "INSERT INTO leases (game, owner, addr, epoch, expires) VALUES (?1, ?2, ?3, 1, ?4)",
            &[Val::from(game), Val::from(&self.instance), Val::from(&self.addr), Val::from(now + self.ttl_ms)],
        )?;
        self.fences().insert(game.to_string(), (1, Instant::now()));
        Ok(())
    }

    /// Takes a game's lease at `now` when nobody holds a live one (the
    /// epoch grows): its epoch, or who holds it. A live lease this instance
    /// holds already keeps its epoch: two requests of one instance loading
    /// the game at once (two seats' sockets arriving together) get the same
    /// epoch, so the copy kept in memory is not fenced by the other's take.
    pub fn try_take(&self, c: &Db, game: &str, now: i64) -> Result<Result<i64, Holder>, DbError> {
        let taken = c.query_opt(
            "INSERT INTO leases (game, owner, addr, epoch, expires) VALUES (?1, ?2, ?3, 1, ?4) \
             ON CONFLICT (game) DO UPDATE SET owner = excluded.owner, addr = excluded.addr, \
             epoch = CASE WHEN leases.owner = excluded.owner AND leases.expires >= ?5 \
             THEN leases.epoch ELSE leases.epoch + 1 END, expires = excluded.expires, wanted = NULL \
             WHERE leases.expires < ?5 OR leases.owner = excluded.owner RETURNING epoch",
            &[
                Val::from(game),
                Val::from(&self.instance),
                Val::from(&self.addr),
                Val::from(now + self.ttl_ms),
                Val::from(now),
            ],
        )?;
        if let Some(r) = taken {
            let epoch = r.int(0)?;
            self.fences().insert(game.to_string(), (epoch, Instant::now()));
            return Ok(Ok(epoch));
        }
        let r = c.query_opt("SELECT owner, addr, expires FROM leases WHERE game = ?1", &[Val::from(game)])?;
        Ok(Err(match r {
            Some(r) => Holder { owner: r.text(0)?, addr: r.text(1)?, expires: r.int(2)? },
            None => Holder { owner: String::new(), addr: String::new(), expires: now },
        }))
    }

    /// Forgets a lease taken in a job that did not go through.
    pub fn forget(&self, game: &str) -> Option<i64> {
        self.fences().remove(game).map(|f| f.0)
    }

    /// Joins the instances over this database at `now`: refused when
    /// another one seen within two of its lease lengths (alive: each is
    /// seen at every renewal, every third of its length) uses another lease
    /// length; else this instance is written in `instances` (schema
    /// version 4), seen now, with its length. With mixed lengths a game
    /// handed over would be taken back by the shortest again and again.
    pub fn join(&self, c: &Db, now: i64) -> Result<(), LeaseError> {
        let rows = c.query(
            "SELECT name, lease_ms FROM instances WHERE name <> ?1 AND lease_ms <> ?2 AND seen >= ?3 - 2 * lease_ms \
             ORDER BY name",
            &[Val::from(&self.instance), Val::from(self.ttl_ms), Val::from(now)],
        )?;
        let others = rows
            .iter()
            .map(|r| Ok(format!("{} ({} ms)", r.text(0)?, r.int(1)?)))
            .collect::<Result<Vec<_>, DbError>>()?;
        if !others.is_empty() {
            return Err(LeaseError::Length { mine: self.ttl_ms, others: others.join(", ") });
        }
        self.seen(c, now)?;
        Ok(())
    }

    /// Writes this instance in `instances`, seen at `now`.
    fn seen(&self, c: &Db, now: i64) -> Result<(), DbError> {
        c.execute(
            "INSERT INTO instances (name, lease_ms, seen) VALUES (?1, ?2, ?3) \
             ON CONFLICT (name) DO UPDATE SET lease_ms = excluded.lease_ms, seen = excluded.seen",
            &[Val::from(&self.instance), Val::from(self.ttl_ms), Val::from(now)],
        )?;
        Ok(())
    }

    /// Renews every lease of this instance at `now`: which it still holds,
    /// which it lost, which another instance asked for. This instance is
    /// seen now (`instances`).
    pub fn renew(&self, c: &Db, now: i64) -> Result<Renewed, DbError> {
        self.seen(c, now)?;
        c.execute(
            "UPDATE leases SET expires = ?2 WHERE owner = ?1",
            &[Val::from(&self.instance), Val::from(now + self.ttl_ms)],
        )?;
        let rows = c.query("SELECT game, epoch, wanted FROM leases WHERE owner = ?1", &[Val::from(&self.instance)])?;
        let mut out = Renewed::default();
        let mut held: HashMap<String, i64> = HashMap::new();
        for r in &rows {
            let (game, epoch, wanted) = (r.text(0)?, r.int(1)?, r.opt_text(2)?);
            if wanted.is_some() {
                out.wanted.push(game.clone());
            }
            held.insert(game, epoch);
        }
        self.fences().retain(|game, (epoch, _)| {
            let kept = held.get(game) == Some(epoch);
            match kept {
                true => out.kept.push((game.clone(), *epoch)),
                false => out.lost.push(game.clone()),
            }
            kept
        });
        Ok(out)
    }

    /// Gives a lease back (taken with `epoch`).
    pub fn give_back(&self, c: &Db, game: &str, epoch: i64) -> Result<(), DbError> {
        c.execute(
            "DELETE FROM leases WHERE game = ?1 AND owner = ?2 AND epoch = ?3",
            &[Val::from(game), Val::from(&self.instance), Val::from(epoch)],
        )?;
        Ok(())
    }

    /// Hands a lease (taken with `epoch`) over at `now` to the instance that
    /// asked for it: the row stays, expired, owned by nobody (`''`: no
    /// renewal extends it, no fencing check passes) with the asker named in
    /// `wanted`, so that the asker takes the game at its next round even if
    /// nobody asks for it again (a game of bots alone has no page to ask),
    /// and any other instance a lease length later (the asker died).
    pub fn hand_over(&self, c: &Db, game: &str, epoch: i64, now: i64) -> Result<(), DbError> {
        c.execute(
            "UPDATE leases SET owner = '', expires = ?4 WHERE game = ?1 AND owner = ?2 AND epoch = ?3",
            // Expired strictly before `now`: an instance taking it in the same
            // millisecond finds it expired (`expires < now`).
            &[Val::from(game), Val::from(&self.instance), Val::from(epoch), Val::from(now - 1)],
        )?;
        Ok(())
    }

    /// Gives back every lease of this instance at `now` (it stops): the rows
    /// stay, expired, owned and wanted by nobody, so that the other instances take
    /// the games at their next round (a deleted row would leave a game of
    /// bots alone unplayed until someone asks for it).
    pub fn give_back_all(&self, c: &Db, now: i64) -> Result<(), DbError> {
        c.execute(
            "UPDATE leases SET owner = '', expires = ?2, wanted = NULL WHERE owner = ?1",
            // Expired strictly before `now`, as in `hand_over`.
            &[Val::from(&self.instance), Val::from(now - 1)],
        )?;
        c.execute("DELETE FROM instances WHERE name = ?1", &[Val::from(&self.instance)])?;
        self.fences().clear();
        Ok(())
    }

    /// Asks the owner of `game` to hand it over.
    pub fn ask(&self, c: &Db, game: &str) -> Result<(), DbError> {
        c.execute(
            "UPDATE leases SET wanted = ?2 WHERE game = ?1 AND owner <> ?2",
            &[Val::from(game), Val::from(&self.instance)],
        )?;
        Ok(())
    }
}
