//! A game set up in the middle of a round ([`Position`]): a scripted board,
//! hands, pool and scores, as the tutorial's lessons need. The engine then
//! judges every action from there exactly as in a dealt game.
//!
//! ```
//! use triominos_core::position::Position;
//! use triominos_core::{Action, Cell, Game, Placement, RuleSet, Tile, TileSet};
//! let t = |s: &str| s.parse::<Tile>().unwrap();
//! let pos = Position {
//!     board: vec![Placement::new(t("1-2-4"), Cell::ORIGIN, 1)],
//!     hands: vec![[t("2-4-4")].into_iter().collect(), [t("0-0-0")].into_iter().collect()],
//!     pool: vec![t("5-5-5")],
//!     ..Position::default()
//! };
//! let mut game = Game::from_position(RuleSet::preset("goliath").unwrap(), &pos).unwrap();
//! // 2-4-4 against the edge 2-4 of the first tile: the player goes out.
//! let out = game.play(Action::play(Placement::new(t("2-4-4"), Cell::new(1, 0).unwrap(), 0))).unwrap();
//! assert!(out.round_end.is_some());
//! ```

use crate::board::{Board, Placement, PlacementError};
use crate::event::Event;
use crate::game::{Game, Phase};
use crate::public::Public;
use crate::rules::{RuleSet, MAX_PLAYERS};
use crate::scoring::reached_target;
use crate::seats::Seats;
use crate::tile::{Tile, TileSet};
use crate::turn::TurnSecret;
use core::fmt;

/// A position in the middle of a round (round 1), to be played on from.
/// The tiles need not be all 56: tiles named nowhere are out of the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// The placements on the board, in the order they were made (each must be
    /// legal after the ones before it; the first at `(0, 0)`).
    pub board: Vec<Placement>,
    /// Each seat's hand (as many hands as players).
    pub hands: Vec<TileSet>,
    /// The pool in draw order: its first tile is drawn first.
    pub pool: Vec<Tile>,
    /// The seat to act.
    pub to_move: u8,
    /// The round's opener.
    pub starter: u8,
    /// Each seat's total so far (missing seats count 0).
    pub totals: Vec<i32>,
    /// Passes in a row just before this position.
    pub passes: u8,
}

/// Why a position was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The rule set does not allow this many hands.
    PlayerCount(usize),
    /// A seat number (to move, starter) out of range, or more totals than seats.
    BadSeat(u8),
    /// A tile appears twice (in hands, pool or board).
    Duplicate(Tile),
    /// The board's placement number `index` is not legal after the ones before it.
    Placement {
        /// Its index in [`Position::board`].
        index: usize,
        /// Why.
        error: PlacementError,
    },
    /// As many passes in a row as players: the round would already be over.
    TooManyPasses,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::PlayerCount(n) => write!(f, "these rules do not allow {n} players"),
            PositionError::BadSeat(s) => write!(f, "no seat {s}"),
            PositionError::Duplicate(t) => write!(f, "tile {t} appears twice"),
            PositionError::Placement { index, error } => write!(f, "board placement {index}: {error}"),
            PositionError::TooManyPasses => write!(f, "as many passes as players: the round is over"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Game {
    /// A game whose first round is at `position` (no record history before
    /// it, no seed for later rounds): every action from there is checked and
    /// scored as in any game, the end of the round and of the game included.
    pub fn from_position(rules: RuleSet, position: &Position) -> Result<Game, PositionError> {
        let n = position.hands.len();
        if !rules.allows_players(n) {
            return Err(PositionError::PlayerCount(n));
        }
        for seat in [position.to_move, position.starter] {
            if seat as usize >= n {
                return Err(PositionError::BadSeat(seat));
            }
        }
        if position.totals.len() > n {
            return Err(PositionError::BadSeat(n as u8));
        }
        if position.passes as usize >= n {
            return Err(PositionError::TooManyPasses);
        }
        let mut seen = TileSet::EMPTY;
        let tiles = position.hands.iter().flat_map(|h| h.iter());
        let tiles = tiles.chain(position.pool.iter().copied()).chain(position.board.iter().map(|p| p.tile));
        for t in tiles {
            if !seen.insert(t) {
                return Err(PositionError::Duplicate(t));
            }
        }
        let mut board = Board::new(rules.vertex_contacts_must_match());
        for (index, &p) in position.board.iter().enumerate() {
            board.check(p).map_err(|error| PositionError::Placement { index, error })?;
            board.place(p);
        }
        let mut hands = [TileSet::EMPTY; MAX_PLAYERS];
        let mut hand_sizes = [0; MAX_PLAYERS];
        for (p, h) in position.hands.iter().enumerate() {
            hands[p] = *h;
            hand_sizes[p] = h.len() as u8;
        }
        let mut totals = [0; MAX_PLAYERS];
        totals[..position.totals.len()].copy_from_slice(&position.totals);
        let reached: Seats = reached_target(&rules, &totals[..n]);
        let opening =
            if board.is_empty() { Game::opening_for(&rules, hands[position.to_move as usize]) } else { TileSet::EMPTY };
        let public = Public {
            rules,
            players: n as u8,
            round: 1,
            phase: Phase::Playing,
            board,
            to_move: position.to_move,
            starter: position.starter,
            draws: 0,
            passes: position.passes,
            totals,
            round_points: [0; MAX_PLAYERS],
            reached,
            winners: Seats::EMPTY,
            round_winners: Seats::EMPTY,
            round_end: None,
            hand_sizes,
            pool_size: position.pool.len().min(u8::MAX as usize) as u8,
            known: [TileSet::EMPTY; MAX_PLAYERS],
            events: vec![Event::RoundStarted { round: 1, starter: position.starter }],
            scores: Vec::new(),
        };
        // The game's pool keeps the next tile to draw last.
        let pool = position.pool.iter().rev().copied().collect();
        Ok(Game::from_parts(public, hands, pool, TurnSecret { drawn: None, opening }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, IllegalAction};
    use crate::geom::Cell;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }
    fn set(tiles: &[&str]) -> TileSet {
        tiles.iter().map(|s| t(s)).collect()
    }

    #[test]
    fn a_position_is_checked_and_played_on() {
        let rules = RuleSet::preset("goliath").unwrap();
        let first = Placement::new(t("1-2-4"), Cell::ORIGIN, 1);
        let base = Position {
            board: vec![first],
            hands: vec![set(&["2-4-4", "5-5-5"]), set(&["0-0-0"])],
            pool: vec![t("3-3-3")],
            totals: vec![10, 20],
            ..Position::default()
        };
        let mut g = Game::from_position(rules, &base).unwrap();
        assert_eq!(g.totals(), &[10, 20]);
        assert_eq!(g.public().pool_size(), 1);
        // The corner that disagrees is named, and the game is unchanged.
        let bad = Action::play(Placement::new(t("2-4-4"), Cell::new(1, 0).unwrap(), 1));
        assert!(matches!(g.play(bad), Err(IllegalAction::Placement(PlacementError::CornerMismatch { .. }))));
        // Goliath: drawing is allowed although 2-4-4 fits; the drawn 3-3-3 does not fit.
        assert_eq!(g.play(Action::Draw).unwrap().points, -5);
        assert_eq!(g.drawn_tile(), Some(t("3-3-3")));

        let dup = Position { pool: vec![t("2-4-4")], ..base.clone() };
        assert_eq!(Game::from_position(rules, &dup).unwrap_err(), PositionError::Duplicate(t("2-4-4")));
        let off =
            Position { board: vec![first, Placement::new(t("3-4-5"), Cell::new(3, 0).unwrap(), 0)], ..base.clone() };
        assert!(matches!(Game::from_position(rules, &off), Err(PositionError::Placement { index: 1, .. })));
        let seat = Position { to_move: 2, ..base.clone() };
        assert_eq!(Game::from_position(rules, &seat).unwrap_err(), PositionError::BadSeat(2));
        let passes = Position { passes: 2, ..base };
        assert_eq!(Game::from_position(rules, &passes).unwrap_err(), PositionError::TooManyPasses);
    }

    #[test]
    fn an_empty_board_opens_by_the_rules() {
        let rules = RuleSet::preset("pressman").unwrap();
        let pos = Position { hands: vec![set(&["3-3-3", "4-4-4", "0-0-0"]), set(&["1-2-3"])], ..Position::default() };
        let g = Game::from_position(rules, &pos).unwrap();
        let open = |s: &str| Action::play(Placement::new(t(s), Cell::ORIGIN, 0));
        assert!(g.is_legal(open("4-4-4")) && g.is_legal(open("0-0-0")));
        assert!(matches!(g.check(open("3-3-3")), Err(IllegalAction::FirstTileMustBe(_))));
    }
}
