//! The puzzles' JSON API: the shipped collection (without solutions), the
//! daily puzzle, and tries and hints checked by the core
//! ([`triominos_core::puzzles`]).
//!
//! - `GET /api/puzzles`: `{"puzzles": [{id, kind, number, of, score, tiles}]}`
//!   in the collection's order (`number` counts from 1 within the kind).
//! - `GET /api/puzzles/daily?date=YYYY-MM-DD`: `{"id", "date"}`.
//! - `GET /api/puzzles/{id}`: the puzzle as in the data format, without
//!   `solution`, plus `number` and `of`.
//! - `POST /api/puzzles/{id}/try` `{"moves": [{tile, cell, rotation}...]}`:
//!   `{"outcome", ...}` (see [`try_answer`]).
//! - `POST /api/puzzles/{id}/hint` `{"moves": [...]}`: `{"place": placement,
//!   "idea": reason}`, `{"undo": n}` or `{"none": true}`. The page shows the
//!   hint in grades (issue 33): the idea (`idea`, the judge's reason for that
//!   placement, naming no tile: [`idea`]), then the tile, then the spot and turn.

pub mod routes;

use crate::protocol::puzzles::{Outcome, PublicPuzzle, TryAnswer};
use crate::protocol::HintReason;
use std::sync::OnceLock;
use triominos_bots::judge;
use triominos_core::position::Position;
use triominos_core::puzzles::{self, Puzzle, TryOutcome};
use triominos_core::{Action, Game, Placement, Tile, TileSet};

/// The shipped collection, read once (empty, with an error logged, if it
/// could not be read: `triominos puzzles verify` keeps that from shipping).
pub fn collection() -> &'static [Puzzle] {
    static ALL: OnceLock<Vec<Puzzle>> = OnceLock::new();
    ALL.get_or_init(|| match puzzles::shipped() {
        Ok(all) => all,
        Err(e) => {
            tracing::error!("shipped puzzles: {e}");
            Vec::new()
        }
    })
}

/// A puzzle's position within its kind: (number from 1, puzzles of the kind).
pub fn number(p: &Puzzle) -> (usize, usize) {
    let same: Vec<&Puzzle> = collection().iter().filter(|q| q.kind == p.kind).collect();
    (same.iter().position(|q| q.id == p.id).map_or(0, |i| i + 1), same.len())
}

/// A puzzle for the page: the data format without the solution.
pub fn public(p: &Puzzle) -> PublicPuzzle {
    let mut puzzle = match puzzles::puzzle_json(p) {
        serde_json::Value::Object(m) => m,
        _ => serde_json::Map::new(),
    };
    puzzle.remove("solution");
    let (number, of) = number(p);
    PublicPuzzle { puzzle, number, of }
}

/// A try's outcome as sent: `outcome` is `solved`, `going` (`left`,
/// `points` so far), `short` (`best_turn`: `points`, `goal`), `illegal`
/// (`index`, `error`: the engine's `{code, params}`), `not_in_hand`
/// (`index`, `tile`), `one_tile_only`, `too_few_points` (`points`, `goal`),
/// `stuck` (`left`: tiles) or `not_joined` (`groups`); with `last_points`,
/// what the last placement scored, when it is legal, and `dead_end` (how
/// many of the last placements to take back) when a `going` try can no
/// longer lead to an answer, so the page does not praise it.
pub fn try_answer(p: &Puzzle, moves: &[Placement]) -> TryAnswer {
    let outcome = puzzles::check_moves(p, moves);
    let mut last_points = None;
    if let (Some(last), Ok(mut board)) = (moves.last(), p.position()) {
        if !matches!(outcome, TryOutcome::Illegal { .. } | TryOutcome::NotInHand { .. } | TryOutcome::OneTileOnly) {
            for m in &moves[..moves.len() - 1] {
                board.place(m.normalized());
            }
            last_points = Some(puzzles::placement_points(&p.rules, &board, *last).points);
        }
    }
    let dead_end = match (&outcome, puzzles::hint(p, moves)) {
        (TryOutcome::Going { .. }, Some(puzzles::Hint::Undo(n))) => Some(n),
        _ => None,
    };
    TryAnswer { outcome: Outcome::from(&outcome), last_points, dead_end }
}

/// The seed of a puzzle hint's idea: from the puzzle and the moves, so the
/// same try gets the same words.
fn idea_seed(p: &Puzzle, moves: &[Placement]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in p.id.bytes().chain(moves.iter().flat_map(|m| format!("{}{}{}", m.tile, m.cell, m.rotation).into_bytes())) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The idea of a puzzle hint: the judge's first reason naming no tile
/// (`judge::graded`) for placing `next` after `moves`, seen by the solver as
/// a seat of a 2-player round (its hand the puzzle's tiles left; the others
/// unseen, so the reasons read only what the solver may know). `None` when
/// the position cannot be set up as a game (a `connect` puzzle's groups
/// apart: then the page goes on to the tile).
pub fn idea(p: &Puzzle, moves: &[Placement], next: Placement) -> Option<HintReason> {
    let mut board: Vec<Placement> = p.board.clone();
    board.extend(moves.iter().map(|m| m.normalized()));
    let mut hand = p.hand_set();
    for m in moves {
        hand.remove(m.tile);
    }
    let mut used = hand;
    for b in &board {
        used.insert(b.tile);
    }
    let rest: Vec<Tile> = Tile::all().filter(|t| !used.contains(*t)).collect();
    let other = p.rules.hand_size_for(2).min(rest.len());
    let theirs: TileSet = rest[..other].iter().copied().collect();
    let position = Position {
        board,
        hands: vec![hand, theirs],
        pool: rest[other..].to_vec(),
        to_move: 0,
        starter: 0,
        totals: vec![0, 0],
        passes: 0,
    };
    let game = Game::from_position(p.rules, &position).ok()?;
    let obs = game.observe(0);
    let action = obs
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Play { placement, .. } if placement.normalized() == next.normalized()))?;
    Some(judge::graded(&obs, action, idea_seed(p, moves)).idea)
}

/// The puzzle of the collection with this id.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    collection().iter().find(|p| p.id == id)
}
