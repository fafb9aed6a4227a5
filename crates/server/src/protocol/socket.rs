//! A game's WebSocket: what the browser sends ([`ClientMsg`]) and receives
//! ([`ServerMsg`]), the numbered public [`Delta`]s and a seat's private view
//! ([`Me`]).

use super::common::{PublicGame, RoundEndWire};
use super::refusal::Refusal;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use triominos_core::{Action, Bonuses, Cell, Event, Phase, Placement, Public, ScoreEntry, Seats, Tile, TileSet};

/// What a seat (or the server, between rounds) asks for. Stored, and sent in
/// `action` messages: a game action (`{"kind": "play", ...}`, `draw`, `pass`)
/// or `{"kind": "next_round"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, ts_rs::TS)]
#[serde(tag = "type", rename_all = "snake_case")]
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
        /// seat gave one of its last [`crate::game::room::INTENT_IDS`] accepted
        /// intents makes this one a duplicate: acknowledged again, not applied.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Presence {
    /// Seats with at least one connection.
    pub seats: Seats,
    /// Connections without a seat.
    pub spectators: usize,
}

/// How many hints one seat was given in one round: `{"round", "seat",
/// "count"}`. Stored with the game's setup, shown on the score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Hint {
    /// The action suggested (a placement is `{"kind": "play", "tile", "cell", "rotation", "announce"?}`).
    pub action: Action,
    /// What it scores now (a draw or a pass: its penalty, 0 or less; going
    /// out: without the end of the round).
    pub points: i32,
    /// Why, most important first: `{"code", "params"}`.
    pub reasons: Vec<HintReason>,
}

/// One reason of a [`Hint`], `{"code": ..., "params": ...}`. The code is
/// the variant's name in snake case; [`HintCode`] (derived) lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr, strum::EnumDiscriminants, ts_rs::TS)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
#[strum_discriminants(
    name(HintCode),
    derive(strum::EnumIter, strum::IntoStaticStr),
    strum(serialize_all = "snake_case"),
    doc = "The kind of a [`HintReason`], without its parameters: its code (`hint.reason.CODE` in the translations)."
)]
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
    /// This reason's code (`hexagon`, `no_fit`...).
    pub fn code(&self) -> &'static str {
        self.into()
    }

    /// Every code, one per variant, in the enum's order (for the translations' test).
    pub fn codes() -> impl Iterator<Item = &'static str> {
        <HintCode as strum::IntoEnumIterator>::iter().map(<&'static str>::from)
    }
}

/// A message to the browser. Deltas are kept serialized once (they go to
/// every connection), so they travel here as raw JSON.
#[derive(Debug, Serialize, ts_rs::TS)]
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
        #[ts(as = "Vec<Delta>")]
        deltas: &'a [Box<RawValue>],
        /// The seat's private view (`null` for a spectator).
        me: Option<Me>,
    },
    /// An intent of this connection was stored and applied as version `v`.
    /// An intent sent again with the id of one of the seat's last
    /// [`crate::game::room::INTENT_IDS`] accepted intents is not applied again: it is
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
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
    /// core's event does not say: see [`crate::game::view::Mark::before`]).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
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
    fn serde_and_strum_spell_every_hint_reason_alike() {
        let t: Tile = "5-5-5".parse().unwrap();
        // One reason of each kind (a kind added to the enum must be added here:
        // the match is exhaustive); its wire code is its derived code.
        let of_kind = |k: HintCode| match k {
            HintCode::Hexagon => HintReason::Hexagon { points: 50 },
            HintCode::DoubleHexagon => HintReason::DoubleHexagon { points: 60 },
            HintCode::TripleHexagon => HintReason::TripleHexagon { points: 70 },
            HintCode::Bridge => HintReason::Bridge { points: 40 },
            HintCode::BridgeExtension => HintReason::BridgeExtension { points: 40 },
            HintCode::Start => HintReason::Start { points: 10 },
            HintCode::Tile => HintReason::Tile { points: 15 },
            HintCode::Out => HintReason::Out { points: 25 },
            HintCode::OutHands => HintReason::OutHands { points: 25 },
            HintCode::Most => HintReason::Most { plays: 3 },
            HintCode::Instead => HintReason::Instead { tile: t, points: 15 },
            HintCode::Keeps => HintReason::Keeps { tile: t },
            HintCode::NoBridgeFor => HintReason::NoBridgeFor { seat: 1 },
            HintCode::NoHexagonFor => HintReason::NoHexagonFor { seat: 1 },
            HintCode::NoFit => HintReason::NoFit,
            HintCode::DrawInstead => HintReason::DrawInstead { points: 3 },
            HintCode::Pass => HintReason::Pass,
        };
        let codes: Vec<&str> = HintReason::codes().collect();
        for (k, code) in <HintCode as strum::IntoEnumIterator>::iter().zip(&codes) {
            let r = of_kind(k);
            assert_eq!(HintCode::from(&r), k);
            assert_eq!(serde_json::to_value(&r).unwrap()["code"], *code, "{r:?}");
            assert_eq!(r.code(), *code);
        }
        assert_eq!(codes.len(), codes.iter().collect::<std::collections::BTreeSet<_>>().len());
        assert!(codes.contains(&"no_hexagon_for") && codes.contains(&"draw_instead"));
        assert_eq!(
            serde_json::to_value(HintReason::Keeps { tile: t }).unwrap(),
            json!({"code": "keeps", "params": {"tile": "5-5-5"}})
        );
        assert_eq!(serde_json::to_value(HintReason::NoFit).unwrap(), json!({"code": "no_fit"}));
    }
}
