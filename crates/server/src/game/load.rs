//! A game asked for that is not in memory is loaded from storage and
//! replayed ([`super::play::rebuild`]); at start, the unfinished games are
//! looked at once ([`resume_unfinished`]); at each sweep, the timed games
//! sleeping out of memory whose clock is due are loaded ([`wake_sleepers`]).

use super::driver;
use super::error::{CreateError, GameError};
use super::handle::GameHandle;
use super::play;
use crate::state::AppState;
use crate::store::Taken;
use crate::store::{self, StoreError};
use std::sync::Arc;

impl AppState {
    /// A game in memory, loaded from storage (and replayed) when needed;
    /// `None` for every refusal of [`AppState::game`].
    pub async fn room(self: &Arc<Self>, id: &str) -> Option<GameHandle> {
        self.game(id).await.ok()
    }

    /// A game in memory, loaded from storage (and replayed) when needed:
    /// [`GameError::NotFound`] for no such game, [`GameError::Unreadable`]
    /// when its rows cannot be read, [`GameError::Damaged`] when it does not
    /// replay (then set aside, logged once). A game whose last stored action
    /// ended it but that is not marked finished is marked so.
    pub async fn game(self: &Arc<Self>, id: &str) -> Result<GameHandle, GameError> {
        self.load_game(id, true).await
    }

    /// [`AppState::game`]; a game another instance plays is asked for only
    /// when `ask` (a page or socket wants it here).
    async fn load_game(self: &Arc<Self>, id: &str, ask: bool) -> Result<GameHandle, GameError> {
        if id.len() > 64 {
            return Err(GameError::NotFound);
        }
        if let Some(room) = self.games.get(id) {
            return Ok(room);
        }
        if self.games.is_damaged(id) {
            return Err(GameError::Damaged);
        }
        // Several instances: the game's lease is taken first (see
        // `store::lease`); a game another instance plays is asked for (it
        // hands it over at its next renewal) and answered "elsewhere".
        let (epoch, stored) = match self.store.take_and_load(id.to_string()).await {
            Ok(Taken::Mine(epoch, s)) => (epoch, s),
            Ok(Taken::NotFound) => return Err(GameError::NotFound),
            Ok(Taken::Elsewhere(holder)) => {
                // A finished game is read by every instance (its record,
                // replay, review): it takes no more actions, so it needs no
                // lease. It is replayed for this request and not kept.
                if let Ok(Some(stored)) = self.store.load(id.to_string()).await {
                    if stored.finished {
                        if let Ok(room) = play::rebuild(&stored, super::room::Timing::of(&self.config)) {
                            if room.is_over() {
                                return Ok(driver::spawn(self, room));
                            }
                        }
                    }
                }
                let asked = match ask {
                    true => self.store.ask_for(id.to_string()).await,
                    false => Ok(()),
                };
                if let Err(e) = asked {
                    tracing::warn!(game = %id, "cannot ask for a game played elsewhere: {e}");
                }
                return Err(GameError::Elsewhere { owner: holder.owner, addr: holder.addr });
            }
            Err(source) => return Err(GameError::Unreadable { id: id.to_string(), source }),
        };
        let room = match play::rebuild(&stored, super::room::Timing::of(&self.config)) {
            Ok(mut r) => {
                r.epoch = epoch;
                r
            }
            Err(e) => {
                self.games.set_aside(id, e);
                return Err(GameError::Damaged);
            }
        };
        if room.is_over() && !stored.finished {
            if let Err(e) = mark_finished(self, room.owned(), serde_json::to_string(&room.summary())).await {
                tracing::error!(game = %id, "cannot mark an ended game finished: {e}");
            }
        }
        let bots_alone = !room.has_humans() && !room.is_over();
        let (game, new) = self.games.insert_loaded(driver::spawn(self, room));
        if new {
            if bots_alone {
                self.games.resume_bot_game(id);
            }
            game.wake().await;
        }
        Ok(game)
    }
}

impl AppState {
    /// A new game (`POST /api/games`, or "play again") made by `client`:
    /// its bots think in the client's share, it is admitted within the
    /// client's creation rate (and the cap of games of bots alone), stored
    /// within the caps of unfinished games, then held in memory with its
    /// bots and clock scheduled.
    pub async fn create_game(
        self: &Arc<Self>,
        client: Option<std::net::IpAddr>,
        mut room: super::room::Room,
        setup_json: String,
    ) -> Result<GameHandle, CreateError> {
        room.owner = super::think::owner_of(client.map(super::limits::client_of));
        self.games.admit_creation(client).map_err(CreateError::Capped)?;
        if !room.has_humans() {
            self.games.admit_bot_game(&room.id).map_err(CreateError::Capped)?;
        }
        let (id, created) = (room.id.clone(), room.setup.created);
        if let Err(e) = self.games.store_new_game(&self.store, client, id.clone(), created, setup_json).await {
            self.games.end_bot_game(&id);
            return Err(e);
        }
        let game = self.games.insert(driver::spawn(self, room));
        game.wake().await;
        Ok(game)
    }
}

/// A finished game ([`GameError::NotFinished`] while it is played: its
/// record would show the hands).
pub async fn finished_room(state: &Arc<AppState>, id: &str) -> Result<GameHandle, GameError> {
    let room = state.game(id).await?;
    if !room.read(|r| r.is_over()).await.unwrap_or(false) {
        return Err(GameError::NotFinished);
    }
    Ok(room)
}

/// Marks an ended game finished in the store, with its summary, now (the
/// repair of a game whose last action was stored but not the end).
async fn mark_finished(
    state: &AppState,
    owned: store::Owned,
    summary: Result<String, serde_json::Error>,
) -> Result<(), StoreError> {
    let id = owned.game.clone();
    state.store.finish(owned, store::now(), summary?).await?;
    tracing::warn!(game = %id, "an ended game was not marked finished (stopped in between): marked now");
    Ok(())
}

/// What [`resume_unfinished`] did.
#[derive(Clone, Copy, Debug, Default)]
pub struct Resumed {
    /// Games where a bot is to play or a clock is due soon, back in memory
    /// and playing.
    pub resumed: usize,
    /// Games waiting on disk for their players.
    pub waiting: usize,
    /// Timed games out of memory until their clock is due (sleepers, see
    /// [`super::registry::Registry::evict_idle`]).
    pub sleeping: usize,
    /// Ended games marked finished.
    pub marked: usize,
}

/// Looks at every unfinished game once: one where a bot is to play (every
/// game of bots alone) or whose turn clock runs out within
/// [`crate::config::ServeConfig::evict_after`] and a sweep is resumed and
/// stays in memory; a timed game whose clock runs out later sleeps out of
/// memory until it is due (woken by [`wake_sleepers`]); one that ended but
/// was not marked finished is marked; one that does not replay is set aside
/// with a loud log line naming it; the others wait on disk until asked for.
pub async fn resume_unfinished(state: &Arc<AppState>) -> Result<Resumed, StoreError> {
    let ids = state.store.unfinished().await?;
    let mut done = Resumed::default();
    for id in &ids {
        // One at a time: only the games that must run stay in memory (and,
        // with several instances, keep their lease; a game another instance
        // plays is left to it).
        let Taken::Mine(epoch, stored) = state.store.take_and_load(id.clone()).await? else { continue };
        let mut room = match play::rebuild(&stored, super::room::Timing::of(&state.config)) {
            Ok(room) => room,
            Err(why) => {
                state.games.set_aside(id, why);
                state.store.release(id.clone()).await?;
                continue;
            }
        };
        room.epoch = epoch;
        let deadline = room.deadline();
        if room.is_over() {
            mark_finished(state, room.owned(), serde_json::to_string(&room.summary())).await?;
            state.store.release(id.clone()).await?;
            done.marked += 1;
        } else if let Some(d) = deadline.filter(|d| !room.bot_due() && state.games.may_sleep(*d, store::now_ms())) {
            state.games.sleep(id, d);
            state.store.release(id.clone()).await?;
            done.sleeping += 1;
        } else if room.bot_due() || deadline.is_some() {
            let bots_alone = !room.has_humans();
            let game = state.games.insert(driver::spawn(state, room));
            if bots_alone {
                state.games.resume_bot_game(id);
            }
            game.wake().await;
            done.resumed += 1;
        } else {
            state.store.release(id.clone()).await?;
            done.waiting += 1;
        }
    }
    let damaged: Vec<String> = state.games.damaged().into_iter().map(|(id, _)| id).collect();
    if !damaged.is_empty() {
        tracing::error!(
            "{} stored game(s) do not replay and are set aside: {}",
            damaged.len(),
            store::name_some(&damaged, 50)
        );
    }
    Ok(done)
}

/// Loads the sleepers whose turn clock runs out within a sweep
/// ([`super::registry::Registry::wake_due`]): replayed, their clock set, so
/// that it acts on time (at once if it ran out already). A game another
/// instance plays now is left to it (its clock runs there); one that cannot
/// be read sleeps on, to be tried again at the next sweep. Returns how many
/// were loaded. Runs every [`crate::config::ServeConfig::sweep_every`].
pub async fn wake_sleepers(state: &Arc<AppState>) -> usize {
    let mut woken = 0;
    for (id, deadline) in state.games.wake_due(store::now_ms()) {
        match state.load_game(&id, false).await {
            Ok(_) => {
                tracing::debug!(game = %id, deadline, "a sleeping timed game woken: its clock is due");
                woken += 1;
            }
            Err(GameError::Unreadable { source, .. }) => {
                if let Some(suppressed) = store::throttle::storage_error() {
                    tracing::error!(game = %id, suppressed, "cannot wake a sleeping timed game: {source}");
                }
                state.games.sleep(&id, deadline);
            }
            Err(e) => tracing::info!(game = %id, "a sleeping timed game not woken: {e}"),
        }
    }
    woken
}
