//! Games made without a server, by the server's own rules: a setup, a seat,
//! and a game played each seat its first legal action (to store as the
//! server would have).

use triominos_server::game::room::{Room, SeatKind, SeatSetup, Setup};
use triominos_server::protocol::Intent;

/// Seat `i`: a person `P{i}` with the token `tok{i}`, or a beginner bot.
pub fn seat(kind: SeatKind, i: usize) -> SeatSetup {
    match kind {
        SeatKind::Human => SeatSetup { kind, name: format!("P{i}"), level: None, token: Some(format!("tok{i}")) },
        SeatKind::Bot => SeatSetup { kind, name: String::new(), level: Some("beginner".into()), token: None },
    }
}

/// An untimed Goliath table of `seats` with rule `options` and deal `seed`,
/// created at 1 s, no hints, no takebacks, Casual standing in.
pub fn setup(seed: u64, options: &[(&str, &str)], seats: Vec<SeatSetup>) -> Setup {
    Setup {
        waiting: false,
        arrived: Default::default(),
        started_ms: None,
        cancelled: false,
        preset: "goliath".into(),
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        seed,
        seats,
        created: 1,
        hints: false,
        hints_used: Vec::new(),
        pace: Default::default(),
        stand_in: "casual".into(),
        rematch: None,
        takebacks: false,
        // Listed, so the tests that read the finished games' list find it.
        listed: true,
    }
}

/// A game played by the server's own rules (each seat its first legal
/// action) and the intents it took, in order.
pub struct Played {
    pub room: Room,
    pub intents: Vec<(Option<u8>, Intent)>,
}

/// Plays a Goliath game to `target` with deal seed 5, `moves` intents, or
/// until `stop` says so, or until the game ends.
pub fn play(id: &str, seats: &[SeatKind], target: &str, moves: usize, stop: impl Fn(&Room) -> bool) -> Played {
    let seats = seats.iter().enumerate().map(|(i, k)| seat(*k, i)).collect();
    let mut room = Room::new(id.into(), setup(5, &[("target", target)], seats)).unwrap();
    let mut intents = Vec::new();
    for _ in 0..moves {
        if room.is_over() || stop(&room) {
            break;
        }
        let (seat, intent) = if room.game.is_round_over() {
            (None, Intent::NextRound)
        } else {
            let s = room.game.to_move();
            (Some(s), Intent::Act(room.game.observe(s).legal_actions()[0]))
        };
        room.check(seat, intent).unwrap();
        room.commit(seat, intent).unwrap();
        intents.push((seat, intent));
    }
    Played { room, intents }
}
