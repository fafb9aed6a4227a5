//! Accepting intents: check, store, apply, tell everyone; bots' turns; rebuilding
//! a stored game by replaying its log.

use super::error::Denied;
use super::room::{Room, Timing};
use super::think::Lane;
use crate::protocol::{Intent, Refused, ServerMsg};
use crate::state::AppState;
use crate::store::StoredGame;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::Mutex;
use triominos_bots::levels;
use triominos_core::{Action, Phase};

/// Who asked, for the acknowledgement: a connection and the client's message id.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asker {
    /// Connection number in the room.
    pub conn: Option<u64>,
    /// The client's message id, echoed back.
    pub id: Option<u64>,
    /// A bot's or the clock's intent worked out at this version: not
    /// applied if the game has moved on since (answered with the version now).
    pub at_version: Option<u64>,
}

/// Checks an intent, stores it, applies it, acknowledges and broadcasts it.
/// A refusal changes nothing. Returns the new version.
pub async fn submit(
    state: &Arc<AppState>,
    room: &Arc<Mutex<Room>>,
    seat: Option<u8>,
    intent: Intent,
    asker: Asker,
) -> Result<u64, Denied> {
    let mut r = room.lock().await;
    // An id this seat already used: the same ack again, nothing applied.
    let client_id = seat.and(asker.id);
    if let (Some(s), Some(id)) = (seat, client_id) {
        if let Some(v) = r.applied_id(s, id) {
            tracing::info!(game = %r.id, v, seat, id, "a duplicate intent acknowledged again");
            if let Some(conn) = asker.conn {
                r.send_to(conn, ServerMsg::Ack { id: Some(id), v, duplicate: true }.text());
            }
            return Ok(v);
        }
    }
    if asker.at_version.is_some_and(|v| v != r.version()) {
        return Ok(r.version());
    }
    if let (Some(s), Some(_)) = (seat, asker.conn) {
        r.check_client(s, intent)?;
    }
    r.check(seat, intent)?;
    let v = r.version() + 1;
    let stored = stored_intent(intent, client_id)?;
    // A copy of the game dropped from memory (another instance took it
    // over) never writes, even if this instance has taken the game back
    // since (a new copy, loaded under a newer epoch: the store's fence
    // refuses this one's writes too).
    if !state.games.holds(&r.id, room) {
        tracing::info!(game = %r.id, v, "a copy of this game dropped from memory: its intent is not stored");
        return Err(Refused::StorageFailed.into());
    }
    let at = crate::store::now_ms();
    if let Err(e) = state.store.append(r.owned(), v, seat, stored, at).await {
        if let crate::store::StoreError::Fenced { .. } = e {
            // Another instance owns the game now (this one's lease lapsed):
            // nothing more here; the sockets close at once and the pages
            // connect again, through the proxy, to the owner.
            tracing::warn!(game = %r.id, "another instance took this game over: dropped from memory ({e})");
            state.games.drop_copy(&r.id, room);
            r.drop_connections();
        } else if let Some(suppressed) = crate::store::throttle::storage_error() {
            tracing::error!(game = %r.id, suppressed, "cannot store an action: {e}");
        }
        return Err(Refused::StorageFailed.into());
    }
    let applied = r.commit_at(seat, intent, at)?;
    if let (Some(s), Some(id)) = (seat, client_id) {
        r.remember_id(s, id, v);
    }
    tracing::info!(game = %r.id, v, seat, intent = intent.kind(), "accepted");
    if applied.game_over {
        let summary = serde_json::to_string(&r.summary()).unwrap_or_default();
        if let Err(e) = state.store.finish(r.owned(), crate::store::now(), summary).await {
            if let Some(suppressed) = crate::store::throttle::storage_error() {
                tracing::error!(game = %r.id, suppressed, "cannot mark finished: {e}");
            }
        }
        tracing::info!(game = %r.id, "game over");
        if !r.has_humans() {
            state.games.end_bot_game(&r.id);
        }
    }
    if let Some(conn) = asker.conn {
        r.send_to(conn, ServerMsg::Ack { id: asker.id, v, duplicate: false }.text());
    }
    r.broadcast_from(v);
    schedule(state, room, &mut r);
    Ok(v)
}

/// Starts a bot's turn (a bot's seat, or a person's the stand-in plays), or
/// the next round of a game without people playing, when due; sets the turn
/// clock of a person to act (see `clock`).
pub fn schedule(state: &Arc<AppState>, room: &Arc<Mutex<Room>>, r: &mut Room) {
    r.timing = Timing::of(&state.config);
    let v = r.version();
    // One clock task per game: one set for another version or deadline (a
    // takeback stopped the clock meanwhile), or no longer needed, is aborted.
    let deadline = r.deadline();
    let set = r.clocked.as_ref().is_some_and(|c| c.v == v && Some(c.deadline) == deadline && !c.task.is_finished());
    if !set {
        if let Some(old) = r.clocked.take() {
            old.task.abort();
        }
        if let Some(deadline) = deadline {
            let live = state.timers.clock();
            let task = tokio::spawn(clock(state.clone(), Arc::downgrade(room), v, deadline, live));
            r.clocked = Some(super::room::ClockSet { v, deadline, task: task.abort_handle() });
        }
    }
    // A game whose every seat a bot plays (bots, and stand-ins for every
    // person) counts as a game of bots alone while it is not over.
    let bots_alone = r.phase() != Phase::GameOver && !r.has_people_playing();
    state.games.count_bot_game(&r.id, bots_alone);
    if r.scheduled == Some(v) {
        return;
    }
    if r.bot_due() {
        r.scheduled = Some(v);
        tokio::spawn(bot_turn(state.clone(), room.clone(), v));
    }
}

/// How often a waiting turn clock looks whether its game is still in memory.
pub const CLOCK_LOOKS_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// A person's turn clock, set at version `v` for `deadline` (milliseconds
/// since 1970; one already past fires at once). When it runs out and the
/// game is still at `v`: between rounds, the next round is dealt; in a turn,
/// under the rule option `timer` the referee times the seat out (and the
/// stand-in takes it if nobody is connected to it), otherwise the table's
/// stand-in bot plays the seat from now on. The room is held weakly while
/// the clock waits (a slow table's days): a game that moved on, ended or left
/// memory is not kept for it, and the clock of a game that left memory ends
/// within [`CLOCK_LOOKS_EVERY`] (a sleeper woken gets a new one, see
/// [`super::registry::Registry::evict_idle`]).
async fn clock(
    state: Arc<AppState>,
    room: std::sync::Weak<Mutex<Room>>,
    v: u64,
    deadline: i64,
    _live: super::timers::Live,
) {
    loop {
        let wait = deadline.saturating_sub(crate::store::now_ms()).max(0) as u64;
        if wait == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(wait).min(CLOCK_LOOKS_EVERY)).await;
        if room.strong_count() == 0 {
            return;
        }
    }
    let Some(room) = room.upgrade() else { return };
    let (intent, seat) = {
        let mut r = room.lock().await;
        // The game moved on, or its clock is another one now (a waiting
        // table's end, once it started).
        if r.version() != v || state.is_closing() || r.deadline() != Some(deadline) {
            return;
        }
        if r.is_waiting() {
            // Nobody started the table in time: cleaned away.
            if r.expires() <= crate::store::now_ms() {
                super::cancel::cancel(&state, &mut r, true).await;
            }
            return;
        }
        // This clock acts now: no longer the one set, so that what it
        // submits sets the next without aborting it midway.
        if r.clocked.as_ref().is_some_and(|c| c.v == v && c.deadline == deadline) {
            r.clocked = None;
        }
        match r.phase() {
            Phase::RoundOver => (Intent::NextRound, None),
            Phase::Playing => {
                let seat = r.game.to_move();
                match r.game.rules().timer() {
                    Some(_) => (Intent::TimeOut { seat }, Some(seat)),
                    None => (Intent::StandIn { seat }, Some(seat)),
                }
            }
            Phase::GameOver => return,
        }
    };
    tracing::info!(v, seat, intent = intent.kind(), "a turn clock ran out");
    let Ok(now) = submit_retrying(&state, &room, v, None, intent).await else { return };
    if let (Intent::TimeOut { seat }, Some(_)) = (intent, seat) {
        let away = !room.lock().await.is_connected(seat);
        if away {
            let _ = submit_retrying(&state, &room, now, None, Intent::StandIn { seat }).await;
        }
    }
}

fn bot_turn(state: Arc<AppState>, room: Arc<Mutex<Room>>, v: u64) -> Pin<Box<dyn Future<Output = ()> + Send>> {
    Box::pin(async move {
        let began = Instant::now();
        let (round_over, people, owner) = {
            let r = room.lock().await;
            // A game whose people are all stood in for thinks as a game of bots alone.
            (r.game.is_round_over(), r.has_people_playing(), r.owner)
        };
        if round_over {
            if !state.config.round_delay.is_zero() {
                tokio::time::sleep(state.config.round_delay).await;
            }
            if room.lock().await.version() == v && !state.is_closing() {
                let _ = submit_retrying(&state, &room, v, None, Intent::NextRound).await;
            }
            return;
        }
        let (seat, bot, obs, wants) = {
            let mut r = room.lock().await;
            if r.version() != v {
                return;
            }
            let seat = r.game.to_move();
            let wants = r.bot_threads(seat);
            let Some(bot) = r.take_bot(seat) else { return };
            (seat, bot, r.game.observe(seat), wants)
        };
        // Wait for a turn to think (games with people first, the owners in
        // turn), then think on a blocking thread; the permit is given back
        // as soon as the bot has chosen.
        let lane = if people { Lane::People } else { Lane::BotsOnly };
        let permit = state.thinking.acquire_for(lane, owner, wants).await;
        let chosen = tokio::task::spawn_blocking(move || {
            let mut bot = bot;
            let a = levels::choose_on_threads(&mut *bot, &obs, permit.threads(), wants);
            drop(permit);
            let fallback = obs.legal_actions().first().copied().unwrap_or(Action::Pass);
            (a, fallback, bot)
        })
        .await;
        let Ok((action, fallback, bot)) = chosen else {
            tracing::error!("a bot panicked");
            return;
        };
        room.lock().await.put_bot(seat, bot);
        // The pause people follow the game by counts the thinking.
        let pause = state.config.bot_delay.saturating_sub(began.elapsed());
        if !pause.is_zero() {
            tokio::time::sleep(pause).await;
        }
        if state.is_closing() {
            // Played again after the restart, from the same stored game.
            return;
        }
        if let Err(e) = submit_retrying(&state, &room, v, Some(seat), Intent::Act(action)).await {
            tracing::warn!(seat, "a bot's action was refused ({e}); playing its first legal action");
            let _ = submit_retrying(&state, &room, v, Some(seat), Intent::Act(fallback)).await;
        }
    })
}

/// Submits a bot's intent (or the next round of a game without people) at
/// version `v`; while it cannot be stored, tries again after a pause that
/// doubles from [`crate::config::ServeConfig::store_retry`] up to
/// [`crate::config::ServeConfig::store_retry_max`], or at once when the
/// database answers again after it did not ([`crate::store::Health`]),
/// logging each failure, until it is stored or the game has moved on (then
/// `Ok` with the version now). A copy of the game dropped from memory
/// (another instance took it over) stops trying. Any other refusal is
/// returned.
async fn submit_retrying(
    state: &Arc<AppState>,
    room: &Arc<Mutex<Room>>,
    v: u64,
    seat: Option<u8>,
    intent: Intent,
) -> Result<u64, Denied> {
    let mut pause = state.config.store_retry;
    let mut failures: u32 = 0;
    let mut returned = state.store.health().returned();
    loop {
        // Only a return of the database after this try began wakes the pause.
        returned.borrow_and_update();
        match submit(state, room, seat, intent, Asker { at_version: Some(v), ..Asker::default() }).await {
            Err(e) if e.is_storage_failure() => {
                failures += 1;
                let game = room.lock().await.id.clone();
                // Another instance took the game over (this copy was dropped
                // from memory): its move is not ours to store, now or later.
                if !state.games.holds(&game, room) {
                    tracing::info!(game = %game, "a bot's move of a copy dropped from memory: not tried again");
                    return Err(e);
                }
                if let Some(suppressed) = crate::store::throttle::storage_error() {
                    tracing::error!(
                        game = %game,
                        failures,
                        suppressed,
                        retry_in_ms = pause.as_millis() as u64,
                        "a bot's move could not be stored; trying again"
                    );
                }
                // The pause ends early when the database answers again:
                // the bots play on within moments of its return.
                let _waiting = state.store.health().wait();
                tokio::select! {
                    _ = tokio::time::sleep(pause) => {
                        pause = (pause * 2).min(state.config.store_retry_max.max(state.config.store_retry));
                    }
                    Ok(()) = returned.changed() => {
                        tracing::info!(game = %game, "the database answers again: a bot's move tried again at once");
                        pause = state.config.store_retry;
                    }
                }
                let now = room.lock().await.version();
                if now != v {
                    return Ok(now);
                }
            }
            other => {
                if failures > 0 && other.is_ok() {
                    tracing::info!(failures, "a bot's move was stored after failures");
                }
                return other;
            }
        }
    }
}

pub use super::table::{read_stored_intent, stored_intent};

/// Rebuilds a stored game ([`super::table::Table::rebuild_at`], a row
/// stored without a time counting as stored now), with no connection.
pub fn rebuild(stored: &StoredGame, timing: Timing) -> Result<Room, Denied> {
    Ok(super::table::Table::rebuild_at(stored, timing, crate::store::now_ms())?.into())
}
