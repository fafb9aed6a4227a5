//! The registry of live games: the games in memory (and when each was last
//! seen in use), the games of bots alone playing, the stored games set aside
//! because they do not replay, and the caps on creating games (per client
//! and in all). Loading a game that is not in memory is [`super::load`]'s.

use super::error::{CreateError, Denied};
use super::limits::{self, Clients};
use super::room::Room;
use crate::config::ServeConfig;
use crate::protocol::{Refusal, Refused};
use crate::store::{self, Store, StoreError};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A game in memory, shared by its connections, tasks and requests.
pub type RoomRef = Arc<tokio::sync::Mutex<Room>>;

/// A game in memory and when it was last seen in use.
struct Held {
    room: RoomRef,
    seen: Instant,
}

/// The figures of [`ServeConfig`] the registry applies.
#[derive(Clone, Copy, Debug)]
struct Caps {
    evict_after: Duration,
    max_bot_games: usize,
    max_games: usize,
    max_games_per_client: usize,
    create_burst: u32,
    create_per_minute: u32,
    sheets_per_hour: u32,
}

/// The games the server holds.
pub struct Registry {
    /// Games in memory.
    rooms: Mutex<HashMap<String, Held>>,
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
            bot_games: Mutex::new(HashSet::new()),
            damaged: Mutex::new(HashMap::new()),
            clients: Arc::new(Mutex::new(Clients::default())),
            caps: Caps {
                evict_after: config.evict_after,
                max_bot_games: config.max_bot_games,
                max_games: config.max_games,
                max_games_per_client: config.max_games_per_client,
                create_burst: config.create_burst,
                create_per_minute: config.create_per_minute,
                sheets_per_hour: config.sheets_per_hour,
            },
        }
    }

    /// A game in memory (now seen in use).
    pub fn get(&self, id: &str) -> Option<RoomRef> {
        let mut rooms = locked(&self.rooms);
        let h = rooms.get_mut(id)?;
        h.seen = Instant::now();
        Some(h.room.clone())
    }

    /// Adds a new game.
    pub fn insert(&self, room: Room) -> RoomRef {
        let id = room.id.clone();
        let arc = Arc::new(tokio::sync::Mutex::new(room));
        locked(&self.rooms).insert(id, Held { room: arc.clone(), seen: Instant::now() });
        arc
    }

    /// Adds a game loaded from storage unless another request loaded it
    /// meanwhile: the game in memory, and whether it is this one.
    pub fn insert_loaded(&self, room: Room) -> (RoomRef, bool) {
        let mut rooms = locked(&self.rooms);
        let held = rooms.entry(room.id.clone());
        let new = matches!(held, std::collections::hash_map::Entry::Vacant(_));
        let h = held.or_insert_with(|| Held { room: Arc::new(tokio::sync::Mutex::new(room)), seen: Instant::now() });
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
    /// to play, no task or request holding it) and that has not been seen in
    /// use for [`ServeConfig::evict_after`]; it stays stored and is loaded
    /// again when asked for. Also forgets the creation buckets of clients not
    /// seen for a while. Returns how many games were dropped. Runs every
    /// [`ServeConfig::sweep_every`].
    pub fn evict_idle(&self) -> usize {
        let now = Instant::now();
        let after = self.caps.evict_after;
        let mut rooms = locked(&self.rooms);
        let before = rooms.len();
        rooms.retain(|_, h| {
            // Tasks, connections and requests hold a clone; new clones are
            // only made from this map, under this lock.
            let busy = Arc::strong_count(&h.room) > 1
                || h.room.try_lock().map_or(true, |r| !r.is_idle() || r.bot_due() || r.deadline().is_some());
            if busy {
                h.seen = now;
            }
            busy || now.saturating_duration_since(h.seen) < after
        });
        let dropped = before - rooms.len();
        drop(rooms);
        locked(&self.clients).prune(now, self.caps.create_burst, self.caps.create_per_minute);
        locked(&self.clients).prune_sheets(now, self.caps.sheets_per_hour);
        if dropped > 0 {
            tracing::debug!(dropped, "idle games dropped from memory");
        }
        dropped
    }

    /// Whether `room` is the game `id` in memory (not one dropped since:
    /// another instance took it over).
    pub fn holds(&self, id: &str, room: &RoomRef) -> bool {
        locked(&self.rooms).get(id).is_some_and(|h| Arc::ptr_eq(&h.room, room))
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
                let room = h.room;
                let busy = match room.try_lock() {
                    Ok(mut r) => {
                        r.drop_connections();
                        false
                    }
                    Err(_) => true,
                };
                if busy {
                    // Busy: closed as soon as it is free.
                    tokio::spawn(async move { room.lock().await.drop_connections() });
                }
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

    /// A game of bots alone is over (or was never stored): it no longer counts.
    pub fn end_bot_game(&self, id: &str) {
        locked(&self.bot_games).remove(id);
    }

    /// How many games of bots alone are playing.
    pub fn bot_games(&self) -> usize {
        locked(&self.bot_games).len()
    }
}
