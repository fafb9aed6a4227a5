//! Accepting intents: check, store, apply, tell everyone; bots' turns; rebuilding
//! a stored game by replaying its log.

use crate::room::Room;
use crate::store::StoredGame;
use crate::view::{Intent, Refusal};
use crate::AppState;
use serde_json::json;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use tokio::sync::Mutex;
use triominos_core::{Action, Phase};

/// Who asked, for the acknowledgement: a connection and the client's message id.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asker {
    /// Connection number in the room.
    pub conn: Option<u64>,
    /// The client's message id, echoed back.
    pub id: Option<u64>,
}

/// Checks an intent, stores it, applies it, acknowledges and broadcasts it.
/// A refusal changes nothing. Returns the new version.
pub async fn submit(
    state: &Arc<AppState>,
    room: &Arc<Mutex<Room>>,
    seat: Option<u8>,
    intent: Intent,
    asker: Asker,
) -> Result<u64, Refusal> {
    let mut r = room.lock().await;
    r.check(seat, intent)?;
    let v = r.version() + 1;
    state
        .store
        .append(r.id.clone(), v, seat, intent.to_json().to_string())
        .await
        .map_err(|_| Refusal::code("storage_failed"))?;
    let applied = r.commit(seat, intent)?;
    state.logs.line(format!(
        "game {} v{} seat {} {}",
        r.id,
        v,
        seat.map_or("-".to_string(), |s| s.to_string()),
        intent.kind()
    ));
    if applied.game_over {
        if let Err(e) = state.store.finish(r.id.clone(), crate::now(), r.summary().to_string()).await {
            state.logs.line(format!("game {}: cannot mark finished: {e}", r.id));
        }
        state.logs.line(format!("game {} over", r.id));
    }
    if let Some(conn) = asker.conn {
        r.send_to(conn, json!({"type": "ack", "id": asker.id, "v": v}).to_string());
    }
    r.broadcast_from(v);
    schedule(state, room, &mut r);
    Ok(v)
}

/// Starts a bot's turn, or the next round of a game without people, when due.
pub fn schedule(state: &Arc<AppState>, room: &Arc<Mutex<Room>>, r: &mut Room) {
    let v = r.version();
    if r.scheduled == Some(v) {
        return;
    }
    let due = match r.game.public().phase() {
        Phase::Playing => r.is_bot(r.game.to_move()),
        Phase::RoundOver => !r.has_humans(),
        Phase::GameOver => false,
    };
    if due {
        r.scheduled = Some(v);
        tokio::spawn(bot_turn(state.clone(), room.clone(), v));
    }
}

fn bot_turn(state: Arc<AppState>, room: Arc<Mutex<Room>>, v: u64) -> Pin<Box<dyn Future<Output = ()> + Send>> {
    Box::pin(async move {
        let round_over = { room.lock().await.game.is_round_over() };
        let delay = if round_over { state.config.round_delay } else { state.config.bot_delay };
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let (seat, bot, obs) = {
            let mut r = room.lock().await;
            if r.version() != v {
                return;
            }
            if r.game.is_round_over() {
                drop(r);
                let _ = submit(&state, &room, None, Intent::NextRound, Asker::default()).await;
                return;
            }
            let seat = r.game.to_move();
            let Some(bot) = r.take_bot(seat) else { return };
            (seat, bot, r.game.observe(seat))
        };
        let chosen = tokio::task::spawn_blocking(move || {
            let mut bot = bot;
            let a = bot.choose(&obs);
            let fallback = obs.legal_actions().first().copied().unwrap_or(Action::Pass);
            (a, fallback, bot)
        })
        .await;
        let Ok((action, fallback, bot)) = chosen else {
            state.logs.line("a bot panicked".to_string());
            return;
        };
        room.lock().await.put_bot(seat, bot);
        if let Err(e) = submit(&state, &room, Some(seat), Intent::Act(action), Asker::default()).await {
            state.logs.line(format!("bot at seat {seat} refused ({}); playing its first legal action", e.code));
            let _ = submit(&state, &room, Some(seat), Intent::Act(fallback), Asker::default()).await;
        }
    })
}

/// Rebuilds a stored game: its setup, then every stored intent in order.
pub fn rebuild(stored: &StoredGame) -> Result<Room, Refusal> {
    let setup = serde_json::from_str(&stored.setup).map_err(|_| Refusal::code("bad_setup"))?;
    let mut room = Room::new(stored.id.clone(), setup)?;
    for (seat, text) in &stored.actions {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|_| Refusal::code("bad_log"))?;
        let intent = Intent::from_json(&value).ok_or_else(|| Refusal::code("bad_log"))?;
        room.check(*seat, intent)?;
        room.commit(*seat, intent)?;
    }
    Ok(room)
}
