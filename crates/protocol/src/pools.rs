//! Meeting players (issue 47, section 2): the lobby's "Open tables" (`GET
//! /api/tables` answers [`OpenTables`], `POST /api/tables/{id}/join` answers
//! [`Joined`]) and the "Play now" pools (`POST /api/pools` takes
//! [`EnterPool`]; it, `GET /api/pools/{entry}` and `POST
//! /api/pools/{entry}/leave` answer [`PoolEntry`]).

use super::common::Pace;
use serde::{Deserialize, Serialize};

/// A table of people waiting for them whose creator made it public: what
/// anyone may know of it (no seat link, no deal).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct OpenTable {
    /// Game id.
    pub id: String,
    /// Preset name.
    pub preset: String,
    /// The table's pace.
    pub pace: Pace,
    /// Seats in all (people and bots).
    pub size: u8,
    /// The names of the people seated (may be empty: the page names them).
    pub seated: Vec<String>,
    /// Seats free for a person.
    pub free: u8,
    /// Seconds since the table was made.
    pub age_s: u64,
    /// Whether the people may ask for a suggested move.
    pub hints: bool,
    /// Whether a person may take back a placement.
    pub takebacks: bool,
}

/// `GET /api/tables`: the public tables with a free seat, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct OpenTables {
    /// At most a page of them.
    pub tables: Vec<OpenTable>,
}

/// `POST /api/tables/{id}/join`: a free seat of a public table, held a
/// minute for the person who asked (their link opens it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Joined {
    /// Game id.
    pub id: String,
    /// The seat.
    pub seat: u8,
    /// The seat's secret link (`/g/ID/TOKEN`).
    pub link: String,
}

/// `POST /api/pools`: "Play now" at a table of `size` seats of this preset
/// and pace.
#[derive(Clone, Debug, Deserialize, ts_rs::TS)]
pub struct EnterPool {
    /// Preset name.
    pub preset: String,
    /// The table's pace (untimed when missing); one offered.
    #[serde(default)]
    pub pace: Pace,
    /// Seats at the table: 2, 3 or 4 (within the preset's).
    pub size: u8,
    /// The person's name at the table (may be empty).
    #[serde(default)]
    pub name: String,
    /// Seconds after which the seats still free are given to bots (5 to
    /// 600); never when missing.
    #[serde(default)]
    pub bots_after_s: Option<u32>,
}

/// Where an entry of a pool is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum PoolState {
    /// Waiting for others.
    Waiting,
    /// Seated at a table: its link is given.
    Seated,
    /// Out of the pool (left, or not heard of for too long).
    Left,
}

/// An entry of a pool, as its holder sees it (nothing of the others).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct PoolEntry {
    /// The entry's secret id: whoever holds it may follow or leave it.
    pub entry: String,
    /// Where it is.
    pub state: PoolState,
    /// Seconds since it entered.
    pub waited_s: u64,
    /// Once seated, the seat's secret link (`/g/ID/TOKEN`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub link: Option<String>,
}
