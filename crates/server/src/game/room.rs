//! One game on the server: its [`Table`] (the state and rules, pure) with
//! the open connections, owned by the game's driver ([`super::driver`]).

pub use super::table::{default_stand_in, Applied, SeatSetup, Setup, TakebackPending, Timing, INTENT_IDS};
pub use crate::protocol::SeatKind;

use super::error::Denied;
use super::table::Table;
use crate::protocol::{Presence, Seats, ServerMsg};
use std::sync::Arc;
use tokio::sync::mpsc;

/// One open WebSocket.
pub struct Conn {
    /// Connection number within the room.
    pub id: u64,
    /// The seat, or `None` for a spectator.
    pub seat: Option<u8>,
    /// Outgoing messages.
    pub tx: mpsc::Sender<Arc<str>>,
}

/// A game being served: its table and its connections. Reads and changes
/// of the table go through it ([`std::ops::Deref`]).
pub struct Room {
    /// The game's state and rules.
    pub table: Table,
    conns: Vec<Conn>,
    next_conn: u64,
    /// This copy of the game in memory (see [`super::handle::GameHandle::copy`]):
    /// a copy the registry no longer holds never writes.
    pub copy: u64,
}

impl std::ops::Deref for Room {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.table
    }
}

impl std::ops::DerefMut for Room {
    fn deref_mut(&mut self) -> &mut Table {
        &mut self.table
    }
}

impl From<Table> for Room {
    fn from(table: Table) -> Room {
        Room { table, conns: Vec::new(), next_conn: 0, copy: 0 }
    }
}

impl Room {
    /// Builds the game from its setup (the deal of round 1), with no connection.
    pub fn new(id: String, setup: Setup) -> Result<Room, Denied> {
        Ok(Table::new(id, setup)?.into())
    }

    /// The game starts at `now` (milliseconds since 1970): its first turn's
    /// clock starts then, and the waiting table's clock is dropped. The
    /// caller stores the setup.
    pub fn begin(&mut self, now: i64) {
        self.table.begin(now);
    }

    /// Drops every connection: their sockets close and the pages connect
    /// again (another instance owns the game now).
    pub fn drop_connections(&mut self) {
        self.conns.clear();
    }

    /// Whether the seat has a connection.
    pub fn is_connected(&self, seat: u8) -> bool {
        self.conns.iter().any(|c| c.seat == Some(seat))
    }

    /// Which seats have a connection, and how many spectators watch.
    pub fn presence(&self) -> Presence {
        let mut seats = Seats::EMPTY;
        let mut spectators = 0;
        for c in &self.conns {
            match c.seat {
                Some(s) => {
                    seats.insert(s);
                }
                None => spectators += 1,
            }
        }
        Presence { seats, spectators }
    }

    /// The full state for a seat (or a spectator): the game, every delta, its private view.
    pub fn snapshot(&self, seat: Option<u8>) -> String {
        ServerMsg::Snapshot {
            v: self.version(),
            you: seat,
            game: self.public(crate::store::now_ms()),
            log: self.log().into(),
            me: self.me(seat),
            presence: self.presence(),
            hints_used: (&self.setup.hints_used[..]).into(),
            clock: self.clock(crate::store::now_ms()),
        }
        .text()
    }

    /// Tells everyone the hints given so far.
    pub fn send_hints_used(&self) {
        let msg: Arc<str> = ServerMsg::HintsUsed { used: (&self.setup.hints_used[..]).into() }.text().into();
        for c in &self.conns {
            let _ = c.tx.try_send(msg.clone());
        }
    }

    /// The deltas after `v` and the seat's private view now.
    pub fn update_since(&self, seat: Option<u8>, v: u64) -> String {
        ServerMsg::Update {
            deltas: self.deltas_after(v).into(),
            me: self.me(seat),
            clock: self.clock(crate::store::now_ms()),
        }
        .text()
    }

    /// Sends the delta numbered `v` to every connection, each seat with its private view.
    pub fn broadcast_from(&mut self, v: u64) {
        let n = self.setup.seats.len();
        let mut per_seat: Vec<Option<Arc<str>>> = vec![None; n + 1];
        let mut dead = Vec::new();
        for i in 0..self.conns.len() {
            let seat = self.conns[i].seat;
            let slot = seat.map_or(n, |s| s as usize);
            if per_seat[slot].is_none() {
                per_seat[slot] = Some(self.update_since(seat, v - 1).into());
            }
            let msg = per_seat[slot].clone().unwrap_or_else(|| Arc::from(""));
            if self.conns[i].tx.try_send(msg).is_err() {
                dead.push(self.conns[i].id);
            }
        }
        if !dead.is_empty() {
            self.conns.retain(|c| !dead.contains(&c.id));
            self.send_presence();
        }
    }

    /// Sends a message to one connection.
    pub fn send_to(&self, conn: u64, msg: String) {
        if let Some(c) = self.conns.iter().find(|c| c.id == conn) {
            let _ = c.tx.try_send(msg.into());
        }
    }

    /// Adds a connection; returns its number.
    pub fn connect(&mut self, seat: Option<u8>, tx: mpsc::Sender<Arc<str>>) -> u64 {
        self.next_conn += 1;
        let id = self.next_conn;
        self.conns.push(Conn { id, seat, tx });
        id
    }

    /// Removes a connection.
    pub fn disconnect(&mut self, conn: u64) {
        self.conns.retain(|c| c.id != conn);
    }

    /// Whether nobody is connected.
    pub fn is_idle(&self) -> bool {
        self.conns.is_empty()
    }

    /// Tells everyone who is connected.
    pub fn send_presence(&self) {
        let msg: Arc<str> = ServerMsg::Presence(self.presence()).text().into();
        for c in &self.conns {
            let _ = c.tx.try_send(msg.clone());
        }
    }

    /// Sends every connection a message of its own, made from its seat
    /// (`None`: a spectator).
    pub fn send_each(&self, msg: impl Fn(Option<u8>) -> String) {
        for c in &self.conns {
            let _ = c.tx.try_send(msg(c.seat).into());
        }
    }

    /// A quick reaction of `seat` at `now`, told to everyone; refused with
    /// `reaction_busy` beyond the seat's rate (a bucket refilled one
    /// reaction per `every`).
    pub fn react(
        &mut self,
        seat: u8,
        code: crate::protocol::Reaction,
        now: std::time::Instant,
        every: std::time::Duration,
    ) -> Result<(), crate::protocol::Refused> {
        self.table.take_reaction(seat, now, every)?;
        let msg = ServerMsg::Reaction { seat, code }.text();
        self.send_each(|_| msg.clone());
        Ok(())
    }

    /// Takes the game of `fresh` (the same game rebuilt from storage, after a
    /// takeback): see [`Table::replace_game`]; the connections stay.
    pub fn replace_game(&mut self, fresh: Room) {
        self.table.replace_game(fresh.table);
    }

    /// Sends every connection a fresh snapshot.
    pub fn send_snapshots(&self) {
        for c in &self.conns {
            let _ = c.tx.try_send(self.snapshot(c.seat).into());
        }
    }
}
