//! Takebacks, at tables set up with them ([`super::room::Setup::takebacks`]):
//! a person asks to take back their last placement, together with the bots'
//! replies after it (issue 45: in a solo game, or wherever a bot follows);
//! it may be asked only while nothing but bots acted since that placement
//! (no draw or pass of a person, no round end, no game end), so nothing
//! hidden was shown since but what the bots played. A bot thinking about
//! its answer is told nothing new: its move, when it comes, is refused
//! while the takeback waits (or, once it is made, no longer its turn), and
//! the rebuilt game seats fresh bots. Every other person is asked, bots
//! accept at once (so against bots alone it is made at once, unasked);
//! meanwhile the table waits (no intent is applied: `takeback_pending`) and
//! the clock of the seat to play stops. When all accepted, the stored rows
//! from the placement on are deleted in one storage job, the game is
//! rebuilt from storage (as after a restart), the takeback is counted on
//! the score sheet as hints are, and every connection gets a fresh snapshot.
//! A refusal, or answers missing after
//! [`crate::config::ServeConfig::takeback_wait`] (30 s), changes nothing,
//! and that placement's takeback may not be asked again (`takeback_refused`).
//! The lapse is timed by the game's driver ([`super::driver`]), which calls
//! [`lapse`].
//!
//! Bounds (issue 44): a seat asks at most [`super::react::BURST`] in a row,
//! then one every [`crate::config::ServeConfig::takeback_every`]
//! (`takeback_busy`), and a client at most
//! [`crate::config::ServeConfig::asks_per_minute`] takebacks and "play
//! again" answers a minute from all its seats; a game keeps at most one lapse
//! and one turn clock ([`super::timers`]).

use super::error::Denied;
use super::room::{Room, TakebackPending as Pending};
use super::table::TakebackAnswer;
use crate::protocol::{Refused, ServerMsg, TakebackOutcome};
use crate::state::AppState;
use std::sync::Arc;

static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn tell(r: &Room, p: Pending, outcome: TakebackOutcome, by: Option<u8>) {
    let msg = ServerMsg::Takeback { asker: p.asker, v: p.v, agreed: p.agreed, outcome, by }.text();
    r.send_each(|_| msg.clone());
}

/// A seat asks to take back its last placement (and the bots' replies
/// after it); `client` is the asking connection's address.
pub async fn ask(
    state: &Arc<AppState>,
    r: &mut Room,
    seat: Option<u8>,
    client: Option<std::net::IpAddr>,
) -> Result<(), Denied> {
    if seat.is_none() {
        return Err(Refused::Spectator.into());
    }
    let (seat, from) = r.takeback_askable(seat)?;
    r.take_takeback(seat, std::time::Instant::now(), state.config.takeback_every)?;
    state.games.admit_ask(client)?;
    let serial = SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let p = r.open_takeback(seat, from, serial, crate::store::now_ms());
    tracing::info!(game = %r.id, seat, v = p.v, "takeback asked");
    tell(r, p, TakebackOutcome::Asked, None);
    if r.everyone(p.agreed) {
        return take_back(state, r).await;
    }
    // Unanswered in time, it lapses: the driver times it.
    Ok(())
}

/// The takeback `serial` was not answered in time (the driver's lapse).
pub fn lapse(r: &mut Room, serial: u64) {
    if let Some(q) = r.lapse_takeback(serial) {
        tracing::info!(game = %r.id, v = q.v, "takeback lapsed");
        tell(r, q, TakebackOutcome::Lapsed, None);
        resume(r, q);
    }
}

/// A seat answers the takeback asked for.
pub async fn answer(state: &Arc<AppState>, r: &mut Room, seat: Option<u8>, accept: bool) -> Result<(), Denied> {
    let Some(seat) = seat else { return Err(Refused::Spectator.into()) };
    match r.answer_takeback(seat, accept)? {
        TakebackAnswer::Refused(p) => {
            tracing::info!(game = %r.id, seat, v = p.v, "takeback refused");
            tell(r, p, TakebackOutcome::Refused, Some(seat));
            resume(r, p);
            Ok(())
        }
        TakebackAnswer::Agreed(_) => take_back(state, r).await,
        TakebackAnswer::Waiting(p) => {
            tell(r, p, TakebackOutcome::Asked, None);
            Ok(())
        }
    }
}

/// Everyone accepted: deletes the stored placement, rebuilds the game from
/// storage, tells everyone and sends each connection a snapshot.
async fn take_back(state: &Arc<AppState>, r: &mut Room) -> Result<(), Denied> {
    let Some(p) = r.takeback.take() else { return Ok(()) };
    let refused = |r: &mut Room, why: &str| {
        tracing::error!(game = %r.id, v = p.v, "a takeback could not be made: {why}");
        tell(r, p, TakebackOutcome::Refused, None);
    };
    match state.store.delete_from(r.owned(), p.v, r.version()).await {
        Ok(true) => {}
        Ok(false) => {
            refused(r, "not the last stored actions");
            resume(r, p);
            return Ok(());
        }
        Err(e) => {
            refused(r, &e.to_string());
            resume(r, p);
            return Err(Refused::StorageFailed.into());
        }
    }
    let fresh = match state.store.load(r.id.clone()).await {
        Ok(Some(stored)) => super::play::rebuild(&stored, super::room::Timing::of(&state.config)),
        Ok(None) => Err(Refused::GameNotFound.into()),
        Err(e) => {
            tracing::error!(game = %r.id, "cannot read the game again after a takeback: {e}");
            Err(Refused::StorageFailed.into())
        }
    };
    match fresh {
        Ok(fresh) => r.replace_game(fresh),
        Err(e) => {
            // The row is gone: this room no longer matches storage. Drop it
            // from memory; the next request loads the stored game.
            tracing::error!(game = %r.id, "the game does not rebuild after a takeback: {e:?}");
            state.games.forget(&r.id);
            tell(r, p, TakebackOutcome::Refused, None);
            return Err(e);
        }
    }
    // Counted on the score sheet, as hints are (kept with the setup).
    let round = r.game.public().round();
    let counted = r.setup.with_takeback(round, p.asker);
    match serde_json::to_string(&counted) {
        Ok(json) => match state.store.update_setup(r.owned(), json).await {
            Ok(()) => r.setup = counted,
            Err(e) => tracing::error!(game = %r.id, "cannot count a takeback: {e}"),
        },
        Err(e) => tracing::error!(game = %r.id, "cannot count a takeback: {e}"),
    }
    tracing::info!(game = %r.id, v = p.v, "taken back");
    tell(r, p, TakebackOutcome::Accepted, None);
    r.send_snapshots();
    resume(r, p);
    Ok(())
}

/// The table goes on: the time the takeback `p` waited is given back to the
/// seat to play (its clock stopped meanwhile); the driver sets the turn
/// clock again for the new deadline (a deadline already past fires at once)
/// and starts again a bot whose move waited.
fn resume(r: &mut Room, p: Pending) {
    r.pause_clock(crate::store::now_ms().saturating_sub(p.since));
}
