//! The WebSocket of one seat (with its token) or one spectator (without).
//!
//! The address is `/ws/{id}`, never with the token (addresses end up in logs
//! and histories): the first message says who connects,
//! `{"type":"hello","token":"..."}` for a seat, `{"type":"hello"}` for a
//! spectator; then the snapshot comes. A token in the address is ignored. A
//! wrong token is refused (`error` `bad_token`, then a close frame 1008
//! `bad_token`); a first message that is not a hello, or none within the
//! server's hello timeout, is refused the same way with `hello_expected`. A
//! spectator beyond the game's or its client's share
//! ([`super::shares::Shares::watch`]) gets `too_many_spectators` and a close
//! frame 1013 (try again later).
//!
//! The messages are [`crate::protocol::ClientMsg`] and
//! [`crate::protocol::ServerMsg`]. A bad message is refused and the
//! connection stays open; one over [`MAX_FRAME`] closes it with a close
//! frame 1009 `message too big`.
//!
//! The server pings every third of [`crate::config::ServeConfig::ws_idle`]; a
//! socket that sends nothing for that long, not even the pongs browsers
//! answer with by themselves, is closed with a close frame 1001 `idle` and
//! its seat shows as away.

use super::handle::{Command, GameHandle};
use crate::http::error::Fail;
use crate::protocol::{ClientMsg, ClientMsgError, Refusal, Refused, ServerMsg};
use crate::state::AppState;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Largest client message the game reads; longer ones are refused with `too_large`.
pub const MAX_MESSAGE: usize = 4096;
/// Largest message the socket accepts at all; past it the connection is closed.
pub const MAX_FRAME: usize = 64 * 1024;
/// Messages that may wait for a slow client before it is dropped (it will resync).
const QUEUE: usize = 1024;
/// The close code of every game socket when the server shuts down (a stop
/// or a restart: SIGTERM, Ctrl-C), with the reason [`RESTARTING`]: what was
/// queued for the socket is sent first. A page told so connects again.
pub const CLOSE_RESTARTING: u16 = 4000;
/// The reason of [`CLOSE_RESTARTING`].
pub const RESTARTING: &str = "server restarting";
/// The reason of a socket closed with 1013 because its game left this
/// instance's memory while it connected (another instance plays it now).
pub const MOVED: &str = "moved";

/// `GET /ws/{id}`: a game's socket; the first message (a hello) says whose.
pub(crate) async fn upgrade(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let client = peer.map(|axum::Extension(axum::extract::ConnectInfo(addr))| addr.ip());
    // Not found, damaged or unreadable: each its own refusal (a storage
    // error is not "no such game").
    let room = match state.game(&id).await {
        Ok(room) => room,
        Err(e) => return Fail::from(e).into_response(),
    };
    let Ok(ws) = ws else {
        return Fail::from(Refused::NotWebsocket).into_response();
    };
    // A small read buffer: client messages are tiny, and the buffer is zeroed as it grows.
    ws.read_buffer_size(8 * 1024).max_message_size(MAX_FRAME).max_frame_size(MAX_FRAME).on_upgrade(
        move |socket| async move {
            if let Some((socket, seat)) = greet(socket, &state, &room).await {
                // A spectator takes a share of the game's and of its client's
                // (issue 35); a seat's socket is its player's.
                let _watching = match seat {
                    Some(_) => None,
                    None => {
                        let c = &state.config;
                        match state.shares.watch(&id, client, c.max_spectators_per_game, c.max_spectators_per_client) {
                            Ok(share) => Some(share),
                            Err(max) => {
                                tracing::info!(game = %id, max, "a spectator refused: too many");
                                refuse(socket, Refused::TooManySpectators { max }, close_code::AGAIN).await;
                                return;
                            }
                        }
                    }
                };
                session(socket, state, room, seat, client).await;
            }
        },
    )
}

/// Sends a refusal, then a close frame with `code` and the refusal's code as reason.
async fn refuse(mut socket: WebSocket, refusal: Refused, code: u16) {
    let refusal = Refusal::from(refusal);
    let reason = refusal.code.clone();
    let _ = socket.send(Message::Text(error_msg(refusal, None).into())).await;
    let _ = socket.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
}

/// Closes a socket whose read failed: with 1009 `message too big` when the
/// message was over [`MAX_FRAME`], else 1002 (a protocol error).
async fn close_after(socket: &mut WebSocket, error: axum::Error) {
    let too_big =
        matches!(error.into_inner().downcast_ref::<tungstenite::Error>(), Some(tungstenite::Error::Capacity(_)));
    let frame = if too_big {
        CloseFrame { code: close_code::SIZE, reason: "message too big".into() }
    } else {
        CloseFrame { code: close_code::PROTOCOL, reason: "bad frame".into() }
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
    // The rest of the bad message is still unread: dropping the socket now
    // would make the kernel answer with a reset, which can reach the client
    // before it reads the close frame and discard it. A moment's linger
    // lets the frame be read first.
    tokio::time::sleep(CLOSE_LINGER).await;
}

/// How long a socket closed for a bad frame is held before it is dropped.
const CLOSE_LINGER: std::time::Duration = std::time::Duration::from_millis(500);
/// The longest a socket closed by a shutdown takes to send what is queued
/// and its close frame, and to hear the client's.
const CLOSE_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Waits for the hello: the seat of its token (`None`: a spectator), or the
/// socket refused and closed (`None` returned).
async fn greet(mut socket: WebSocket, state: &Arc<AppState>, room: &GameHandle) -> Option<(WebSocket, Option<u8>)> {
    let deadline = tokio::time::Instant::now() + state.config.hello_timeout;
    loop {
        let first = match tokio::time::timeout_at(deadline, socket.recv()).await {
            Ok(first) => first,
            Err(_) => {
                refuse(socket, Refused::HelloExpected, close_code::POLICY).await;
                return None;
            }
        };
        let text = match first {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Close(_))) | None => return None,
            Some(Err(e)) => {
                close_after(&mut socket, e).await;
                return None;
            }
            Some(Ok(Message::Binary(_))) => {
                refuse(socket, Refused::HelloExpected, close_code::POLICY).await;
                return None;
            }
        };
        let token = match ClientMsg::parse(text.as_str()) {
            Ok(ClientMsg::Hello { token }) => token,
            _ => {
                refuse(socket, Refused::HelloExpected, close_code::POLICY).await;
                return None;
            }
        };
        let seat = match token.as_deref() {
            None | Some("") => None,
            Some(t) => match room.seat_of_token(t.to_string()).await {
                Some(s) => Some(s),
                None => {
                    refuse(socket, Refused::BadToken, close_code::POLICY).await;
                    return None;
                }
            },
        };
        return Some((socket, seat));
    }
}

fn error_msg(refusal: impl Into<Refusal>, id: Option<u64>) -> String {
    ServerMsg::Error { refusal: refusal.into(), id }.text()
}

async fn session(
    mut socket: WebSocket,
    state: Arc<AppState>,
    room: GameHandle,
    seat: Option<u8>,
    client: Option<std::net::IpAddr>,
) {
    let (tx, mut rx) = mpsc::channel::<Arc<str>>(QUEUE);
    // A person's first visit takes their seat (issue 45): before the
    // snapshot, which then shows it.
    if let Some(s) = seat {
        room.arrive(s).await;
    }
    let game_id = room.id().to_string();
    // The game left memory since this socket asked for it (another
    // instance took it over, or it finished and was forgotten): this copy
    // is not played any more. Closed with 1013 `moved`; the page connects
    // again and finds the game where it is now.
    let Some((conn, rematch)) = room.connect(seat, tx.clone()).await else {
        tracing::info!(game = %game_id, seat, "the game left memory while this socket connected: closed (moved)");
        let frame = CloseFrame { code: close_code::AGAIN, reason: MOVED.into() };
        let _ = tokio::time::timeout(CLOSE_WAIT, socket.send(Message::Close(Some(frame)))).await;
        return;
    };
    // Back to a game whose players went on to a rematch: this seat's place there.
    if let Some(next) = rematch {
        if let Some(msg) = super::rematch::offer(&state, &next, seat, false).await {
            let _ = tx.try_send(msg.into());
        }
    }
    // Only the game's driver holds the connection's sender: when it drops
    // it, the socket closes.
    drop(tx);
    tracing::info!(game = %game_id, seat, "connected");
    let idle = state.config.ws_idle;
    let mut ping = tokio::time::interval(idle / 3);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut heard = tokio::time::Instant::now();
    let mut closing = state.closing();
    // Whether the server can save (issue 48, `super::saving`).
    let mut saving = super::saving::subscribe(&state);
    loop {
        tokio::select! {
            // The server shuts down: what is queued, then the close frame.
            _ = async { drop(closing.wait_for(|c| *c).await) } => {
                tracing::info!(game = %game_id, seat, "server restarting: closed");
                let _ = tokio::time::timeout(CLOSE_WAIT, async {
                    while let Ok(more) = rx.try_recv() {
                        if socket.feed(Message::Text(more.as_ref().into())).await.is_err() {
                            break;
                        }
                    }
                    let frame = CloseFrame { code: CLOSE_RESTARTING, reason: RESTARTING.into() };
                    if socket.send(Message::Close(Some(frame))).await.is_ok() {
                        while let Some(Ok(m)) = socket.recv().await {
                            if matches!(m, Message::Close(_)) {
                                break;
                            }
                        }
                    }
                })
                .await;
                break;
            }
            // The server cannot save, or can again: told (`super::saving`).
            Ok(()) = saving.changed() => {
                if !sent_within(idle, socket.send(super::saving::notice(&mut saving))).await {
                    break;
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() >= idle {
                    tracing::info!(game = %game_id, seat, "idle: closed");
                    let frame = CloseFrame { code: close_code::AWAY, reason: "idle".into() };
                    // The close frame, then a moment for the client's own
                    // (its pongs, if any, are read and dropped meanwhile).
                    let _ = tokio::time::timeout(idle / 3, async {
                        if socket.send(Message::Close(Some(frame))).await.is_ok() {
                            while let Some(Ok(m)) = socket.recv().await {
                                if matches!(m, Message::Close(_)) {
                                    break;
                                }
                            }
                        }
                    })
                    .await;
                    break;
                }
                if !sent_within(idle, socket.send(Message::Ping(Default::default()))).await {
                    break;
                }
            }
            out = rx.recv() => match out {
                Some(text) => {
                    // Everything already queued goes out in one write; a
                    // client that reads nothing for `idle` is dropped.
                    let write = async {
                        let mut ok = socket.feed(Message::Text(text.as_ref().into())).await.is_ok();
                        while ok {
                            match rx.try_recv() {
                                Ok(more) => ok = socket.feed(Message::Text(more.as_ref().into())).await.is_ok(),
                                Err(_) => break,
                            }
                        }
                        ok && socket.flush().await.is_ok()
                    };
                    if !tokio::time::timeout(idle, write).await.unwrap_or(false) {
                        break;
                    }
                }
                // The room dropped us. The game left memory (another
                // instance took it over, or it was handed over): closed
                // with 1013 `moved`, and the page connects again, through
                // the proxy, to the owner. Else too slow: closed; the client
                // resyncs.
                None => {
                    if !state.games.holds(&game_id, room.copy()) {
                        tracing::info!(game = %game_id, seat, "the game left this instance: closed (moved)");
                        let frame = CloseFrame { code: close_code::AGAIN, reason: MOVED.into() };
                        let _ = tokio::time::timeout(CLOSE_WAIT, socket.send(Message::Close(Some(frame)))).await;
                    }
                    break;
                }
            },
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        let work = handle(&room, seat, conn, client, text.as_str());
                        let reply = super::saving::meanwhile(&mut socket, &mut saving, idle, work).await;
                        if let Some(reply) = reply {
                            if !sent_within(idle, socket.send(Message::Text(reply.into()))).await {
                                break;
                            }
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        let m = error_msg(Refused::BadJson, None);
                        if !sent_within(idle, socket.send(Message::Text(m.into()))).await {
                            break;
                        }
                    }
                    Some(Err(e)) => {
                        close_after(&mut socket, e).await;
                        break;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => {}
                }
            }
        }
    }
    room.send(Command::Disconnect(conn)).await;
    tracing::info!(game = %game_id, seat, "disconnected");
}

/// Whether a write to the socket succeeded within `limit` (a client that
/// reads nothing cannot hold the session up for longer).
async fn sent_within(
    limit: std::time::Duration,
    write: impl std::future::Future<Output = Result<(), axum::Error>>,
) -> bool {
    matches!(tokio::time::timeout(limit, write).await, Ok(Ok(())))
}

/// Handles one client message: read here, answered by the game's driver
/// ([`super::messages::on_client`]); returns a direct reply, if any.
async fn handle(
    room: &GameHandle,
    seat: Option<u8>,
    conn: u64,
    client: Option<std::net::IpAddr>,
    text: &str,
) -> Option<String> {
    if text.len() > MAX_MESSAGE {
        return Some(error_msg(Refused::TooLarge { max: MAX_MESSAGE }, None));
    }
    match ClientMsg::parse(text) {
        Ok(ClientMsg::Ping { id }) => Some(ServerMsg::Pong { id }.text()),
        Ok(msg) => room.client(seat, conn, client, msg).await,
        Err(ClientMsgError::BadJson) => Some(error_msg(Refused::BadJson, None)),
        Err(ClientMsgError::BadAction(id)) => Some(error_msg(Refused::BadAction, id)),
        Err(ClientMsgError::Unknown(kind, id)) => Some(error_msg(Refused::UnknownMessage { kind }, id)),
    }
}
