//! Takebacks, at tables set up with them ([`super::room::Setup::takebacks`]):
//! a person asks to take back their last placement; it may be asked only if
//! the last intent applied is that placement and nothing came after it (no
//! draw, no round end, no game end), so nothing hidden was shown since. A
//! bot thinking about its answer to that placement is told nothing new: its
//! move, when it comes, is refused while the takeback waits (or, once it is
//! made, no longer its turn), and the rebuilt game seats fresh bots. Every other person is asked, bots accept at once;
//! meanwhile the table waits (no intent is applied: `takeback_pending`).
//! When all accepted, the placement's stored row is deleted in one storage
//! job, the game is rebuilt from storage (as after a restart) and every
//! connection gets a fresh snapshot. A refusal, or answers missing after
//! [`crate::config::ServeConfig::takeback_wait`] (30 s), changes nothing.

use super::error::Denied;
use super::room::{Room, TakebackPending as Pending};
use crate::protocol::{Intent, Refused, Seats, ServerMsg, TakebackOutcome};
use crate::state::AppState;
use std::sync::Arc;
use tokio::sync::Mutex;
use triominos_core::{Action, Phase};

static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn tell(r: &Room, p: Pending, outcome: TakebackOutcome, by: Option<u8>) {
    let msg = ServerMsg::Takeback { asker: p.asker, v: p.v, agreed: p.agreed, outcome, by }.text();
    r.send_each(|_| msg.clone());
}

fn everyone(r: &Room, agreed: Seats) -> bool {
    (0..r.setup.seats.len() as u8).all(|s| agreed.contains(s))
}

/// A seat asks to take back its last placement.
pub async fn ask(state: &Arc<AppState>, room: &Arc<Mutex<Room>>, seat: Option<u8>) -> Result<(), Denied> {
    let Some(seat) = seat else { return Err(Refused::Spectator.into()) };
    let mut r = room.lock().await;
    if !r.setup.takebacks {
        return Err(Refused::TakebacksOff.into());
    }
    if r.takeback.is_some() {
        return Err(Refused::TakebackPending.into());
    }
    let placed = matches!(r.last, Some((Some(s), Intent::Act(Action::Play { .. }))) if s == seat);
    if !placed || r.game.public().phase() != Phase::Playing {
        return Err(Refused::NoTakeback.into());
    }
    let mut agreed = Seats::EMPTY;
    agreed.insert(seat);
    for s in 0..r.setup.seats.len() as u8 {
        if r.played_by_bot(s) {
            agreed.insert(s);
        }
    }
    let serial = SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let p = Pending { asker: seat, v: r.version(), agreed, serial };
    r.takeback = Some(p);
    tracing::info!(game = %r.id, seat, v = p.v, "takeback asked");
    tell(&r, p, TakebackOutcome::Asked, None);
    if everyone(&r, agreed) {
        return take_back(state, room, &mut r).await;
    }
    // Unanswered in time: it lapses.
    let (state2, room2, wait) = (state.clone(), room.clone(), state.config.takeback_wait);
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let mut r = room2.lock().await;
        if let Some(q) = r.takeback.filter(|q| q.serial == p.serial) {
            r.takeback = None;
            tracing::info!(game = %r.id, v = q.v, "takeback lapsed");
            tell(&r, q, TakebackOutcome::Lapsed, None);
            resume(&state2, &room2, &mut r);
        }
    });
    Ok(())
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
    let Some(mut p) = r.takeback else { return Err(Refused::NoTakebackAsked.into()) };
    if !accept {
        r.takeback = None;
        tracing::info!(game = %r.id, seat, v = p.v, "takeback refused");
        tell(&r, p, TakebackOutcome::Refused, Some(seat));
        resume(state, room, &mut r);
        return Ok(());
    }
    p.agreed.insert(seat);
    r.takeback = Some(p);
    if everyone(&r, p.agreed) {
        return take_back(state, room, &mut r).await;
    }
    tell(&r, p, TakebackOutcome::Asked, None);
    Ok(())
}

/// Everyone accepted: deletes the stored placement, rebuilds the game from
/// storage, tells everyone and sends each connection a snapshot.
async fn take_back(state: &Arc<AppState>, room: &Arc<Mutex<Room>>, r: &mut Room) -> Result<(), Denied> {
    let Some(p) = r.takeback.take() else { return Ok(()) };
    let refused = |r: &mut Room, why: &str| {
        tracing::error!(game = %r.id, v = p.v, "a takeback could not be made: {why}");
        tell(r, p, TakebackOutcome::Refused, None);
    };
    match state.store.delete_last(r.owned(), p.v).await {
        Ok(true) => {}
        Ok(false) => {
            refused(r, "not the last stored action");
            resume(state, room, r);
            return Ok(());
        }
        Err(e) => {
            refused(r, &e.to_string());
            resume(state, room, r);
            return Err(Refused::StorageFailed.into());
        }
    }
    let fresh = match state.store.load(r.id.clone()).await {
        Ok(Some(stored)) => super::play::rebuild(&stored),
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
    tracing::info!(game = %r.id, v = p.v, "taken back");
    tell(r, p, TakebackOutcome::Accepted, None);
    r.send_snapshots();
    resume(state, room, r);
    Ok(())
}

/// The table goes on: a bot whose move waited is started again, and the
/// turn clock is set again (one that ran out while the takeback waited was
/// refused with `takeback_pending`; a deadline already past fires at once).
fn resume(state: &Arc<AppState>, room: &Arc<Mutex<Room>>, r: &mut Room) {
    r.scheduled = None;
    r.clocked = None;
    super::play::schedule(state, room, r);
}
