//! The WebSocket of one seat (with its token) or one spectator (without).
//!
//! The messages are [`crate::protocol::ClientMsg`] and
//! [`crate::protocol::ServerMsg`]. A bad message is refused and the
//! connection stays open.

use crate::api::Fail;
use crate::play::{self, Asker};
use crate::protocol::{ClientMsg, ClientMsgError, Intent, Refusal, Refused, ServerMsg};
use crate::room::Room;
use crate::AppState;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use serde::Deserialize;
use std::sync::Arc;
use tokio::sync::{mpsc, Mutex};

/// Largest client message the game reads; longer ones are refused with `too_large`.
pub const MAX_MESSAGE: usize = 4096;
/// Largest message the socket accepts at all; past it the connection is closed.
pub const MAX_FRAME: usize = 64 * 1024;
/// Messages that may wait for a slow client before it is dropped (it will resync).
const QUEUE: usize = 1024;

#[derive(Deserialize)]
pub(crate) struct WsQuery {
    #[serde(default)]
    token: Option<String>,
}

/// `GET /ws/{id}?token=...`: a seat's socket, or a spectator's without token.
pub(crate) async fn upgrade(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let Some(room) = state.room(&id).await else {
        return Fail::new(StatusCode::NOT_FOUND, Refused::GameNotFound).into_response();
    };
    let seat = match q.token.as_deref() {
        None | Some("") => None,
        Some(t) => match room.lock().await.seat_of_token(t) {
            Some(s) => Some(s),
            None => return Fail::new(StatusCode::FORBIDDEN, Refused::BadToken).into_response(),
        },
    };
    let Ok(ws) = ws else {
        return Fail::new(StatusCode::BAD_REQUEST, Refused::NotWebsocket).into_response();
    };
    // A small read buffer: client messages are tiny, and the buffer is zeroed as it grows.
    ws.read_buffer_size(8 * 1024)
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| session(socket, state, room, seat))
}

fn error_msg(refusal: impl Into<Refusal>, id: Option<u64>) -> String {
    ServerMsg::Error { refusal: refusal.into(), id }.text()
}

async fn session(mut socket: WebSocket, state: Arc<AppState>, room: Arc<Mutex<Room>>, seat: Option<u8>) {
    let (tx, mut rx) = mpsc::channel::<Arc<str>>(QUEUE);
    let (conn, game_id) = {
        let mut r = room.lock().await;
        let conn = r.connect(seat, tx);
        r.send_to(conn, r.snapshot(seat));
        r.send_presence();
        (conn, r.id.clone())
    };
    tracing::info!(game = %game_id, seat, "connected");
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(text) => {
                    // Everything already queued goes out in one write.
                    let mut ok = socket.feed(Message::Text(text.as_ref().into())).await.is_ok();
                    while ok {
                        match rx.try_recv() {
                            Ok(more) => ok = socket.feed(Message::Text(more.as_ref().into())).await.is_ok(),
                            Err(_) => break,
                        }
                    }
                    if !ok || socket.flush().await.is_err() {
                        break;
                    }
                }
                // The room dropped us (too slow): close; the client resyncs.
                None => break,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let reply = handle(&state, &room, seat, conn, text.as_str()).await;
                    if let Some(reply) = reply {
                        if socket.send(Message::Text(reply.into())).await.is_err() {
                            break;
                        }
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    let m = error_msg(Refused::BadJson, None);
                    if socket.send(Message::Text(m.into())).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    let mut r = room.lock().await;
    r.disconnect(conn);
    r.send_presence();
    if r.is_over() && r.is_idle() {
        state.forget(&game_id);
    }
    tracing::info!(game = %game_id, seat, "disconnected");
}

/// Handles one client message; returns a direct reply, if any.
async fn handle(
    state: &Arc<AppState>,
    room: &Arc<Mutex<Room>>,
    seat: Option<u8>,
    conn: u64,
    text: &str,
) -> Option<String> {
    if text.len() > MAX_MESSAGE {
        return Some(error_msg(Refused::TooLarge { max: MAX_MESSAGE }, None));
    }
    let (intent, id) = match ClientMsg::parse(text) {
        Ok(ClientMsg::Action { action, id }) => (action, id),
        Ok(ClientMsg::NextRound { id }) => (Intent::NextRound, id),
        Ok(ClientMsg::Since { v }) => {
            let r = room.lock().await;
            return Some(match v {
                Some(v) if v <= r.version() => r.update_since(seat, v),
                _ => r.snapshot(seat),
            });
        }
        Ok(ClientMsg::Snapshot) => return Some(room.lock().await.snapshot(seat)),
        Ok(ClientMsg::Ping { id }) => return Some(ServerMsg::Pong { id }.text()),
        Ok(ClientMsg::Hint { id }) => {
            // Answered by its own task: the search takes about a second.
            crate::hint::ask(state, room, seat, conn, id);
            return None;
        }
        Err(ClientMsgError::BadJson) => return Some(error_msg(Refused::BadJson, None)),
        Err(ClientMsgError::BadAction(id)) => return Some(error_msg(Refused::BadAction, id)),
        Err(ClientMsgError::Unknown(kind, id)) => return Some(error_msg(Refused::UnknownMessage { kind }, id)),
    };
    if seat.is_none() {
        return Some(error_msg(Refused::Spectator, id));
    }
    match play::submit(state, room, seat, intent, Asker { conn: Some(conn), id }).await {
        Ok(_) => None,
        Err(e) => {
            tracing::info!(seat, intent = intent.kind(), code = %e.code, "refused");
            Some(error_msg(e, id))
        }
    }
}
