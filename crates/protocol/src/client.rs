//! A typed client of a game's WebSocket (feature `client`): the one Rust
//! client of the protocol, used by the terminal game (`triominos play
//! --join`), the server's integration tests, its load test and its attack
//! example.
//!
//! A [`Link`] says where a seat or a spectator connects (and is all it takes
//! to connect again after a lost connection: the server sends a fresh
//! snapshot after every `hello`). A [`Client`] is one connection: it sends
//! [`ClientMsg`]s ([`Client::send`], [`Client::act`]) or any frame
//! ([`Client::send_text`], [`Client::send_frame`], for tests of bad input),
//! and reads what the server sends as [`Incoming`]: the text and the
//! [`ServerMsg`] read from it. A [`View`] follows a table from those
//! messages: the version, the status and the seat's private view, and a
//! simple move for bots of tests and load ([`View::best`]).
//!
//! ```no_run
//! # async fn f() -> Result<(), triominos_protocol::client::ClientError> {
//! use triominos_protocol::client::{Client, Incoming, Link, View};
//! use triominos_protocol::ClientMsg;
//! let link = Link::parse("http://127.0.0.1:8080/g/GAME/TOKEN").expect("a link");
//! let mut c = Client::connect(&link).await?;
//! let mut view = View::default();
//! while let Incoming::Msg { msg: Some(m), .. } = c.recv().await? {
//!     view.absorb(&m);
//!     if view.my_turn() {
//!         c.send(&ClientMsg::Action { action: view.best(), id: Some(1) }).await?;
//!     }
//! }
//! # Ok(()) }
//! ```

use crate::{ClientMsg, Delta, GameStatus, Intent, Me, ServerMsg};
use futures_util::{SinkExt, StreamExt};
use std::fmt;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{self as ws, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use triominos_core::{Action, Phase, Placement};

/// The socket library, for raw frames ([`Client::send_frame`]) and its settings.
pub use tokio_tungstenite::tungstenite;

/// Where a seat or a spectator connects: the socket's address, the game and
/// the seat's token. Enough to connect again after a lost connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// `ws://HOST:PORT/ws/ID` (the token never goes in the address).
    pub socket: String,
    /// The game id.
    pub game: String,
    /// The seat's secret token; `None`: a spectator.
    pub token: Option<String>,
}

impl Link {
    /// A seat (`token`) or a spectator (`None`) of game `game` on the server
    /// at `addr` (`HOST:PORT`).
    pub fn new(addr: impl fmt::Display, game: &str, token: Option<&str>) -> Link {
        Link { socket: format!("ws://{addr}/ws/{game}"), game: game.into(), token: token.map(str::to_string) }
    }

    /// Reads an invite link as the lobby shows it: `http://HOST[:PORT]/g/ID/TOKEN`
    /// (a seat) or `http://HOST[:PORT]/g/ID` (a spectator). `https` would need
    /// TLS, which this client lacks.
    pub fn parse(url: &str) -> Result<Link, String> {
        let url = url.trim();
        let bad = || format!("{url:?} is not a game's link (http://HOST:PORT/g/GAME/TOKEN)");
        let (scheme, rest) = url.split_once("://").ok_or_else(bad)?;
        match scheme {
            "http" => {}
            "https" => return Err("https links need TLS, which the terminal game does not have: use http".into()),
            _ => return Err(bad()),
        }
        let (host, path) = rest.split_once('/').ok_or_else(bad)?;
        let path = path.split(['?', '#']).next().unwrap_or_default();
        let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        match parts[..] {
            ["g", game, token] if !host.is_empty() => Ok(Link::new(host, game, Some(token))),
            ["g", game] if !host.is_empty() => Ok(Link::new(host, game, None)),
            _ => Err(bad()),
        }
    }

    /// Whether this is a spectator's link (no token).
    pub fn is_spectator(&self) -> bool {
        self.token.is_none()
    }
}

/// Why the client failed.
#[derive(Debug)]
pub enum ClientError {
    /// The socket could not be opened (the server is away, or refused the
    /// upgrade: an unknown game, a game not here, too many connections).
    Connect {
        /// The socket's address.
        socket: String,
        /// Why.
        source: ws::Error,
    },
    /// The connection failed after it opened.
    Socket(ws::Error),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Connect { socket, source } => write!(f, "cannot connect to {socket}: {source}"),
            ClientError::Socket(e) => write!(f, "connection lost: {e}"),
        }
    }
}

impl std::error::Error for ClientError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClientError::Connect { source, .. } | ClientError::Socket(source) => Some(source),
        }
    }
}

/// What the server sent.
#[derive(Debug)]
pub enum Incoming {
    /// A text message: its text, and the message read from it (`None`: one
    /// this client does not read: a `hint`, whose judge types are written
    /// only, or a newer server's message; a reader skips it).
    Msg {
        /// The message as sent.
        text: String,
        /// The message read.
        msg: Option<Box<ServerMsg<'static>>>,
    },
    /// The server closed the connection: the close frame's code and reason
    /// (`None`: closed without a frame, or the connection was lost).
    Closed(Option<(u16, String)>),
}

/// One connection to a game's socket.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    link: Link,
}

impl Client {
    /// Opens the socket, says who it is (`hello` with the link's token), and
    /// returns; the snapshot is the first message [`Client::recv`] reads.
    pub async fn connect(link: &Link) -> Result<Client, ClientError> {
        let mut c = Client::open(link, None).await?;
        c.hello().await?;
        Ok(c)
    }

    /// Opens the socket and says nothing yet (`config`: the socket's buffers
    /// and limits, tungstenite's defaults when `None`).
    pub async fn open(link: &Link, config: Option<WebSocketConfig>) -> Result<Client, ClientError> {
        let (ws, _) = tokio_tungstenite::connect_async_with_config(link.socket.as_str(), config, true)
            .await
            .map_err(|source| ClientError::Connect { socket: link.socket.clone(), source })?;
        Ok(Client { ws, link: link.clone() })
    }

    /// Opens the socket over a TCP connection already made (from a chosen
    /// local address, as the attack example's clients are), says nothing yet.
    pub async fn open_over(link: &Link, stream: TcpStream) -> Result<Client, ClientError> {
        let (ws, _) =
            tokio_tungstenite::client_async_with_config(link.socket.as_str(), MaybeTlsStream::Plain(stream), None)
                .await
                .map_err(|source| ClientError::Connect { socket: link.socket.clone(), source })?;
        Ok(Client { ws, link: link.clone() })
    }

    /// Says who it is: `hello` with the link's token (none: a spectator).
    pub async fn hello(&mut self) -> Result<(), ClientError> {
        let hello = ClientMsg::Hello { token: self.link.token.clone() };
        self.send(&hello).await
    }

    /// Where it is connected: what it takes to connect again.
    pub fn link(&self) -> &Link {
        &self.link
    }

    /// Sends a message.
    pub async fn send(&mut self, m: &ClientMsg) -> Result<(), ClientError> {
        // A client message is strings, numbers and enums: it always serializes.
        let text = serde_json::to_string(m).unwrap_or_default();
        self.send_text(text).await
    }

    /// Sends an intent with message id `id`: `next_round` as its own message
    /// (as the page sends it), any other as an `action`. Its answer (`ack` or
    /// `error` with the same id) comes through [`Client::recv`].
    pub async fn act(&mut self, intent: Intent, id: u64) -> Result<(), ClientError> {
        let m = match intent {
            Intent::NextRound => ClientMsg::NextRound { id: Some(id) },
            action => ClientMsg::Action { action, id: Some(id) },
        };
        self.send(&m).await
    }

    /// Sends a text frame as it is, read or not (tests of bad input, attacks).
    pub async fn send_text(&mut self, text: impl Into<String>) -> Result<(), ClientError> {
        self.send_frame(Message::text(text.into())).await
    }

    /// Sends any frame (binary, ping, close...).
    pub async fn send_frame(&mut self, frame: Message) -> Result<(), ClientError> {
        self.ws.send(frame).await.map_err(ClientError::Socket)
    }

    /// The next message from the server (pings are answered by the socket
    /// library, other control and binary frames skipped). After
    /// [`Incoming::Closed`] (the socket library answered the close frame by
    /// then, or does on this call), `Closed(None)` again.
    pub async fn recv(&mut self) -> Result<Incoming, ClientError> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    let msg = serde_json::from_str::<ServerMsg<'static>>(t.as_str()).ok().map(Box::new);
                    return Ok(Incoming::Msg { text: t.to_string(), msg });
                }
                Some(Ok(Message::Close(frame))) => {
                    return Ok(Incoming::Closed(frame.map(|f| (u16::from(f.code), f.reason.to_string()))));
                }
                Some(Ok(_)) => {}
                Some(Err(ws::Error::ConnectionClosed | ws::Error::AlreadyClosed | ws::Error::Protocol(_))) | None => {
                    return Ok(Incoming::Closed(None));
                }
                Some(Err(e)) => {
                    return Err(ClientError::Socket(e));
                }
            }
        }
    }

    /// Closes the connection (a close frame, then the socket).
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A table as a connection sees it, followed from the server's messages: the
/// version, the status, the seat's private view.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// The last version seen (`None`: no snapshot yet).
    pub v: Option<u64>,
    /// The seat of this connection (`None`: a spectator, or no snapshot yet).
    pub you: Option<u8>,
    /// The status after the last delta.
    pub status: Option<GameStatus>,
    /// The seat's private view, the last one sent.
    pub me: Option<Me>,
}

impl View {
    /// Takes in a snapshot or an update (other messages change nothing):
    /// returns the deltas new to this view, in order. A snapshot starts again
    /// from its log; a delta already seen is skipped.
    pub fn absorb(&mut self, m: &ServerMsg<'_>) -> Vec<Delta> {
        let (raw, me) = match m {
            ServerMsg::Snapshot { you, log, me, .. } => {
                self.you = *you;
                self.v = None;
                (&log[..], me)
            }
            ServerMsg::Update { deltas, me, .. } => (&deltas[..], me),
            _ => return Vec::new(),
        };
        let mut new = Vec::new();
        for d in raw {
            let Ok(d) = serde_json::from_str::<Delta>(d.get()) else { continue };
            if self.v.is_some_and(|v| d.v <= v) {
                continue;
            }
            self.v = Some(d.v);
            self.status = Some(d.status.clone());
            new.push(d);
        }
        if me.is_some() {
            self.me.clone_from(me);
        }
        new
    }

    /// The phase after the last delta (`None`: no snapshot yet).
    pub fn phase(&self) -> Option<Phase> {
        self.status.as_ref().map(|s| s.phase)
    }

    /// Whether this seat is to act now (a round being played, its turn).
    pub fn my_turn(&self) -> bool {
        self.phase() == Some(Phase::Playing) && self.me.as_ref().is_some_and(|m| m.my_turn)
    }

    /// A simple move: the best-scoring legal placement (the last of equals,
    /// in the server's order), else a draw, else a pass. Not a good player:
    /// the tests' and the load test's.
    pub fn best(&self) -> Intent {
        let Some(me) = &self.me else { return Intent::Act(Action::Pass) };
        let best = me.legal.iter().max_by_key(|p| p.points);
        match best {
            Some(p) => Intent::Act(Action::play(Placement::new(p.tile, p.cell, p.rotation))),
            None if me.can_draw => Intent::Act(Action::Draw),
            None => Intent::Act(Action::Pass),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_the_socket_and_the_token() {
        let l = Link::parse("http://127.0.0.1:8080/g/abc123/tok-en_9").unwrap();
        assert_eq!(
            l,
            Link {
                socket: "ws://127.0.0.1:8080/ws/abc123".into(),
                game: "abc123".into(),
                token: Some("tok-en_9".into())
            }
        );
        assert_eq!(Link::parse(" http://h/g/a/b/ ").unwrap().socket, "ws://h/ws/a");
        let spectator = Link::parse("http://h/g/a").unwrap();
        assert!(spectator.is_spectator());
        assert_eq!(spectator, Link::new("h", "a", None));
        for bad in ["", "ftp://h/g/a/b", "http:///g/a/b", "http:///g/a", "https://h/g/a/b", "http://h/x/a/b", "g/a/b"] {
            assert!(Link::parse(bad).is_err(), "{bad}");
        }
        assert!(Link::parse("https://h/g/a/b").unwrap_err().contains("TLS"));
    }
}
