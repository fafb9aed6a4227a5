//! A game's WebSocket: what the browser sends ([`ClientMsg`]) and receives
//! ([`ServerMsg`]), the numbered public [`Delta`]s and a seat's private view
//! ([`Me`]).

use super::common::{PublicGame, RoundEndWire};
use super::refusal::{Refusal, SpotName};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::borrow::Cow;
use triominos_core::{Action, Bonuses, Cell, Event, Phase, Placement, Public, ScoreEntry, Seats, Tile, TileSet};

/// What a seat (or the server, between rounds) asks for. Stored, and sent in
/// `action` messages: a game action (`{"kind": "play", ...}`, `draw`, `pass`)
/// or `{"kind": "next_round"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Intent {
    /// Deal the next round once a round is over.
    NextRound,
    /// The server: the seat's time ran out, the table's stand-in bot plays
    /// it from now on (`{"kind": "stand_in", "seat": N}`).
    StandIn {
        /// The seat.
        seat: u8,
    },
    /// The seat's person takes it back from the stand-in.
    Back {
        /// The seat.
        seat: u8,
    },
    /// The seat's person resigns: with two players (or one seat left, or
    /// no person left playing) the game ends; else the stand-in plays the seat
    /// to the end, and it cannot win.
    Resign {
        /// The seat.
        seat: u8,
    },
    /// The server: the seat's turn timer ran out under the rule option
    /// `timer` (core's `Game::time_out_as`).
    TimeOut {
        /// The seat.
        seat: u8,
    },
    // New tagged intents go above: serde wants the untagged variant last.
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
            Intent::StandIn { .. } => "stand_in",
            Intent::Back { .. } => "back",
            Intent::Resign { .. } => "resign",
            Intent::TimeOut { .. } => "time_out",
        }
    }

    /// Whether only the server may ask for this intent (never a client).
    pub fn is_server_only(self) -> bool {
        matches!(self, Intent::StandIn { .. } | Intent::TimeOut { .. })
    }
}

/// A message from the browser. [`ClientMsgKind`] names its variants (the
/// `type`s), as serde spells them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, strum::EnumDiscriminants, ts_rs::TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[strum_discriminants(
    name(ClientMsgKind),
    doc = "The `type` of a [`ClientMsg`], as serde spells it (`hello`, `action`, `next_round`...).",
    derive(Deserialize, Hash, strum::IntoStaticStr, strum::EnumIter),
    serde(rename_all = "snake_case"),
    strum(serialize_all = "snake_case")
)]
pub enum ClientMsg {
    /// The first message of a connection: who connects. With the seat's
    /// token (from its link), the seat; without, a spectator. Only first.
    Hello {
        /// The seat's secret token.
        #[serde(default)]
        #[ts(optional)]
        token: Option<String>,
    },
    /// An intent of this seat.
    Action {
        /// What it asks for.
        action: Intent,
        /// The client's message id, echoed in the `ack` or `error`. An id the
        /// seat gave one of its last accepted intents (the server keeps
        /// `game::room::INTENT_IDS` of them) makes this one a duplicate: acknowledged again, not applied.
        #[serde(default)]
        #[ts(optional)]
        id: Option<u64>,
    },
    /// Deal the next round.
    NextRound {
        /// The client's message id (a duplicate as for `action`).
        #[serde(default)]
        #[ts(optional)]
        id: Option<u64>,
    },
    /// The deltas after version `v` (a snapshot when `v` is missing or ahead).
    Since {
        /// The last version the client has.
        #[serde(default)]
        #[ts(optional)]
        v: Option<u64>,
    },
    /// Everything again.
    Snapshot,
    /// Are you there?
    Ping {
        /// The client's message id, echoed in the `pong`.
        #[serde(default)]
        #[ts(optional)]
        id: Option<u64>,
    },
    /// Suggest a move for this seat, whose turn it is (a game with hints
    /// on): answered by a `hint` message, or an `error` (`hints_off`,
    /// `spectator`, `not_your_turn`, `round_over`, `game_over`, `hint_busy`,
    /// `hint_stale`). Not an action: nothing in the game changes.
    Hint {
        /// The client's message id, echoed in the answer.
        #[serde(default)]
        #[ts(optional)]
        id: Option<u64>,
    },
    /// "Play again", once the game is over: proposes a rematch, or agrees to
    /// the one proposed (a seat only). Answered by `rematch_asked` to
    /// everyone, and once every person agreed by `rematch` to each
    /// connection (its own link to the new game); an `error` (`spectator`,
    /// `game_not_over`) otherwise.
    Rematch,
    /// Declines the rematch proposed (or takes one's own back): everyone is
    /// told (`rematch_asked` with `declined`), and the agreements so far are
    /// dropped.
    RematchDecline,
    /// A quick reaction of this seat ([`Reaction`]), shown to everyone by the
    /// seat's name (`reaction`); not stored. Refused for spectators
    /// (`spectator`) and beyond the seat's rate (`reaction_busy`).
    React {
        /// Which of the fixed reactions.
        code: Reaction,
    },
    /// Asks to take back this seat's last placement (a game with
    /// `takebacks`): the others are asked (`takeback`), bots accept at once.
    /// Refused (`takebacks_off`, `spectator`, `no_takeback`,
    /// `takeback_pending`) when it may not be asked.
    Takeback,
    /// Answers the takeback asked for (`no_takeback_asked` when none is).
    TakebackAnswer {
        /// Whether this seat accepts.
        accept: bool,
    },
    /// A move typed in the notation (docs/notation.md: `255L555`, `124^2`,
    /// `draw`, `pass`), read by core's one reader against this seat's own
    /// view (the board and its hand) and then applied as the `action` it
    /// means. A text that means no move is refused with `{"code":
    /// "notation", "params": {"code", "params"}}` (see
    /// [`crate::NotationRefused`]); nothing changes.
    Move {
        /// The move as typed.
        text: String,
        /// The client's message id (a duplicate as for `action`).
        #[serde(default)]
        #[ts(optional)]
        id: Option<u64>,
    },
    /// The creator's "start anyway", at a table waiting for its people (see
    /// [`crate::Waiting`]): the game starts now, the stand-in
    /// plays the seats of those not here yet (each takes their seat when
    /// they open their link). Refused (`not_host`, `not_waiting`,
    /// `nobody_arrived`, `table_busy`) otherwise.
    Start,
    /// The creator gives the seat of a person not here yet to a bot (the
    /// table's stand-in level) for the whole game: the seat's link no longer
    /// works. Refused (`not_host`, `not_waiting`, `seat_taken`, `table_busy`).
    GiveSeat {
        /// The seat.
        seat: u8,
    },
    /// The creator cancels a table waiting for its people: everyone there
    /// is sent `cancelled`, the links no longer open it. Refused
    /// (`not_host`, `not_waiting`, `table_busy`).
    Cancel,
}

/// The quick reactions a seat may send: a fixed set, translated by the page
/// (`react.CODE`); no free text, nothing to moderate.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, strum::IntoStaticStr, strum::EnumIter, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Reaction {
    /// Well played!
    WellPlayed,
    /// Nice hexagon!
    NiceHexagon,
    /// Nice bridge!
    NiceBridge,
    /// Oops!
    Oops,
    /// Your turn!
    YourTurn,
    /// Thinking…
    Thinking,
    /// Good game!
    GoodGame,
    /// Thanks!
    Thanks,
}

impl Reaction {
    /// Every code, in the enum's order (for the translations' test and the page).
    pub fn codes() -> impl Iterator<Item = &'static str> {
        <Reaction as strum::IntoEnumIterator>::iter().map(<&'static str>::from)
    }
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
    /// Reads a client message, telling apart what was wrong with it: when
    /// the message is not read whole, its envelope is read again, with its
    /// `type` as one of [`ClientMsgKind`] (serde's names of this enum's
    /// variants, derived: no list to keep) or any other text.
    pub fn parse(text: &str) -> Result<ClientMsg, ClientMsgError> {
        /// A `type`: one of the messages', or another text.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Kind {
            Known(ClientMsgKind),
            Other(String),
        }
        #[derive(Deserialize)]
        struct Envelope {
            #[serde(rename = "type")]
            kind: Kind,
            #[serde(default)]
            id: Option<Value>,
        }
        serde_json::from_str::<ClientMsg>(text).map_err(|_| {
            let Ok(env) = serde_json::from_str::<Envelope>(text) else { return ClientMsgError::BadJson };
            let id = env.id.as_ref().and_then(Value::as_u64);
            match env.kind {
                Kind::Known(ClientMsgKind::Action) => ClientMsgError::BadAction(id),
                Kind::Known(_) => ClientMsgError::BadJson,
                Kind::Other(kind) => ClientMsgError::Unknown(kind, id),
            }
        })
    }
}

/// Who is connected: the seats with a connection, and how many spectators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Presence {
    /// Seats with at least one connection.
    pub seats: Seats,
    /// Connections without a seat.
    pub spectators: usize,
}

/// How much help one seat had in one round: `{"round", "seat", "count"}`
/// hints, and `"takebacks"` when it took moves back (left out when none).
/// Stored with the game's setup, shown on the score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct HintUse {
    /// Round number.
    pub round: u32,
    /// Seat.
    pub seat: u8,
    /// Hints given.
    pub count: u32,
    /// Takebacks made (issue 45: counted as hints are).
    #[serde(default, skip_serializing_if = "is_zero")]
    #[ts(as = "Option<u32>", optional)]
    pub takebacks: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A suggested move, the judge's (`triominos_bots::judge::hint`, the same
/// judgement as the game review's): the action, what it scores now, why, the
/// same advice in three grades, and how sure the judge is.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct Hint {
    /// The action suggested (a placement is `{"kind": "play", "tile", "cell", "rotation", "announce"?}`).
    pub action: Action,
    /// What it scores now (a draw or a pass: its penalty, 0 or less; going
    /// out: without the end of the round).
    pub points: i32,
    /// Why, most important first: `{"code", "params"}` (the page words each
    /// as `hint.reason.CODE`).
    pub reasons: Vec<HintReason>,
    /// The graded hint: `{"idea": reason naming no tile, "tile": tile or
    /// null, "action"}`; the page shows one grade at a time.
    pub grades: Grades,
    /// The action's value (the seat's expected margin where the judge's
    /// search stops, points) and its standard error.
    pub value: f64,
    /// The standard error of `value`.
    pub se: f64,
    /// Other actions the judge cannot tell apart from it (as good).
    pub as_good: Vec<Action>,
}

impl From<triominos_bots::judge::Hint> for Hint {
    fn from(h: triominos_bots::judge::Hint) -> Hint {
        Hint {
            action: h.action,
            points: h.points,
            reasons: h.reasons,
            grades: h.grades,
            value: h.value,
            se: h.se,
            as_good: h.as_good,
        }
    }
}

/// One reason of a [`Hint`] or a review entry, `{"code": ..., "params": ...}`:
/// the judge's one explainer (`triominos_bots::judge::Reason`; its codes are
/// `Reason::CODES`, each `hint.reason.CODE` in the translations).
pub use triominos_bots::judge::{Grades, Reason as HintReason};

/// A message to the browser. Deltas are kept serialized once (they go to
/// every connection), so they travel here as raw JSON: the server lends them
/// (`Cow::Borrowed`), a client reading a message owns them. A client (the
/// terminal game, `triominos play --join`) reads every message but `hint`
/// with serde; a new variant's payload derives `Deserialize` too.
// A message is made, written out as JSON at once and dropped, never kept in
// numbers: the snapshot's size (its game's waiting room and clock) costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Serialize, Deserialize, ts_rs::TS)]
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
        #[ts(as = "Vec<Delta>")]
        #[serde(deserialize_with = "raw_list")]
        log: Cow<'a, [Box<RawValue>]>,
        /// The seat's private view (`null` for a spectator).
        me: Option<Me>,
        /// Who is connected.
        presence: Presence,
        /// The hints used so far, per round and seat (see [`HintUse`]).
        hints_used: Cow<'a, [HintUse]>,
        /// The turn clock now, `null` when nobody's time runs.
        clock: Option<Clock>,
    },
    /// New deltas, and the seat's private view after them.
    Update {
        /// The deltas, in order.
        #[ts(as = "Vec<Delta>")]
        #[serde(deserialize_with = "raw_list")]
        deltas: Cow<'a, [Box<RawValue>]>,
        /// The seat's private view (`null` for a spectator).
        me: Option<Me>,
        /// The turn clock now, `null` when nobody's time runs.
        clock: Option<Clock>,
    },
    /// An intent of this connection was stored and applied as version `v`.
    /// An intent sent again with the id of one of the seat's last accepted
    /// intents (the server keeps `game::room::INTENT_IDS` of them) is not applied again: it is
    /// answered with the same ack, with `"duplicate": true`.
    Ack {
        /// The client's message id.
        id: Option<u64>,
        /// The version it made.
        v: u64,
        /// Whether this id was applied before (nothing changed now).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
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
    /// The answer to a `hint`: the move suggested at version `v` (sent,
    /// never read back: the judge's types are written only).
    #[serde(skip_deserializing)]
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
        used: Cow<'a, [HintUse]>,
    },
    /// Where "play again" stands, to everyone: the seats that agreed (bots
    /// agree at once; empty when nobody asks), and the seat that just
    /// declined, if one did (the agreements are then dropped).
    RematchAsked {
        /// Seats that agreed.
        agreed: Seats,
        /// The seat that declined.
        #[serde(skip_serializing_if = "Option::is_none")]
        declined: Option<u8>,
    },
    /// The rematch exists: this connection's own way to it (a seat's secret
    /// link, a spectator the new game's address). `now`: it was just made
    /// (the page moves there); otherwise the connection came back to the old
    /// game later (the page offers the link).
    Rematch {
        /// The new game's id.
        game: String,
        /// `/g/ID/TOKEN` for a seat, `/g/ID` for a spectator.
        link: String,
        /// Whether everyone just agreed.
        now: bool,
    },
    /// A seat's quick reaction, to everyone.
    Reaction {
        /// The seat.
        seat: u8,
        /// Which reaction.
        code: Reaction,
    },
    /// The table waiting for its people was cancelled, by its creator or
    /// because nobody filled it in time: the connections close after it.
    Cancelled {
        /// Whether it was cleaned away for want of people (else its creator
        /// cancelled it).
        expired: bool,
    },
    /// Whether the server can save moves, to every connection of the
    /// instance: `ok: false` once a write has waited for the database over
    /// the server's stall time (5 s) or the database does not answer (the
    /// moves sent meanwhile wait, and are saved and acknowledged once it
    /// answers), `ok: true` once it saves again. Sent at a change only, and
    /// at the connection when it cannot save then.
    Saving {
        /// Whether saving works.
        ok: bool,
    },
    /// A takeback, to everyone: asked (and who accepted so far), or how it
    /// ended. Once `accepted`, a fresh `snapshot` follows (the placement is
    /// gone from the log).
    Takeback {
        /// The seat that asked.
        asker: u8,
        /// The version that placement made (the one taken back).
        v: u64,
        /// The seats that accepted (the asker and the bots at once).
        agreed: Seats,
        /// Where it stands.
        outcome: TakebackOutcome,
        /// The seat that refused (`refused`), if one did.
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<u8>,
    },
}

/// A list of deltas read by a client. serde reads an internally tagged
/// enum's fields from a buffer, where a `RawValue` cannot be read: each is
/// read as a JSON value and written out again.
fn raw_list<'de, 'a, D: serde::Deserializer<'de>>(d: D) -> Result<Cow<'a, [Box<RawValue>]>, D::Error> {
    Vec::<Value>::deserialize(d)?
        .into_iter()
        .map(|v| RawValue::from_string(v.to_string()).map_err(serde::de::Error::custom))
        .collect::<Result<Vec<_>, _>>()
        .map(Cow::Owned)
}

/// Where a takeback stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum TakebackOutcome {
    /// Waiting for the others' answers.
    Asked,
    /// Everyone accepted: the placement is taken back.
    Accepted,
    /// A seat refused (`by`), or the move could not be taken back.
    Refused,
    /// Not everyone answered in time.
    Lapsed,
}

impl ServerMsg<'_> {
    /// The message as JSON text.
    pub fn text(&self) -> String {
        // Every field serializes (strings, numbers, raw JSON): this cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The turn clock as sent: whose time runs and how much is left, counted
/// by the server when the message is made (never a time of day: the
/// browser's clock may be wrong).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Clock {
    /// The seat whose turn it is, `null` between rounds (then the next
    /// round is dealt when the time is up).
    pub seat: Option<u8>,
    /// Milliseconds left (0: the time is up, the server acts now).
    pub remaining_ms: u64,
    /// The whole time of a turn, in milliseconds.
    pub move_ms: u64,
    /// The time reserve the seat to move has left on top of `remaining_ms`
    /// (a live table's; spent once the turn's time is up), in milliseconds:
    /// the stand-in takes the seat only when both are spent. Missing when
    /// the table has no reserve, or between rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reserve_ms: Option<u64>,
}

/// What happened in a delta, besides its events: the intent, or `start` for the deal.
///
/// Two types with [`Intent`], not one: the wire forms are the same but for
/// `start`, which a delta may say and a client may never ask for. One enum
/// would let `{"kind": "start"}` be read as an intent (then refused by hand)
/// and would change the page's TypeScript types (`Step` is `Intent` or
/// `start`); `Step::from(Option<Intent>)` is the one mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Step {
    /// The first deal (version 0).
    Start,
    /// The next round was dealt.
    NextRound,
    /// The stand-in bot plays the seat from now on.
    StandIn {
        /// The seat.
        seat: u8,
    },
    /// The seat's person took it back.
    Back {
        /// The seat.
        seat: u8,
    },
    /// The seat resigned.
    Resign {
        /// The seat.
        seat: u8,
    },
    /// The seat's turn timer ran out (rule option `timer`).
    TimeOut {
        /// The seat.
        seat: u8,
    },
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
            Some(Intent::StandIn { seat }) => Step::StandIn { seat },
            Some(Intent::Back { seat }) => Step::Back { seat },
            Some(Intent::Resign { seat }) => Step::Resign { seat },
            Some(Intent::TimeOut { seat }) => Step::TimeOut { seat },
        }
    }
}

/// Something everyone at the table sees happen.
///
/// Not core's [`Event`] itself: the wire form says more than the engine's
/// event (a play's `unclaimed` bonuses and its `notation`, worked out by the
/// server against the board before the play), the round's end in its one
/// wire shape ([`RoundEndWire`]) and the hands and scores of the game's seats
/// only (core keeps fixed-size arrays); [`EventWire::of`] is the one mapping.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
        /// The play in the move notation (docs/notation.md), written on the
        /// board it was played on: `255L555`, `124^2`, `155L125!`.
        notation: String,
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
    /// `Played` event gets `unclaimed`, what its play left unclaimed, and
    /// `notation`, how it is written (the core's event says neither: see
    /// the server's `game::view::Mark::before`).
    pub fn of(e: &Event, players: usize, unclaimed: Bonuses, notation: &str) -> EventWire {
        match *e {
            Event::RoundStarted { round, starter } => EventWire::RoundStarted { round, starter },
            Event::Played { player, placement, points, bonuses } => {
                EventWire::Played { player, placement, points, bonuses, unclaimed, notation: notation.to_string() }
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ScoreLine {
    /// Round number.
    pub round: u32,
    /// Seat.
    pub player: u8,
    /// Why (the server's are core's static names; a client owns what it read).
    #[ts(as = "String")]
    pub reason: Cow<'static, str>,
    /// Change to the total.
    pub points: i32,
}

impl From<&ScoreEntry> for ScoreLine {
    fn from(s: &ScoreEntry) -> ScoreLine {
        ScoreLine { round: s.round, player: s.player, reason: Cow::Borrowed(s.reason.name()), points: s.points }
    }
}

/// Where a game stands: everything a spectator may know besides the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
    /// Seats the table's stand-in bot plays (their time ran out, or they
    /// resigned); left out when none.
    #[serde(default, skip_serializing_if = "no_seats")]
    pub stand_in: Seats,
    /// Seats that resigned (they cannot win); left out when none.
    #[serde(default, skip_serializing_if = "no_seats")]
    pub resigned: Seats,
}

/// Whether a set of seats is empty (serde's `skip_serializing_if` passes a reference).
fn no_seats(s: &Seats) -> bool {
    s.is_empty()
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
            stand_in: Seats::EMPTY,
            resigned: Seats::EMPTY,
        }
    }
}

/// One numbered public delta: who did what, the public events and score
/// changes it caused, and the status after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
    /// The placement in the move notation, unannounced (`255L555`; the
    /// opening with its turn, `124^2`): what a player types to make it.
    pub notation: String,
}

/// An open spot of the board as a seat is told of it (the screen-reader
/// table): its name in the notation, what its corners must hold, and the
/// tiles of the seat's own hand that fit there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct OpenSpot {
    /// The spot, named from the tile placed last beside it.
    pub spot: SpotName,
    /// The cell.
    pub cell: Cell,
    /// Whether the cell points up (its corners: top, bottom-right,
    /// bottom-left) or down (top-left, top-right, bottom).
    pub up: bool,
    /// The number each corner must hold, clockwise from corner 0 (`null`:
    /// any); `null` when no tile can fit (its neighbours disagree).
    pub needs: Option<[Option<u8>; 3]>,
    /// The tiles of this seat's hand that fit there some way (whether the
    /// turn lets them be played now is in `legal`).
    pub fits: Vec<Tile>,
}

/// A seat's private view: its hand, the tile it just drew, its legal
/// placements, whether it may draw or pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
    /// The board's open spots, those where a tile of the hand fits first,
    /// then by name (see [`OpenSpot`]).
    pub spots: Vec<OpenSpot>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
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

    /// A client (the terminal game) reads what the server writes with the
    /// same types, and the server reads what such a client writes.
    #[test]
    fn a_client_reads_the_servers_messages_with_the_same_types() {
        let delta = json!({"v": 1, "seat": 0, "action": {"kind": "draw"},
            "events": [{"type": "drew", "player": 0, "points": -5, "failed": false},
                       {"type": "played", "player": 1, "placement": {"tile": "1-2-4", "cell": [0, 0], "rotation": 1},
                        "points": 17, "bonuses": ["start"], "unclaimed": [], "notation": "124^1"}],
            "scores": [{"round": 1, "player": 0, "reason": "draw", "points": -5}],
            "status": {"round": 1, "phase": "playing", "to_move": 1, "starter": 0, "draws": 1, "passes": 0,
                       "pool": 40, "hand_sizes": [8, 7], "totals": [-5, 0], "round_points": [-5, 0],
                       "round_end": null, "round_winners": [], "winners": [], "reached": []}});
        let read: Delta = serde_json::from_value(delta.clone()).unwrap();
        assert_eq!(serde_json::to_value(&read).unwrap(), delta, "read back as it was written");
        let raw = RawValue::from_string(delta.to_string()).unwrap();
        let log = [raw];
        let me = Me {
            seat: 1,
            hand: TileSet::EMPTY,
            drawn: None,
            my_turn: true,
            legal: vec![],
            can_draw: true,
            can_pass: false,
            spots: vec![OpenSpot {
                spot: SpotName { name: "L124".into(), side: "left".into(), next_to: "1-2-4".parse().unwrap() },
                cell: Cell::new(-1, 0).unwrap(),
                up: false,
                needs: Some([Some(1), None, Some(4)]),
                fits: vec!["1-4-4".parse().unwrap()],
            }],
        };
        let text = ServerMsg::Update { deltas: (&log[..]).into(), me: Some(me.clone()), clock: None }.text();
        match serde_json::from_str::<ServerMsg>(&text).unwrap() {
            ServerMsg::Update { deltas, me: Some(m), clock: None } => {
                assert_eq!(serde_json::from_str::<Delta>(deltas[0].get()).unwrap(), read);
                assert_eq!(m, me);
            }
            other => panic!("{other:?}"),
        }
        let ack = ServerMsg::Ack { id: Some(7), v: 12, duplicate: false }.text();
        assert!(matches!(
            serde_json::from_str::<ServerMsg>(&ack).unwrap(),
            ServerMsg::Ack { id: Some(7), v: 12, duplicate: false }
        ));
        let refused =
            ServerMsg::Error { refusal: Refusal::from(super::super::refusal::Refused::Spectator), id: Some(4) }.text();
        assert!(matches!(serde_json::from_str::<ServerMsg>(&refused).unwrap(), ServerMsg::Error { id: Some(4), .. }));
        for m in [
            ClientMsg::Hello { token: Some("abc".into()) },
            ClientMsg::Action { action: Intent::Act(Action::Pass), id: Some(9) },
            ClientMsg::NextRound { id: None },
            ClientMsg::Since { v: Some(3) },
            ClientMsg::Move { text: "144L124".into(), id: Some(10) },
        ] {
            assert_eq!(ClientMsg::parse(&serde_json::to_string(&m).unwrap()).ok(), Some(m));
        }
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

    /// The `type`s of the client messages before serde named them (the
    /// hand-written list `ClientMsg::parse` kept until issue 46).
    const KINDS: [&str; 16] = [
        "hello",
        "action",
        "next_round",
        "since",
        "snapshot",
        "ping",
        "hint",
        "rematch",
        "rematch_decline",
        "react",
        "takeback",
        "takeback_answer",
        "move",
        "start",
        "give_seat",
        "cancel",
    ];

    /// What `ClientMsg::parse` answered with the hand-written list: the oracle.
    fn parse_by_the_list(text: &str) -> Result<ClientMsg, ClientMsgError> {
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
                k if KINDS.contains(&k) => ClientMsgError::BadJson,
                _ => ClientMsgError::Unknown(env.kind, id),
            }
        })
    }

    fn same(a: &Result<ClientMsg, ClientMsgError>, b: &Result<ClientMsg, ClientMsgError>) -> bool {
        match (a, b) {
            (Ok(x), Ok(y)) => x == y,
            (Err(ClientMsgError::BadJson), Err(ClientMsgError::BadJson)) => true,
            (Err(ClientMsgError::BadAction(x)), Err(ClientMsgError::BadAction(y))) => x == y,
            (Err(ClientMsgError::Unknown(k, x)), Err(ClientMsgError::Unknown(l, y))) => k == l && x == y,
            _ => false,
        }
    }

    #[test]
    fn serde_names_the_same_client_message_types_as_the_old_list() {
        use strum::IntoEnumIterator;
        let named: Vec<&str> = ClientMsgKind::iter().map(<&'static str>::from).collect();
        let mut sorted = named.clone();
        sorted.sort_unstable();
        let mut list = KINDS.to_vec();
        list.sort_unstable();
        assert_eq!(sorted, list);
        // serde spells each as strum does: a known type with a bad body is `bad_json`, not `unknown_message`.
        for k in named {
            let text =
                format!(r#"{{"type":"{k}","token":5,"action":7,"v":"x","code":"nope","accept":1,"text":2,"seat":-1}}"#);
            let got = ClientMsg::parse(&text);
            assert!(!matches!(got, Err(ClientMsgError::Unknown(..))), "{k}");
            assert!(same(&got, &parse_by_the_list(&text)), "{text}");
        }
    }

    /// A JSON value of any shape, small.
    fn any_json() -> impl proptest::strategy::Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            (-1e6f64..1e6).prop_map(Value::from),
            "[a-z_0-9-]{0,8}".prop_map(Value::from),
            Just(Value::from("1-2-4")),
            Just(serde_json::json!([0, 0])),
        ];
        leaf.prop_recursive(3, 16, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                proptest::collection::btree_map(
                    prop_oneof![
                        Just("kind".to_string()),
                        Just("tile".to_string()),
                        Just("cell".to_string()),
                        Just("rotation".to_string()),
                        Just("seat".to_string()),
                        "[a-z]{1,6}"
                    ],
                    inner,
                    0..5
                )
                .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        /// Any message, well formed or not, gets the answer the hand-written
        /// list gave: the same message, or the same refusal with the same id.
        #[test]
        fn parse_answers_as_the_old_list_did(
            kind in proptest::prop_oneof![
                proptest::sample::select(KINDS.to_vec()).prop_map(Value::from),
                "[a-z_]{0,12}".prop_map(Value::from),
                any_json(),
            ],
            fields in proptest::collection::btree_map(
                proptest::sample::select(vec!["id", "token", "action", "v", "code", "accept", "text", "seat", "x"]),
                any_json(),
                0..4,
            ),
            as_text in any::<bool>(),
            noise in "[^\\x00]{0,3}",
        ) {
            let mut m: serde_json::Map<String, Value> = fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            m.insert("type".into(), kind);
            let text = if as_text { Value::Object(m).to_string() } else { format!("{}{noise}", Value::Object(m)) };
            let (new, old) = (ClientMsg::parse(&text), parse_by_the_list(&text));
            prop_assert!(same(&new, &old), "{text}");
        }
    }
}
