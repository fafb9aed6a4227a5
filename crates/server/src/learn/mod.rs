//! The interactive tutorial (`/learn`): lessons are data (one JSON file per
//! lesson under `crates/server/lessons/`, embedded in the binary, format in
//! docs/lessons.md), each a scripted position set up in the engine
//! ([`triominos_core::position::Position`]) and a goal. The engine judges
//! every try: a refused action comes back with the engine's reason (which
//! corner disagrees...), a legal one with its score items, and the goal is
//! checked on what the engine says happened.
//!
//! Routes: `GET /api/learn` (the lesson sets), `GET /api/learn/{preset}` (a
//! set's lessons, ready to draw), `POST /api/learn/{preset}/{name}` with
//! `{"action": ACTION}` (a try, answered with a [`Verdict`]).

pub mod routes;

use crate::protocol::learn::{Goal, Item, LessonView, Placed, SetView, Verdict};
use crate::protocol::Refusal;
use crate::rules::options_of;
use serde::Deserialize;
use std::collections::BTreeMap;
use triominos_core::notation;
use triominos_core::position::{Position, PositionError};
use triominos_core::{Action, Game, IllegalAction, Placement, RoundEnd, RuleSet, Tile, TileSet};

macro_rules! lessons {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../lessons/", $name, ".json")))),*]
    };
}

/// Every lesson file: its path under `lessons/` without `.json`, and its text.
/// A set's lesson `NAME` is `PRESET/NAME` when that file exists, else `common/NAME`.
pub const FILES: &[(&str, &str)] = lessons!(
    "common/corners",
    "common/rotate",
    "common/score",
    "common/draw",
    "common/drawn",
    "common/failed",
    "common/bridge",
    "common/hexagon",
    "common/double-hexagon",
    "common/out",
    "common/blocked",
    "common/end",
    "goliath/opening",
    "goliath/drawn",
    "pressman/opening",
    "pressman/zero",
    "pressman/extension",
    "dominos-triangles/opening",
    "dominos-triangles/failed",
);

/// The lesson sets: for each preset, its lessons' names in order.
pub const SETS: &str = include_str!("../../lessons/sets.json");

/// One lesson file (docs/lessons.md). The player is seat 0, to move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// What to do.
    pub goal: Goal,
    /// An action that meets the goal (the "show me" answer; replayed by the tests).
    pub solution: Action,
    /// A plausible wrong answer, which must be refused or miss the goal.
    pub wrong: Action,
    /// Which of the preset's rule sentences to show with the lesson
    /// (`start`, `draw`, `blocked`, `end`).
    #[serde(default)]
    pub rule: Option<String>,
    /// The placements on the board, in order (played alternately from `starter`).
    #[serde(default)]
    pub board: Vec<Placement>,
    /// Who placed the first tile of `board`.
    #[serde(default)]
    pub starter: u8,
    /// The player's hand.
    pub hand: Vec<Tile>,
    /// The other players' hands (hidden: only their sizes are shown until the round ends).
    #[serde(default)]
    pub others: Vec<Vec<Tile>>,
    /// The pool in draw order.
    #[serde(default)]
    pub pool: Vec<Tile>,
    /// The totals before the lesson, by seat.
    #[serde(default)]
    pub totals: Vec<i32>,
    /// Passes in a row just before the player's turn.
    #[serde(default)]
    pub passes: u8,
    /// Actions of the player played before the lesson starts (a draw...).
    #[serde(default)]
    pub prelude: Vec<Action>,
}

/// Why a lesson cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    /// No such set or lesson.
    #[error("no such lesson")]
    NotFound,
    /// The file is not a lesson.
    #[error("not a lesson: {path}: {source}")]
    BadFile {
        /// The lesson file.
        path: &'static str,
        /// What is wrong with it.
        source: serde_json::Error,
    },
    /// The position is refused by the engine.
    #[error("position: {0}")]
    Position(PositionError),
    /// A prelude action is refused by the engine.
    #[error("prelude action {index}: {source}")]
    Prelude {
        /// Which action of the prelude.
        index: usize,
        /// The engine's refusal.
        source: IllegalAction,
    },
    /// The solution cannot be written in the move notation on the lesson's board.
    #[error("the solution of {path} cannot be written in the notation: {source}")]
    Notation {
        /// The lesson file.
        path: &'static str,
        /// The writer's refusal.
        source: notation::NotationError,
    },
}

/// The sets: preset name to lesson names, in order.
pub fn sets() -> BTreeMap<String, Vec<String>> {
    serde_json::from_str(SETS).unwrap_or_default()
}

/// The file of a set's lesson: `PRESET/NAME`, else `common/NAME`.
pub fn file_of(preset: &str, name: &str) -> Option<(&'static str, &'static str)> {
    let own = format!("{preset}/{name}");
    let common = format!("common/{name}");
    FILES.iter().find(|(p, _)| *p == own).or_else(|| FILES.iter().find(|(p, _)| *p == common)).copied()
}

/// A lesson of a set, read.
pub fn lesson(preset: &str, name: &str) -> Result<(&'static str, Lesson), LessonError> {
    if !sets().get(preset).is_some_and(|l| l.iter().any(|n| n == name)) {
        return Err(LessonError::NotFound);
    }
    let (path, text) = file_of(preset, name).ok_or(LessonError::NotFound)?;
    let lesson = serde_json::from_str(text).map_err(|source| LessonError::BadFile { path, source })?;
    Ok((path, lesson))
}

impl Lesson {
    /// The seat that placed each board tile (alternately from `starter`).
    pub fn board_seat(&self, index: usize) -> u8 {
        let n = (self.others.len() + 1).max(1);
        ((self.starter as usize + index) % n) as u8
    }

    /// The game at the lesson's start: the position set up in the engine
    /// and the prelude played.
    pub fn game(&self, rules: RuleSet) -> Result<Game, LessonError> {
        let mut hands = vec![self.hand.iter().copied().collect::<TileSet>()];
        hands.extend(self.others.iter().map(|h| h.iter().copied().collect::<TileSet>()));
        let position = Position {
            board: self.board.clone(),
            hands,
            pool: self.pool.clone(),
            to_move: 0,
            starter: self.starter,
            totals: self.totals.clone(),
            passes: self.passes,
        };
        let mut game = Game::from_position(rules, &position).map_err(LessonError::Position)?;
        for (i, &a) in self.prelude.iter().enumerate() {
            game.play_as(0, a).map_err(|source| LessonError::Prelude { index: i, source })?;
        }
        Ok(game)
    }
}

/// Plays `action` for the player in the lesson's position and judges it.
pub fn judge(lesson: &Lesson, rules: RuleSet, action: Action) -> Result<Verdict, LessonError> {
    let mut game = lesson.game(rules)?;
    let before = game.public().score_sheet().len();
    let hand_before = game.hand(0).unwrap_or_default();
    let mut v = Verdict {
        solved: false,
        refusal: None,
        points: 0,
        bonuses: Vec::new(),
        items: Vec::new(),
        drawn: None,
        turn_over: false,
        round_end: None,
        hands: None,
        game_over: false,
        winners: Vec::new(),
        totals: game.totals().to_vec(),
    };
    let out = match game.play_as(0, action) {
        Ok(out) => out,
        Err(e) => {
            v.refusal = Some(Refusal::of(e));
            return Ok(v);
        }
    };
    v.points = out.points;
    v.bonuses = out.bonuses.names().collect();
    v.items = game.public().score_sheet()[before..]
        .iter()
        .map(|e| Item { player: e.player, reason: e.reason.name(), points: e.points })
        .collect();
    if action == Action::Draw {
        v.drawn = game.hand(0).unwrap_or_default().difference(hand_before).iter().next();
    }
    v.turn_over = out.turn_over;
    v.round_end = out.round_end.map(|e| match e {
        RoundEnd::Out(_) => "out",
        RoundEnd::Blocked => "blocked",
    });
    if out.round_end.is_some() {
        v.hands = Some(game.hands().iter().map(|h| h.iter().collect()).collect());
    }
    v.game_over = out.game_over;
    v.winners = game.winners().iter().collect();
    v.totals = game.totals().to_vec();
    v.solved = match &lesson.goal {
        Goal::Place { tile } => action.placement().is_some_and(|p| tile.is_none_or(|t| t == p.tile)),
        Goal::Score { at_least } => action.placement().is_some() && out.points >= *at_least,
        Goal::Bonus { bonus } => out.bonuses.names().any(|n| n == bonus),
        Goal::Draw { fail } => action == Action::Draw && (!fail || out.turn_over),
        Goal::Out => out.round_end == Some(RoundEnd::Out(0)),
        Goal::Blocked => out.round_end == Some(RoundEnd::Blocked),
        Goal::Win => out.game_over && game.winners().contains(0),
    };
    Ok(v)
}

/// The lessons of a preset's set, each set up in the engine.
pub fn set_view(preset: &str) -> Result<SetView, LessonError> {
    let names = sets().get(preset).cloned().ok_or(LessonError::NotFound)?;
    let rules = RuleSet::preset(preset).map_err(|_| LessonError::NotFound)?;
    let mut lessons = Vec::new();
    for name in names {
        let (path, l) = lesson(preset, &name)?;
        let game = l.game(rules)?;
        let p = game.public();
        let hand = game.hand(0).unwrap_or_default();
        // The draw and the pass offered as the engine allows them to the player (seat 0).
        let legal = game.observe(0).legal_actions();
        let mut shown: Vec<Tile> = l.hand.iter().copied().filter(|t| hand.contains(*t)).collect();
        shown.extend(hand.iter().filter(|t| !l.hand.contains(t)));
        lessons.push(LessonView {
            name,
            text: format!("learn.{}", path.replace('/', ".")),
            rule: l.rule.clone(),
            goal: l.goal.clone(),
            solution: l.solution,
            wrong: l.wrong,
            board: l
                .board
                .iter()
                .enumerate()
                .map(|(i, &pl)| Placed { placement: pl, player: l.board_seat(i) })
                .collect(),
            hand: shown,
            drawn: game.drawn_tile(),
            draws: p.draws_this_turn(),
            hand_sizes: p.hand_sizes().to_vec(),
            pool: p.pool_size(),
            totals: p.totals().to_vec(),
            open: p.board().frontier().iter().map(|f| f.cell).collect(),
            can_draw: legal.contains(&Action::Draw),
            can_pass: legal.contains(&Action::Pass),
            solution_notation: notation::write(l.solution, p.board())
                .map_err(|source| LessonError::Notation { path, source })?,
        });
    }
    Ok(SetView { preset: preset.to_string(), options: options_of(&rules), lessons })
}
