//! The WebSocket of one seat (with its token) or one spectator (without).
//!
//! Server to client: `snapshot` (everything, on connect or on request),
//! `update` (new numbered deltas and the seat's private view), `ack` (an intent
//! of this connection was stored and applied), `presence`, `error` (a refusal:
//! code and params; nothing changed), `pong`.
//!
//! Client to server: `{"type":"action","action":{...},"id":N}`,
//! `{"type":"next_round","id":N}`, `{"type":"since","v":N}` (deltas after N),
//! `{"type":"snapshot"}`, `{"type":"ping"}`. A bad message is refused and the
//! connection stays open.

use crate::api::refuse;
use crate::play::{self, Asker};
use crate::room::Room;
use crate::view::{Intent, Refusal};
use crate::AppState;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use futures_util::SinkExt;
use serde::Deserialize;
use serde_json::{json, Value};
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
        return refuse(StatusCode::NOT_FOUND, Refusal::code("game_not_found"));
    };
    let seat = match q.token.as_deref() {
        None | Some("") => None,
        Some(t) => match room.lock().await.seat_of_token(t) {
            Some(s) => Some(s),
            None => return refuse(StatusCode::FORBIDDEN, Refusal::code("bad_token")),
        },
    };
    let Ok(ws) = ws else {
        return refuse(StatusCode::BAD_REQUEST, Refusal::code("not_websocket"));
    };
    // A small read buffer: client messages are tiny, and the buffer is zeroed as it grows.
    ws.read_buffer_size(8 * 1024)
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| session(socket, state, room, seat))
}

fn error_msg(r: &Refusal, id: Option<u64>) -> String {
    json!({"type": "error", "code": r.code, "params": r.params, "id": id}).to_string()
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
    let who = seat.map_or("spectator".to_string(), |s| format!("seat {s}"));
    state.logs.line(format!("game {game_id}: {who} connected"));
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
                    let m = error_msg(&Refusal::code("bad_json"), None);
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
    state.logs.line(format!("game {game_id}: {who} disconnected"));
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
        return Some(error_msg(&Refusal::new("too_large", json!({"max": MAX_MESSAGE})), None));
    }
    let Ok(msg) = serde_json::from_str::<Value>(text) else {
        return Some(error_msg(&Refusal::code("bad_json"), None));
    };
    let id = msg.get("id").and_then(Value::as_u64);
    let kind = msg.get("type").and_then(Value::as_str).unwrap_or("");
    let intent = match kind {
        "action" => match msg.get("action").and_then(Intent::from_json) {
            Some(i) => i,
            None => return Some(error_msg(&Refusal::code("bad_action"), id)),
        },
        "next_round" => Intent::NextRound,
        "since" => {
            let r = room.lock().await;
            return Some(match msg.get("v").and_then(Value::as_u64) {
                Some(v) if v <= r.version() => r.update_since(seat, v),
                _ => r.snapshot(seat),
            });
        }
        "snapshot" => return Some(room.lock().await.snapshot(seat)),
        "ping" => return Some(json!({"type": "pong", "id": id}).to_string()),
        _ => return Some(error_msg(&Refusal::new("unknown_message", json!({"type": kind})), id)),
    };
    if seat.is_none() {
        return Some(error_msg(&Refusal::code("spectator"), id));
    }
    match play::submit(state, room, seat, intent, Asker { conn: Some(conn), id }).await {
        Ok(_) => None,
        Err(e) => {
            state.logs.line(format!("refused seat {} {}: {}", seat.map_or(-1, i32::from), intent.kind(), e.code));
            Some(error_msg(&e, id))
        }
    }
}
