//! The tutorial's bodies (`/api/learn`): the lesson sets, a set's lessons
//! ready to draw, and the engine's verdict on a try.

use super::refusal::Refusal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use triominos_core::{Action, Cell, Placement, Tile};

/// `GET /api/learn`: for each preset, its lessons' names in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct LessonSets {
    /// Preset name to lesson names.
    pub sets: BTreeMap<String, Vec<String>>,
}

/// What the player is asked to do, judged on what the engine says happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    /// Place a tile legally (this tile, when given).
    Place {
        /// The tile to place.
        #[serde(default)]
        tile: Option<Tile>,
    },
    /// Place a tile that scores at least this many points.
    Score {
        /// The fewest points.
        at_least: i32,
    },
    /// Place a tile that earns this bonus (`start`, `bridge`, `hexagon`,
    /// `double_hexagon`...: the names of docs/record-format.md).
    Bonus {
        /// The bonus's name.
        bonus: String,
    },
    /// Draw from the pool (and, with `fail`, end the turn on a failed last draw).
    Draw {
        /// Whether the draw must be the failed last one of the turn.
        #[serde(default)]
        fail: bool,
    },
    /// Go out: place the last tile of the hand.
    Out,
    /// End the round blocked (the last pass of a round nobody can play).
    Blocked,
    /// Win the game with this action.
    Win,
}

/// One score change of a try.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[ts(rename = "LessonItem")]
pub struct Item {
    /// Seat.
    pub player: u8,
    /// Why (`tile`, `hexagon`, `draw`, `own_hand`...: the `reason.` names).
    pub reason: &'static str,
    /// Points.
    pub points: i32,
}

/// The engine's answer to a try.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct Verdict {
    /// Whether the goal is met.
    pub solved: bool,
    /// The engine's refusal (`{code, params}`, as in a game), when the action is illegal.
    pub refusal: Option<Refusal>,
    /// The points of the action (its own score change, end of round not included).
    pub points: i32,
    /// Bonuses earned (names), the fail penalty included.
    pub bonuses: Vec<&'static str>,
    /// Every score change the action caused, the end of the round included.
    pub items: Vec<Item>,
    /// The tile drawn, for a draw.
    pub drawn: Option<Tile>,
    /// Whether the player's turn is over.
    pub turn_over: bool,
    /// `out` or `blocked` when the round ended.
    pub round_end: Option<&'static str>,
    /// The hands shown at the end of the round (by seat).
    pub hands: Option<Vec<Vec<Tile>>>,
    /// Whether the game is over, and its winners.
    pub game_over: bool,
    /// The winners (seats) once the game is over.
    pub winners: Vec<u8>,
    /// Each seat's total after the action.
    pub totals: Vec<i32>,
}

/// A placed tile as drawn: the placement and who placed it.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
#[ts(rename = "LessonPlaced")]
pub struct Placed {
    /// The placement.
    #[serde(flatten)]
    pub placement: Placement,
    /// Seat.
    pub player: u8,
}

/// A lesson ready to draw: the position after the prelude, as the player sees it.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct LessonView {
    /// The lesson's name in its set (`corners`...).
    pub name: String,
    /// Its texts' key stem: `learn.DIR.NAME` (`.title`, `.intro`, `.done`, `.miss`).
    pub text: String,
    /// The preset rule sentence to show (`start`, `draw`, `blocked`, `end`).
    pub rule: Option<String>,
    /// What to do.
    pub goal: Goal,
    /// An answer (for "show me" and the browser tests).
    pub solution: Action,
    /// A plausible wrong answer (for the browser tests).
    pub wrong: Action,
    /// The board.
    pub board: Vec<Placed>,
    /// The player's hand.
    pub hand: Vec<Tile>,
    /// The tile drawn this turn (in the prelude), if any.
    pub drawn: Option<Tile>,
    /// Tiles drawn this turn.
    pub draws: u8,
    /// Tiles in each seat's hand.
    pub hand_sizes: Vec<u8>,
    /// Tiles in the pool.
    pub pool: usize,
    /// Each seat's total.
    pub totals: Vec<i32>,
    /// The open cells (for keyboard play: the arrows step through them).
    pub open: Vec<Cell>,
    /// Whether the player may draw now, as the engine says (its legal actions).
    pub can_draw: bool,
    /// Whether the player may pass now, as the engine says.
    pub can_pass: bool,
    /// The answer in the move notation (docs/notation.md: `345^2`, `144L124`,
    /// `draw`), written on the lesson's board by core's writer: "Show me"
    /// names it, so a player who reads the board as text has it too.
    pub solution_notation: String,
}

/// A lesson set, ready to draw.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct SetView {
    /// The preset.
    pub preset: String,
    /// Its options (the texts quote the numbers).
    pub options: BTreeMap<String, String>,
    /// The lessons in order.
    pub lessons: Vec<LessonView>,
}
