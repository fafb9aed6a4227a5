//! The puzzle data format (feature `json`): one JSON object per puzzle, a
//! collection is a JSON array. See `docs/puzzles.md`.

use super::puzzle::{Difficulty, Goal, Kind, Puzzle};
use crate::board::Placement;
use crate::geom::Cell;
use crate::rules::RuleSet;
use crate::tile::Tile;
use core::fmt;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

/// The collection shipped with the program: one JSON array, ordered by kind
/// and, within a kind, by difficulty.
pub const SHIPPED_JSON: &str = include_str!("../../data/puzzles.json");

/// Why a puzzle or a collection cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The puzzle's position in the collection (0-based), when in one.
    pub index: Option<usize>,
    /// The puzzle's id, when it could be read.
    pub id: Option<String>,
    /// What is wrong, naming the field.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.index, &self.id) {
            (Some(i), Some(id)) => write!(f, "puzzle {i} ({id}): {}", self.message),
            (Some(i), None) => write!(f, "puzzle {i}: {}", self.message),
            (None, Some(id)) => write!(f, "puzzle {id}: {}", self.message),
            (None, None) => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for FormatError {}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum RulesRepr {
    Name(String),
    Full {
        preset: String,
        #[serde(default)]
        options: BTreeMap<String, String>,
    },
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GoalRepr {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    points: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tiles: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    groups: Option<Vec<Vec<Cell>>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Repr {
    id: String,
    kind: String,
    ruleset: RulesRepr,
    board: Vec<Placement>,
    hand: Vec<Tile>,
    goal: GoalRepr,
    solution: Vec<Placement>,
    difficulty: Difficulty,
}

fn err(message: impl Into<String>) -> FormatError {
    FormatError { index: None, id: None, message: message.into() }
}

fn from_repr(r: Repr) -> Result<Puzzle, FormatError> {
    let id_ok = !r.id.is_empty()
        && r.id.len() <= 40
        && r.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !id_ok {
        return Err(err(format!("id {:?}: 1 to 40 lowercase letters, digits or '-'", r.id)));
    }
    let with_id = |e: FormatError| FormatError { id: Some(r.id.clone()), ..e };
    let kind = Kind::from_name(&r.kind)
        .ok_or_else(|| with_id(err(format!("kind {:?}: expected max_points, go_out or connect", r.kind))))?;
    let rules = match &r.ruleset {
        RulesRepr::Name(name) => RuleSet::preset(name),
        RulesRepr::Full { preset, options } => RuleSet::with_overrides(preset, options.iter()),
    }
    .map_err(|e| with_id(err(format!("ruleset: {e}"))))?;
    let goal = match (kind, r.goal) {
        (Kind::MaxPoints, GoalRepr { points: Some(p), tiles: None, groups: None }) => Goal::Points(p),
        (Kind::GoOut, GoalRepr { points: None, tiles: Some(n), groups: None }) => Goal::Tiles(n),
        (Kind::Connect, GoalRepr { points: None, tiles: None, groups: Some(g) }) => Goal::Groups(g),
        (Kind::BestTurn, GoalRepr { points: Some(p), tiles: None, groups: None }) => Goal::Points(p),
        (k, _) => {
            let want = match k {
                Kind::MaxPoints | Kind::BestTurn => "{\"points\": N}",
                Kind::GoOut => "{\"tiles\": N}",
                Kind::Connect => "{\"groups\": [[cell, ...], ...]}",
            };
            return Err(with_id(err(format!("goal: a {} puzzle's goal is {want}", k.name()))));
        }
    };
    let p = Puzzle {
        id: r.id.clone(),
        kind,
        rules,
        board: r.board,
        hand: r.hand,
        goal,
        solution: r.solution,
        difficulty: r.difficulty,
    };
    p.position().map_err(|e| with_id(err(e.to_string())))?;
    let hand = p.hand_set();
    if p.solution.is_empty() {
        return Err(with_id(err("solution: no placement")));
    }
    let mut used = HashSet::new();
    for s in &p.solution {
        if !hand.contains(s.tile) || !used.insert(s.tile) {
            return Err(with_id(err(format!("solution: {} is not a tile of the hand (or is used twice)", s.tile))));
        }
    }
    Ok(p)
}

fn to_repr(p: &Puzzle) -> Repr {
    let overrides = p.rules.overrides();
    let ruleset = if overrides.is_empty() {
        RulesRepr::Name(p.rules.base_preset().name().to_string())
    } else {
        RulesRepr::Full {
            preset: p.rules.base_preset().name().to_string(),
            options: overrides.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        }
    };
    let goal = match &p.goal {
        Goal::Points(n) => GoalRepr { points: Some(*n), ..GoalRepr::default() },
        Goal::Tiles(n) => GoalRepr { tiles: Some(*n), ..GoalRepr::default() },
        Goal::Groups(g) => GoalRepr { groups: Some(g.clone()), ..GoalRepr::default() },
    };
    Repr {
        id: p.id.clone(),
        kind: p.kind.name().to_string(),
        ruleset,
        board: p.board.clone(),
        hand: p.hand.clone(),
        goal,
        solution: p.solution.clone(),
        difficulty: p.difficulty,
    }
}

/// Reads one puzzle from a JSON value (checking its table and hand; use
/// [`super::verify`] to check its answer).
pub fn parse_puzzle(value: serde_json::Value) -> Result<Puzzle, FormatError> {
    let id = value.get("id").and_then(|v| v.as_str()).map(str::to_string);
    let r: Repr = serde_json::from_value(value).map_err(|e| FormatError { id: id.clone(), ..err(e.to_string()) })?;
    from_repr(r)
}

/// Reads a collection: a JSON array of puzzles with different ids.
pub fn parse_collection(text: &str) -> Result<Vec<Puzzle>, FormatError> {
    let values: Vec<serde_json::Value> =
        serde_json::from_str(text).map_err(|e| err(format!("not a JSON array of puzzles: {e}")))?;
    let mut ids = HashSet::new();
    let mut out = Vec::with_capacity(values.len());
    for (index, v) in values.into_iter().enumerate() {
        let p = parse_puzzle(v).map_err(|e| FormatError { index: Some(index), ..e })?;
        if !ids.insert(p.id.clone()) {
            return Err(FormatError { index: Some(index), id: Some(p.id), message: "id used twice".into() });
        }
        out.push(p);
    }
    Ok(out)
}

/// A puzzle as one JSON value.
pub fn puzzle_json(p: &Puzzle) -> serde_json::Value {
    serde_json::to_value(to_repr(p)).unwrap_or(serde_json::Value::Null)
}

/// A collection as a JSON array, one puzzle per line.
pub fn collection_json(puzzles: &[Puzzle]) -> String {
    let lines: Vec<String> = puzzles.iter().map(|p| puzzle_json(p).to_string()).collect();
    if lines.is_empty() {
        "[]\n".to_string()
    } else {
        format!("[\n{}\n]\n", lines.join(",\n"))
    }
}

/// The shipped collection ([`SHIPPED_JSON`]), read.
pub fn shipped() -> Result<Vec<Puzzle>, FormatError> {
    parse_collection(SHIPPED_JSON)
}
