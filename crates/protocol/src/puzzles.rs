//! The puzzles' bodies (`/api/puzzles`): the list, the daily puzzle, a
//! puzzle as the page gets it, a try's outcome and a hint.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use triominos_core::puzzles::{Hint, TryOutcome};
use triominos_core::{Placement, PlacementError, Tile};

/// One puzzle in [`PuzzleList`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct PuzzleItem {
    /// Its id.
    pub id: String,
    /// Its kind (`score`, `out`...).
    pub kind: &'static str,
    /// Its number within its kind, from 1.
    pub number: usize,
    /// Puzzles of its kind.
    pub of: usize,
    /// Its difficulty score.
    pub score: u32,
    /// Tiles in its hand.
    pub tiles: usize,
}

/// `GET /api/puzzles`: the collection, in its order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct PuzzleList {
    /// The puzzles.
    pub puzzles: Vec<PuzzleItem>,
}

/// `GET /api/puzzles/daily?date=YYYY-MM-DD`: the day's puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Daily {
    /// The puzzle's id.
    pub id: String,
    /// The date asked for.
    pub date: String,
}

/// `GET /api/puzzles/{id}`: the puzzle in the collection's data format
/// (`triominos_core::puzzles::puzzle_json`, the core's own form) without its
/// `solution`, with its place in its kind.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct PublicPuzzle {
    /// The data format's fields, `solution` left out.
    #[serde(flatten)]
    pub puzzle: Map<String, Value>,
    /// Its number within its kind, from 1.
    pub number: usize,
    /// Puzzles of its kind.
    pub of: usize,
}

/// The body of a try or a hint: the placements made so far.
#[derive(Clone, Debug, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Moves {
    /// In order.
    pub moves: Vec<Placement>,
}

/// A try's outcome, `{"outcome": ...}` with its fields (the core's
/// [`TryOutcome`], as sent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// Every goal met.
    Solved {
        /// Points scored.
        points: i32,
    },
    /// Legal so far, tiles left.
    Going {
        /// Tiles left in the hand.
        left: usize,
        /// Points so far.
        points: i32,
    },
    /// The best turn scored less than the goal.
    Short {
        /// Points scored.
        points: i32,
        /// The goal.
        goal: i32,
    },
    /// A placement the engine refuses.
    Illegal {
        /// Which placement, from 0.
        index: usize,
        /// The engine's refusal.
        error: PlacementError,
    },
    /// A tile not in the hand.
    NotInHand {
        /// Which placement, from 0.
        index: usize,
        /// The tile.
        tile: Tile,
    },
    /// A puzzle of one tile got more.
    OneTileOnly,
    /// Fewer points than the goal.
    TooFewPoints {
        /// Points scored.
        points: i32,
        /// The goal.
        goal: i32,
    },
    /// No legal placement left for these tiles.
    Stuck {
        /// The tiles left.
        left: Vec<Tile>,
    },
    /// The placements do not make one group.
    NotJoined {
        /// Groups made.
        groups: usize,
    },
}

impl From<&TryOutcome> for Outcome {
    fn from(o: &TryOutcome) -> Outcome {
        match o.clone() {
            TryOutcome::Solved { points } => Outcome::Solved { points },
            TryOutcome::Going { left, points } => Outcome::Going { left, points },
            TryOutcome::Short { points, goal } => Outcome::Short { points, goal },
            TryOutcome::Illegal { index, error } => Outcome::Illegal { index, error },
            TryOutcome::NotInHand { index, tile } => Outcome::NotInHand { index, tile },
            TryOutcome::OneTileOnly => Outcome::OneTileOnly,
            TryOutcome::TooFewPoints { points, goal } => Outcome::TooFewPoints { points, goal },
            TryOutcome::Stuck { left } => Outcome::Stuck { left },
            TryOutcome::NotJoined { groups } => Outcome::NotJoined { groups },
        }
    }
}

/// `POST /api/puzzles/{id}/try`: the outcome, and what the last placement
/// scored when it is legal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct TryAnswer {
    /// The outcome.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// What the last placement scored (when it is legal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_points: Option<i32>,
    /// A `going` try that can no longer lead to an answer: how many of the
    /// last placements to take back (the page does not praise it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead_end: Option<usize>,
}

/// `POST /api/puzzles/{id}/hint`: `{"place": placement}`, `{"undo": n}` or
/// `{"none": true}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum HintAnswer {
    /// Place this next.
    Place(Placement),
    /// Take back this many placements first.
    Undo(usize),
    /// No answer from here (`true`).
    None(bool),
}

impl From<Option<Hint>> for HintAnswer {
    fn from(h: Option<Hint>) -> HintAnswer {
        match h {
            Some(Hint::Place(m)) => HintAnswer::Place(m),
            Some(Hint::Undo(n)) => HintAnswer::Undo(n),
            None => HintAnswer::None(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn answers_keep_their_wire_form() {
        let going = TryAnswer { outcome: Outcome::Going { left: 2, points: 5 }, last_points: Some(5), dead_end: None };
        assert_eq!(
            serde_json::to_value(going).unwrap(),
            json!({"outcome": "going", "left": 2, "points": 5, "last_points": 5})
        );
        let one = TryAnswer { outcome: Outcome::OneTileOnly, last_points: None, dead_end: None };
        assert_eq!(serde_json::to_value(one).unwrap(), json!({"outcome": "one_tile_only"}));
        let t: Tile = "0-0-0".parse().unwrap();
        let stuck = TryAnswer { outcome: Outcome::Stuck { left: vec![t] }, last_points: None, dead_end: None };
        assert_eq!(serde_json::to_value(stuck).unwrap(), json!({"outcome": "stuck", "left": ["0-0-0"]}));
        assert_eq!(serde_json::to_value(HintAnswer::from(None)).unwrap(), json!({"none": true}));
        assert_eq!(serde_json::to_value(HintAnswer::Undo(2)).unwrap(), json!({"undo": 2}));
    }
}

/// A puzzle hint with its idea: `{"place": placement, "idea": {"code",
/// "params"}}` (the idea absent when none could be worked out), `{"undo":
/// n}` or `{"none": true}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GradedHint {
    /// The hint.
    #[serde(flatten)]
    pub hint: HintAnswer,
    /// The idea of a `place` hint: the judge's reason that names no tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idea: Option<super::HintReason>,
}

/// A personal "find the better move" puzzle (issue 33), made from a mistake
/// or blunder of a finished game's review: the position as the reviewed seat
/// saw it (the public board and totals, its own hand, never another hand nor
/// the pool), the move it played, the moves the judge counts as right (the
/// best and those it cannot tell from it) and the best move's graded hint.
/// The browser keeps it (`assets/puzzles/store.js`); the page judges the
/// tries against `answers` and `legal`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PersonalPuzzle {
    /// `pp-GAME-SEAT-ROUND-STEP`.
    pub id: String,
    /// `better_move`.
    pub kind: &'static str,
    /// The game's id.
    pub game: String,
    /// The seat whose move it was.
    pub seat: u8,
    /// Every seat's name, in seat order (the reasons name seats).
    pub players: Vec<String>,
    /// The game's seats as the table showed them, so the page names each
    /// seat by the one rule of a seat's name in its own language (a bot by
    /// its level's word, never an internal name); empty in a puzzle built
    /// from a record alone, whose `players` then name the seats.
    #[serde(default)]
    pub seats: Vec<crate::PublicSeat>,
    /// The round (1-based) and the line of the move in the game's record.
    pub round: u32,
    /// The line of the move in the record.
    pub line: usize,
    /// The rule preset's name.
    pub ruleset: String,
    /// The board's placements in the order they were made (public).
    pub board: Vec<Placement>,
    /// The seat's own hand then (the tile it had just drawn included).
    pub hand: Vec<Tile>,
    /// Each seat's total then.
    pub totals: Vec<i32>,
    /// How many tiles each seat held.
    pub hand_sizes: Vec<u8>,
    /// Tiles left in the pool (how many, not which).
    pub pool: usize,
    /// The move played in the game.
    pub played: triominos_core::Action,
    /// The move played, as people read it (the notation and its spot,
    /// never a cell): `{"notation": "255L555", "spot": {"side": "left", "next_to": "5-5-5"}}`.
    pub played_name: Option<triominos_bots::judge::MoveName>,
    /// What it cost, points, and its standard error.
    pub loss: f64,
    /// The standard error of `loss`.
    pub se: f64,
    /// `mistake` or `blunder`.
    pub severity: triominos_bots::judge::Severity,
    /// The moves that solve it: the judge's best first, then those it
    /// cannot tell from the best (never the move played).
    pub answers: Vec<triominos_core::Action>,
    /// The seat's legal actions then.
    pub legal: Vec<triominos_core::Action>,
    /// The best move's graded hint (the idea, the tile, the action).
    pub grades: triominos_bots::judge::Grades,
    /// Why the best move is better than the one played.
    pub reasons: Vec<triominos_bots::judge::Contrast>,
}
