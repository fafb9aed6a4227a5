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
//!
//! Bounds (issue 44): a seat asks at most [`super::react::BURST`] in a row,
//! then one every [`crate::config::ServeConfig::takeback_every`]
//! (`takeback_busy`), and a client at most
//! [`crate::config::ServeConfig::asks_per_minute`] takebacks and "play
//! again" answers a minute from all its seats; a game keeps at most one lapse
//! task and one turn clock task ([`super::timers`]).

use super::error::Denied;
use super::room::{Room, TakebackPending as Pending};
use super::table::TakebackAnswer;
use crate::protocol::{Refused, ServerMsg, TakebackOutcome};
use crate::state::AppState;
use std::sync::Arc;
use tokio::sync::Mutex;

static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn tell(r: &Room, p: Pending, outcome: TakebackOutcome, by: Option<u8>) {
    let msg = ServerMsg::Takeback { asker: p.asker, v: p.v, agreed: p.agreed, outcome, by }.text();
    r.send_each(|_| msg.clone());
}

/// A seat asks to take back its last placement (and the bots' replies
/// after it); `client` is the asking connection's address.
pub async fn ask(
    state: &Arc<AppState>,
    room: &Arc<Mutex<Room>>,
    seat: Option<u8>,
    client: Option<std::net::IpAddr>,
) -> Result<(), Denied> {
    if seat.is_none() {
        return Err(Refused::Spectator.into());
    }
    let mut r = room.lock().await;
    let (seat, from) = r.takeback_askable(seat)?;
    r.take_takeback(seat, std::time::Instant::now(), state.config.takeback_every)?;
    state.games.admit_ask(client)?;
    let serial = SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let p = r.open_takeback(seat, from, serial, crate::store::now_ms());
    tracing::info!(game = %r.id, seat, v = p.v, "takeback asked");
    tell(&r, p, TakebackOutcome::Asked, None);
    if r.everyone(p.agreed) {
        return take_back(state, room, &mut r).await;
    }
    // Unanswered in time: it lapses. The room is held weakly, and the task
    // is aborted as soon as the takeback is answered.
    let (state2, room2, wait) = (state.clone(), Arc::downgrade(room), state.config.takeback_wait);
    let live = state.timers.lapse();
    let task = tokio::spawn(async move {
        let _live = live;
        tokio::time::sleep(wait).await;
        let Some(room2) = room2.upgrade() else { return };
        let mut r = room2.lock().await;
        if let Some(q) = r.lapse_takeback(p.serial) {
            r.lapse = None;
            tracing::info!(game = %r.id, v = q.v, "takeback lapsed");
            tell(&r, q, TakebackOutcome::Lapsed, None);
            resume(&state2, &room2, &mut r, q);
        }
    });
    if let Some(old) = r.lapse.replace(task.abort_handle()) {
        old.abort();
    }
    Ok(())
}

/// The takeback is answered: its lapse task ends.
fn answered(r: &mut Room) {
    if let Some(task) = r.lapse.take() {
        task.abort();
    }
}

/// A seat answers the takeback asked for.
pub async fn answer(
    state: &Arc<AppState>,
    room: &Arc<Mutex<Room>>,
    seat: Option<u8>,
    accept: bool,
) -> Result<(), Denied> {
    let Some(seat) = seat else { return Err(Refused::Spectator.into()) };
    let mut r = room.lock().await;
    match r.answer_takeback(seat, accept)? {
        TakebackAnswer::Refused(p) => {
            answered(&mut r);
            tracing::info!(game = %r.id, seat, v = p.v, "takeback refused");
            tell(&r, p, TakebackOutcome::Refused, Some(seat));
            resume(state, room, &mut r, p);
            Ok(())
        }
        TakebackAnswer::Agreed(_) => take_back(state, room, &mut r).await,
        TakebackAnswer::Waiting(p) => {
            tell(&r, p, TakebackOutcome::Asked, None);
            Ok(())
        }
    }
}

/// Everyone accepted: deletes the stored placement, rebuilds the game from
/// storage, tells everyone and sends each connection a snapshot.
async fn take_back(state: &Arc<AppState>, room: &Arc<Mutex<Room>>, r: &mut Room) -> Result<(), Denied> {
    let Some(p) = r.takeback.take() else { return Ok(()) };
    answered(r);
    let refused = |r: &mut Room, why: &str| {
        tracing::error!(game = %r.id, v = p.v, "a takeback could not be made: {why}");
        tell(r, p, TakebackOutcome::Refused, None);
    };
    match state.store.delete_from(r.owned(), p.v, r.version()).await {
        Ok(true) => {}
        Ok(false) => {
            refused(r, "not the last stored actions");
            resume(state, room, r, p);
            return Ok(());
        }
        Err(e) => {
            refused(r, &e.to_string());
            resume(state, room, r, p);
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
    resume(state, room, r, p);
    Ok(())
}

/// The table goes on: the time the takeback `p` waited is given back to the
/// seat to play (its clock stopped meanwhile), a bot whose move waited is
/// started again, and the turn clock is set again for the new deadline
/// (replacing the one set before: one clock task per game; a deadline
/// already past fires at once).
fn resume(state: &Arc<AppState>, room: &Arc<Mutex<Room>>, r: &mut Room, p: Pending) {
    r.pause_clock(crate::store::now_ms().saturating_sub(p.since));
    r.scheduled = None;
    super::play::schedule(state, room, r);
}
