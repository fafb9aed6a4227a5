//! A puzzle ([`Puzzle`]): its kind, goal and difficulty, the position it is
//! set in ([`build_position`]), its content id and the puzzle of the day.

use crate::board::{Board, Placement, PlacementError};
use crate::geom::Cell;
use crate::rules::RuleSet;
use crate::tile::{Tile, TileSet};
use core::fmt;

/// The most tiles a puzzle's hand may hold.
pub const MAX_HAND: usize = 9;

/// What a puzzle asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The placement that scores the most.
    MaxPoints,
    /// Place every tile of the hand.
    GoOut,
    /// Join the table's groups into one with exactly the given tiles.
    Connect,
    /// Score at least N points over a sequence of placements.
    BestTurn,
}

impl Kind {
    /// Every kind, in the collection's order.
    pub const ALL: [Kind; 4] = [Kind::MaxPoints, Kind::GoOut, Kind::Connect, Kind::BestTurn];

    /// The kind's name in the data format: `max_points`, `go_out`, `connect`, `best_turn`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::MaxPoints => "max_points",
            Kind::GoOut => "go_out",
            Kind::Connect => "connect",
            Kind::BestTurn => "best_turn",
        }
    }

    /// The kind with this name.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The prefix of the kind's puzzle ids (`mp`, `go`, `cn`, `bt`).
    pub const fn prefix(self) -> &'static str {
        match self {
            Kind::MaxPoints => "mp",
            Kind::GoOut => "go",
            Kind::Connect => "cn",
            Kind::BestTurn => "bt",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The goal of a puzzle, as the engine checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Score this many points: with one placement (`max_points`) or over a
    /// sequence (`best_turn`), the most possible.
    Points(i32),
    /// Place this many tiles: the whole hand.
    Tiles(usize),
    /// Join these groups of cells (each edge-connected) into one.
    Groups(Vec<Vec<Cell>>),
}

/// How hard a puzzle is, measured from the exhaustive search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Difficulty {
    /// The one number the collection is ordered by (higher is harder): see
    /// `docs/puzzles.md` for each kind's formula.
    pub score: u32,
    /// Legal placements at the start.
    pub alternatives: u32,
    /// Positions the solver visited.
    pub nodes: u32,
    /// Distinct answers (placements with the best score; final
    /// arrangements for the sequence kinds).
    pub solutions: u32,
    /// Move sequences a player could try (every legal line to its end).
    pub lines: u64,
    /// Those of `lines` that reach the goal.
    pub winning: u64,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Unique, stable name: lowercase letters, digits and `-`.
    pub id: String,
    /// What it asks.
    pub kind: Kind,
    /// The rules it is played by (they decide the points).
    pub rules: RuleSet,
    /// The tiles on the table, in an order that builds it: each placement
    /// legal, except that for [`Kind::Connect`] a placement sharing no edge
    /// starts a new group.
    pub board: Vec<Placement>,
    /// The tiles the player holds.
    pub hand: Vec<Tile>,
    /// The goal.
    pub goal: Goal,
    /// One answer, in an order where every placement is legal.
    pub solution: Vec<Placement>,
    /// Measured by the solver.
    pub difficulty: Difficulty,
}

/// Why a puzzle's table cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The table is empty.
    EmptyBoard,
    /// Placement number `index` (0-based) of the table is not legal.
    Illegal {
        /// Which placement.
        index: usize,
        /// Why.
        error: PlacementError,
    },
    /// The hand is empty, too big, repeats a tile or holds a tile on the table.
    BadHand(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::EmptyBoard => write!(f, "the board is empty"),
            PositionError::Illegal { index, error } => write!(f, "board placement {index}: {error}"),
            PositionError::BadHand(why) => write!(f, "hand: {why}"),
        }
    }
}

impl Puzzle {
    /// The hand as a set.
    pub fn hand_set(&self) -> TileSet {
        self.hand.iter().copied().collect()
    }

    /// Builds the table, checking every placement through the engine, and
    /// checks the hand (1 to [`MAX_HAND`] different tiles, none on the table).
    pub fn position(&self) -> Result<Board, PositionError> {
        build_position(self.kind, &self.rules, &self.board, &self.hand)
    }

    /// The id this puzzle's content gives it: the kind's prefix and a hash of
    /// the rules, table and hand (the generator names puzzles this way).
    pub fn content_id(&self) -> String {
        content_id(self.kind, &self.rules, &self.board, &self.hand)
    }
}

/// Builds a puzzle's table and checks its hand (see [`Puzzle::position`]).
pub fn build_position(kind: Kind, rules: &RuleSet, board: &[Placement], hand: &[Tile]) -> Result<Board, PositionError> {
    if board.is_empty() {
        return Err(PositionError::EmptyBoard);
    }
    let mut b = Board::new(rules.vertex_contacts_must_match());
    for (index, &p) in board.iter().enumerate() {
        let p = p.normalized();
        let touches = p.cell.neighbours().iter().any(|&n| b.at(n).is_some());
        if kind == Kind::Connect && !touches {
            b.place_without_contact(p).map_err(|error| PositionError::Illegal { index, error })?;
        } else {
            b.check(p).map_err(|error| PositionError::Illegal { index, error })?;
            b.place(p);
        }
    }
    if hand.is_empty() {
        return Err(PositionError::BadHand("no tile".into()));
    }
    if hand.len() > MAX_HAND {
        return Err(PositionError::BadHand(format!("{} tiles, at most {MAX_HAND}", hand.len())));
    }
    let mut seen = TileSet::EMPTY;
    for &t in hand {
        if !seen.insert(t) {
            return Err(PositionError::BadHand(format!("{t} twice")));
        }
        if b.tiles().contains(t) {
            return Err(PositionError::BadHand(format!("{t} is on the board")));
        }
    }
    Ok(b)
}

/// FNV-1a, 64 bits: a stable hash for ids and the daily puzzle.
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The id a puzzle's content gives it (see [`Puzzle::content_id`]).
pub fn content_id(kind: Kind, rules: &RuleSet, board: &[Placement], hand: &[Tile]) -> String {
    let mut text = format!("{} {}", kind.name(), rules.base_preset().name());
    for (k, v) in rules.overrides() {
        text.push_str(&format!(" {k}={v}"));
    }
    for p in board {
        let p = p.normalized();
        text.push_str(&format!(" {} {} {}", p.tile, p.cell, p.rotation));
    }
    text.push_str(" |");
    let mut hand = hand.to_vec();
    hand.sort();
    for t in hand {
        text.push_str(&format!(" {t}"));
    }
    format!("{}-{:08x}", kind.prefix(), fnv(text.bytes()) as u32)
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian), or `None`
/// for a date that does not exist.
fn days_from_civil(y: i64, m: u32, d: u32) -> Option<i64> {
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&m) || d == 0 || d > days_in[m as usize - 1] {
        return None;
    }
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The daily puzzle of a date written `YYYY-MM-DD`: an index into a
/// collection of `count` puzzles, the same for everyone on that date. Days
/// run in cycles of `count` days (counted from 1970-01-01); within a cycle
/// every puzzle comes once, in an order shuffled from the cycle's number.
/// `None` for a malformed date or an empty collection.
pub fn daily_index(date: &str, count: usize) -> Option<usize> {
    if count == 0 || date.len() != 10 {
        return None;
    }
    let b = date.as_bytes();
    if b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |s: &str| -> Option<i64> {
        if s.bytes().all(|c| c.is_ascii_digit()) {
            s.parse().ok()
        } else {
            None
        }
    };
    let y = num(date.get(0..4)?)?;
    let m = num(date.get(5..7)?)? as u32;
    let d = num(date.get(8..10)?)? as u32;
    let day = days_from_civil(y, m, d)?;
    let n = count as i64;
    let (cycle, pos) = (day.div_euclid(n), day.rem_euclid(n));
    let mut order: Vec<usize> = (0..count).collect();
    crate::rng::shuffle(&mut crate::rng::seeded(fnv(cycle.to_le_bytes())), &mut order);
    order.get(pos as usize).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_index_is_a_function_of_the_date() {
        assert_eq!(days_from_civil(1970, 1, 1), Some(0));
        assert_eq!(days_from_civil(2000, 3, 1), Some(11_017));
        assert_eq!(days_from_civil(2023, 2, 29), None);
        assert_eq!(days_from_civil(2024, 2, 29), Some(19_782));
        let a = daily_index("2026-12-01", 300).unwrap();
        assert_eq!(daily_index("2026-12-01", 300), Some(a));
        assert!(a < 300);
        for bad in ["2026-13-01", "2026-1-01", "20261201xx", "2026/12/01", "", "2026-02-30", "+026-12-01"] {
            assert_eq!(daily_index(bad, 300), None, "{bad}");
        }
        assert_eq!(daily_index("2026-12-01", 0), None);
        // Days 2100..2400 since 1970 are one cycle of 300: every puzzle once.
        let mut seen = Vec::new();
        for y in 1975..=1977 {
            for m in 1..=12 {
                for d in 1..=31 {
                    if let Some(day) = days_from_civil(y, m, d) {
                        if (2100..2400).contains(&day) {
                            seen.push(daily_index(&format!("{y:04}-{m:02}-{d:02}"), 300).unwrap());
                        }
                    }
                }
            }
        }
        seen.sort();
        assert_eq!(seen, (0..300).collect::<Vec<_>>());
    }
}
