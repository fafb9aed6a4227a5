//! The registry of live games: the games in memory (and when each was last
//! seen in use), the sleepers (timed games out of memory until their clock
//! is due), the games of bots alone playing, the stored games set aside
//! because they do not replay, and the caps on creating games (per client
//! and in all). Loading a game that is not in memory is [`super::load`]'s.

use super::error::{CreateError, Denied};
use super::handle::{Command, GameHandle};
use super::limits::{self, Clients};
use crate::config::ServeConfig;
use crate::protocol::{Refusal, Refused};
use crate::store::{self, Store, StoreError};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A game in memory and when it was last seen in use.
struct Held {
    room: GameHandle,
    seen: Instant,
}

/// The figures of [`ServeConfig`] the registry applies.
#[derive(Clone, Copy, Debug)]
struct Caps {
    evict_after: Duration,
    sweep_every: Duration,
    max_bot_games: usize,
    max_games: usize,
    max_games_per_client: usize,
    create_burst: u32,
    create_per_minute: u32,
    sheets_per_hour: u32,
    asks_per_minute: u32,
}

/// The games the server holds.
pub struct Registry {
    /// Games in memory.
    rooms: Mutex<HashMap<String, Held>>,
    /// Timed games out of memory until their clock is due (see
    /// [`Registry::evict_idle`]): id and deadline (ms since 1970). Locked
    /// after `rooms` when both are.
    sleepers: Mutex<HashMap<String, i64>>,
    /// The games of bots alone not over yet.
    bot_games: Mutex<HashSet<String>>,
    /// Stored games that do not replay, set aside: id and why.
    damaged: Mutex<HashMap<String, Denied>>,
    /// Game creation per client (see [`limits`]); shared with the storage thread.
    clients: Arc<Mutex<Clients>>,
    caps: Caps,
}

/// A lock that a panic elsewhere does not make unusable (the data are simple maps).
fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Registry {
    /// An empty registry applying `config`'s caps.
    pub fn new(config: &ServeConfig) -> Registry {
        Registry {
            rooms: Mutex::new(HashMap::new()),
            sleepers: Mutex::new(HashMap::new()),
            bot_games: Mutex::new(HashSet::new()),
            damaged: Mutex::new(HashMap::new()),
            clients: Arc::new(Mutex::new(Clients::default())),
            caps: Caps {
                evict_after: config.evict_after,
                sweep_every: config.sweep_every,
                max_bot_games: config.max_bot_games,
                max_games: config.max_games,
                max_games_per_client: config.max_games_per_client,
                create_burst: config.create_burst,
                create_per_minute: config.create_per_minute,
                sheets_per_hour: config.sheets_per_hour,
                asks_per_minute: config.asks_per_minute,
            },
        }
    }

    /// A game in memory (now seen in use).
    pub fn get(&self, id: &str) -> Option<GameHandle> {
        let mut rooms = locked(&self.rooms);
        let h = rooms.get_mut(id)?;
        h.seen = Instant::now();
        Some(h.room.clone())
    }

    /// Adds a new game.
    pub fn insert(&self, room: GameHandle) -> GameHandle {
        let id = room.id().to_string();
        let mut rooms = locked(&self.rooms);
        locked(&self.sleepers).remove(&id);
        rooms.insert(id, Held { room: room.clone(), seen: Instant::now() });
        room
    }

    /// Adds a game loaded from storage unless another request loaded it
    /// meanwhile: the game in memory, and whether it is this one.
    pub fn insert_loaded(&self, room: GameHandle) -> (GameHandle, bool) {
        let mut rooms = locked(&self.rooms);
        locked(&self.sleepers).remove(room.id());
        let held = rooms.entry(room.id().to_string());
        let new = matches!(held, std::collections::hash_map::Entry::Vacant(_));
        let h = held.or_insert_with(|| Held { room, seen: Instant::now() });
        (h.room.clone(), new)
    }

    /// Whether a stored game was set aside (it does not replay).
    pub fn is_damaged(&self, id: &str) -> bool {
        locked(&self.damaged).contains_key(id)
    }

    /// Sets aside a stored game that does not replay, with a loud log line naming it.
    pub fn set_aside(&self, id: &str, why: Denied) {
        tracing::error!(
            game = %id,
            why = %why,
            "a stored game does not replay: set aside (kept in the database as it is, not played, answered \
             with game_damaged)"
        );
        locked(&self.damaged).insert(id.to_string(), why);
    }

    /// The stored games set aside because they do not replay, with why
    /// (sorted by id).
    pub fn damaged(&self) -> Vec<(String, Denied)> {
        let mut v: Vec<_> = locked(&self.damaged).iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }

    /// Drops a finished game nobody watches from memory (it stays stored and
    /// is loaded again when asked for).
    pub fn forget(&self, id: &str) {
        locked(&self.rooms).remove(id);
    }

    /// Drops from memory every game that nothing uses (no connection, no bot
    /// to play, no task or request holding it, no turn clock due within
    /// [`ServeConfig::evict_after`] and a sweep) and that has not been seen in
    /// use for [`ServeConfig::evict_after`]; it stays stored and is loaded
    /// again when asked for. A timed game dropped (a slow table's days a
    /// turn) becomes a sleeper: [`Registry::wake_due`] hands it back to be
    /// loaded a sweep before its clock runs out, so the clock acts on time.
    /// Without a sweep ([`ServeConfig::sweep_every`] zero) a timed game stays
    /// in memory. The sleepers live in this instance's memory only: with
    /// several instances, one that dies takes its sleepers with it, and a
    /// sleeper's clock then acts when a page asks for the game or another
    /// instance starts ([`super::load::resume_unfinished`]), at once if its
    /// time ran out meanwhile (docs/server.md, the limits).
    ///
    /// Also forgets the creation buckets of clients not seen for a while.
    /// Returns how many games were dropped. Runs every
    /// [`ServeConfig::sweep_every`].
    pub fn evict_idle(&self) -> usize {
        let now = Instant::now();
        let now_ms = store::now_ms();
        let after = self.caps.evict_after;
        let mut asleep = Vec::new();
        let mut rooms = locked(&self.rooms);
        let before = rooms.len();
        rooms.retain(|id, h| {
            // Tasks, sockets and requests hold a handle; new handles are
            // only made from this map, under this lock. The game's timers
            // are its driver's, which holds no handle.
            let (busy, deadline) = match h.room.status() {
                st if h.room.held_only_by(1) => {
                    let due_soon = st.deadline.is_some_and(|d| !self.may_sleep(d, now_ms));
                    (!st.idle || st.bot_due || due_soon, st.deadline)
                }
                _ => (true, None),
            };
            if busy {
                h.seen = now;
                return true;
            }
            let keep = now.saturating_duration_since(h.seen) < after;
            if let (false, Some(d)) = (keep, deadline) {
                asleep.push((id.clone(), d));
            }
            keep
        });
        let dropped = before - rooms.len();
        let sleeping = asleep.len();
        for (id, deadline) in asleep {
            self.sleep(&id, deadline);
        }
        drop(rooms);
        locked(&self.clients).prune(now, self.caps.create_burst, self.caps.create_per_minute);
        locked(&self.clients).prune_sheets(now, self.caps.sheets_per_hour);
        locked(&self.clients).prune_asks(now, self.caps.asks_per_minute);
        if dropped > 0 {
            tracing::debug!(dropped, sleeping, "idle games dropped from memory");
        }
        dropped
    }

    /// Whether a timed game whose clock runs out at `deadline` (ms since
    /// 1970) may leave memory at `now` (ms): there is a sweep to wake it, and
    /// its clock is due later than [`ServeConfig::evict_after`] and a sweep
    /// from now.
    pub fn may_sleep(&self, deadline: i64, now: i64) -> bool {
        let sweep = self.caps.sweep_every;
        let margin = (self.caps.evict_after + sweep).as_millis().min(i64::MAX as u128) as i64;
        !sweep.is_zero() && deadline > now.saturating_add(margin)
    }

    /// Remembers a timed game out of memory whose clock runs out at
    /// `deadline` (ms since 1970), to wake it when due ([`Registry::wake_due`]).
    pub fn sleep(&self, id: &str, deadline: i64) {
        tracing::debug!(game = %id, deadline, "a timed game sleeps out of memory until its clock is due");
        locked(&self.sleepers).insert(id.to_string(), deadline);
    }

    /// Takes out the sleepers whose clock runs out within a sweep of `now`
    /// (ms since 1970), to be loaded: `(id, deadline)`, soonest first.
    pub fn wake_due(&self, now: i64) -> Vec<(String, i64)> {
        let by = now.saturating_add(self.caps.sweep_every.as_millis().min(i64::MAX as u128) as i64);
        let mut sleepers = locked(&self.sleepers);
        let mut due: Vec<(String, i64)> =
            sleepers.iter().filter(|(_, d)| **d <= by).map(|(k, d)| (k.clone(), *d)).collect();
        for (id, _) in &due {
            sleepers.remove(id);
        }
        due.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
        due
    }

    /// The deadline of a sleeping game (ms since 1970), if it sleeps.
    pub fn sleeping(&self, id: &str) -> Option<i64> {
        locked(&self.sleepers).get(id).copied()
    }

    /// How many games sleep out of memory.
    pub fn sleepers(&self) -> usize {
        locked(&self.sleepers).len()
    }

    /// Whether the copy numbered `copy` ([`GameHandle::copy`]) is the game
    /// `id` in memory (not one dropped since: another instance took it over).
    pub fn holds(&self, id: &str, copy: u64) -> bool {
        locked(&self.rooms).get(id).is_some_and(|h| h.room.copy() == copy)
    }

    /// The ids of the games in memory.
    pub fn ids(&self) -> Vec<String> {
        locked(&self.rooms).keys().cloned().collect()
    }

    /// Drops a game from memory, whatever uses it: another instance owns it
    /// now. Its sockets are closed (the pages connect again, through the
    /// proxy, to the owner). Returns whether it was in memory.
    pub fn drop_lost(&self, id: &str) -> bool {
        let held = locked(&self.rooms).remove(id);
        self.end_bot_game(id);
        match held {
            Some(h) => {
                h.room.send_now(Command::DropConnections);
                true
            }
            None => false,
        }
    }

    /// Drops the copy numbered `copy` of the game `id` from memory as
    /// [`Registry::drop_lost`] does, only if it is the copy in memory (not
    /// one dropped already, while another copy was loaded since). Returns
    /// whether it was.
    pub fn drop_copy(&self, id: &str, copy: u64) -> bool {
        let held = {
            let mut rooms = locked(&self.rooms);
            match rooms.get(id) {
                Some(h) if h.room.copy() == copy => rooms.remove(id),
                _ => None,
            }
        };
        match held {
            Some(_) => {
                self.end_bot_game(id);
                true
            }
            None => false,
        }
    }

    /// How many games are in memory.
    pub fn in_memory(&self) -> usize {
        locked(&self.rooms).len()
    }

    /// Whether a game is in memory.
    pub fn is_in_memory(&self, id: &str) -> bool {
        locked(&self.rooms).contains_key(id)
    }

    /// Takes a creation token of `client` ([`ServeConfig::create_burst`],
    /// [`ServeConfig::create_per_minute`]): refused with `too_fast` when it
    /// has none. A request without a known peer address is not limited.
    pub fn admit_creation(&self, client: Option<IpAddr>) -> Result<(), Refused> {
        let Some(client) = client.map(limits::client_of) else { return Ok(()) };
        let (burst, rate) = (self.caps.create_burst, self.caps.create_per_minute);
        locked(&self.clients).take(client, Instant::now(), burst, rate).map_err(|retry_after| {
            tracing::warn!(%client, retry_after, "a game refused: created too fast");
            Refused::TooFast { retry_after }
        })
    }

    /// Takes one of `client`'s score-sheet creations
    /// ([`ServeConfig::sheets_per_hour`]): refused with `sheets_too_fast` when
    /// it has none. A request without a known peer address is not limited.
    pub fn admit_sheet(&self, client: Option<IpAddr>) -> Result<(), Refused> {
        let Some(client) = client.map(limits::client_of) else { return Ok(()) };
        locked(&self.clients).take_sheet(client, Instant::now(), self.caps.sheets_per_hour).map_err(|retry_after| {
            tracing::info!(%client, retry_after, "a score sheet refused: created too fast");
            Refused::SheetsTooFast { retry_after }
        })
    }

    /// Takes one of `client`'s takebacks or "play again" answers
    /// ([`ServeConfig::asks_per_minute`]): refused with `asks_too_fast` when
    /// it has none. A request without a known peer address is not limited.
    pub fn admit_ask(&self, client: Option<IpAddr>) -> Result<(), Refused> {
        let Some(client) = client.map(limits::client_of) else { return Ok(()) };
        locked(&self.clients).take_ask(client, Instant::now(), self.caps.asks_per_minute).map_err(|retry_after| {
            tracing::info!(%client, retry_after, "a takeback or play-again answer refused: too fast");
            Refused::AsksTooFast { retry_after }
        })
    }

    /// Stores a new game unless the caps refuse it: `server_full` at
    /// [`ServeConfig::max_games`] unfinished games stored, `too_many_games`
    /// when `client` has [`ServeConfig::max_games_per_client`] unfinished
    /// games. Counted and stored in one storage job, so two creations at once
    /// cannot both pass the caps.
    pub async fn store_new_game(
        &self,
        store: &Store,
        client: Option<IpAddr>,
        id: String,
        created: i64,
        setup: String,
    ) -> Result<(), CreateError> {
        let (max_games, per_client) = (self.caps.max_games, self.caps.max_games_per_client);
        let client = client.map(limits::client_of).filter(|_| per_client > 0);
        let clients = self.clients.clone();
        let leases = store.leases().cloned();
        let capped = store
            .call(move |c| -> Result<Result<(), Refused>, StoreError> {
                if max_games > 0 && store::count_unfinished(c)? >= max_games {
                    return Ok(Err(Refused::ServerFull { max: max_games }));
                }
                if let Some(client) = client {
                    let mine = locked(&clients).games_of(client);
                    let open = store::unfinished_among(c, &mine)?;
                    let full = open.len() >= per_client;
                    locked(&clients).set_games(client, open);
                    if full {
                        return Ok(Err(Refused::TooManyGames { max: per_client }));
                    }
                }
                store::insert_game(c, &id, created, &setup)?;
                if let Some(l) = &leases {
                    l.take_new(c, &id, store::now_ms())?;
                }
                if let Some(client) = client {
                    locked(&clients).add_game(client, id);
                }
                Ok(Ok(()))
            })
            .await?;
        capped.map_err(|r| {
            tracing::warn!(client = ?client, code = %Refusal::from(r.clone()).code, "a game refused: a cap on games");
            CreateError::Capped(r)
        })
    }

    /// Counts a new game of bots alone, unless [`ServeConfig::max_bot_games`]
    /// of them are playing already (then refused with `too_many_bot_games`).
    pub fn admit_bot_game(&self, id: &str) -> Result<(), Refused> {
        let mut games = locked(&self.bot_games);
        let max = self.caps.max_bot_games;
        if games.len() >= max {
            tracing::warn!(max, "a game of bots alone refused: as many are playing as the server plays at once");
            return Err(Refused::TooManyBotGames { max });
        }
        games.insert(id.to_string());
        Ok(())
    }

    /// Counts a game of bots alone that was playing before a restart (even
    /// beyond the cap: it is not refused, only new ones are).
    pub fn resume_bot_game(&self, id: &str) {
        locked(&self.bot_games).insert(id.to_string());
    }

    /// Counts a game as one of bots alone (`true`: every seat is played by a
    /// bot, a person's by the stand-in, and it is not over) or not. A game a
    /// stand-in makes one of bots alone is counted even beyond the cap (only
    /// new ones are refused): it thinks in the bots' lane meanwhile.
    pub fn count_bot_game(&self, id: &str, bots_alone: bool) {
        let mut games = locked(&self.bot_games);
        if bots_alone {
            if !games.contains(id) {
                games.insert(id.to_string());
            }
        } else {
            games.remove(id);
        }
    }

    /// A game of bots alone is over (or was never stored): it no longer counts.
    pub fn end_bot_game(&self, id: &str) {
        locked(&self.bot_games).remove(id);
    }

    /// How many games of bots alone are playing.
    pub fn bot_games(&self) -> usize {
        locked(&self.bot_games).len()
    }
}

#[cfg(test)]
#[path = "registry_tests.rs"]
mod tests;
