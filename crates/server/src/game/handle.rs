//! The way to a game in memory: a [`GameHandle`] sends [`Command`]s to the
//! game's driver task ([`super::driver`]), which owns the game ([`Room`]:
//! its table, connections, bot slot and timers) and answers on a oneshot
//! channel. Nothing else holds the game: every socket, request, bot's turn
//! and hint talks to it through a handle, one command at a time, in the
//! order they come.
//!
//! The driver lives while a handle does: the registry holds one while the
//! game is in memory, each socket, request and task working for the game
//! holds a clone meanwhile. When the last handle is dropped the driver ends,
//! and with it the game's timers.

use super::error::Denied;
use super::room::Room;
use crate::protocol::{ClientMsg, Intent, Refused};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use tokio::sync::{mpsc, oneshot};

/// Commands that may wait for a game's driver; a sender beyond them waits.
pub const COMMANDS: usize = 64;

/// Who asked, for the acknowledgement: a connection and the client's message id.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asker {
    /// Connection number in the room.
    pub conn: Option<u64>,
    /// The client's message id, echoed back.
    pub id: Option<u64>,
    /// A bot's or the clock's intent worked out at this version: not
    /// applied if the game has moved on since (answered with the version now).
    pub at_version: Option<u64>,
}

/// A read of the game, run by its driver between two commands.
pub type Read = Box<dyn FnOnce(&mut Room) + Send>;

/// What a bot's turn is given to think about ([`Command::BotTurn`]).
pub enum BotTurn {
    /// The round is over in a game without people playing: the next round
    /// is dealt after the round delay.
    NextRound,
    /// A bot thinks for `seat` (taken from the table until
    /// [`Command::PutBot`] gives it back).
    Think {
        /// The seat to play.
        seat: u8,
        /// Its bot.
        bot: Box<dyn triominos_bots::Bot>,
        /// What the seat sees.
        obs: triominos_core::Observation,
        /// The threads its level may use.
        wants: usize,
        /// Whether a person plays at the table (the bots' lane).
        people: bool,
        /// The game's owner (its share of thinking).
        owner: u64,
    },
}

/// A hint worked out ([`Command::HintDone`]).
pub struct HintDone {
    /// The seat that asked.
    pub seat: u8,
    /// Its connection.
    pub conn: u64,
    /// The client's message id.
    pub id: Option<u64>,
    /// The version it was worked out at.
    pub v: u64,
    /// The judge's hint (`Err`: its search panicked).
    pub found: Result<Option<crate::protocol::Hint>, ()>,
    /// The client's share of hints, given back once answered.
    pub share: super::shares::Share,
}

/// What a game's driver is asked to do.
pub enum Command {
    /// A client's message on connection `conn` of `seat` (`None`: a
    /// spectator) from `client`; the reply is the direct answer, if any.
    Client {
        /// The seat.
        seat: Option<u8>,
        /// The connection.
        conn: u64,
        /// The client's address.
        client: Option<std::net::IpAddr>,
        /// The message.
        msg: ClientMsg,
        /// The direct answer.
        reply: oneshot::Sender<Option<String>>,
    },
    /// An intent (a bot's, the clock's, the server's): checked, stored,
    /// applied and told; the new version.
    Submit {
        /// The seat (`None`: the server).
        seat: Option<u8>,
        /// The intent.
        intent: Intent,
        /// Who asked.
        asker: Asker,
        /// The new version, or the refusal.
        reply: oneshot::Sender<Result<u64, Denied>>,
    },
    /// The seat of a token.
    SeatOfToken(String, oneshot::Sender<Option<u8>>),
    /// A seat's person opened their link.
    Arrive(u8, oneshot::Sender<()>),
    /// A socket connects; answered with its connection number, and the
    /// rematch made since, unless the game left memory.
    Connect {
        /// The seat.
        seat: Option<u8>,
        /// Its outgoing messages.
        tx: mpsc::Sender<Arc<str>>,
        /// The connection number and the rematch, if any.
        reply: oneshot::Sender<Option<(u64, Option<String>)>>,
    },
    /// A socket closed.
    Disconnect(u64),
    /// A bot's turn at a version begins: what to think about.
    BotTurn(u64, oneshot::Sender<Option<BotTurn>>),
    /// A bot is given back to its seat.
    PutBot(u8, Box<dyn triominos_bots::Bot>),
    /// A hint was worked out.
    HintDone(Box<HintDone>),
    /// Every connection is dropped (another instance owns the game now).
    DropConnections,
    /// A read of the game.
    Read(Read),
    /// Nothing: the driver looks at what is due (a game just put in the registry).
    Wake(oneshot::Sender<()>),
}

/// What the registry reads of a game without asking its driver, kept up to
/// date by the driver after every command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// The version.
    pub version: u64,
    /// Nobody is connected.
    pub idle: bool,
    /// A bot (or the server) is to act.
    pub bot_due: bool,
    /// When the turn clock runs out (ms since 1970).
    pub deadline: Option<i64>,
    /// The deadline of the turn clock set now, if one is.
    pub clock: Option<i64>,
    /// Whether the game is over.
    pub over: bool,
}

impl Status {
    /// The status of `room` now (the clock set: `clock`).
    pub fn of(room: &Room, clock: Option<i64>) -> Status {
        Status {
            version: room.version(),
            idle: room.is_idle(),
            bot_due: room.bot_due(),
            deadline: room.deadline(),
            clock,
            over: room.is_over(),
        }
    }
}

struct Inner {
    id: String,
    copy: u64,
    tx: mpsc::Sender<Command>,
    status: Mutex<Status>,
}

/// A handle on a game in memory (cheap to clone).
#[derive(Clone)]
pub struct GameHandle(Arc<Inner>);

/// A handle that does not keep the game's driver alive (held by the driver).
#[derive(Clone)]
pub struct WeakHandle(Weak<Inner>);

impl WeakHandle {
    /// The handle, while anyone else holds one.
    pub fn upgrade(&self) -> Option<GameHandle> {
        self.0.upgrade().map(GameHandle)
    }
}

static COPIES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// The game's driver went away (never while a handle is held, unless it panicked).
fn gone() -> Denied {
    tracing::error!("a game's driver is gone");
    Refused::StorageFailed.into()
}

impl GameHandle {
    /// A handle on `room` (its copy number set) and the receiving end of
    /// its commands, for the driver.
    pub fn new(room: &mut Room) -> (GameHandle, mpsc::Receiver<Command>) {
        let (tx, rx) = mpsc::channel(COMMANDS);
        room.copy = COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let status = Mutex::new(Status::of(room, None));
        (GameHandle(Arc::new(Inner { id: room.id.clone(), copy: room.copy, tx, status })), rx)
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.0.id
    }

    /// This copy of the game's number (another copy loaded since has another).
    pub fn copy(&self) -> u64 {
        self.0.copy
    }

    /// Whether nothing but `holders` handles are held (the registry's own).
    pub fn held_only_by(&self, holders: usize) -> bool {
        Arc::strong_count(&self.0) <= holders
    }

    /// The weak side, for the driver.
    pub fn downgrade(&self) -> WeakHandle {
        WeakHandle(Arc::downgrade(&self.0))
    }

    fn status_lock(&self) -> MutexGuard<'_, Status> {
        self.0.status.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The game's status after the last command.
    pub fn status(&self) -> Status {
        *self.status_lock()
    }

    /// Sets the status (the driver, after each command).
    pub fn set_status(&self, status: Status) {
        *self.status_lock() = status;
    }

    /// Sends a command, waiting while the driver's queue is full.
    pub async fn send(&self, cmd: Command) -> bool {
        self.0.tx.send(cmd).await.is_ok()
    }

    /// Sends a command without waiting; a full queue sends it from a task.
    pub fn send_now(&self, cmd: Command) {
        if let Err(mpsc::error::TrySendError::Full(cmd)) = self.0.tx.try_send(cmd) {
            let me = self.clone();
            tokio::spawn(async move { me.send(cmd).await });
        }
    }

    async fn ask<T>(&self, cmd: impl FnOnce(oneshot::Sender<T>) -> Command) -> Option<T> {
        let (tx, rx) = oneshot::channel();
        if !self.send(cmd(tx)).await {
            return None;
        }
        rx.await.ok()
    }

    /// Checks an intent, stores it, applies it, acknowledges and broadcasts
    /// it. A refusal changes nothing. Returns the new version.
    pub async fn submit(&self, seat: Option<u8>, intent: Intent, asker: Asker) -> Result<u64, Denied> {
        self.ask(|reply| Command::Submit { seat, intent, asker, reply }).await.unwrap_or_else(|| Err(gone()))
    }

    /// Reads the game (`f` runs in its driver, between two commands).
    pub async fn read<T: Send + 'static>(&self, f: impl FnOnce(&Room) -> T + Send + 'static) -> Option<T> {
        self.ask(|tx| Command::Read(Box::new(move |r: &mut Room| drop(tx.send(f(r)))))).await
    }

    /// Changes the game in place, bypassing its rules: for the tests only.
    #[doc(hidden)]
    pub async fn tamper<T: Send + 'static>(&self, f: impl FnOnce(&mut Room) -> T + Send + 'static) -> Option<T> {
        self.ask(|tx| Command::Read(Box::new(move |r: &mut Room| drop(tx.send(f(r)))))).await
    }

    /// A client's message; the direct answer, if any.
    pub async fn client(
        &self,
        seat: Option<u8>,
        conn: u64,
        client: Option<std::net::IpAddr>,
        msg: ClientMsg,
    ) -> Option<String> {
        self.ask(|reply| Command::Client { seat, conn, client, msg, reply }).await.flatten()
    }

    /// The seat of a token.
    pub async fn seat_of_token(&self, token: String) -> Option<u8> {
        self.ask(|tx| Command::SeatOfToken(token, tx)).await.flatten()
    }

    /// A seat's person opened their link (see [`super::waiting::arrive`]).
    pub async fn arrive(&self, seat: u8) {
        self.ask(|tx| Command::Arrive(seat, tx)).await;
    }

    /// Connects a socket: its number and the rematch made since, or `None`
    /// when the game left memory.
    pub async fn connect(&self, seat: Option<u8>, tx: mpsc::Sender<Arc<str>>) -> Option<(u64, Option<String>)> {
        self.ask(|reply| Command::Connect { seat, tx, reply }).await.flatten()
    }

    /// The driver looks at what is due: its bots and clock start (a game
    /// just put in the registry).
    pub async fn wake(&self) {
        self.ask(Command::Wake).await;
    }

    /// The version now.
    pub async fn version(&self) -> u64 {
        self.read(|r| r.version()).await.unwrap_or_else(|| self.status().version)
    }
}
