//! The wire protocol: every message the browser sends and receives, over the
//! WebSocket of a game and as the bodies of the JSON API, as typed serde
//! structs and enums. Nothing else in the server builds JSON by hand.
//!
//! One shape for each concept: a seat set is a list of seat numbers
//! ([`Seats`]), a round end is `{"kind": "out", "player": p}` or
//! `{"kind": "blocked"}` ([`RoundEndWire`]), a refusal is `{"code", "params"}`
//! ([`Refusal`]), tiles are `"1-2-4"`, cells `[c, r]`, placements
//! `{"tile", "cell", "rotation"}` (the core's serde forms).
//!
//! # WebSocket
//!
//! Client to server ([`ClientMsg`], tagged by `type`): first `hello` (with the
//! seat's token, or none for a spectator: the address `/ws/{id}` never
//! carries it), then `action` (with an [`Intent`] and the client's message
//! id), `next_round`, `since` (the deltas after a version), `snapshot`, `ping`,
//! `hint` (suggest a move; not an action).
//!
//! Server to client ([`ServerMsg`], tagged by `type`): `snapshot` (everything),
//! `update` (new numbered [`Delta`]s and the seat's private view [`Me`]), `ack`
//! (an intent of this connection was stored and applied; sent again, with
//! `"duplicate": true`, for an intent whose id the seat already used), `presence`, `error`
//! (a refusal; nothing changed), `pong`, `hint` (the move suggested to this
//! connection, [`Hint`]), `hints_used` (to everyone: the hints given so far, [`HintUse`]).
//!
//! # HTTP
//!
//! `GET /api/meta` answers [`Meta`]; `POST /api/games` takes [`CreateGame`] and
//! answers [`Created`]; `GET /api/games` answers [`GameList`]; `GET
//! /api/games/{id}` answers [`GameInfo`]; the replays answer [`Replay`]. The
//! score pad's bodies are in [`pad`].

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::collections::BTreeMap;
use triominos_core::{
    Action, Bonuses, Cell, Event, IllegalAction, Phase, Placement, Public, RoundEnd, ScoreEntry, Tile, TileSet,
};

pub use triominos_core::rules::OptionDef;
pub use triominos_core::{RulesError, Seats};

// ---------- Shared pieces ----------

/// How a round ended: `{"kind": "out", "player": p}` or `{"kind": "blocked"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoundEndWire {
    /// This seat placed their last tile.
    Out {
        /// The seat.
        player: u8,
    },
    /// Everyone passed in turn with the pool empty.
    Blocked,
}

impl From<RoundEnd> for RoundEndWire {
    fn from(e: RoundEnd) -> RoundEndWire {
        match e {
            RoundEnd::Out(player) => RoundEndWire::Out { player },
            RoundEnd::Blocked => RoundEndWire::Blocked,
        }
    }
}

/// A refusal: a stable code and its parameters (`null` when it has none),
/// worded by the page in the player's language. Nothing changed.
///
/// Built only from typed refusals: [`Refused`] (the server's own), the
/// engine's [`IllegalAction`] and [`RulesError`], the score pad's errors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    /// Stable code, like `not_your_turn` or `placement`.
    pub code: String,
    /// Parameters for the message.
    pub params: Value,
}

impl Refusal {
    /// A refusal from a typed error that serializes as `{"code", "params"?}`
    /// (serde's `tag = "code", content = "params"`).
    pub fn of(tagged: impl Serialize) -> Refusal {
        let mut v = serde_json::to_value(tagged).unwrap_or(Value::Null);
        let code = v.get("code").and_then(Value::as_str).unwrap_or("unknown").to_string();
        let params = v.get_mut("params").map(Value::take).unwrap_or(Value::Null);
        Refusal { code, params }
    }

    /// The same refusal with one more parameter (the params become an object).
    pub fn with(mut self, name: &str, value: impl Serialize) -> Refusal {
        let mut params = match self.params {
            Value::Object(m) => m,
            _ => serde_json::Map::new(),
        };
        params.insert(name.into(), serde_json::to_value(value).unwrap_or(Value::Null));
        self.params = Value::Object(params);
        self
    }
}

/// The server's own refusals, with their parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum Refused {
    /// No such page or route.
    NotFound,
    /// No game has this id.
    GameNotFound,
    /// The body or message is not the JSON expected.
    BadJson,
    /// A WebSocket message too long to read.
    TooLarge {
        /// The longest accepted, in bytes.
        max: usize,
    },
    /// A WebSocket message of an unknown type.
    UnknownMessage {
        /// The type given.
        #[serde(rename = "type")]
        kind: String,
    },
    /// An action that could not be read.
    BadAction,
    /// A spectator tried to act.
    Spectator,
    /// The token does not open a seat of this game.
    BadToken,
    /// The address is for a WebSocket.
    NotWebsocket,
    /// The game is over.
    GameOver,
    /// The next round was asked for during a round.
    RoundNotOver,
    /// Another seat is to act.
    NotYourTurn {
        /// The seat to act.
        expected: u8,
        /// The seat that tried.
        got: u8,
    },
    /// The number of seats does not suit the rules.
    BadPlayerCount {
        /// Fewest players.
        min: u8,
        /// Most players.
        max: u8,
        /// Seats asked for.
        got: usize,
    },
    /// No bot has this level.
    UnknownLevel {
        /// The level given (`null` when missing).
        level: Option<String>,
    },
    /// A stored game could not be set up again.
    BadSetup,
    /// A stored game's log could not be replayed.
    BadLog,
    /// The record of a game still being played would show its hands.
    GameNotFinished,
    /// A `.tri` record that does not replay.
    BadRecord {
        /// The first bad line.
        line: usize,
        /// Why, as the record checker says it (English; the page translates the known ones).
        reason: String,
    },
    /// A body that is not UTF-8 text.
    NotUtf8,
    /// Storage failed.
    StorageFailed,
    /// The sheet changed since the version the change was made on.
    StaleSheet {
        /// The sheet's version now.
        version: i64,
    },
    /// No sheet has this id.
    SheetNotFound,
    /// A stored sheet could not be read.
    BadSheet,
    /// An entry that could not be read.
    BadEntry {
        /// What was wrong with it.
        detail: String,
    },
    /// A sheet may not hold more entries.
    TooManyEntries {
        /// The most entries a sheet holds.
        max: usize,
    },
    /// As many games of bots alone as the server plays at once are playing.
    TooManyBotGames {
        /// The most games of bots alone at once.
        max: usize,
    },
    /// A hint was asked for in a game set up without hints.
    HintsOff,
    /// A hint was asked for while this seat's last one is still being worked out.
    HintBusy,
    /// The game moved on before the hint was ready (nothing was counted).
    HintStale,
    /// The game's rows could not be read from storage (the error is in the log).
    GameUnreadable,
    /// The stored game does not replay: it is set aside, not played (the log names it).
    GameDamaged,
    /// This client has as many unfinished games as one client may have.
    TooManyGames {
        /// The most unfinished games of one client.
        max: usize,
    },
    /// The server holds as many unfinished games as it takes.
    ServerFull {
        /// The most unfinished games in all.
        max: usize,
    },
    /// This client creates games too fast.
    TooFast {
        /// Seconds until it may create the next one.
        retry_after: u64,
    },
    /// A game with people may not be given its deal seed (whoever chose it
    /// would know every hand); the server draws it.
    SeedNotAllowed,
    /// A player name holds a control character (a bidi override or isolate,
    /// a line break...).
    BadName {
        /// Which name, counted from 1.
        n: usize,
    },
    /// The address does not take this method.
    MethodNotAllowed,
    /// The address's query (`?limit=...`) could not be read.
    BadQuery,
    /// The sheet's owner key is missing or wrong (a change to a sheet needs it).
    BadSheetKey,
    /// The sheet has an owner key already: it cannot be claimed.
    SheetClaimed,
    /// Any other refusal of the HTTP layer, by its status.
    HttpError {
        /// The HTTP status.
        status: u16,
    },
    /// An uploaded `.tri` record longer than the server reads (HTTP 413).
    RecordTooLarge {
        /// The most bytes read.
        max: usize,
    },
    /// An uploaded `.tri` record with more rounds or actions than the server
    /// replays (HTTP 413); refused before any replay.
    RecordTooLong {
        /// Its rounds.
        rounds: usize,
        /// Its actions.
        actions: usize,
        /// The most rounds replayed.
        max_rounds: usize,
        /// The most actions replayed.
        max_actions: usize,
    },
    /// As many replays as the server computes at once are running or waiting
    /// (HTTP 503); try again in a moment.
    ReplaysBusy {
        /// Replays computed at once.
        max: usize,
    },
    /// A game's WebSocket did not begin with `{"type":"hello"}` (in time).
    HelloExpected,
}

impl Refused {
    /// Every code, for the translations' test: the code of each variant (its
    /// [`Refusal`]'s) is in it (checked by an exhaustive test).
    pub const CODES: [&'static str; 45] = [
        "not_found",
        "game_not_found",
        "bad_json",
        "too_large",
        "unknown_message",
        "bad_action",
        "spectator",
        "bad_token",
        "not_websocket",
        "game_over",
        "round_not_over",
        "not_your_turn",
        "bad_player_count",
        "unknown_level",
        "bad_setup",
        "bad_log",
        "game_not_finished",
        "bad_record",
        "not_utf8",
        "storage_failed",
        "stale_sheet",
        "sheet_not_found",
        "bad_sheet",
        "bad_entry",
        "too_many_entries",
        "too_many_bot_games",
        "hints_off",
        "hint_busy",
        "hint_stale",
        "game_unreadable",
        "game_damaged",
        "too_many_games",
        "server_full",
        "too_fast",
        "seed_not_allowed",
        "bad_name",
        "method_not_allowed",
        "bad_query",
        "bad_sheet_key",
        "sheet_claimed",
        "http_error",
        "record_too_large",
        "record_too_long",
        "replays_busy",
        "hello_expected",
    ];
}

impl From<Refused> for Refusal {
    fn from(r: Refused) -> Refusal {
        Refusal::of(r)
    }
}

impl From<IllegalAction> for Refusal {
    fn from(e: IllegalAction) -> Refusal {
        Refusal::of(e)
    }
}

/// The codes of a [`RulesError`] (it serializes as `{"code", "params"}`
/// itself): `unknown_preset {preset}`, `unknown_option {option}`, `bad_value
/// {option, value}`, `inconsistent {option, rule}` (`rule`: the constraint's key).
pub const RULES_CODES: [&str; 4] = ["unknown_preset", "unknown_option", "bad_value", "inconsistent"];

impl From<RulesError> for Refusal {
    fn from(e: RulesError) -> Refusal {
        Refusal::of(e)
    }
}

// ---------- Games: setup and lists (HTTP) ----------

/// Human or bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with a secret link.
    Human,
    /// A server-side bot.
    Bot,
}

/// One seat asked for in [`CreateGame`].
#[derive(Clone, Debug, Deserialize)]
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
#[derive(Clone, Debug, Deserialize)]
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
    /// [`crate::ServeConfig::fixed_seeds`]; shown once the game is over.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Whether the people at the table may ask for a suggested move (see
    /// [`ClientMsg::Hint`]); off when missing.
    #[serde(default)]
    pub hints: bool,
}

/// One seat of a new game, with its secret link (humans).
#[derive(Clone, Debug, Serialize, Deserialize)]
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
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Created {
    /// Game id.
    pub id: String,
    /// Every seat.
    pub seats: Vec<CreatedSeat>,
    /// The spectator link.
    pub spectator: String,
}

/// A seat as everyone may see it (no token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicSeat {
    /// Human or bot.
    pub kind: SeatKind,
    /// Display name (may be empty: the page then names the seat).
    #[serde(default)]
    pub name: String,
    /// Bot level.
    #[serde(default)]
    pub level: Option<String>,
}

/// The public description of a game: preset, every option, seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicGame {
    /// Game id (`null` for a record sent to be replayed).
    pub id: Option<String>,
    /// Preset name.
    pub preset: String,
    /// Every option, by name.
    pub options: BTreeMap<String, String>,
    /// The seats in order.
    pub seats: Vec<PublicSeat>,
    /// Unix seconds when it was created (`null` for a record).
    pub created: Option<i64>,
    /// Whether the people at the table may ask for a suggested move.
    #[serde(default)]
    pub hints: bool,
}

/// `GET /api/games/{id}`: the public game, its version and status.
#[derive(Clone, Debug, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
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
}

/// One finished game in [`GameList`].
#[derive(Clone, Debug, Serialize)]
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
#[derive(Clone, Debug, Serialize)]
pub struct GameList {
    /// The games.
    pub games: Vec<FinishedGame>,
}

/// One preset in [`Meta`]: its player range and every option's value.
#[derive(Clone, Debug, Serialize)]
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
#[derive(Clone, Debug, Serialize)]
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
#[derive(Clone, Debug, Serialize)]
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
#[derive(Clone, Debug, Serialize)]
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
#[derive(Clone, Debug, Serialize)]
pub struct Frame {
    /// The delta.
    #[serde(flatten)]
    pub delta: Delta,
    /// Every seat's hand after the step.
    pub hands: Vec<TileSet>,
    /// The tile drawn by this step.
    pub drawn: Option<Tile>,
}

// ---------- Games: play (WebSocket) ----------

/// What a seat (or the server, between rounds) asks for. Stored, and sent in
/// `action` messages: a game action (`{"kind": "play", ...}`, `draw`, `pass`)
/// or `{"kind": "next_round"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Intent {
    /// Deal the next round once a round is over.
    NextRound,
    /// A game action (play, draw, pass).
    #[serde(untagged)]
    Act(Action),
}

impl Intent {
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

/// A message from the browser.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message of a connection: who connects. With the seat's
    /// token (from its link), the seat; without, a spectator. Only first.
    Hello {
        /// The seat's secret token.
        #[serde(default)]
        token: Option<String>,
    },
    /// An intent of this seat.
    Action {
        /// What it asks for.
        action: Intent,
        /// The client's message id, echoed in the `ack` or `error`. An id the
        /// seat gave one of its last [`crate::room::INTENT_IDS`] accepted
        /// intents makes this one a duplicate: acknowledged again, not applied.
        #[serde(default)]
        id: Option<u64>,
    },
    /// Deal the next round.
    NextRound {
        /// The client's message id (a duplicate as for `action`).
        #[serde(default)]
        id: Option<u64>,
    },
    /// The deltas after version `v` (a snapshot when `v` is missing or ahead).
    Since {
        /// The last version the client has.
        #[serde(default)]
        v: Option<u64>,
    },
    /// Everything again.
    Snapshot,
    /// Are you there?
    Ping {
        /// The client's message id, echoed in the `pong`.
        #[serde(default)]
        id: Option<u64>,
    },
    /// Suggest a move for this seat, whose turn it is (a game with hints
    /// on): answered by a `hint` message, or an `error` (`hints_off`,
    /// `spectator`, `not_your_turn`, `round_over`, `game_over`, `hint_busy`,
    /// `hint_stale`). Not an action: nothing in the game changes.
    Hint {
        /// The client's message id, echoed in the answer.
        #[serde(default)]
        id: Option<u64>,
    },
}

/// Why a client message could not be read.
pub enum ClientMsgError {
    /// Not JSON, or not an object with a `type`.
    BadJson,
    /// An `action` whose action could not be read.
    BadAction(Option<u64>),
    /// A type no message has.
    Unknown(String, Option<u64>),
}

impl ClientMsg {
    /// Reads a client message, telling apart what was wrong with it.
    pub fn parse(text: &str) -> Result<ClientMsg, ClientMsgError> {
        #[derive(Deserialize)]
        struct Envelope {
            #[serde(rename = "type")]
            kind: String,
            #[serde(default)]
            id: Option<Value>,
        }
        serde_json::from_str::<ClientMsg>(text).map_err(|_| {
            let Ok(env) = serde_json::from_str::<Envelope>(text) else { return ClientMsgError::BadJson };
            let id = env.id.as_ref().and_then(Value::as_u64);
            match env.kind.as_str() {
                "action" => ClientMsgError::BadAction(id),
                "next_round" | "since" | "snapshot" | "ping" | "hint" | "hello" => ClientMsgError::BadJson,
                _ => ClientMsgError::Unknown(env.kind, id),
            }
        })
    }
}

/// Who is connected: the seats with a connection, and how many spectators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    /// Seats with at least one connection.
    pub seats: Seats,
    /// Connections without a seat.
    pub spectators: usize,
}

/// How many hints one seat was given in one round: `{"round", "seat",
/// "count"}`. Stored with the game's setup, shown on the score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintUse {
    /// Round number.
    pub round: u32,
    /// Seat.
    pub seat: u8,
    /// Hints given.
    pub count: u32,
}

/// A suggested move: the action, what it scores now, and why (the page words
/// each reason as `hint.reason.CODE` with its params).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// The action suggested (a placement is `{"kind": "play", "tile", "cell", "rotation", "announce"?}`).
    pub action: Action,
    /// What it scores now (a draw or a pass: its penalty, 0 or less; going
    /// out: without the end of the round).
    pub points: i32,
    /// Why, most important first: `{"code", "params"}`.
    pub reasons: Vec<HintReason>,
}

/// One reason of a [`Hint`], `{"code": ..., "params": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum HintReason {
    /// Closes one hexagon.
    Hexagon {
        /// Its bonus.
        points: i32,
    },
    /// Closes two hexagons at once.
    DoubleHexagon {
        /// Its bonus.
        points: i32,
    },
    /// Closes three hexagons at once.
    TripleHexagon {
        /// Its bonus.
        points: i32,
    },
    /// Builds a bridge.
    Bridge {
        /// Its bonus.
        points: i32,
    },
    /// Extends a bridge.
    BridgeExtension {
        /// Its bonus.
        points: i32,
    },
    /// The opening bonus.
    Start {
        /// Its bonus.
        points: i32,
    },
    /// Only the tile's value (no bonus).
    Tile {
        /// The tile's value.
        points: i32,
    },
    /// Goes out (the last tile of the hand): the out bonus, and the others'
    /// hands when the rules give them.
    Out {
        /// The out bonus.
        points: i32,
    },
    /// Goes out, and the others' hands are scored too.
    OutHands {
        /// The out bonus.
        points: i32,
    },
    /// It scores the most of the seat's plays now.
    Most {
        /// How many placements the seat could make.
        plays: usize,
    },
    /// Another play would score more now.
    Instead {
        /// That play's tile.
        tile: Tile,
        /// What it would score.
        points: i32,
    },
    /// A high triple of the hand that would score more now is kept for later.
    Keeps {
        /// The triple.
        tile: Tile,
    },
    /// The highest-scoring play would leave the next seat a bridge; this one leaves none.
    NoBridgeFor {
        /// The next seat.
        seat: u8,
    },
    /// The highest-scoring play would leave the next seat a hexagon to close; this one leaves none.
    NoHexagonFor {
        /// The next seat.
        seat: u8,
    },
    /// Draw: no tile of the hand fits.
    NoFit,
    /// Draw although a tile fits: the search expects more from drawing.
    DrawInstead {
        /// What the best play would score now.
        points: i32,
    },
    /// Pass: nothing fits and no draw is left.
    Pass,
}

impl HintReason {
    /// Every code, for the translations' test (checked by an exhaustive test).
    pub const CODES: [&'static str; 17] = [
        "hexagon",
        "double_hexagon",
        "triple_hexagon",
        "bridge",
        "bridge_extension",
        "start",
        "tile",
        "out",
        "out_hands",
        "most",
        "instead",
        "keeps",
        "no_bridge_for",
        "no_hexagon_for",
        "no_fit",
        "draw_instead",
        "pass",
    ];
}

/// A message to the browser. Deltas are kept serialized once (they go to
/// every connection), so they travel here as raw JSON.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg<'a> {
    /// Everything: the game, every delta, the seat's private view, presence.
    Snapshot {
        /// The current version.
        v: u64,
        /// The seat of this connection (`null`: a spectator).
        you: Option<u8>,
        /// The game.
        game: PublicGame,
        /// Every delta, from the deal (version 0).
        log: &'a [Box<RawValue>],
        /// The seat's private view (`null` for a spectator).
        me: Option<Me>,
        /// Who is connected.
        presence: Presence,
        /// The hints used so far, per round and seat (see [`HintUse`]).
        hints_used: &'a [HintUse],
    },
    /// New deltas, and the seat's private view after them.
    Update {
        /// The deltas, in order.
        deltas: &'a [Box<RawValue>],
        /// The seat's private view (`null` for a spectator).
        me: Option<Me>,
    },
    /// An intent of this connection was stored and applied as version `v`.
    /// An intent sent again with the id of one of the seat's last
    /// [`crate::room::INTENT_IDS`] accepted intents is not applied again: it is
    /// answered with the same ack, with `"duplicate": true`.
    Ack {
        /// The client's message id.
        id: Option<u64>,
        /// The version it made.
        v: u64,
        /// Whether this id was applied before (nothing changed now).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        duplicate: bool,
    },
    /// Who is connected.
    Presence(Presence),
    /// A refusal; nothing changed.
    Error {
        /// Why.
        #[serde(flatten)]
        refusal: Refusal,
        /// The client's message id, when the refused message had one.
        id: Option<u64>,
    },
    /// The answer to a `ping`.
    Pong {
        /// The client's message id.
        id: Option<u64>,
    },
    /// The answer to a `hint`: the move suggested at version `v`.
    Hint {
        /// The client's message id.
        id: Option<u64>,
        /// The version it was worked out at.
        v: u64,
        /// The suggestion.
        #[serde(flatten)]
        hint: Hint,
    },
    /// A hint was given: the hints used so far, to everyone.
    HintsUsed {
        /// Per round and seat.
        used: &'a [HintUse],
    },
}

impl ServerMsg<'_> {
    /// The message as JSON text.
    pub fn text(&self) -> String {
        // Every field serializes (strings, numbers, raw JSON): this cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// What happened in a delta, besides its events: the intent, or `start` for the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Step {
    /// The first deal (version 0).
    Start,
    /// The next round was dealt.
    NextRound,
    /// A game action (a draw shows no tile).
    #[serde(untagged)]
    Act(Action),
}

impl From<Option<Intent>> for Step {
    fn from(i: Option<Intent>) -> Step {
        match i {
            None => Step::Start,
            Some(Intent::NextRound) => Step::NextRound,
            Some(Intent::Act(a)) => Step::Act(a),
        }
    }
}

/// Something everyone at the table sees happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventWire {
    /// A round was dealt.
    RoundStarted {
        /// Round number.
        round: u32,
        /// Who opens.
        starter: u8,
    },
    /// A tile was placed.
    Played {
        /// Seat.
        player: u8,
        /// The placement.
        placement: Placement,
        /// Points the action scored.
        points: i32,
        /// Bonuses scored.
        bonuses: Bonuses,
        /// Figure bonuses the tile formed that were lost because the play
        /// was not announced (under `announce_bonuses`; always empty without it).
        unclaimed: Bonuses,
    },
    /// A tile was drawn (which one is known to the drawer only).
    Drew {
        /// Seat.
        player: u8,
        /// Points (the draw penalty, and the fail penalty on a failed last draw).
        points: i32,
        /// Whether this was the last allowed draw and nothing could be placed.
        failed: bool,
    },
    /// A pass.
    Passed {
        /// Seat.
        player: u8,
        /// Points.
        points: i32,
    },
    /// A tile shown to everyone (a Pressman opener's highest triple).
    Revealed {
        /// Seat.
        player: u8,
        /// The tile.
        tile: Tile,
    },
    /// The round ended; hands are shown for scoring.
    RoundEnded {
        /// Round number.
        round: u32,
        /// How.
        end: RoundEndWire,
        /// Each seat's hand at the end.
        hands: Vec<TileSet>,
        /// The end-of-round score change per seat.
        scores: Vec<i32>,
    },
    /// The game is over.
    GameEnded {
        /// The winners.
        winners: Seats,
    },
    /// The player to move ran out of time (rule option `timer`): took the
    /// pool's next tile if there was one (never named) and lost the penalty.
    TimedOut {
        /// The seat.
        player: u8,
        /// Points (minus the penalty).
        points: i32,
        /// Whether a tile was taken.
        took: bool,
    },
}

impl EventWire {
    /// The wire form of a core event of a game of `players` seats; a
    /// `Played` event gets `unclaimed`, what its play left unclaimed (the
    /// core's event does not say: see [`crate::view::Mark::before`]).
    pub fn of(e: &Event, players: usize, unclaimed: Bonuses) -> EventWire {
        match *e {
            Event::RoundStarted { round, starter } => EventWire::RoundStarted { round, starter },
            Event::Played { player, placement, points, bonuses } => {
                EventWire::Played { player, placement, points, bonuses, unclaimed }
            }
            Event::Drew { player, points, failed } => EventWire::Drew { player, points, failed },
            Event::Passed { player, points } => EventWire::Passed { player, points },
            Event::Revealed { player, tile } => EventWire::Revealed { player, tile },
            Event::RoundEnded { round, end, hands, scores } => EventWire::RoundEnded {
                round,
                end: end.into(),
                hands: hands.iter().take(players).copied().collect(),
                scores: scores.iter().take(players).copied().collect(),
            },
            Event::GameEnded { winners } => EventWire::GameEnded { winners },
            Event::TimedOut { player, points, took } => EventWire::TimedOut { player, points, took },
        }
    }
}

/// One score change of a game: its round, seat, reason (`tile`, `bridge`,
/// `double_hexagon`...) and points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreLine {
    /// Round number.
    pub round: u32,
    /// Seat.
    pub player: u8,
    /// Why.
    pub reason: &'static str,
    /// Change to the total.
    pub points: i32,
}

impl From<&ScoreEntry> for ScoreLine {
    fn from(s: &ScoreEntry) -> ScoreLine {
        ScoreLine { round: s.round, player: s.player, reason: s.reason.name(), points: s.points }
    }
}

/// Where a game stands: everything a spectator may know besides the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameStatus {
    /// Round number.
    pub round: u32,
    /// `playing`, `round_over` or `game_over`.
    pub phase: Phase,
    /// Seat to act.
    pub to_move: u8,
    /// Seat that opened the round.
    pub starter: u8,
    /// Draws this turn.
    pub draws: u8,
    /// Consecutive passes.
    pub passes: u8,
    /// Tiles in the pool.
    pub pool: usize,
    /// Tiles in each hand.
    pub hand_sizes: Vec<u8>,
    /// Each seat's total.
    pub totals: Vec<i32>,
    /// Each seat's points this round.
    pub round_points: Vec<i32>,
    /// How the round ended, once it has.
    pub round_end: Option<RoundEndWire>,
    /// The round's winners, once it has ended.
    pub round_winners: Seats,
    /// The game's winners, once it is over.
    pub winners: Seats,
    /// Seats that reached the target.
    pub reached: Seats,
}

impl GameStatus {
    /// The status of a game's public state.
    pub fn of(p: &Public) -> GameStatus {
        GameStatus {
            round: p.round(),
            phase: p.phase(),
            to_move: p.to_move(),
            starter: p.starter(),
            draws: p.draws_this_turn(),
            passes: p.consecutive_passes(),
            pool: p.pool_size(),
            hand_sizes: p.hand_sizes().to_vec(),
            totals: p.totals().to_vec(),
            round_points: p.round_points().to_vec(),
            round_end: p.round_end().map(RoundEndWire::from),
            round_winners: p.round_winners(),
            winners: p.winners(),
            reached: p.reached_target(),
        }
    }
}

/// One numbered public delta: who did what, the public events and score
/// changes it caused, and the status after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Delta {
    /// Its number: the version it made (0: the deal).
    pub v: u64,
    /// Who acted (`null` for the server).
    pub seat: Option<u8>,
    /// What was done.
    pub action: Step,
    /// What everyone saw happen.
    pub events: Vec<EventWire>,
    /// The score changes.
    pub scores: Vec<ScoreLine>,
    /// The status after it.
    pub status: GameStatus,
}

/// A legal placement with what it would score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LegalPlacement {
    /// The tile.
    pub tile: Tile,
    /// The cell.
    pub cell: Cell,
    /// The rotation.
    pub rotation: u8,
    /// Points it would score, announced.
    pub points: i32,
    /// Bonuses it would score, announced.
    pub bonuses: Bonuses,
    /// Points it would score played unannounced: under `announce_bonuses`,
    /// `points` without its figure bonuses; otherwise the same as `points`.
    pub unannounced: i32,
}

/// A seat's private view: its hand, the tile it just drew, its legal
/// placements, whether it may draw or pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Me {
    /// The seat.
    pub seat: u8,
    /// Its hand.
    pub hand: TileSet,
    /// The tile it drew last, this turn.
    pub drawn: Option<Tile>,
    /// Whether it is to act.
    pub my_turn: bool,
    /// Every legal placement.
    pub legal: Vec<LegalPlacement>,
    /// Whether it may draw.
    pub can_draw: bool,
    /// Whether it may pass.
    pub can_pass: bool,
}

// ---------- Score pad (HTTP) ----------

/// The score pad's request and answer bodies.
pub mod pad {
    use super::{RoundEndWire, Seats};
    use serde::{Deserialize, Serialize};
    use serde_json::Value;
    use std::collections::BTreeMap;
    use triominos_core::pad::Entry;
    use triominos_core::TileSet;

    /// `POST /api/pad`: `{names, preset, options}`.
    #[derive(Clone, Debug, Deserialize)]
    pub struct CreateSheet {
        /// Player names, in seat order.
        pub names: Vec<String>,
        /// Preset name.
        pub preset: String,
        /// House rules: option name to value.
        #[serde(default)]
        pub options: BTreeMap<String, String>,
    }

    /// `POST /api/pad/{id}/entries` (and `PUT`, `preview`): `{"entry", "at"?}`.
    #[derive(Clone, Debug, Deserialize)]
    pub struct EntryRequest {
        /// The entry (read apart, so that a bad entry is told from bad JSON).
        pub entry: Value,
        /// Insert before this entry instead of adding at the end.
        #[serde(default)]
        pub at: Option<usize>,
    }

    /// One score change of a line.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    pub struct Item {
        /// Seat.
        pub player: u8,
        /// Why (`tile`, `bridge`, `draw`...).
        pub reason: &'static str,
        /// Change to the total.
        pub points: i32,
    }

    /// A finished round.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
    pub struct RoundResultView {
        /// Round number.
        pub round: u32,
        /// How it ended.
        pub end: RoundEndWire,
        /// Each seat's hand sum as entered (`null` when not given).
        pub hand_sums: Vec<Option<i32>>,
        /// The round's winners.
        pub winners: Seats,
        /// Each seat's points in the round.
        pub points: Vec<i32>,
    }

    /// One line of the sheet: the entry and what it computed.
    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct LineView {
        /// The entry as entered.
        pub entry: Option<Entry>,
        /// The round it belongs to.
        pub round: u32,
        /// Every score change, in order.
        pub items: Vec<Item>,
        /// The change to each seat's total.
        pub points: Vec<i32>,
        /// Each seat's total after it.
        pub totals: Vec<i32>,
        /// Seats that reached the target at this line.
        pub reached: Seats,
        /// For a round end: the round's result.
        pub round_result: Option<RoundResultView>,
        /// Whether the game ended here.
        pub game_over: bool,
    }

    /// Where a sheet stands.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Phase {
        /// Whoever opens enters the first tile.
        Opening,
        /// A round is being played.
        Playing,
        /// The round ended: enter the round end with the hands.
        RoundOver,
        /// The game is over.
        GameOver,
    }

    /// Everything the pad knows after the last entry.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
    pub struct StatusView {
        /// The current round.
        pub round: u32,
        /// Where it stands.
        pub phase: Phase,
        /// How the round ended (in `round_over`).
        pub round_end: Option<RoundEndWire>,
        /// Who plays next.
        pub to_play: Option<u8>,
        /// Each seat's total.
        pub totals: Vec<i32>,
        /// Each seat's points this round.
        pub round_points: Vec<i32>,
        /// Tiles in each hand.
        pub hands: Vec<u8>,
        /// Tiles in the pool.
        pub pool: u8,
        /// Tiles on the table this round.
        pub placed: TileSet,
        /// Consecutive passes.
        pub passes: u8,
        /// Bridges formed this round.
        pub bridges: u8,
        /// Seats that reached the target this round.
        pub reached: Seats,
        /// The winners once the game is over.
        pub winners: Seats,
        /// Whether a blocked round may be entered now.
        pub can_block: bool,
        /// Every finished round.
        pub rounds: Vec<RoundResultView>,
    }

    /// A whole sheet, as the page shows it.
    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct SheetView {
        /// Sheet id.
        pub id: String,
        /// Changes so far (name it in `?version=` to change the sheet).
        pub version: i64,
        /// Unix seconds.
        pub created: i64,
        /// Unix seconds of the last change.
        pub updated: i64,
        /// Player names.
        pub names: Vec<String>,
        /// Preset name.
        pub preset: String,
        /// Every option, by name.
        pub options: BTreeMap<String, String>,
        /// Every line.
        pub entries: Vec<LineView>,
        /// Where it stands.
        pub status: StatusView,
        /// Whether the sheet has an owner key (`false`: a sheet of a server
        /// before the keys, changed by nobody until someone claims it).
        pub owned: bool,
    }

    /// A sheet with its owner key: the answer to `POST /api/pad` and `POST
    /// /api/pad/{id}/claim`, the only answers that tell the key. Every change
    /// to the sheet sends it in the `X-Pad-Key` header.
    #[derive(Clone, Debug, PartialEq, Serialize)]
    pub struct KeyedSheet {
        /// The sheet.
        #[serde(flatten)]
        pub sheet: SheetView,
        /// Its owner key (128-bit random, hex).
        pub key: String,
    }

    /// One sheet a browser holds the key of, in [`ListRequest`].
    #[derive(Clone, Debug, Deserialize)]
    pub struct SheetKey {
        /// Sheet id.
        pub id: String,
        /// Its owner key.
        pub key: String,
    }

    /// `POST /api/pad/list`: `{"sheets": [{"id", "key"}]}`, the sheets whose
    /// keys the page holds; the answer ([`SheetList`]) lists those whose key
    /// is right (at most [`crate::pad::MAX_LISTED`] are looked at).
    #[derive(Clone, Debug, Deserialize)]
    pub struct ListRequest {
        /// The sheets and their keys.
        pub sheets: Vec<SheetKey>,
    }

    /// What the list of sheets shows of one; stored with the sheet.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct SheetSummary {
        /// Player names.
        pub names: Vec<String>,
        /// Preset name.
        pub preset: String,
        /// Each seat's total.
        pub totals: Vec<i32>,
        /// The current round.
        pub round: u32,
        /// Whether the game is over.
        pub over: bool,
        /// The winners once over.
        pub winners: Seats,
        /// Entries on the sheet.
        pub entries: usize,
    }

    /// One sheet in [`SheetList`].
    #[derive(Clone, Debug, Serialize)]
    pub struct SheetListItem {
        /// Sheet id.
        pub id: String,
        /// Unix seconds.
        pub created: i64,
        /// Unix seconds of the last change.
        pub updated: i64,
        /// Its summary (`null` when it cannot be read).
        pub summary: Option<SheetSummary>,
    }

    /// `POST /api/pad/list`: the sheets asked for, most recently changed first.
    #[derive(Clone, Debug, Serialize)]
    pub struct SheetList {
        /// The sheets.
        pub sheets: Vec<SheetListItem>,
    }

    /// `DELETE /api/pad/{id}`.
    #[derive(Clone, Debug, Serialize)]
    pub struct Deleted {
        /// The id of the sheet removed.
        pub deleted: String,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn intents_read_and_write_the_stored_form() {
        let next: Intent = serde_json::from_value(json!({"kind": "next_round"})).unwrap();
        assert_eq!(next, Intent::NextRound);
        assert_eq!(serde_json::to_value(next).unwrap(), json!({"kind": "next_round"}));
        let draw: Intent = serde_json::from_value(json!({"kind": "draw"})).unwrap();
        assert_eq!(draw, Intent::Act(Action::Draw));
        assert_eq!(serde_json::to_value(draw).unwrap(), json!({"kind": "draw"}));
        let play = json!({"kind": "play", "tile": "1-2-4", "cell": [0, 0], "rotation": 1});
        let i: Intent = serde_json::from_value(play.clone()).unwrap();
        assert!(matches!(i, Intent::Act(Action::Play { announce: false, .. })));
        assert_eq!(serde_json::to_value(i).unwrap(), play);
        let announced = json!({"kind": "play", "tile": "1-2-4", "cell": [0, 0], "rotation": 1, "announce": true});
        let i: Intent = serde_json::from_value(announced.clone()).unwrap();
        assert!(matches!(i, Intent::Act(Action::Play { announce: true, .. })));
        assert_eq!(serde_json::to_value(i).unwrap(), announced);
        assert_eq!(serde_json::to_value(Step::from(Some(i))).unwrap(), announced);
        for bad in [json!({"kind": "jump"}), json!({"kind": "play", "tile": "1-4-2", "cell": [0, 0], "rotation": 0})] {
            assert!(serde_json::from_value::<Intent>(bad.clone()).is_err(), "{bad}");
        }
        assert_eq!(serde_json::to_value(Step::Start).unwrap(), json!({"kind": "start"}));
        assert_eq!(serde_json::to_value(Step::from(Some(draw))).unwrap(), json!({"kind": "draw"}));
    }

    #[test]
    fn client_messages_and_what_was_wrong_with_them() {
        let m = ClientMsg::parse(r#"{"type":"action","action":{"kind":"pass"},"id":3}"#).ok().unwrap();
        assert_eq!(m, ClientMsg::Action { action: Intent::Act(Action::Pass), id: Some(3) });
        let m = ClientMsg::parse(r#"{"type":"action","action":{"kind":"next_round"}}"#).ok().unwrap();
        assert_eq!(m, ClientMsg::Action { action: Intent::NextRound, id: None });
        assert_eq!(ClientMsg::parse(r#"{"type":"since","v":4}"#).ok().unwrap(), ClientMsg::Since { v: Some(4) });
        assert_eq!(ClientMsg::parse(r#"{"type":"snapshot"}"#).ok().unwrap(), ClientMsg::Snapshot);
        assert!(matches!(ClientMsg::parse("{nope"), Err(ClientMsgError::BadJson)));
        assert!(matches!(ClientMsg::parse("[1]"), Err(ClientMsgError::BadJson)));
        assert!(matches!(
            ClientMsg::parse(r#"{"type":"action","action":{"kind":"jump"},"id":5}"#),
            Err(ClientMsgError::BadAction(Some(5)))
        ));
        assert!(
            matches!(ClientMsg::parse(r#"{"type":"dance","id":1}"#), Err(ClientMsgError::Unknown(t, Some(1))) if t == "dance")
        );
    }

    #[test]
    fn every_refusal_is_code_and_params() {
        let r = Refusal::from(Refused::NotYourTurn { expected: 1, got: 0 });
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            json!({"code": "not_your_turn", "params": {"expected": 1, "got": 0}})
        );
        let r = Refusal::from(Refused::Spectator);
        assert_eq!(serde_json::to_value(&r).unwrap(), json!({"code": "spectator", "params": null}));
        let r = Refusal::from(Refused::UnknownMessage { kind: "dance".into() });
        assert_eq!(r.params, json!({"type": "dance"}));
        let msg = ServerMsg::Error { refusal: Refusal::from(Refused::BadJson), id: Some(2) };
        assert_eq!(
            serde_json::from_str::<Value>(&msg.text()).unwrap(),
            json!({"type": "error", "code": "bad_json", "params": null, "id": 2})
        );
        let r = Refusal::from(triominos_core::RuleSet::with_overrides("goliath", [("max_draws", "0")]).unwrap_err());
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            json!({"code": "bad_value", "params": {"option": "max_draws", "value": "0"}})
        );
        assert_eq!(r.with("index", 3).params, json!({"option": "max_draws", "value": "0", "index": 3}));
    }

    #[test]
    fn every_server_refusal_code_is_listed() {
        // Exhaustive: a new variant must be added here, and so to CODES.
        let all = |r: &Refused| match r {
            Refused::NotFound
            | Refused::GameNotFound
            | Refused::BadJson
            | Refused::TooLarge { .. }
            | Refused::UnknownMessage { .. }
            | Refused::BadAction
            | Refused::Spectator
            | Refused::BadToken
            | Refused::NotWebsocket
            | Refused::GameOver
            | Refused::RoundNotOver
            | Refused::NotYourTurn { .. }
            | Refused::BadPlayerCount { .. }
            | Refused::UnknownLevel { .. }
            | Refused::BadSetup
            | Refused::BadLog
            | Refused::GameNotFinished
            | Refused::BadRecord { .. }
            | Refused::NotUtf8
            | Refused::StorageFailed
            | Refused::StaleSheet { .. }
            | Refused::SheetNotFound
            | Refused::BadSheet
            | Refused::BadEntry { .. }
            | Refused::TooManyEntries { .. }
            | Refused::TooManyBotGames { .. }
            | Refused::HintsOff
            | Refused::HintBusy
            | Refused::HintStale
            | Refused::GameUnreadable
            | Refused::GameDamaged
            | Refused::TooManyGames { .. }
            | Refused::ServerFull { .. }
            | Refused::TooFast { .. }
            | Refused::SeedNotAllowed
            | Refused::BadName { .. }
            | Refused::MethodNotAllowed
            | Refused::BadQuery
            | Refused::BadSheetKey
            | Refused::SheetClaimed
            | Refused::HttpError { .. }
            | Refused::RecordTooLarge { .. }
            | Refused::RecordTooLong { .. }
            | Refused::ReplaysBusy { .. }
            | Refused::HelloExpected => Refusal::from(r.clone()).code,
        };
        let variants = [
            Refused::NotFound,
            Refused::GameNotFound,
            Refused::BadJson,
            Refused::TooLarge { max: 1 },
            Refused::UnknownMessage { kind: String::new() },
            Refused::BadAction,
            Refused::Spectator,
            Refused::BadToken,
            Refused::NotWebsocket,
            Refused::GameOver,
            Refused::RoundNotOver,
            Refused::NotYourTurn { expected: 0, got: 1 },
            Refused::BadPlayerCount { min: 2, max: 4, got: 1 },
            Refused::UnknownLevel { level: None },
            Refused::BadSetup,
            Refused::BadLog,
            Refused::GameNotFinished,
            Refused::BadRecord { line: 1, reason: String::new() },
            Refused::NotUtf8,
            Refused::StorageFailed,
            Refused::StaleSheet { version: 1 },
            Refused::SheetNotFound,
            Refused::BadSheet,
            Refused::BadEntry { detail: String::new() },
            Refused::TooManyEntries { max: 1 },
            Refused::TooManyBotGames { max: 1 },
            Refused::HintsOff,
            Refused::HintBusy,
            Refused::HintStale,
            Refused::GameUnreadable,
            Refused::GameDamaged,
            Refused::TooManyGames { max: 1 },
            Refused::ServerFull { max: 1 },
            Refused::TooFast { retry_after: 1 },
            Refused::SeedNotAllowed,
            Refused::BadName { n: 1 },
            Refused::MethodNotAllowed,
            Refused::BadQuery,
            Refused::BadSheetKey,
            Refused::SheetClaimed,
            Refused::HttpError { status: 500 },
            Refused::RecordTooLarge { max: 1 },
            Refused::RecordTooLong { rounds: 1, actions: 1, max_rounds: 1, max_actions: 1 },
            Refused::ReplaysBusy { max: 1 },
            Refused::HelloExpected,
        ];
        let codes: Vec<String> = variants.iter().map(all).collect();
        assert_eq!(codes, Refused::CODES.to_vec());
    }

    #[test]
    fn every_hint_reason_code_is_listed() {
        let t: Tile = "5-5-5".parse().unwrap();
        // Exhaustive: a new reason must be added here, and so to CODES.
        let code = |r: &HintReason| match r {
            HintReason::Hexagon { .. }
            | HintReason::DoubleHexagon { .. }
            | HintReason::TripleHexagon { .. }
            | HintReason::Bridge { .. }
            | HintReason::BridgeExtension { .. }
            | HintReason::Start { .. }
            | HintReason::Tile { .. }
            | HintReason::Out { .. }
            | HintReason::OutHands { .. }
            | HintReason::Most { .. }
            | HintReason::Instead { .. }
            | HintReason::Keeps { .. }
            | HintReason::NoBridgeFor { .. }
            | HintReason::NoHexagonFor { .. }
            | HintReason::NoFit
            | HintReason::DrawInstead { .. }
            | HintReason::Pass => serde_json::to_value(r).unwrap()["code"].as_str().unwrap().to_string(),
        };
        let all = [
            HintReason::Hexagon { points: 50 },
            HintReason::DoubleHexagon { points: 60 },
            HintReason::TripleHexagon { points: 70 },
            HintReason::Bridge { points: 40 },
            HintReason::BridgeExtension { points: 40 },
            HintReason::Start { points: 10 },
            HintReason::Tile { points: 15 },
            HintReason::Out { points: 25 },
            HintReason::OutHands { points: 25 },
            HintReason::Most { plays: 3 },
            HintReason::Instead { tile: t, points: 15 },
            HintReason::Keeps { tile: t },
            HintReason::NoBridgeFor { seat: 1 },
            HintReason::NoHexagonFor { seat: 1 },
            HintReason::NoFit,
            HintReason::DrawInstead { points: 3 },
            HintReason::Pass,
        ];
        let codes: Vec<String> = all.iter().map(code).collect();
        assert_eq!(codes, HintReason::CODES.to_vec());
        assert_eq!(
            serde_json::to_value(HintReason::Keeps { tile: t }).unwrap(),
            json!({"code": "keeps", "params": {"tile": "5-5-5"}})
        );
        assert_eq!(serde_json::to_value(HintReason::NoFit).unwrap(), json!({"code": "no_fit"}));
    }

    #[test]
    fn every_rules_refusal_code_is_listed() {
        let all = [
            triominos_core::RuleSet::preset("chess").unwrap_err(),
            triominos_core::RuleSet::with_overrides("goliath", [("colour", "red")]).unwrap_err(),
            triominos_core::RuleSet::with_overrides("goliath", [("max_draws", "0")]).unwrap_err(),
            triominos_core::RuleSet::with_overrides("goliath", [("first_tile", "start_tile")]).unwrap_err(),
        ];
        let codes: Vec<String> = all.into_iter().map(|e| Refusal::from(e).code).collect();
        assert_eq!(codes, RULES_CODES.to_vec());
    }

    #[test]
    fn round_ends_have_one_shape() {
        assert_eq!(
            serde_json::to_value(RoundEndWire::from(RoundEnd::Out(2))).unwrap(),
            json!({"kind": "out", "player": 2})
        );
        assert_eq!(serde_json::to_value(RoundEndWire::from(RoundEnd::Blocked)).unwrap(), json!({"kind": "blocked"}));
    }
}
