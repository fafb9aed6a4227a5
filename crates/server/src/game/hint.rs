//! Hints: "Suggest a move" for a person whose turn it is, in a game set up
//! with hints on ([`crate::game::room::Setup::hints`]; every person at the table may
//! use them).
//!
//! A hint is the move the strongest bot would play, searched for about a
//! second ([`crate::config::default_hint_budget`]) from the asking seat's [`Observation`] only, the
//! same view a bot is given: its own hand and the public game, never another
//! hand or the pool. It is explained from the engine's scoring of the move
//! and simple comparisons with the seat's other plays ([`explain`]). The
//! search waits in the bots' decision queue ([`crate::game::think`]) as a decision
//! of a game with people, so hints never starve the bots' moves nor take more
//! than the cap of cores.
//!
//! A hint is not an action: the game does not change. Each hint given is
//! counted per round and seat ([`crate::protocol::HintUse`]), stored with the
//! game's setup (so it survives a restart), sent to everyone and shown on the
//! score sheet. One hint at a time per seat: a second request while one is
//! worked out is refused (`hint_busy`); a hint the game moved past before it
//! was ready (the player played meanwhile) is refused (`hint_stale`) and not
//! counted.

use super::error::Denied;
use super::room::Room;
use super::think::Lane;
use crate::protocol::{Hint, HintReason, Refusal, Refused, ServerMsg};
use crate::state::AppState;
use std::sync::Arc;
use tokio::sync::Mutex;
use triominos_bots::{Budget, Mcts};
use triominos_core::scoring::score_placement;
use triominos_core::Board;
use triominos_core::{Action, IllegalAction, Observation, Phase, Placement, PlacementScore, Reason, TileSet};

/// The seed of a hint's search, from public facts only (the game's id, its
/// version and the seat): asking twice at one moment searches alike.
pub fn seed_of(game: &str, v: u64, seat: u8) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in game.bytes().chain(v.to_le_bytes()).chain([seat]) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The move the search suggests for the observer, whose turn it is, with its
/// explanation; `None` when the observer has nothing to decide. Reads
/// nothing but `obs`: the same observation, budget (of iterations), threads
/// and seed give the same hint, whatever the hidden hands.
pub fn suggest(obs: &Observation, budget: Budget, threads: usize, seed: u64) -> Option<Hint> {
    let legal = obs.legal_actions();
    let best = match legal.len() {
        0 => return None,
        1 => legal[0],
        _ => Mcts::new(seed, budget, threads.max(1)).analyse(obs).first().map_or(legal[0], |t| t.0),
    };
    Some(explain(obs, best))
}

/// What a placement scores on the observer's board, announced or not.
fn scored(obs: &Observation, pl: Placement, announce: bool) -> PlacementScore {
    let p = obs.public();
    score_placement(p.rules(), pl.tile, p.board().is_empty(), p.board().preview(pl), announce)
}

/// What the board left after `pl` offers the seat `next`: (a bridge, a
/// hexagon to close) with a tile that seat might hold (any tile the observer
/// cannot place, or one known to be in that hand).
fn offers(obs: &Observation, pl: Placement, next: u8) -> (bool, bool) {
    let p = obs.public();
    let rules = p.rules();
    let mut board: Board = p.board().clone();
    board.place(pl);
    let mut theirs = obs.unknown_tiles().union(p.known_tiles(next));
    theirs.remove(pl.tile);
    let (mut bridge, mut hexagon) = (false, false);
    for f in board.frontier() {
        if f.fitting_tiles().intersection(theirs) == TileSet::EMPTY {
            continue;
        }
        let figs = board.figures_at(f.cell);
        bridge |= figs.bridge && rules.bridge_bonus() != 0;
        hexagon |= figs.hexagons > 0 && rules.hexagon_points(figs.hexagons) != 0;
    }
    (bridge, hexagon)
}

/// Why `action` (a legal action of the observer) is a good move, in reasons
/// built from the engine's scoring and comparisons with the other plays,
/// from the observation only.
pub fn explain(obs: &Observation, action: Action) -> Hint {
    let p = obs.public();
    let rules = p.rules();
    // Every play, announced when the rules ask for it and it would score more.
    let mut plays: Vec<(Placement, PlacementScore)> = Vec::new();
    for a in obs.legal_actions() {
        if let Action::Play { placement, announce } = a {
            let s = scored(obs, placement, announce);
            match plays.iter_mut().find(|(pl, _)| *pl == placement) {
                Some(old) if old.1.points < s.points => old.1 = s,
                Some(_) => {}
                None => plays.push((placement, s)),
            }
        }
    }
    // The highest-scoring play now (the first on a tie).
    let top = plays.iter().fold(None::<&(Placement, PlacementScore)>, |best, x| match best {
        Some(b) if b.1.points >= x.1.points => Some(b),
        _ => Some(x),
    });
    let mut reasons = Vec::new();
    let points = match action {
        Action::Play { placement, announce } => {
            let s = scored(obs, placement, announce);
            for &(reason, pts) in s.items() {
                let r = match reason {
                    Reason::Hexagon(1) => HintReason::Hexagon { points: pts },
                    Reason::Hexagon(2) => HintReason::DoubleHexagon { points: pts },
                    Reason::Hexagon(_) => HintReason::TripleHexagon { points: pts },
                    Reason::Bridge => HintReason::Bridge { points: pts },
                    Reason::BridgeExtension => HintReason::BridgeExtension { points: pts },
                    Reason::Start => HintReason::Start { points: pts },
                    _ => continue,
                };
                reasons.push(r);
            }
            if obs.hand().len() == 1 {
                let out = rules.out_bonus();
                reasons.push(if rules.out_takes_hands() {
                    HintReason::OutHands { points: out }
                } else {
                    HintReason::Out { points: out }
                });
            }
            if reasons.is_empty() {
                reasons.push(HintReason::Tile { points: placement.tile.value() as i32 });
            }
            match top {
                Some((tp, ts)) if ts.points > s.points => {
                    // A high triple kept back: the triple of the hand that
                    // would score the most now, when it beats this play.
                    let triple = plays
                        .iter()
                        .filter(|(pl, ps)| pl.tile.is_triple() && pl.tile != placement.tile && ps.points > s.points)
                        .max_by_key(|(pl, ps)| (pl.tile.value(), ps.points));
                    match triple {
                        Some((pl, _)) => reasons.push(HintReason::Keeps { tile: pl.tile }),
                        None => reasons.push(HintReason::Instead { tile: tp.tile, points: ts.points }),
                    }
                    let next = ((obs.seat() as usize + 1) % p.players()) as u8;
                    let (bridge, hexagon) = offers(obs, placement, next);
                    let (top_bridge, top_hexagon) = offers(obs, *tp, next);
                    if top_hexagon && !hexagon {
                        reasons.push(HintReason::NoHexagonFor { seat: next });
                    }
                    if top_bridge && !bridge {
                        reasons.push(HintReason::NoBridgeFor { seat: next });
                    }
                }
                _ => reasons.push(HintReason::Most { plays: plays.len() }),
            }
            s.points
        }
        Action::Draw => {
            reasons.push(match top {
                None => HintReason::NoFit,
                Some((_, ts)) => HintReason::DrawInstead { points: ts.points },
            });
            -rules.draw_penalty()
        }
        Action::Pass => {
            reasons.push(HintReason::Pass);
            -rules.empty_pool_penalty()
        }
    };
    Hint { action, points, reasons }
}

/// Why a seat may not have a hint now (nothing changes).
fn refuse(r: &Room, seat: Option<u8>) -> Result<u8, Denied> {
    let Some(seat) = seat else { return Err(Refused::Spectator.into()) };
    if !r.setup.hints {
        return Err(Refused::HintsOff.into());
    }
    match r.phase() {
        Phase::GameOver => return Err(Refused::GameOver.into()),
        Phase::RoundOver => return Err(IllegalAction::RoundOver.into()),
        Phase::Playing => {}
    }
    if r.game.to_move() != seat {
        return Err(Refused::NotYourTurn { expected: r.game.to_move(), got: seat }.into());
    }
    if r.hinting.contains(seat) {
        return Err(Refused::HintBusy.into());
    }
    Ok(seat)
}

/// Answers a `hint` message of connection `conn` (seat `seat`, `None`: a
/// spectator) in a task of its own: the hint or a refusal is sent to that
/// connection, and the hints used to everyone.
pub fn ask(state: &Arc<AppState>, room: &Arc<Mutex<Room>>, seat: Option<u8>, conn: u64, id: Option<u64>) {
    let (state, room) = (state.clone(), room.clone());
    tokio::spawn(async move {
        if let Err(e) = answer(&state, &room, seat, conn, id).await {
            let refusal = Refusal::from(e);
            tracing::info!(seat, code = %refusal.code, "hint refused");
            room.lock().await.send_to(conn, ServerMsg::Error { refusal, id }.text());
        }
    });
}

async fn answer(
    state: &Arc<AppState>,
    room: &Arc<Mutex<Room>>,
    seat: Option<u8>,
    conn: u64,
    id: Option<u64>,
) -> Result<(), Denied> {
    let (seat, obs, v, seed) = {
        let mut r = room.lock().await;
        let seat = refuse(&r, seat)?;
        r.hinting.insert(seat);
        let v = r.version();
        (seat, r.game.observe(seat), v, seed_of(&r.id, v, seat))
    };
    let budget = state.config.hint_budget;
    let wants = budget.threads.max(1);
    let permit = state.thinking.acquire(Lane::People, wants).await;
    let found = tokio::task::spawn_blocking(move || {
        let hint = suggest(&obs, budget, permit.threads().min(wants), seed);
        drop(permit);
        hint
    })
    .await;
    let mut r = room.lock().await;
    r.hinting.remove(seat);
    let hint = match found {
        Ok(Some(h)) => h,
        Ok(None) => return Err(Refused::NotYourTurn { expected: r.game.to_move(), got: seat }.into()),
        Err(_) => {
            tracing::error!(game = %r.id, "a hint's search panicked");
            return Err(Refused::HintStale.into());
        }
    };
    if r.version() != v {
        return Err(Refused::HintStale.into());
    }
    // Counted, and on disk, before anyone hears of it.
    let setup = r.setup.with_hint(r.game.public().round(), seat);
    let text = serde_json::to_string(&setup).map_err(|_| Refused::StorageFailed)?;
    if let Err(e) = state.store.update_setup(r.id.clone(), text).await {
        tracing::error!(game = %r.id, "cannot store a hint: {e}");
        return Err(Refused::StorageFailed.into());
    }
    r.setup = setup;
    tracing::info!(game = %r.id, v, seat, "hint given");
    r.send_to(conn, ServerMsg::Hint { id, v, hint }.text());
    r.send_hints_used();
    Ok(())
}
