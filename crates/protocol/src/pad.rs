//! The score pad's request and answer bodies.

use super::common::RoundEndWire;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use triominos_core::pad::Entry;
use triominos_core::Seats;
use triominos_core::TileSet;

/// `POST /api/pad`: `{names, preset, options}`.
#[derive(Clone, Debug, Deserialize, ts_rs::TS)]
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
#[derive(Clone, Debug, Deserialize, ts_rs::TS)]
pub struct EntryRequest {
    /// The entry (read apart, so that a bad entry is told from bad JSON).
    pub entry: Value,
    /// Insert before this entry instead of adding at the end.
    #[serde(default)]
    pub at: Option<usize>,
}

/// One score change of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[ts(rename = "SheetItem")]
pub struct Item {
    /// Seat.
    pub player: u8,
    /// Why (`tile`, `bridge`, `draw`...).
    pub reason: &'static str,
    /// Change to the total.
    pub points: i32,
}

/// A finished round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "SheetPhase")]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
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
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct KeyedSheet {
    /// The sheet.
    #[serde(flatten)]
    pub sheet: SheetView,
    /// Its owner key (128-bit random, hex).
    pub key: String,
}

/// One sheet a browser holds the key of, in [`ListRequest`].
#[derive(Clone, Debug, Deserialize, ts_rs::TS)]
pub struct SheetKey {
    /// Sheet id.
    pub id: String,
    /// Its owner key.
    pub key: String,
}

/// `POST /api/pad/list`: `{"sheets": [{"id", "key"}]}`, the sheets whose
/// keys the page holds; the answer ([`SheetList`]) lists those whose key
/// is right (at most the server's `pad::MAX_LISTED` are looked at).
#[derive(Clone, Debug, Deserialize, ts_rs::TS)]
pub struct ListRequest {
    /// The sheets and their keys.
    pub sheets: Vec<SheetKey>,
}

/// What the list of sheets shows of one; stored with the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
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
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct SheetList {
    /// The sheets.
    pub sheets: Vec<SheetListItem>,
}

/// `DELETE /api/pad/{id}`.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
pub struct Deleted {
    /// The id of the sheet removed.
    pub deleted: String,
}
