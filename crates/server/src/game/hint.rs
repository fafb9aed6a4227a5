//! Hints: "Suggest a move" for a person whose turn it is, in a game set up
//! with hints on ([`crate::game::room::Setup::hints`]; every person at the table may
//! use them).
//!
//! A hint is the judge's (`triominos_bots::judge`): Expert's search ranks the
//! actions and the best few are valued on the same deals, the judgement the
//! game review and puzzle hints use, so a hint followed is never charged by
//! the review. It reads the asking seat's [`Observation`] only, the same view
//! a bot is given: its own hand and the public game, never another hand or
//! the pool. It comes with the judge's reasons (`{"code", "params"}`) and its
//! three grades (the idea, the tile, the spot and turn), which the page shows
//! one at a time, and the judge's settings are
//! [`crate::config::default_hint_budget`]'s. The search waits in the bots'
//! decision queue ([`crate::game::think`]) as a decision of a game with
//! people, so hints never starve the bots' moves nor take more than the cap
//! of cores.
//!
//! A hint is not an action: the game does not change. Each hint given is
//! counted per round and seat ([`crate::protocol::HintUse`]), stored with the
//! game's setup (so it survives a restart), sent to everyone and shown on the
//! score sheet. One hint at a time per seat: a second request while one is
//! worked out is refused (`hint_busy`); a hint the game moved past before it
//! was ready (the player played meanwhile) is refused (`hint_stale`) and not
//! counted. One client (an address: [`super::limits::client_of`]) has at most
//! [`crate::config::ServeConfig::max_hints_per_client`] hints waiting or worked
//! out at once, all its games together; one more is `hint_busy` too.

use super::error::Denied;
use super::handle::{Command, GameHandle, HintDone};
use super::room::Room;
use super::think::{owner_of, Lane};
use crate::protocol::{Hint, Refused, ServerMsg};
use crate::state::AppState;
use std::sync::Arc;
use triominos_bots::judge::{self, Settings};
use triominos_core::{IllegalAction, Observation, Phase};

/// The seed of a hint's search, from public facts only (the game's id, its
/// version and the seat): asking twice at one moment searches alike.
pub fn seed_of(game: &str, v: u64, seat: u8) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in game.bytes().chain(v.to_le_bytes()).chain([seat]) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The judge's hint for the observer, whose turn it is
/// (`triominos_bots::judge::hint`: the same judgement as the game review's
/// and puzzle hints'), with its reasons and grades; `None` when the observer
/// has nothing to decide. Reads nothing but `obs`: the same observation,
/// settings and seed give the same hint, whatever the hidden hands.
pub fn suggest(obs: &Observation, settings: Settings, seed: u64) -> Option<Hint> {
    judge::hint(obs, settings, seed).map(Hint::from)
}

/// Why a seat may not have a hint now (nothing changes).
fn refuse(r: &Room, seat: Option<u8>) -> Result<u8, Denied> {
    let Some(seat) = seat else { return Err(Refused::Spectator.into()) };
    if !r.setup.hints {
        return Err(Refused::HintsOff.into());
    }
    match r.phase() {
        Phase::GameOver => return Err(Refused::GameOver.into()),
        Phase::RoundOver => return Err(IllegalAction::RoundOver.into()),
        Phase::Playing => {}
    }
    if r.game.to_move() != seat {
        return Err(Refused::NotYourTurn { expected: r.game.to_move(), got: seat }.into());
    }
    if r.hinting.contains(seat) {
        return Err(Refused::HintBusy.into());
    }
    Ok(seat)
}

/// Answers a `hint` message of connection `conn` (seat `seat`, `None`: a
/// spectator): refused at once, or worked out by a task of its own, which
/// gives it back to the game's driver ([`finish`]).
pub fn ask(
    state: &Arc<AppState>,
    r: &mut Room,
    game: GameHandle,
    seat: Option<u8>,
    conn: u64,
    client: Option<std::net::IpAddr>,
    id: Option<u64>,
) -> Result<(), Denied> {
    let seat = refuse(r, seat)?;
    // The client's share of hints, given back when this one is answered.
    let share = state.shares.hint(client, state.config.max_hints_per_client).map_err(|max| {
        tracing::info!(game = %r.id, max, "a hint refused: the client has as many as it may");
        Denied::from(Refused::HintBusy)
    })?;
    r.hinting.insert(seat);
    let v = r.version();
    let (obs, seed) = (r.game.observe(seat), seed_of(&r.id, v, seat));
    let settings = state.config.hint_budget;
    let state = state.clone();
    tokio::spawn(async move {
        // After every table's bot moves, in turn with the other clients' hints;
        // the judge searches on one thread.
        let owner = owner_of(client.map(super::limits::client_of));
        let permit = state.thinking.acquire_for(Lane::Hint, owner, 1).await;
        let found = tokio::task::spawn_blocking(move || {
            let hint = suggest(&obs, settings, seed);
            drop(permit);
            hint
        })
        .await
        .map_err(|_| ());
        game.send(Command::HintDone(Box::new(HintDone { seat, conn, id, v, found, share }))).await;
    });
    Ok(())
}

/// A hint worked out: refused if the game moved on meanwhile; else counted
/// and stored, then sent to the asking connection, and the hints used to
/// everyone.
pub async fn finish(state: &Arc<AppState>, r: &mut Room, done: HintDone) -> Result<(), Denied> {
    let HintDone { seat, conn, id, v, found, share: _share } = done;
    r.hinting.remove(seat);
    let hint = match found {
        Ok(Some(h)) => h,
        Ok(None) => return Err(Refused::NotYourTurn { expected: r.game.to_move(), got: seat }.into()),
        Err(()) => {
            tracing::error!(game = %r.id, "a hint's search panicked");
            return Err(Refused::HintStale.into());
        }
    };
    if r.version() != v {
        return Err(Refused::HintStale.into());
    }
    // Counted, and on disk, before anyone hears of it.
    let setup = r.setup.with_hint(r.game.public().round(), seat);
    let text = serde_json::to_string(&setup).map_err(|_| Refused::StorageFailed)?;
    if let Err(e) = state.store.update_setup(r.owned(), text).await {
        if let Some(suppressed) = crate::store::throttle::storage_error() {
            tracing::error!(game = %r.id, suppressed, "cannot store a hint: {e}");
        }
        return Err(Refused::StorageFailed.into());
    }
    r.setup = setup;
    tracing::info!(game = %r.id, v, seat, "hint given");
    r.send_to(conn, ServerMsg::Hint { id, v, hint }.text());
    r.send_hints_used();
    Ok(())
}
