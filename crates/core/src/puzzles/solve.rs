//! The exhaustive solvers, the property each kind must hold, and the checks
//! of a player's tries and hints.

use super::puzzle::{Difficulty, Goal, Kind, Puzzle};
use crate::board::{Board, Placement, PlacementError};
use crate::geom::Cell;
use crate::rules::RuleSet;
use crate::scoring::{score_placement, PlacementScore};
use crate::tile::{Tile, TileSet};
use core::fmt;
use std::collections::{HashMap, HashSet};

/// The most positions a solver visits before it gives up.
pub const MAX_NODES: u32 = 400_000;

/// The most distinct answers a [`Solved`] keeps (all are counted).
const KEEP_ANSWERS: usize = 64;

/// Why a position was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The search needed more than [`MAX_NODES`] positions.
    TooLarge,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooLarge => write!(f, "the search needs more than {MAX_NODES} positions"),
        }
    }
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The goal the position has (the best score for `max_points`).
    pub goal: Goal,
    /// Distinct answers, each in an order where every placement is legal
    /// (at most 64 kept, in the order the search found them).
    pub answers: Vec<Vec<Placement>>,
    /// The measures of the search.
    pub difficulty: Difficulty,
}

/// What a placement scores on `board` by `rules`, every bonus claimed.
pub fn placement_points(rules: &RuleSet, board: &Board, p: Placement) -> PlacementScore {
    score_placement(rules, p.tile, board.is_empty(), board.figures_at(p.cell), true)
}

/// The table's groups: the cells of each set of tiles joined by edges, each
/// sorted, the groups sorted by their first cell.
pub fn groups(board: &Board) -> Vec<Vec<Cell>> {
    let mut seen: HashSet<Cell> = HashSet::new();
    let mut out = Vec::new();
    for p in board.placements() {
        if !seen.insert(p.cell) {
            continue;
        }
        let mut group = vec![p.cell];
        let mut i = 0;
        while i < group.len() {
            for n in group[i].neighbours() {
                if board.at(n).is_some() && seen.insert(n) {
                    group.push(n);
                }
            }
            i += 1;
        }
        group.sort();
        out.push(group);
    }
    out.sort();
    out
}

/// Solves a position exhaustively.
///
/// - `max_points`: every legal placement of a hand tile is scored; the
///   answers are those with the best score, the goal is that score.
/// - `go_out`: every order of placing the whole hand; an answer is a final
///   arrangement (orders that end the same way are one answer).
/// - `connect`: the same, keeping the arrangements that leave one group.
/// - `best_turn`: the most points any sequence of placements makes (each
///   scored on the table as it is then); the answers are the final
///   arrangements that reach it.
pub fn solve(kind: Kind, rules: &RuleSet, board: &Board, hand: TileSet) -> Result<Solved, SolveError> {
    let hand = hand.difference(board.tiles());
    match kind {
        Kind::MaxPoints => Ok(solve_max_points(rules, board, hand)),
        Kind::GoOut | Kind::Connect => solve_sequence(kind, board, hand),
        Kind::BestTurn => solve_best_turn(rules, board, hand),
    }
}

fn solve_max_points(rules: &RuleSet, board: &Board, hand: TileSet) -> Solved {
    let moves = board.placements_for(hand);
    let mut best = i32::MIN;
    let mut answers: Vec<Vec<Placement>> = Vec::new();
    for &p in &moves {
        let s = placement_points(rules, board, p).points;
        if s > best {
            best = s;
            answers.clear();
        }
        if s == best {
            answers.push(vec![p]);
        }
    }
    let alternatives = moves.len() as u32;
    let solutions = answers.len() as u32;
    // Tiles that can be played and are worth more than the answer's tile:
    // the "play your highest tile" trap.
    let higher = match answers.first() {
        Some(a) => {
            let v = a[0].tile.value();
            let playable: TileSet = moves.iter().map(|p| p.tile).collect();
            playable.iter().filter(|t| t.value() > v).count() as u32
        }
        None => 0,
    };
    answers.truncate(KEEP_ANSWERS);
    Solved {
        goal: Goal::Points(if best == i32::MIN { 0 } else { best }),
        answers,
        difficulty: Difficulty {
            score: alternatives + 15 * higher,
            alternatives,
            nodes: alternatives,
            solutions,
            lines: alternatives as u64,
            winning: solutions as u64,
        },
    }
}

/// A placement as a number, for the memo keys.
fn code(p: Placement) -> u32 {
    let p = p.normalized();
    ((p.cell.c() + 128) as u32) << 16
        | ((p.cell.r() + 128) as u32) << 8
        | (p.tile.index() as u32 * 3 + p.rotation as u32)
}

struct Search {
    kind: Kind,
    /// Per set of placements made (sorted codes): (lines, winning lines) from there.
    memo: HashMap<Vec<u32>, (u64, u64)>,
    answers: Vec<Vec<Placement>>,
    answer_keys: HashSet<Vec<u32>>,
    solutions: u32,
    nodes: u32,
}

impl Search {
    fn run(&mut self, board: &Board, hand: TileSet, path: &mut Vec<Placement>) -> Result<(u64, u64), SolveError> {
        let mut key: Vec<u32> = path.iter().map(|&p| code(p)).collect();
        key.sort_unstable();
        if let Some(&r) = self.memo.get(&key) {
            return Ok(r);
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(SolveError::TooLarge);
        }
        let result = if hand.is_empty() {
            let won = self.kind != Kind::Connect || groups(board).len() == 1;
            if won && self.answer_keys.insert(key.clone()) {
                self.solutions += 1;
                if self.answers.len() < KEEP_ANSWERS {
                    self.answers.push(path.clone());
                }
            }
            (1, won as u64)
        } else {
            let moves = board.placements_for(hand);
            if moves.is_empty() {
                (1, 0)
            } else {
                let (mut lines, mut winning) = (0u64, 0u64);
                for p in moves {
                    let (next, rest) = after(board, hand, p);
                    path.push(p);
                    let r = self.run(&next, rest, path);
                    path.pop();
                    let (l, w) = r?;
                    lines = lines.saturating_add(l);
                    winning = winning.saturating_add(w);
                }
                (lines, winning)
            }
        };
        self.memo.insert(key, result);
        Ok(result)
    }
}

fn solve_sequence(kind: Kind, board: &Board, hand: TileSet) -> Result<Solved, SolveError> {
    let mut s =
        Search { kind, memo: HashMap::new(), answers: Vec::new(), answer_keys: HashSet::new(), solutions: 0, nodes: 0 };
    let (lines, winning) = s.run(board, hand, &mut Vec::new())?;
    let alternatives = board.count_placements(hand) as u32;
    let losing_per_mille = ((lines - winning) as u128 * 1000).checked_div(lines as u128).unwrap_or(0) as u32;
    let goal = match kind {
        Kind::Connect => Goal::Groups(groups(board)),
        _ => Goal::Tiles(hand.len()),
    };
    Ok(Solved {
        goal,
        answers: s.answers,
        difficulty: Difficulty {
            score: losing_per_mille + 40 * hand.len() as u32 + alternatives,
            alternatives,
            nodes: s.nodes,
            solutions: s.solutions,
            lines,
            winning,
        },
    })
}

/// The best-total search of `best_turn`: what the placements still to come
/// can add, per position (the set of placements made and the bridges formed:
/// what later scores depend on).
struct Best<'a> {
    rules: &'a RuleSet,
    memo: HashMap<Vec<u32>, i32>,
    nodes: u32,
}

impl Best<'_> {
    fn key(board: &Board, path: &[Placement]) -> Vec<u32> {
        let mut key: Vec<u32> = path.iter().map(|&p| code(p)).collect();
        key.sort_unstable();
        let mut bridges: Vec<u32> = board
            .bridge_cells()
            .iter()
            .map(|c| u32::MAX - (((c.c() + 128) as u32) << 8 | (c.r() + 128) as u32))
            .collect();
        bridges.sort_unstable();
        key.extend(bridges);
        key
    }

    /// The most points the rest of the hand can add from here (0: stop).
    fn best(&mut self, board: &Board, hand: TileSet, path: &mut Vec<Placement>) -> Result<i32, SolveError> {
        let key = Self::key(board, path);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(SolveError::TooLarge);
        }
        let mut best = 0;
        for p in board.placements_for(hand) {
            let points = placement_points(self.rules, board, p).points;
            let (next, rest) = after(board, hand, p);
            path.push(p);
            let r = self.best(&next, rest, path);
            path.pop();
            best = best.max(points + r?);
        }
        self.memo.insert(key, best);
        Ok(best)
    }

    /// The placements that keep the best total from here: `(placement, points)`.
    fn best_moves(
        &mut self,
        board: &Board,
        hand: TileSet,
        path: &mut Vec<Placement>,
    ) -> Result<Vec<(Placement, i32)>, SolveError> {
        let need = self.best(board, hand, path)?;
        let mut out = Vec::new();
        for p in board.placements_for(hand) {
            let points = placement_points(self.rules, board, p).points;
            let (next, rest) = after(board, hand, p);
            path.push(p);
            let r = self.best(&next, rest, path);
            path.pop();
            if points + r? == need {
                out.push((p, points));
            }
        }
        Ok(out)
    }

    /// Every final arrangement reaching the best total (one order each), and
    /// how many orders do, both capped.
    fn collect(
        &mut self,
        board: &Board,
        hand: TileSet,
        path: &mut Vec<Placement>,
        out: &mut (Vec<Vec<Placement>>, HashSet<Vec<u32>>, u64),
    ) -> Result<(), SolveError> {
        if out.2 >= 100_000 {
            return Ok(());
        }
        if self.best(board, hand, path)? == 0 {
            let mut key: Vec<u32> = path.iter().map(|&p| code(p)).collect();
            key.sort_unstable();
            out.2 += 1;
            if out.1.insert(key) && out.0.len() < KEEP_ANSWERS {
                out.0.push(path.clone());
            }
        }
        for (p, _) in self.best_moves(board, hand, path)? {
            let (next, rest) = after(board, hand, p);
            path.push(p);
            let r = self.collect(&next, rest, path, out);
            path.pop();
            r?;
        }
        Ok(())
    }
}

/// The table and the hand once `p`, a legal placement of a tile of `hand`, is made.
fn after(board: &Board, hand: TileSet, p: Placement) -> (Board, TileSet) {
    let mut next = board.clone();
    next.place(p);
    let mut rest = hand;
    rest.remove(p.tile);
    (next, rest)
}

/// The most a greedy player makes (always a placement scoring the most now;
/// every tie tried).
fn greedy_total(rules: &RuleSet, board: &Board, hand: TileSet, budget: &mut u32) -> i32 {
    let moves = board.placements_for(hand);
    let scored: Vec<(Placement, i32)> = moves.iter().map(|&p| (p, placement_points(rules, board, p).points)).collect();
    let Some(top) = scored.iter().map(|x| x.1).max() else { return 0 };
    let mut best = 0;
    for &(p, points) in scored.iter().filter(|x| x.1 == top) {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        let (next, rest) = after(board, hand, p);
        best = best.max(points + greedy_total(rules, &next, rest, budget));
    }
    best
}

fn solve_best_turn(rules: &RuleSet, board: &Board, hand: TileSet) -> Result<Solved, SolveError> {
    let mut s = Best { rules, memo: HashMap::new(), nodes: 0 };
    let best = s.best(board, hand, &mut Vec::new())?;
    let mut out = (Vec::new(), HashSet::new(), 0u64);
    s.collect(board, hand, &mut Vec::new(), &mut out)?;
    // Every line played to its end, as for go_out.
    let mut lines = Search {
        kind: Kind::GoOut,
        memo: HashMap::new(),
        answers: Vec::new(),
        answer_keys: HashSet::new(),
        solutions: 0,
        nodes: 0,
    };
    let (all, _) = lines.run(board, hand, &mut Vec::new())?;
    let alternatives = board.count_placements(hand) as u32;
    let winning = out.2.min(all);
    let losing_per_mille = ((all - winning) as u128 * 1000).checked_div(all as u128).unwrap_or(0) as u32;
    Ok(Solved {
        goal: Goal::Points(best),
        answers: out.0,
        difficulty: Difficulty {
            score: losing_per_mille + 40 * hand.len() as u32 + alternatives,
            alternatives,
            nodes: s.nodes,
            solutions: out.1.len() as u32,
            lines: all,
            winning,
        },
    })
}

/// The most points a `best_turn` position can still make, and a placement
/// that keeps it (none when nothing is left to place).
fn best_from(rules: &RuleSet, board: &Board, hand: TileSet) -> Option<(i32, Option<Placement>)> {
    let mut s = Best { rules, memo: HashMap::new(), nodes: 0 };
    let best = s.best(board, hand, &mut Vec::new()).ok()?;
    let first = s.best_moves(board, hand, &mut Vec::new()).ok()?.first().map(|x| x.0);
    Some((best, if best > 0 { first } else { None }))
}

/// Whether `solved` has the property its kind needs to be a puzzle; the
/// reason when not.
///
/// - `max_points`: one answer among at least 6 placements of at least 3
///   tiles, and not the obvious one: the answer is not the only placement
///   of the highest playable tile.
/// - `go_out`: 3 to 6 tiles, at least 2 first moves, at most 3 answers, and
///   at least a third of the lines fail.
/// - `connect`: 2 or 3 groups, 2 to 6 tiles, at least 2 first moves, at
///   most 2 answers, and at least one line fails.
/// - `best_turn`: 3 to 6 tiles, at least 3 first moves, one answer, and no
///   shortcut: always playing the placement that scores the most now (every
///   tie tried) falls short of the goal.
pub fn accepts(kind: Kind, rules: &RuleSet, board: &Board, hand: TileSet, solved: &Solved) -> Result<(), String> {
    let d = &solved.difficulty;
    match kind {
        Kind::MaxPoints => {
            if d.solutions != 1 {
                return Err(format!("{} placements share the best score", d.solutions));
            }
            if d.alternatives < 6 {
                return Err(format!("only {} legal placements", d.alternatives));
            }
            let moves = board.placements_for(hand);
            let playable: TileSet = moves.iter().map(|p| p.tile).collect();
            if playable.len() < 3 {
                return Err(format!("only {} tiles can be played", playable.len()));
            }
            let top = playable.iter().max_by_key(|t| (t.value(), t.rank())).unwrap_or(solved.answers[0][0].tile);
            let top_moves = moves.iter().filter(|p| p.tile == top).count();
            if solved.answers[0][0].tile == top && top_moves == 1 {
                return Err("the answer is the only placement of the highest tile".into());
            }
            Ok(())
        }
        Kind::GoOut | Kind::Connect => {
            if d.solutions == 0 {
                return Err("no answer".into());
            }
            if d.winning == d.lines {
                return Err("every line wins".into());
            }
            if d.alternatives < 2 {
                return Err("the first move is forced".into());
            }
            if kind == Kind::GoOut && d.winning * 3 > d.lines * 2 {
                return Err(format!("{} of {} lines win", d.winning, d.lines));
            }
            let (min, max_answers) = if kind == Kind::GoOut { (3, 3) } else { (2, 2) };
            if hand.len() < min || hand.len() > 6 {
                return Err(format!("{} tiles in hand", hand.len()));
            }
            if d.solutions > max_answers {
                return Err(format!("{} answers", d.solutions));
            }
            if kind == Kind::Connect {
                let n = groups(board).len();
                if !(2..=3).contains(&n) {
                    return Err(format!("{n} groups on the table"));
                }
            }
            Ok(())
        }
        Kind::BestTurn => {
            if !(3..=6).contains(&hand.len()) {
                return Err(format!("{} tiles in hand", hand.len()));
            }
            if d.alternatives < 3 {
                return Err(format!("only {} legal placements", d.alternatives));
            }
            if d.solutions != 1 {
                return Err(format!("{} answers", d.solutions));
            }
            let Goal::Points(goal) = solved.goal else { return Err("no points goal".into()) };
            let greedy = greedy_total(rules, board, hand, &mut 10_000);
            if greedy >= goal {
                return Err(format!("the greedy line makes {greedy} of {goal}"));
            }
            Ok(())
        }
    }
}

/// Re-solves a puzzle and checks everything it claims: the table builds,
/// the goal and difficulty are the solver's, the kind's property holds, and
/// the solution replays through the engine to the goal (for `max_points`:
/// it is the unique best placement). Returns the solver's result.
pub fn verify(p: &Puzzle) -> Result<Solved, String> {
    let board = p.position().map_err(|e| e.to_string())?;
    let hand = p.hand_set();
    let solved = solve(p.kind, &p.rules, &board, hand).map_err(|e| e.to_string())?;
    if solved.goal != p.goal {
        return Err(format!("goal {:?}, the solver finds {:?}", p.goal, solved.goal));
    }
    if solved.difficulty != p.difficulty {
        return Err(format!("difficulty {:?}, the solver measures {:?}", p.difficulty, solved.difficulty));
    }
    accepts(p.kind, &p.rules, &board, hand, &solved)?;
    match check_moves(p, &p.solution) {
        TryOutcome::Solved { .. } => {}
        other => return Err(format!("the solution does not hold: {other:?}")),
    }
    if p.kind == Kind::MaxPoints
        && solved.answers.first().map(|a| a[0].normalized()) != Some(p.solution[0].normalized())
    {
        return Err("the solution is not the best placement".into());
    }
    Ok(solved)
}

/// What a try (a list of placements from the puzzle's position) comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TryOutcome {
    /// Placement `index` puts a tile that is not in the hand (or was used).
    NotInHand {
        /// Which placement.
        index: usize,
        /// The tile.
        tile: Tile,
    },
    /// Placement `index` is not legal (which corner does not match, ...).
    Illegal {
        /// Which placement.
        index: usize,
        /// The engine's reason.
        error: PlacementError,
    },
    /// `max_points` takes one placement.
    OneTileOnly,
    /// `max_points`: a legal placement scoring fewer points than the goal.
    TooFewPoints {
        /// What it scored.
        points: i32,
        /// The best score.
        goal: i32,
    },
    /// The goal is reached.
    Solved {
        /// Points the placements scored.
        points: i32,
    },
    /// The tiles left cannot be placed any more.
    Stuck {
        /// The tiles left in hand.
        left: Vec<Tile>,
    },
    /// Every tile is placed but the table is still in several groups.
    NotJoined {
        /// How many groups.
        groups: usize,
    },
    /// `best_turn`: no tile left can be placed and the total is below the goal.
    Short {
        /// Points the placements scored.
        points: i32,
        /// The goal.
        goal: i32,
    },
    /// Legal so far; tiles are left and can be placed.
    Going {
        /// Tiles left in hand.
        left: usize,
        /// Points the placements scored so far.
        points: i32,
    },
}

/// Replays a try through the engine and says what it comes to.
pub fn check_moves(p: &Puzzle, moves: &[Placement]) -> TryOutcome {
    let mut board = match p.position() {
        Ok(b) => b,
        Err(_) => return TryOutcome::Stuck { left: p.hand.clone() },
    };
    if p.kind == Kind::MaxPoints && moves.len() > 1 {
        return TryOutcome::OneTileOnly;
    }
    let mut hand = p.hand_set();
    let mut points = 0;
    for (index, &m) in moves.iter().enumerate() {
        if !hand.contains(m.tile) {
            return TryOutcome::NotInHand { index, tile: m.tile };
        }
        if let Err(error) = board.check(m) {
            return TryOutcome::Illegal { index, error };
        }
        points += placement_points(&p.rules, &board, m).points;
        board.place(m.normalized());
        hand.remove(m.tile);
    }
    match p.kind {
        Kind::MaxPoints => match (&p.goal, moves.is_empty()) {
            (_, true) => TryOutcome::Going { left: hand.len(), points },
            (Goal::Points(goal), false) if points < *goal => TryOutcome::TooFewPoints { points, goal: *goal },
            _ => TryOutcome::Solved { points },
        },
        Kind::GoOut | Kind::Connect => {
            if hand.is_empty() {
                let n = groups(&board).len();
                if p.kind == Kind::Connect && n > 1 {
                    TryOutcome::NotJoined { groups: n }
                } else {
                    TryOutcome::Solved { points }
                }
            } else if !board.has_placement(hand) {
                TryOutcome::Stuck { left: hand.iter().collect() }
            } else {
                TryOutcome::Going { left: hand.len(), points }
            }
        }
        Kind::BestTurn => {
            let goal = match p.goal {
                Goal::Points(g) => g,
                _ => 0,
            };
            if points >= goal && !moves.is_empty() {
                TryOutcome::Solved { points }
            } else if !board.has_placement(hand) {
                TryOutcome::Short { points, goal }
            } else {
                TryOutcome::Going { left: hand.len(), points }
            }
        }
    }
}

/// What a hint tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// A placement of an answer that fits with the placements made so far
    /// and is legal now.
    Place(Placement),
    /// The placements made so far lead to no answer: take back this many
    /// (the last ones) first.
    Undo(usize),
}

/// A hint for a try in progress: one tile of an answer that agrees with the
/// placements made so far (in an order legal now), or how many of them to
/// take back. `None` when the puzzle cannot be solved or is already solved.
pub fn hint(p: &Puzzle, moves: &[Placement]) -> Option<Hint> {
    if p.kind == Kind::BestTurn {
        return best_turn_hint(p, moves);
    }
    let board = p.position().ok()?;
    let solved = solve(p.kind, &p.rules, &board, p.hand_set()).ok()?;
    let made: Vec<Placement> = moves.iter().map(|m| m.normalized()).collect();
    // The longest prefix of the moves that some answer contains.
    for keep in (0..=made.len()).rev() {
        let prefix = &made[..keep];
        for answer in &solved.answers {
            let a: Vec<Placement> = answer.iter().map(|m| m.normalized()).collect();
            if !prefix.iter().all(|m| a.contains(m)) {
                continue;
            }
            if keep < made.len() {
                return Some(Hint::Undo(made.len() - keep));
            }
            let mut b = board.clone();
            for &m in prefix {
                if b.check(m).is_err() {
                    return Some(Hint::Undo(made.len()));
                }
                b.place(m);
            }
            return a.iter().find(|m| !prefix.contains(m) && b.check(**m).is_ok()).map(|&m| Hint::Place(m));
        }
    }
    None
}

/// A `best_turn` hint: the points depend on the order, so the hint keeps the
/// longest prefix of the moves from which the goal can still be reached and
/// gives a placement that keeps the best total from there.
fn best_turn_hint(p: &Puzzle, moves: &[Placement]) -> Option<Hint> {
    let Goal::Points(goal) = p.goal else { return None };
    let start = p.position().ok()?;
    // The boards after each prefix of the legal moves, with the points so far.
    let mut states = vec![(start.clone(), p.hand_set(), 0)];
    for &m in moves {
        let (board, hand, points) = states.last()?.clone();
        if !hand.contains(m.tile) || board.check(m).is_err() {
            break;
        }
        let mut next = board.clone();
        let gained = placement_points(&p.rules, &board, m).points;
        next.place(m.normalized());
        let mut rest = hand;
        rest.remove(m.tile);
        states.push((next, rest, points + gained));
    }
    for keep in (0..states.len()).rev() {
        let (board, hand, points) = &states[keep];
        let (best, first) = best_from(&p.rules, board, *hand)?;
        if points + best >= goal {
            if keep < moves.len() {
                return Some(Hint::Undo(moves.len() - keep));
            }
            return first.map(Hint::Place);
        }
    }
    None
}
