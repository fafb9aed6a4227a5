//! What clients see, as JSON: numbered public deltas (one per accepted intent),
//! a seat's private view built from its [`Observation`], refusals as codes with
//! parameters. Nothing here reads another seat's hand or the pool.

use serde::Serialize;
use serde_json::{json, Value};
use triominos_core::{
    Action, Bonuses, Cell, Event, Game, IllegalAction, Observation, Phase, Public, RoundEnd, RulesError, ScoreEntry,
    Tile, TileSet,
};

/// What a seat (or the server, between rounds) asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// A game action (play, draw, pass).
    Act(Action),
    /// Deal the next round once a round is over.
    NextRound,
}

impl Intent {
    /// The stored and public form: the action's JSON, or `{"kind":"next_round"}`.
    pub fn to_json(self) -> Value {
        match self {
            Intent::Act(a) => serde_json::to_value(a).unwrap_or(Value::Null),
            Intent::NextRound => json!({"kind": "next_round"}),
        }
    }

    /// Parses the stored or client form.
    pub fn from_json(v: &Value) -> Option<Intent> {
        if v.get("kind").and_then(Value::as_str) == Some("next_round") {
            return Some(Intent::NextRound);
        }
        serde_json::from_value::<Action>(v.clone()).ok().map(Intent::Act)
    }

    /// Short name for logs: `play`, `draw`, `pass`, `next_round`.
    pub fn kind(self) -> &'static str {
        match self {
            Intent::Act(Action::Play { .. }) => "play",
            Intent::Act(Action::Draw) => "draw",
            Intent::Act(Action::Pass) => "pass",
            Intent::NextRound => "next_round",
        }
    }
}

/// A refusal: a stable code and its parameters, worded by the page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Refusal {
    /// Stable code, like `not_your_turn` or `placement`.
    pub code: String,
    /// Parameters for the message (may be null).
    pub params: Value,
}

impl Refusal {
    /// A refusal with parameters.
    pub fn new(code: &str, params: Value) -> Refusal {
        Refusal { code: code.into(), params }
    }

    /// A refusal without parameters.
    pub fn code(code: &str) -> Refusal {
        Refusal::new(code, Value::Null)
    }
}

impl From<RulesError> for Refusal {
    /// `unknown_preset {preset}`, `unknown_option {option}`, `bad_option
    /// {option, value}` or `inconsistent_rules {option, rule}`.
    fn from(e: RulesError) -> Refusal {
        match e {
            RulesError::UnknownPreset { preset } => Refusal::new("unknown_preset", json!({ "preset": preset })),
            RulesError::UnknownOption { option } => Refusal::new("unknown_option", json!({ "option": option })),
            RulesError::BadValue { option, value } => {
                Refusal::new("bad_option", json!({ "option": option, "value": value }))
            }
            RulesError::Inconsistent { option, rule } => {
                Refusal::new("inconsistent_rules", json!({ "option": option, "rule": rule.key() }))
            }
        }
    }
}

impl From<IllegalAction> for Refusal {
    fn from(e: IllegalAction) -> Refusal {
        let v = serde_json::to_value(e).unwrap_or(Value::Null);
        let code = v.get("code").and_then(Value::as_str).unwrap_or("illegal").to_string();
        Refusal { code, params: v.get("params").cloned().unwrap_or(Value::Null) }
    }
}

#[derive(Serialize)]
struct ScoreJson {
    round: u32,
    player: u8,
    reason: &'static str,
    points: i32,
}

impl From<&ScoreEntry> for ScoreJson {
    fn from(s: &ScoreEntry) -> ScoreJson {
        ScoreJson { round: s.round, player: s.player, reason: s.reason.name(), points: s.points }
    }
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum RoundEndJson {
    Out { player: u8 },
    Blocked,
}

#[derive(Serialize)]
struct Status<'a> {
    round: u32,
    phase: &'static str,
    to_move: u8,
    starter: u8,
    draws: u8,
    passes: u8,
    pool: usize,
    hand_sizes: &'a [u8],
    totals: &'a [i32],
    round_points: &'a [i32],
    round_end: Option<RoundEndJson>,
    round_winners: Vec<u8>,
    winners: Vec<u8>,
    reached: Vec<u8>,
}

impl<'a> Status<'a> {
    fn of(p: &'a Public) -> Status<'a> {
        Status {
            round: p.round(),
            phase: match p.phase() {
                Phase::Playing => "playing",
                Phase::RoundOver => "round_over",
                Phase::GameOver => "game_over",
            },
            to_move: p.to_move(),
            starter: p.starter(),
            draws: p.draws_this_turn(),
            passes: p.consecutive_passes(),
            pool: p.pool_size(),
            hand_sizes: p.hand_sizes(),
            totals: p.totals(),
            round_points: p.round_points(),
            round_end: p.round_end().map(|e| match e {
                RoundEnd::Out(player) => RoundEndJson::Out { player },
                RoundEnd::Blocked => RoundEndJson::Blocked,
            }),
            round_winners: p.round_winners().iter().collect(),
            winners: p.winners().iter().collect(),
            reached: p.reached_target().iter().collect(),
        }
    }
}

/// The public status after an intent: everything a spectator may know besides the log.
pub fn status(p: &Public) -> Value {
    serde_json::to_value(Status::of(p)).unwrap_or(Value::Null)
}

/// Lengths of the public event list and score sheet, taken before an intent.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mark {
    events: usize,
    scores: usize,
}

impl Mark {
    /// The mark of a game now.
    pub fn of(game: &Game) -> Mark {
        Mark { events: game.public().events().len(), scores: game.public().score_sheet().len() }
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum ActionJson {
    Act(Action),
    Other { kind: &'static str },
}

#[derive(Serialize)]
struct Delta<'a> {
    v: u64,
    seat: Option<u8>,
    action: ActionJson,
    events: &'a [Event],
    scores: Vec<ScoreJson>,
    status: Status<'a>,
}

fn delta_of(game: &Game, before: Mark, v: u64, seat: Option<u8>, intent: Option<Intent>) -> Delta<'_> {
    let p = game.public();
    let action = match intent {
        Some(Intent::Act(a)) => ActionJson::Act(a),
        Some(Intent::NextRound) => ActionJson::Other { kind: "next_round" },
        None => ActionJson::Other { kind: "start" },
    };
    Delta {
        v,
        seat,
        action,
        events: &p.events()[before.events..],
        scores: p.score_sheet()[before.scores..].iter().map(ScoreJson::from).collect(),
        status: Status::of(p),
    }
}

/// The public delta numbered `v`: who did what (a draw shows no tile), the
/// public events and score changes it caused, and the status after it.
pub fn delta(game: &Game, before: Mark, v: u64, seat: Option<u8>, intent: Option<Intent>) -> Value {
    serde_json::to_value(delta_of(game, before, v, seat, intent)).unwrap_or(Value::Null)
}

/// [`delta`] as JSON text.
pub fn delta_text(game: &Game, before: Mark, v: u64, seat: Option<u8>, intent: Option<Intent>) -> String {
    serde_json::to_string(&delta_of(game, before, v, seat, intent)).unwrap_or_default()
}

#[derive(Serialize)]
struct Legal {
    tile: Tile,
    cell: Cell,
    rotation: u8,
    points: i32,
    bonuses: Bonuses,
}

#[derive(Serialize)]
struct Me {
    seat: u8,
    hand: TileSet,
    drawn: Option<Tile>,
    my_turn: bool,
    legal: Vec<Legal>,
    can_draw: bool,
    can_pass: bool,
}

/// A seat's private view, from its observation only: its hand, the tile it just
/// drew, its legal placements with the points each would score, and whether it
/// may draw or pass. As JSON text.
pub fn me_text(obs: &Observation) -> String {
    let mut legal = Vec::new();
    let mut can_draw = false;
    let mut can_pass = false;
    for a in obs.legal_actions() {
        match a {
            Action::Play { placement: pl, .. } => {
                let s = obs.public().placement_score(pl);
                let (points, bonuses) = (s.points, s.bonuses);
                legal.push(Legal { tile: pl.tile, cell: pl.cell, rotation: pl.rotation, points, bonuses });
            }
            Action::Draw => can_draw = true,
            Action::Pass => can_pass = true,
        }
    }
    let me = Me {
        seat: obs.seat(),
        hand: obs.hand(),
        drawn: obs.drawn_tile(),
        my_turn: obs.is_my_turn(),
        legal,
        can_draw,
        can_pass,
    };
    serde_json::to_string(&me).unwrap_or_default()
}
