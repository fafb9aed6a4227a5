//! The games' JSON API: `GET /api/meta` answers [`Meta`]; `POST /api/games`
//! takes [`CreateGame`] and answers [`Created`]; `GET /api/games` answers
//! [`GameList`]; `GET /api/games/{id}` answers [`GameInfo`]; the replays
//! answer [`Replay`]; a review answers [`GameReview`].

use super::common::{Pace, PublicGame, PublicSeat, SeatKind};
use super::socket::{Delta, GameStatus, HintUse};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use triominos_core::rules::OptionDef;
use triominos_core::{Seats, Tile, TileSet};

/// One seat asked for in [`CreateGame`].
#[derive(Clone, Debug, Deserialize, ts_rs::TS)]
pub struct SeatRequest {
    /// Human or bot.
    pub kind: SeatKind,
    /// Display name (may be empty).
    #[serde(default)]
    pub name: String,
    /// Bot level (bots).
    #[serde(default)]
    pub level: Option<String>,
}

/// `POST /api/games`: `{preset, options, seats: [{kind, name, level}], seed?}`.
#[derive(Clone, Debug, Deserialize, ts_rs::TS)]
pub struct CreateGame {
    /// Preset name.
    pub preset: String,
    /// House rules: option name to value.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The seats in order.
    pub seats: Vec<SeatRequest>,
    /// The dealing seed (random when missing). Refused (`seed_not_allowed`)
    /// for a game with people unless the server runs with
    /// the server's `ServeConfig::fixed_seeds`; shown once the game is over.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Whether the people at the table may ask for a suggested move (see
    /// [`ClientMsg::Hint`](super::socket::ClientMsg::Hint)); off when missing.
    #[serde(default)]
    pub hints: bool,
    /// The table's pace (untimed when missing; see [`Pace`]); refused with
    /// `bad_pace` when not one offered.
    #[serde(default)]
    pub pace: Pace,
    /// The level of the bot that stands in for a person out of time or
    /// resigned: a named level (`casual` when missing).
    #[serde(default)]
    pub stand_in: Option<String>,
    /// Whether a person may ask to take back their last placement (the
    /// others accept or refuse: [`ClientMsg::Takeback`](super::socket::ClientMsg::Takeback));
    /// off when missing.
    #[serde(default)]
    pub takebacks: bool,
    /// Whether a table of several people waits for them to open their links
    /// before its game starts (a waiting room, [`Waiting`](super::Waiting);
    /// the default). `false`: it starts when made, for a client that seats
    /// every person itself at once (a script). A table of one person and
    /// bots always starts when made.
    #[serde(default = "yes")]
    pub wait: bool,
    /// Whether the finished game is listed on the front page ("Finished
    /// games", `GET /api/games`) for any visitor. When missing: a game with a
    /// person (a table of friends, a solo game) is private, listed nowhere
    /// and opened only through its links (a seat's, or the spectator link
    /// `/g/ID`, which its replay and review share); a game of bots alone is
    /// listed.
    #[serde(default)]
    pub listed: Option<bool>,
}

fn yes() -> bool {
    true
}

/// One seat of a new game, with its secret link (humans).
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct CreatedSeat {
    /// Seat number.
    pub seat: usize,
    /// Human or bot.
    pub kind: SeatKind,
    /// Display name.
    pub name: String,
    /// Bot level.
    pub level: Option<String>,
    /// The seat's secret link (humans).
    pub link: Option<String>,
}

/// The answer to [`CreateGame`].
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct Created {
    /// Game id.
    pub id: String,
    /// Every seat.
    pub seats: Vec<CreatedSeat>,
    /// The spectator link.
    pub spectator: String,
}

/// `GET /api/games/{id}`: the public game, its version and status.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct GameInfo {
    /// The game.
    #[serde(flatten)]
    pub game: PublicGame,
    /// Accepted intents so far.
    pub version: u64,
    /// Where it stands.
    pub status: GameStatus,
    /// The deal seed, once the game is over (never before: it tells every hand).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// What the list of finished games shows of one; stored with the game when it ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct GameSummary {
    /// Whether the game is listed among the finished games (the creator's
    /// choice, [`CreateGame::listed`]); summaries stored before it read as
    /// private. Written first: the store lists the summaries holding
    /// `"listed":true` (the server's `store::LISTED`).
    #[serde(default)]
    pub listed: bool,
    /// Preset name.
    pub preset: String,
    /// The seats.
    pub seats: Vec<PublicSeat>,
    /// Final totals.
    pub totals: Vec<i32>,
    /// The winners.
    pub winners: Seats,
    /// Rounds played.
    pub rounds: u32,
    /// A table cancelled before it started (left out of the lists).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cancelled: bool,
}

/// One finished game in [`GameList`].
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct FinishedGame {
    /// Game id.
    pub id: String,
    /// Unix seconds when it was created.
    pub created: i64,
    /// Unix seconds when it ended.
    pub finished: i64,
    /// Its summary.
    pub summary: GameSummary,
}

/// `GET /api/games`: the finished games, newest first.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct GameList {
    /// The games.
    pub games: Vec<FinishedGame>,
}

/// One preset in [`Meta`]: its player range and every option's value.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct PresetMeta {
    /// Preset name.
    pub name: &'static str,
    /// Fewest players.
    pub min_players: u8,
    /// Most players.
    pub max_players: u8,
    /// Every option's value in this preset.
    pub options: BTreeMap<&'static str, String>,
}

/// One named bot level in [`Meta`], with how strong it measured:
/// `{"id": "expert", "bot": "mcts", "against": "greedy", "win_rate": 0.9,
/// "games": 200, "at_least": true, "think_ms": 1000}`.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct LevelMeta {
    /// The level's id (`level` of a bot seat).
    pub id: &'static str,
    /// The bot that plays it.
    pub bot: &'static str,
    /// The bot its strength was measured against (`greedy`, the bot of `casual`).
    pub against: &'static str,
    /// Share of the games it won against `against`, 0 to 1.
    pub win_rate: f64,
    /// Games the figure comes from.
    pub games: u32,
    /// Measured at a smaller budget than its own: it is at least this strong.
    pub at_least: bool,
    /// Its time budget a move in milliseconds, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<u64>,
}

/// `GET /api/meta`: presets, bot levels, the option schema.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct Meta {
    /// The presets.
    pub presets: Vec<PresetMeta>,
    /// The bot levels people pick (ids of the named levels), weakest first.
    pub levels: Vec<&'static str>,
    /// The same levels with how strong each one is, in the same order.
    pub level_info: Vec<LevelMeta>,
    /// Every option, in the rules' order: `{"name": "max_draws", "kind":
    /// {"type": "int", "min": 1, "max": 50}, "help": "opt.max_draws",
    /// "defaults": {"goliath": "3", ...}}`.
    pub options: &'static [OptionDef],
    /// Every option's name, in the rules' order (the same as `options`; kept
    /// while pages still read it).
    pub option_names: Vec<&'static str>,
}

/// A replay: the game and every step, each with every hand.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct Replay {
    /// The game.
    pub game: PublicGame,
    /// Every step.
    pub frames: Vec<Frame>,
    /// The hints used, per round and seat (a game of the server with hints).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hints_used: Vec<HintUse>,
}

/// One step of a [`Replay`]: the delta the live game sent, with every hand
/// after it and the tile drawn (when the step is a draw).
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct Frame {
    /// The delta.
    #[serde(flatten)]
    pub delta: Delta,
    /// Every seat's hand after the step.
    pub hands: Vec<TileSet>,
    /// The tile drawn by this step.
    pub drawn: Option<Tile>,
}

/// `GET /api/games/{id}/review?seat=N`: the game, the seat reviewed, the
/// replay frame before each decision (`frames[k]`, in [`Replay`]'s frames)
/// and the review (what `triominos review --json` prints).
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct GameReview {
    /// The game.
    pub game: PublicGame,
    /// The seat reviewed.
    pub seat: u8,
    /// The replay frame before each decision.
    pub frames: Vec<usize>,
    /// The review.
    #[ts(type = "unknown")]
    pub review: triominos_bots::review::Review,
    /// Each decision's played and best moves in the move notation
    /// (docs/notation.md), written on the board the player faced, in the
    /// order of the review's decisions.
    pub notation: Vec<DecisionMoves>,
}

/// A review decision's two moves in the move notation (`255L555`, `draw`);
/// `null` where a move has no name on that board (never in a real game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct DecisionMoves {
    /// The move played.
    pub played: Option<String>,
    /// The judge's preferred move.
    pub best: Option<String>,
}
