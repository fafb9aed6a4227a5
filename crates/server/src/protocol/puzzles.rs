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
        let going = TryAnswer { outcome: Outcome::Going { left: 2, points: 5 }, last_points: Some(5) };
        assert_eq!(
            serde_json::to_value(going).unwrap(),
            json!({"outcome": "going", "left": 2, "points": 5, "last_points": 5})
        );
        let one = TryAnswer { outcome: Outcome::OneTileOnly, last_points: None };
        assert_eq!(serde_json::to_value(one).unwrap(), json!({"outcome": "one_tile_only"}));
        let t: Tile = "0-0-0".parse().unwrap();
        let stuck = TryAnswer { outcome: Outcome::Stuck { left: vec![t] }, last_points: None };
        assert_eq!(serde_json::to_value(stuck).unwrap(), json!({"outcome": "stuck", "left": ["0-0-0"]}));
        assert_eq!(serde_json::to_value(HintAnswer::from(None)).unwrap(), json!({"none": true}));
        assert_eq!(serde_json::to_value(HintAnswer::Undo(2)).unwrap(), json!({"undo": 2}));
    }
}
