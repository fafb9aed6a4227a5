//! The tasks a game's driver starts and talks to through its handle: a
//! bot's turn (its bot taken from the table, thinking in the decision queue
//! of [`super::think`] on a blocking thread, given back, its move submitted),
//! the next round of a game without people, and the intent of a turn clock
//! that ran out; each submitted again while it cannot be stored.

use super::error::Denied;
use super::handle::{Asker, BotTurn, Command, GameHandle};
use super::room::Room;
use super::think::Lane;
use crate::protocol::Intent;
use crate::state::AppState;
use std::sync::Arc;
use std::time::Instant;
use triominos_bots::levels;
use triominos_core::Action;

/// What a bot's turn at version `v` thinks about (run by the driver): its
/// bot is taken from the table until given back.
pub fn turn_of(r: &mut Room, v: u64) -> Option<BotTurn> {
    if r.game.is_round_over() {
        return Some(BotTurn::NextRound);
    }
    if r.version() != v {
        return None;
    }
    let seat = r.game.to_move();
    let wants = r.bot_threads(seat);
    // A game whose people are all stood in for thinks as a game of bots alone.
    let (people, owner) = (r.has_people_playing(), r.owner);
    let bot = r.take_bot(seat)?;
    Some(BotTurn::Think { seat, bot, obs: r.game.observe(seat), wants, people, owner })
}

/// A bot's turn (a bot's seat, or a person's the stand-in plays), or the
/// next round of a game without people playing, at version `v`.
pub async fn turn(state: Arc<AppState>, game: GameHandle, v: u64) {
    let began = Instant::now();
    let (tx, rx) = tokio::sync::oneshot::channel();
    if !game.send(Command::BotTurn(v, tx)).await {
        return;
    }
    let Ok(Some(turn)) = rx.await else { return };
    let (seat, bot, obs, wants, people, owner) = match turn {
        BotTurn::NextRound => {
            if !state.config.round_delay.is_zero() {
                tokio::time::sleep(state.config.round_delay).await;
            }
            if !state.is_closing() {
                let _ = submit_retrying(&state, &game, v, None, Intent::NextRound).await;
            }
            return;
        }
        BotTurn::Think { seat, bot, obs, wants, people, owner } => (seat, bot, obs, wants, people, owner),
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
    game.send(Command::PutBot(seat, bot)).await;
    // The pause people follow the game by counts the thinking.
    let pause = state.config.bot_delay.saturating_sub(began.elapsed());
    if !pause.is_zero() {
        tokio::time::sleep(pause).await;
    }
    if state.is_closing() {
        // Played again after the restart, from the same stored game.
        return;
    }
    if let Err(e) = submit_retrying(&state, &game, v, Some(seat), Intent::Act(action)).await {
        tracing::warn!(seat, "a bot's action was refused ({e}); playing its first legal action");
        let _ = submit_retrying(&state, &game, v, Some(seat), Intent::Act(fallback)).await;
    }
}

/// The intent of a turn clock that ran out at version `v`; a seat timed out
/// by the referee that nobody is connected to is then stood in for.
pub async fn clock_submit(state: Arc<AppState>, game: GameHandle, v: u64, intent: Intent) {
    let Ok(now) = submit_retrying(&state, &game, v, None, intent).await else { return };
    if let Intent::TimeOut { seat } = intent {
        let away = !game.read(move |r| r.is_connected(seat)).await.unwrap_or(true);
        if away {
            let _ = submit_retrying(&state, &game, now, None, Intent::StandIn { seat }).await;
        }
    }
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
    game: &GameHandle,
    v: u64,
    seat: Option<u8>,
    intent: Intent,
) -> Result<u64, Denied> {
    let mut pause = state.config.store_retry;
    let mut failures: u32 = 0;
    let mut returned = state.store.health().returned();
    let id = game.id();
    loop {
        // Only a return of the database after this try began wakes the pause.
        returned.borrow_and_update();
        match game.submit(seat, intent, Asker { at_version: Some(v), ..Asker::default() }).await {
            Err(e) if e.is_storage_failure() => {
                failures += 1;
                // Another instance took the game over (this copy was dropped
                // from memory): its move is not ours to store, now or later.
                if !state.games.holds(id, game.copy()) {
                    tracing::info!(game = %id, "a bot's move of a copy dropped from memory: not tried again");
                    return Err(e);
                }
                if let Some(suppressed) = crate::store::throttle::storage_error() {
                    tracing::error!(
                        game = %id,
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
                        tracing::info!(game = %id, "the database answers again: a bot's move tried again at once");
                        pause = state.config.store_retry;
                    }
                }
                let now = game.version().await;
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
