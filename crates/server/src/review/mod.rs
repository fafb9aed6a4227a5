//! Game reviews of finished games: `GET /api/games/{id}/review?seat=N` and
//! the page `/review/{id}`.
//!
//! The review is `triominos_bots::review` (each decision judged from what
//! the seat could see then), computed off the async runtime: each decision
//! waits for a turn in the bots' thinking queue ([`crate::game::think`]) in the
//! lane of reviews, last, in turn with the other clients' reviews, then runs
//! on a blocking thread. A finished game never changes, so a review is
//! computed once and kept in memory (the latest [`CACHE`] reviews); a second
//! request while one is computed waits for the same result.
//!
//! Fair shares (issue 35): a request waits holding only its parameters (the
//! game's id, the seat, the budget) until its turn
//! ([`crate::game::shares::Shares::review_turn`], one review at a time); only
//! then is the game's record written, replayed and cut into decisions, and
//! that work is dropped as soon as the review is done. One client has at most
//! [`crate::config::ServeConfig::max_reviews_per_client`] reviews waiting or
//! computed, the server [`crate::config::ServeConfig::max_reviews`]; one more
//! is refused with 429 `too_many_reviews` and a `retry_after`.

pub mod puzzle;
pub mod routes;

use crate::game::think::Lane;
use crate::http::error::Fail;
use crate::protocol::{DecisionMoves, GameReview, Refused};
use crate::state::AppState;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;
use triominos_bots::review::{self, Options};

/// Reviews kept in memory.
pub const CACHE: usize = 64;
/// Seconds a client refused with `too_many_reviews` is told to wait: about
/// the time a review of the default budget takes on a quiet server.
pub const RETRY_AFTER: u64 = 30;

pub(crate) type Key = (String, u8, u32, u32);
pub(crate) type Slot = Arc<OnceCell<Result<Arc<str>, Fail>>>;

/// The reviews computed or being computed, oldest first.
fn cache() -> &'static Mutex<Vec<(Key, Slot)>> {
    static C: std::sync::OnceLock<Mutex<Vec<(Key, Slot)>>> = std::sync::OnceLock::new();
    C.get_or_init(|| Mutex::new(Vec::new()))
}

pub(crate) fn slot(key: Key) -> Slot {
    let mut c = cache().lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, s)) = c.iter().find(|(k, _)| *k == key) {
        return s.clone();
    }
    if c.len() >= CACHE {
        c.remove(0);
    }
    let s: Slot = Arc::new(OnceCell::new());
    c.push((key, s.clone()));
    s
}

/// The replay frame shown just before each decision (the position the seat
/// faced), in the frames of `GET /api/games/{id}/replay`: the first frame
/// is the deal, then one a step, and one for each next round.
fn frames_before(history: &[triominos_core::RoundHistory], decisions: &[review::Decision]) -> Vec<usize> {
    let mut offsets = Vec::with_capacity(history.len());
    let mut at = 0;
    for (i, h) in history.iter().enumerate() {
        if i > 0 {
            at += 1;
        }
        offsets.push(at);
        // A frame for every entry: the actions and the Challenge timer's timeouts.
        at += h.entries().count();
    }
    decisions.iter().map(|d| offsets.get((d.round as usize).saturating_sub(1)).copied().unwrap_or(0) + d.step).collect()
}

/// Each decision's played and best moves in the notation, written by core's
/// one writer on the board the player faced (the round's placements before
/// the decision's step).
fn decision_moves(game: &triominos_core::Game, decisions: &[review::Decision]) -> Vec<DecisionMoves> {
    use triominos_core::notation::write;
    let vertex = game.rules().vertex_contacts_must_match();
    decisions
        .iter()
        .map(|d| {
            let mut board = triominos_core::Board::new(vertex);
            if let Some(round) = game.history().get((d.round as usize).saturating_sub(1)) {
                for entry in round.entries().take(d.step) {
                    if let triominos_core::HistoryEntry::Action(step) = entry {
                        if let Some(p) = step.action.placement() {
                            board.place(p);
                        }
                    }
                }
            }
            DecisionMoves { played: write(d.played, &board).ok(), best: write(d.best, &board).ok() }
        })
        .collect()
}

/// The review of `seat` of the finished game `id`, computed when its turn
/// comes (see the module documentation); `owner` is the client's turn among
/// the reviews ([`crate::game::think::owner_of`]).
pub(crate) async fn compute(
    state: &Arc<AppState>,
    id: &str,
    seat: u8,
    opts: Options,
    owner: u64,
) -> Result<Arc<str>, Fail> {
    // Until now the request held its parameters only; from here, its work.
    let _turn = state.shares.review_turn().await;
    let room = state.game(id).await?;
    let read = room
        .read(|r| {
            let text = r.record().map_err(|e| {
                tracing::error!(game = %r.id, "cannot write the record: {e}");
                Refused::BadLog
            })?;
            Ok::<_, Refused>((text, r.setup.public(&r.id)))
        })
        .await
        .ok_or(Refused::StorageFailed)?;
    let (text, game) = read?;
    drop(room);
    let bad_log = |why: String| {
        tracing::error!(game = %id, "cannot review: {why}");
        Refused::BadLog
    };
    let replayed = Arc::new(triominos_core::record::replay(&text).map_err(|e| bad_log(e.to_string()))?);
    drop(text);
    let moments = review::moments(&replayed, seat).map_err(|e| bad_log(e.to_string()))?;
    let began = std::time::Instant::now();
    let mut decisions = Vec::with_capacity(moments.len());
    for m in moments {
        // One decision at a time, each waiting its turn behind every table's
        // bots and hints, in turn with the other clients' reviews.
        let permit = state.thinking.acquire_for(Lane::Review, owner, 1).await;
        let d = tokio::task::spawn_blocking(move || {
            let d = review::judge(&m, &opts);
            drop(permit);
            d
        })
        .await
        .map_err(|e| bad_log(format!("a review task failed: {e}")))?;
        decisions.push(d);
    }
    let review = review::finish(&replayed, seat, &opts, decisions);
    let frames = frames_before(replayed.game.history(), &review.decisions);
    tracing::info!(game = %id, seat, decisions = review.decisions.len(), ms = began.elapsed().as_millis() as u64, "game reviewed");
    let notation = decision_moves(&replayed.game, &review.decisions);
    let body = GameReview { game, seat, frames, review, notation };
    let text = serde_json::to_string(&body).map_err(|e| bad_log(format!("the review does not serialize: {e}")))?;
    Ok(Arc::from(text))
}
