//! Every refusal: `{"code", "params"}` ([`Refusal`]), the server's own codes
//! ([`Refused`]), and the engine's refusals turned into it.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use triominos_core::notation::{Move, NotationError, Spot};
use triominos_core::tile::TileParseError;
use triominos_core::{IllegalAction, RulesError, Tile};

/// A refusal: a stable code and its parameters (`null` when it has none),
/// worded by the page in the player's language. Nothing changed.
///
/// Built only from typed refusals: [`Refused`] (the server's own), the
/// engine's [`IllegalAction`] and [`RulesError`], the score pad's errors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
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

/// The server's own refusals, with their parameters. The code of each
/// (serde's tag) is the variant's name in snake case; [`Refused::codes`]
/// derives the list from the enum (strum), and a test checks that serde and
/// strum spell every code alike.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr, strum::EnumIter, ts_rs::TS)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
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
    /// A request's body did not arrive within the time allowed from its head
    /// (HTTP 408); the connection is closed.
    BodyTimeout {
        /// The time allowed, in milliseconds.
        ms: u64,
    },
    /// This client holds as many connections as one client may (HTTP 429,
    /// then closed).
    TooManyConnections {
        /// The most connections of one client.
        max: usize,
    },
    /// As many spectators as a game, or one client, may have are watching.
    TooManySpectators {
        /// The most spectators (of this game, or of one client).
        max: usize,
    },
    /// As many reviews as the server (or this client) may have waiting are
    /// waiting (HTTP 429); try again later.
    TooManyReviews {
        /// Seconds after which to try again.
        retry_after: u64,
    },
    /// This client creates score sheets too fast (HTTP 429).
    SheetsTooFast {
        /// Seconds until it may create the next one.
        retry_after: u64,
    },
    /// The server holds as many score sheets as it takes (HTTP 429).
    TooManySheets {
        /// The most sheets stored.
        max: usize,
    },
    /// A pace no table may have (see [`crate::Pace`]).
    BadPace,
    /// The table's stand-in bot plays this seat: take the seat back first
    /// (`{"kind": "back", "seat": N}`).
    StandInPlaying,
    /// The seat is not played by the stand-in: nothing to take back.
    NotStoodIn,
    /// The seat resigned: it cannot play again.
    Resigned,
    /// Only the server may ask for this (a stand-in, a timeout), or a seat
    /// for itself only.
    NotYours,
    /// "Play again" before the game is over.
    GameNotOver,
    /// This seat sent reactions faster than its rate (a few at once, then one
    /// every few seconds).
    ReactionBusy {
        /// Seconds until the seat may react again.
        retry_after: u64,
    },
    /// A takeback asked for in a game set up without takebacks.
    TakebacksOff,
    /// Nothing of this seat to take back now: the last thing done is not its
    /// placement, or something happened since (a draw, a round's end).
    NoTakeback,
    /// A takeback is being answered: the table waits (nothing else is applied).
    TakebackPending,
    /// An answer to a takeback nobody asked for (it was answered, or lapsed).
    NoTakebackAsked,
    /// This placement's takeback was refused (or lapsed): it may not be
    /// asked again.
    TakebackRefused,
    /// This seat asked takebacks faster than its rate (a few at once, then
    /// one every few seconds).
    TakebackBusy {
        /// Seconds until the seat may ask again.
        retry_after: u64,
    },
    /// This seat answered "play again" faster than its rate (as reactions).
    RematchBusy {
        /// Seconds until the seat may answer again.
        retry_after: u64,
    },
    /// This client asked takebacks or answered "play again" faster than its
    /// rate, all its seats together.
    AsksTooFast {
        /// Seconds until the client may again.
        retry_after: u64,
    },
    /// This client asked `GET /api/health` faster than its bucket allows (10
    /// at once, then one a second; the machine itself and the trusted
    /// proxies are never counted).
    ChecksTooFast {
        /// Seconds until the client may check again.
        retry_after: u64,
    },
    /// Only the table's creator (the first person's seat) may start, give a
    /// seat to a bot or cancel a table waiting for its people.
    NotHost,
    /// The table is not waiting for its people any more: the game started.
    NotWaiting,
    /// Nothing is played before the table's people sit down (or its creator
    /// starts anyway).
    TableWaiting,
    /// "Start anyway" before another person has sat down.
    NobodyArrived,
    /// The seat may not be given to a bot: not a person's, or its person is here.
    SeatTaken,
    /// The creator asked the waiting room for changes faster than its rate.
    TableBusy {
        /// Seconds until the creator may ask again.
        retry_after: u64,
    },
    /// The table is not open to join: private, started, cancelled or over.
    TableClosed,
    /// The public table has no free seat left.
    TableFull,
    /// This client holds as many seats of public tables not taken yet as
    /// one client may.
    TooManyClaims {
        /// The most seats held at once.
        max: usize,
    },
    /// "Play now" at a table the pools do not offer (a preset, size or pace
    /// not offered, or bots after too few or too many seconds).
    BadPool,
    /// This client already waits in the pools as many times as one may.
    AlreadyWaiting {
        /// The most entries of one client waiting at once.
        max: usize,
    },
    /// No entry of the pools has this id.
    NoSuchEntry,
    /// This client asked the open tables or the pools too fast.
    PoolsTooFast {
        /// Seconds until it may again.
        retry_after: u64,
    },
    /// No session: this needs an account signed in (a guest, a session
    /// ended or expired, an account deleted).
    SignedOut,
    /// The name and password (or recovery code) do not sign in; the same
    /// answer whether the name exists or not.
    BadSignIn,
    /// An account's display name that is empty, too long, or holds a
    /// control or text-direction character.
    BadAccountName {
        /// The longest accepted, in characters.
        max: usize,
    },
    /// Another account has this display name (names are told apart without
    /// case).
    NameTaken,
    /// A password too short or too long.
    BadPassword {
        /// The shortest accepted, in characters.
        min: usize,
        /// The longest accepted, in bytes.
        max: usize,
    },
    /// A request that changes an account came from another site (its
    /// `Origin` or `Sec-Fetch-Site`).
    CrossOrigin,
    /// Sign-in attempts faster than the rate of this client or of this name.
    SignInTooFast {
        /// Seconds until the next attempt is heard.
        retry_after: u64,
    },
    /// Too many sign-ins being checked at once on this server: try again.
    SignInBusy,
    /// The account is suspended by the operator.
    AccountSuspended,
    /// The confirmation does not match (the account's name typed again).
    NotConfirmed,
}

impl Refused {
    /// This refusal's code (`not_your_turn`...).
    pub fn code(&self) -> &'static str {
        self.into()
    }

    /// Every code, one per variant, in the enum's order (for the translations' test).
    pub fn codes() -> impl Iterator<Item = &'static str> {
        <Refused as strum::IntoEnumIterator>::iter().map(|r| r.code())
    }
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
/// Derived from the enum (strum), one per variant.
pub fn rules_codes() -> impl Iterator<Item = &'static str> {
    RulesError::codes()
}

impl From<RulesError> for Refusal {
    fn from(e: RulesError) -> Refusal {
        Refusal::of(e)
    }
}

/// A spot's name in the move notation: the side of a tile on the board it
/// lies on. `{"name": "L555", "side": "left", "next_to": "5-5-5"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ts_rs::TS)]
pub struct SpotName {
    /// As written: `L555`.
    pub name: String,
    /// `left`, `right`, `above` or `below`.
    pub side: String,
    /// The tile it is named from.
    pub next_to: Tile,
}

impl From<Spot> for SpotName {
    fn from(s: Spot) -> SpotName {
        SpotName { name: s.to_string(), side: s.side.word().to_string(), next_to: s.next_to }
    }
}

/// Why a move typed in the notation was refused (core's [`NotationError`]),
/// with what the page needs to word it in the player's language (tiles as
/// `1-2-4`, spots as [`SpotName`], moves in the notation) and `text`, core's
/// English sentence. Sent as `{"code": "notation", "params": {"code",
/// "params"}}`; each inner code is `errors.notation.CODE` in the translations.
/// Nothing of another seat is in it: the reader saw only this seat's board
/// and hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, strum::EnumDiscriminants, ts_rs::TS)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
#[strum_discriminants(
    name(NotationCode),
    derive(strum::IntoStaticStr, strum::EnumIter),
    strum(serialize_all = "snake_case"),
    doc = "The inner codes of [`NotationRefused`], one per variant."
)]
pub enum NotationRefused {
    /// Nothing was typed.
    Empty {
        /// Core's sentence.
        text: String,
    },
    /// A misspelled tile.
    BadTile {
        /// What was written.
        written: String,
        /// The tile with the same numbers, when `written` is one of its turns.
        canonical: Option<Tile>,
        /// Core's sentence.
        text: String,
    },
    /// Something the notation does not allow there.
    Unexpected {
        /// What was read so far.
        after: String,
        /// What was not understood.
        found: String,
        /// Core's sentence.
        text: String,
    },
    /// A turn that is not one to three numbers from 0 to 5.
    BadTurn {
        /// The turn written.
        turn: String,
        /// Core's sentence.
        text: String,
    },
    /// `timeout`, the referee's entry.
    Timeout {
        /// Core's sentence.
        text: String,
    },
    /// The tile is not in this seat's hand.
    NotInHand {
        /// The tile.
        tile: Tile,
        /// Core's sentence.
        text: String,
    },
    /// A spot named for the first tile.
    SpotAtOpening {
        /// Core's sentence.
        text: String,
    },
    /// The tile a spot is named from is not on the board.
    NotOnBoard {
        /// The tile.
        tile: Tile,
        /// Core's sentence.
        text: String,
    },
    /// That tile has no such side.
    NoSuchSide {
        /// The tile the spot is named from.
        next_to: Tile,
        /// The side asked for (`left`, `right`, `above`, `below`).
        side: String,
        /// Whether that tile points up.
        up: bool,
        /// Core's sentence.
        text: String,
    },
    /// A spot past the edge of the grid.
    OffTheBoard {
        /// The spot.
        spot: SpotName,
        /// Core's sentence.
        text: String,
    },
    /// The spot holds a tile.
    SpotTaken {
        /// The spot.
        spot: SpotName,
        /// The tile there.
        by: Tile,
        /// Core's sentence.
        text: String,
    },
    /// The tile fits the spot in no turn.
    DoesNotFit {
        /// The tile.
        tile: Tile,
        /// The spot.
        spot: SpotName,
        /// What its corners need, clockwise from corner 0 (`null`: any); `null` when nothing fits.
        needs: Option<[Option<u8>; 3]>,
        /// Whether the spot points up.
        up: bool,
        /// Core's sentence.
        text: String,
    },
    /// The tile fits nowhere.
    FitsNowhere {
        /// The tile.
        tile: Tile,
        /// Core's sentence.
        text: String,
    },
    /// The tile fits, not with that turn.
    WrongTurn {
        /// The tile.
        tile: Tile,
        /// The turn written.
        turn: String,
        /// The ways it fits, in the notation.
        fits: Vec<String>,
        /// Core's sentence.
        text: String,
    },
    /// The text fits several moves.
    Ambiguous {
        /// What was written, in the notation's spelling.
        written: String,
        /// Each move it could be, in the notation.
        candidates: Vec<String>,
        /// Core's sentence.
        text: String,
    },
    /// An action with no name (never from a typed move).
    NotLegal {
        /// Core's sentence.
        text: String,
    },
}

impl NotationRefused {
    /// Every inner code, one per variant, in the enum's order (for the translations' test).
    pub fn codes() -> impl Iterator<Item = &'static str> {
        <NotationCode as strum::IntoEnumIterator>::iter().map(<&'static str>::from)
    }
}

/// The most characters of what a player typed a refusal echoes (issue 44:
/// a 4 KB move is not sent back twice); longer is cut, with `…`.
pub const ECHO_CHARS: usize = 24;

/// At most [`ECHO_CHARS`] characters of `s`, with `…` when cut.
pub fn excerpt(s: &str) -> String {
    match s.char_indices().nth(ECHO_CHARS) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// The error with what it echoes of the player's text cut to an excerpt.
fn bounded(e: &NotationError) -> NotationError {
    match e {
        NotationError::Tile(TileParseError::Syntax(s)) => NotationError::Tile(TileParseError::Syntax(excerpt(s))),
        NotationError::Tile(TileParseError::OutOfRange(s)) => {
            NotationError::Tile(TileParseError::OutOfRange(excerpt(s)))
        }
        NotationError::Tile(TileParseError::NotCanonical { written, rotation_of }) => {
            NotationError::Tile(TileParseError::NotCanonical { written: excerpt(written), rotation_of: *rotation_of })
        }
        NotationError::Unexpected { after, found, expected } => {
            NotationError::Unexpected { after: excerpt(after), found: excerpt(found), expected }
        }
        NotationError::BadTurn(turn) => NotationError::BadTurn(excerpt(turn)),
        NotationError::Ambiguous { written, candidates } => {
            NotationError::Ambiguous { written: excerpt(written), candidates: candidates.clone() }
        }
        other => other.clone(),
    }
}

impl From<&NotationError> for NotationRefused {
    /// What the player typed is echoed as an excerpt ([`excerpt`]), in the
    /// fields and in core's sentence alike.
    fn from(e: &NotationError) -> NotationRefused {
        let e = &bounded(e);
        let text = e.to_string();
        let moves = |ms: &[Move]| -> Vec<String> { ms.iter().map(Move::to_string).collect() };
        match e {
            NotationError::Empty => NotationRefused::Empty { text },
            NotationError::Tile(t) => {
                let (written, canonical) = match t {
                    TileParseError::Syntax(s) | TileParseError::OutOfRange(s) => (s.clone(), None),
                    TileParseError::NotCanonical { written, rotation_of } => (written.clone(), *rotation_of),
                };
                NotationRefused::BadTile { written, canonical, text }
            }
            NotationError::Unexpected { after, found, .. } => {
                NotationRefused::Unexpected { after: after.clone(), found: found.clone(), text }
            }
            NotationError::BadTurn(turn) => NotationRefused::BadTurn { turn: turn.clone(), text },
            NotationError::Timeout => NotationRefused::Timeout { text },
            NotationError::NotInHand(tile) => NotationRefused::NotInHand { tile: *tile, text },
            NotationError::SpotAtOpening => NotationRefused::SpotAtOpening { text },
            NotationError::NotOnBoard(tile) => NotationRefused::NotOnBoard { tile: *tile, text },
            NotationError::NoSuchSide { next_to, side, up } => {
                NotationRefused::NoSuchSide { next_to: *next_to, side: side.word().into(), up: *up, text }
            }
            NotationError::OffTheBoard(s) => NotationRefused::OffTheBoard { spot: (*s).into(), text },
            NotationError::SpotTaken { spot, by } => NotationRefused::SpotTaken { spot: (*spot).into(), by: *by, text },
            NotationError::DoesNotFit { tile, spot, needs, up } => {
                NotationRefused::DoesNotFit { tile: *tile, spot: (*spot).into(), needs: *needs, up: *up, text }
            }
            NotationError::FitsNowhere(tile) => NotationRefused::FitsNowhere { tile: *tile, text },
            NotationError::WrongTurn { tile, turn, fits } => {
                NotationRefused::WrongTurn { tile: *tile, turn: turn.to_string(), fits: moves(fits), text }
            }
            NotationError::Ambiguous { written, candidates } => {
                NotationRefused::Ambiguous { written: written.clone(), candidates: moves(candidates), text }
            }
            NotationError::NotLegal { .. } => NotationRefused::NotLegal { text },
        }
    }
}

/// Why a typed move was refused, as the socket sends it: `{"code":
/// "notation", "params": {"code", "params"}}` (see [`NotationRefused`]).
pub fn notation_refusal(e: &NotationError) -> Refusal {
    Refusal { code: "notation".into(), params: serde_json::to_value(NotationRefused::from(e)).unwrap_or(Value::Null) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ServerMsg;
    use serde_json::json;

    /// Issue 44: a 3.9 KB turn was refused with a 7.98 KB `bad_turn` that
    /// echoed it twice (in `turn` and in the sentence). Now both hold a
    /// 24-character excerpt.
    #[test]
    fn a_refusal_echoes_a_bounded_excerpt_of_what_was_typed() {
        let long = "2".repeat(3900);
        for e in [
            NotationError::BadTurn(long.clone()),
            NotationError::Unexpected { after: long.clone(), found: long.clone(), expected: "a spot" },
            NotationError::Tile(TileParseError::Syntax(long.clone())),
        ] {
            let text = ServerMsg::Error { refusal: notation_refusal(&e), id: Some(1) }.text();
            assert!(text.len() < 600, "{} bytes: {text}", text.len());
            assert!(text.contains(&format!("{}…", "2".repeat(ECHO_CHARS))), "{text}");
        }
        // Short texts are echoed whole.
        let short = notation_refusal(&NotationError::BadTurn("9".into()));
        assert_eq!(short.params["params"]["turn"], "9");
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
    fn serde_and_strum_spell_every_code_alike() {
        // The wire code (serde's tag) of every variant is its derived code.
        let mut seen = std::collections::BTreeSet::new();
        for r in <Refused as strum::IntoEnumIterator>::iter() {
            assert_eq!(Refusal::from(r.clone()).code, r.code(), "{r:?}");
            assert!(seen.insert(r.code()), "{} twice", r.code());
        }
        assert_eq!(seen.len(), Refused::codes().count());
        // Codes the page and the tests know stay as they are.
        for code in ["not_found", "game_not_found", "not_your_turn", "bad_player_count", "http_error", "not_utf8"] {
            assert!(seen.contains(code), "{code}");
        }
        assert_eq!(
            Refused::RecordTooLong { rounds: 1, actions: 2, max_rounds: 3, max_actions: 4 }.code(),
            "record_too_long"
        );
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
        assert_eq!(codes, rules_codes().collect::<Vec<_>>());
    }
}
