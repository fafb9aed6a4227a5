//! Personal puzzles: a review's mistake or blunder made a "find the better
//! move" puzzle (`GET /api/games/{id}/puzzle?seat=N&k=K`, `k` the
//! decision's index in the review, with the review's `iterations` and
//! `samples`). The decision is judged again exactly as the review judged it
//! (`triominos_bots::review::analysis`, the same seed) from the seat's
//! observation at that moment, and the puzzle is built from that observation
//! alone: the public board, the seat's own hand, counts of the rest.

use crate::game::think::Lane;
use crate::protocol::puzzles::PersonalPuzzle;
use crate::protocol::Refused;
use crate::state::AppState;
use std::sync::Arc;
use triominos_bots::review::{self, Options};

/// The puzzle of decision `k` of seat `seat` in a finished game's record.
/// A decision that is not a mistake nor a blunder is `not_found`.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn personal(
    state: &Arc<AppState>,
    id: &str,
    text: String,
    preset: String,
    seat: u8,
    k: usize,
    opts: Options,
    owner: u64,
) -> Result<PersonalPuzzle, Refused> {
    let permit = state.thinking.acquire_for(Lane::Review, owner, 1).await;
    let game = id.to_string();
    tokio::task::spawn_blocking(move || {
        let made = build(&game, &text, &preset, seat, k, &opts);
        drop(permit);
        made
    })
    .await
    .map_err(|_| Refused::BadLog)?
}

/// Builds the puzzle (see `personal`) of the game `game` whose record is
/// `text`, played with the rule preset `preset`.
pub fn build(
    game: &str,
    text: &str,
    preset: &str,
    seat: u8,
    k: usize,
    opts: &Options,
) -> Result<PersonalPuzzle, Refused> {
    let replayed = triominos_core::record::replay(text).map_err(|_| Refused::BadLog)?;
    let moments = review::moments(&replayed, seat).map_err(|_| Refused::BadLog)?;
    let m = moments.get(k).ok_or(Refused::NotFound)?;
    let a = review::analysis(m, opts).ok_or(Refused::NotFound)?;
    let v = a.verdict(m.played()).ok_or(Refused::NotFound)?;
    let severity = v.severity.ok_or(Refused::NotFound)?;
    let obs = m.observation();
    let answers: Vec<_> = a.as_good_actions().into_iter().filter(|&x| x != m.played()).collect();
    if answers.is_empty() {
        return Err(Refused::NotFound);
    }
    let public = obs.public();
    let hint = a.hint(obs);
    Ok(PersonalPuzzle {
        id: format!("pp-{game}-{seat}-{}-{}", m.round(), m.step()),
        kind: "better_move",
        game: game.to_string(),
        seat,
        players: replayed.players.clone(),
        seats: Vec::new(),
        round: m.round(),
        line: m.line(),
        ruleset: preset.to_string(),
        board: public.board().placements().to_vec(),
        hand: obs.hand().iter().collect(),
        totals: public.totals().to_vec(),
        hand_sizes: public.hand_sizes().to_vec(),
        pool: public.pool_size(),
        played: m.played(),
        played_name: triominos_bots::judge::MoveName::of(m.played(), public.board()),
        loss: v.loss,
        se: v.se,
        severity,
        reasons: a.contrast(obs, v.best, m.played()),
        answers,
        legal: obs.legal_actions(),
        grades: hint.grades,
    })
}
