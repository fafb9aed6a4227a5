//! The table's rules without a socket, a store or a clock of its own: each
//! test sets a table up, decides intents and reads what changed.

use super::{stored_intent, SeatSetup, Setup, Table, Timing, INTENT_IDS};
use crate::game::error::Denied;
use crate::protocol::{Intent, Pace, Refused, SeatKind, Seats};
use crate::store::StoredGame;
use triominos_core::{Action, Phase};

/// Created at 1,000 s (1,000,000 ms since 1970).
const CREATED_MS: i64 = 1_000_000;

/// A Goliath table of `kinds` (people `P{i}`, beginner bots) at `pace`.
fn setup(kinds: &[SeatKind], pace: Pace) -> Setup {
    let seats = kinds
        .iter()
        .enumerate()
        .map(|(i, &kind)| match kind {
            SeatKind::Human => SeatSetup { kind, name: format!("P{i}"), level: None, token: Some(format!("tok{i}")) },
            SeatKind::Bot => SeatSetup { kind, name: String::new(), level: Some("beginner".into()), token: None },
        })
        .collect();
    Setup {
        preset: "goliath".into(),
        options: Vec::new(),
        seed: 7,
        seats,
        created: CREATED_MS / 1000,
        hints: false,
        hints_used: Vec::new(),
        pace,
        stand_in: "casual".into(),
        rematch: None,
        takebacks: true,
        waiting: false,
        arrived: Seats::EMPTY,
        started_ms: None,
        cancelled: false,
        listed: false,
    }
}

fn two_people(pace: Pace) -> Table {
    Table::new("t".into(), setup(&[SeatKind::Human, SeatKind::Human], pace)).unwrap()
}

/// The first legal action of the seat to move.
fn first_legal(t: &Table) -> (Option<u8>, Intent) {
    let s = t.game.to_move();
    (Some(s), Intent::Act(t.game.observe(s).legal_actions()[0]))
}

/// A placement of the seat to move (its first legal action without one).
fn first_play(t: &Table) -> (Option<u8>, Intent) {
    let s = t.game.to_move();
    let legal = t.game.observe(s).legal_actions();
    let a = legal.iter().copied().find(|a| matches!(a, Action::Play { .. })).unwrap_or(legal[0]);
    (Some(s), Intent::Act(a))
}

/// Decides and applies an intent at `at`, as the server does once it is stored.
fn apply(t: &mut Table, seat: Option<u8>, intent: Intent, at: i64) -> u64 {
    t.check(seat, intent).unwrap();
    t.commit_at(seat, intent, at).unwrap().v
}

fn refused(r: Result<(), Denied>) -> Refused {
    match r {
        Err(Denied::Server(r)) => r,
        other => panic!("not a server refusal: {other:?}"),
    }
}

#[test]
fn an_intent_out_of_turn_is_refused_and_changes_nothing() {
    let mut t = two_people(Pace::Untimed);
    let (seat, intent) = first_legal(&t);
    let other = 1 - seat.unwrap();
    let before = (t.version(), t.log().len(), t.game.to_move());
    assert_eq!(refused(t.check(Some(other), intent)), Refused::NotYourTurn { expected: seat.unwrap(), got: other });
    assert_eq!(refused(t.check(None, intent)), Refused::Spectator);
    assert_eq!((t.version(), t.log().len(), t.game.to_move()), before);
    // The seat to move's own is taken: one more delta, the turn passes on.
    let v = apply(&mut t, seat, intent, CREATED_MS + 5);
    assert_eq!((v, t.version(), t.log().len()), (1, 1, 2));
    assert_eq!(t.last, Some((seat, intent)));
    assert!(matches!(intent, Intent::Act(Action::Play { .. })));
    assert_eq!(t.takeback_from, Some((seat.unwrap(), 1)), "a person's placement may be taken back");
}

#[test]
fn a_page_may_not_ask_for_the_servers_intents_nor_move_a_seat_the_stand_in_plays() {
    let mut t = two_people(Pace::Untimed);
    let s = t.game.to_move();
    assert_eq!(refused(t.check_client(s, Intent::StandIn { seat: s })), Refused::NotYours);
    assert_eq!(refused(t.check_client(s, Intent::TimeOut { seat: s })), Refused::NotYours);
    assert_eq!(refused(t.check(Some(s), Intent::StandIn { seat: s })), Refused::NotYours);
    // The clock gives the seat to the stand-in: a bot now plays it.
    apply(&mut t, None, Intent::StandIn { seat: s }, CREATED_MS + 10);
    assert!(t.played_by_bot(s) && t.bot_due());
    assert_eq!(t.stand_ins(), (Seats::from_iter([s]), Seats::EMPTY));
    assert!(t.take_bot(s).is_some(), "the stand-in's bot is in its slot");
    let (_, intent) = first_legal(&t);
    assert_eq!(refused(t.check_client(s, intent)), Refused::StandInPlaying);
    assert_eq!(refused(t.check(None, Intent::StandIn { seat: s })), Refused::StandInPlaying);
    // Another seat may not take it back for them; the person may.
    assert_eq!(refused(t.check(Some(1 - s), Intent::Back { seat: s })), Refused::NotYours);
    apply(&mut t, Some(s), Intent::Back { seat: s }, CREATED_MS + 20);
    assert!(!t.played_by_bot(s) && !t.bot_due());
    assert_eq!(refused(t.check(Some(s), Intent::Back { seat: s })), Refused::NotStoodIn);
}

#[test]
fn a_resignation_of_one_of_two_people_ends_the_game_for_the_other() {
    let mut t = two_people(Pace::Untimed);
    let (seat, intent) = first_legal(&t);
    apply(&mut t, seat, intent, CREATED_MS + 1);
    let quitter = t.game.to_move();
    apply(&mut t, Some(quitter), Intent::Resign { seat: quitter }, CREATED_MS + 2);
    assert!(t.is_over());
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(t.winners(), Seats::from_iter([1 - quitter]));
    assert_eq!(t.status().resigned, Seats::from_iter([quitter]));
    assert_eq!(refused(t.check(Some(1 - quitter), Intent::Resign { seat: 1 - quitter })), Refused::GameOver);
    assert_eq!(t.summary().winners, Seats::from_iter([1 - quitter]));
    assert!(t.record().unwrap().contains("resigned"), "the record writes the forfeit");
}

#[test]
fn a_live_turn_runs_out_after_its_time_and_the_reserve_left_and_overtime_is_spent_from_it() {
    let mut t = two_people(Pace::Live { move_seconds: 30 });
    t.timing = Timing { move_override: None, reserve_ms: 60_000, wait_ms: 3_600_000 };
    // The first turn began when the game was created.
    assert_eq!(t.move_ms(), Some(30_000));
    assert_eq!(t.deadline(), Some(CREATED_MS + 30_000 + 60_000));
    let clock = t.clock(CREATED_MS + 10_000).unwrap();
    assert_eq!((clock.remaining_ms, clock.reserve_ms), (20_000, Some(60_000)));
    // The seat plays 50 s into its turn: 20 s come out of its reserve.
    let first = t.game.to_move();
    let (seat, intent) = first_legal(&t);
    apply(&mut t, seat, intent, CREATED_MS + 50_000);
    assert_eq!(t.reserve_left(first), Some(40_000));
    // The next turn began then.
    assert_eq!(t.deadline(), Some(CREATED_MS + 50_000 + 30_000 + 60_000));
    // A takeback's wait does not count: the turn began that much later.
    t.pause_clock(5_000);
    assert_eq!(t.deadline(), Some(CREATED_MS + 55_000 + 90_000));
    // Untimed: no deadline, no clock.
    let untimed = two_people(Pace::Untimed);
    assert_eq!((untimed.deadline(), untimed.clock(CREATED_MS)), (None, None));
}

#[test]
fn a_turn_timer_of_the_rules_times_the_seat_out_through_the_server_only() {
    let mut s = setup(&[SeatKind::Human, SeatKind::Human], Pace::Untimed);
    s.options = vec![("timer".into(), "20".into())];
    let mut t = Table::new("t".into(), s).unwrap();
    assert_eq!(t.deadline(), Some(CREATED_MS + 20_000));
    assert!(!t.has_reserve(), "the rules time the turns: no reserve");
    let (seat, intent) = first_legal(&t);
    apply(&mut t, seat, intent, CREATED_MS + 5_000);
    assert_eq!(t.deadline(), Some(CREATED_MS + 25_000));
    let s1 = t.game.to_move();
    assert_eq!(
        refused(t.check(None, Intent::TimeOut { seat: 1 - s1 })),
        Refused::NotYourTurn { expected: s1, got: 1 - s1 }
    );
    assert_eq!(refused(t.check(Some(s1), Intent::TimeOut { seat: s1 })), Refused::NotYours);
    apply(&mut t, None, Intent::TimeOut { seat: s1 }, CREATED_MS + 25_000);
    assert_ne!(t.game.to_move(), s1, "the turn passed on");
    assert_eq!(t.deadline(), Some(CREATED_MS + 45_000), "the next turn's clock from the timeout");
}

#[test]
fn a_waiting_table_plays_nothing_until_it_begins_and_its_clock_is_its_end() {
    let mut s = setup(&[SeatKind::Human, SeatKind::Human], Pace::Live { move_seconds: 30 });
    s.waiting = true;
    let mut t = Table::new("t".into(), s).unwrap();
    t.timing = Timing { move_override: None, reserve_ms: 0, wait_ms: 600_000 };
    let (seat, intent) = first_legal(&t);
    assert_eq!(refused(t.check(seat, intent)), Refused::TableWaiting);
    assert!(t.is_waiting() && !t.bot_due());
    assert_eq!(t.deadline(), Some(CREATED_MS + 600_000), "cancelled when nobody fills it");
    assert_eq!(t.clock(CREATED_MS), None);
    assert_eq!(t.public(CREATED_MS + 1_000).waiting.map(|w| w.expires_in_s), Some(599));
    t.begin(CREATED_MS + 7_000);
    assert!(!t.is_waiting());
    assert_eq!(t.setup.started_ms, Some(CREATED_MS + 7_000));
    assert_eq!(t.deadline(), Some(CREATED_MS + 37_000), "the first turn's clock starts then");
    t.check(seat, intent).unwrap();
}

#[test]
fn no_intent_is_applied_while_a_takeback_waits_for_its_answers() {
    let mut t = two_people(Pace::Untimed);
    let (seat, intent) = first_legal(&t);
    apply(&mut t, seat, intent, CREATED_MS + 1);
    t.takeback = Some(super::TakebackPending {
        asker: seat.unwrap(),
        v: 1,
        agreed: Seats::EMPTY,
        serial: 1,
        since: CREATED_MS + 2,
    });
    let (seat, intent) = first_legal(&t);
    assert_eq!(refused(t.check(seat, intent)), Refused::TakebackPending);
    t.takeback = None;
    t.check(seat, intent).unwrap();
}

#[test]
fn a_bot_only_table_has_its_bots_due_and_the_next_round_is_the_servers() {
    let mut t = Table::new("b".into(), setup(&[SeatKind::Bot, SeatKind::Bot], Pace::Untimed)).unwrap();
    assert!(t.bot_due() && !t.has_humans() && !t.has_people_playing());
    assert_eq!(t.deadline(), None, "no person's time runs");
    assert_eq!(refused(t.check(None, Intent::NextRound)), Refused::RoundNotOver);
    let mut at = CREATED_MS;
    while t.phase() == Phase::Playing {
        let (seat, intent) = first_legal(&t);
        at += 1;
        apply(&mut t, seat, intent, at);
    }
    assert!(t.bot_due(), "between rounds the server deals the next");
    assert_eq!(t.takeback_from, None, "no person's placement to take back");
}

#[test]
fn the_last_intent_ids_of_a_seat_are_remembered_up_to_the_bound() {
    let mut t = two_people(Pace::Untimed);
    for id in 0..(INTENT_IDS as u64 + 10) {
        t.remember_id(0, id, id + 100);
    }
    assert_eq!(t.applied_id(0, 9), None, "the oldest are forgotten");
    assert_eq!(t.applied_id(0, 10), Some(110));
    assert_eq!(t.applied_id(0, INTENT_IDS as u64 + 9), Some(INTENT_IDS as u64 + 109));
    assert_eq!(t.applied_id(1, 20), None, "per seat");
    assert_eq!(t.applied_id(9, 20), None, "a seat not at the table");
}

#[test]
fn a_stored_game_is_rebuilt_as_a_fold_of_its_rows_to_the_same_table() {
    let s = setup(&[SeatKind::Human, SeatKind::Bot], Pace::Live { move_seconds: 30 });
    let timing = Timing { move_override: None, reserve_ms: 60_000, wait_ms: 3_600_000 };
    let mut t = Table::new("g".into(), s.clone()).unwrap();
    t.timing = timing;
    let mut rows = Vec::new();
    let mut times = Vec::new();
    let mut at = CREATED_MS;
    for i in 0..12u64 {
        let (seat, intent) = match t.phase() {
            Phase::Playing => first_legal(&t),
            _ => (None, Intent::NextRound),
        };
        at += 40_000;
        let id = seat.map(|_| i);
        rows.push((seat, stored_intent(intent, id).unwrap()));
        times.push(Some(at));
        let v = apply(&mut t, seat, intent, at);
        if let (Some(s), Some(id)) = (seat, id) {
            t.remember_id(s, id, v);
        }
    }
    let stored =
        StoredGame { id: "g".into(), setup: serde_json::to_string(&s).unwrap(), finished: false, actions: rows, times };
    let rebuilt = Table::rebuild_at(&stored, timing, at + 1).unwrap();
    assert_eq!(rebuilt.version(), t.version());
    let text = |t: &Table| t.log().iter().map(|d| d.get().to_string()).collect::<Vec<_>>();
    assert_eq!(text(&rebuilt), text(&t), "the same deltas");
    assert_eq!(rebuilt.deadline(), t.deadline(), "the clock from the stored times");
    assert_eq!(rebuilt.reserve_left(0), t.reserve_left(0));
    assert_eq!((rebuilt.applied_id(0, 0), rebuilt.last), (t.applied_id(0, 0), t.last));
    // A row the rules refuse stops the fold: the stored log does not replay.
    let mut bad = stored.clone();
    bad.actions.insert(0, (Some(1), stored.actions[1].1.clone()));
    bad.times.insert(0, None);
    assert!(Table::rebuild_at(&bad, timing, at).is_err());
}

#[test]
fn a_takeback_is_asked_of_the_people_agreed_by_the_bots_and_refused_once_for_good() {
    let mut s = setup(&[SeatKind::Human, SeatKind::Human, SeatKind::Bot], Pace::Untimed);
    s.takebacks = true;
    let mut t = Table::new("t".into(), s).unwrap();
    let mut at = CREATED_MS;
    // On to a person who can place a tile.
    while t.played_by_bot(t.game.to_move()) || !matches!(first_play(&t).1, Intent::Act(Action::Play { .. })) {
        let (seat, intent) = first_legal(&t);
        at += 1;
        apply(&mut t, seat, intent, at);
    }
    let asker = t.game.to_move();
    assert_eq!(t.takeback_askable(None), Err(Refused::Spectator));
    let (seat, intent) = first_play(&t);
    assert!(matches!(intent, Intent::Act(Action::Play { .. })));
    let v = apply(&mut t, seat, intent, at + 1);
    let other = (0..3).find(|&i| i != asker && !t.played_by_bot(i)).unwrap();
    assert_eq!(t.takeback_askable(Some(other)), Err(Refused::NoTakeback), "not theirs");
    assert_eq!(t.takeback_askable(Some(asker)), Ok((asker, v)));
    let p = t.open_takeback(asker, v, 9, at + 2);
    let bot = (0..3).find(|&i| t.played_by_bot(i)).unwrap();
    assert_eq!(p.agreed, Seats::from_iter([asker, bot]), "the bots accept at once");
    assert!(!t.everyone(p.agreed));
    assert_eq!(t.takeback_askable(Some(asker)), Err(Refused::TakebackPending));
    // A lapse of another asking changes nothing; the other person refuses.
    assert_eq!(t.lapse_takeback(8), None);
    assert_eq!(t.answer_takeback(other, false), Ok(super::TakebackAnswer::Refused(p)));
    assert_eq!(t.takeback, None);
    assert_eq!(t.answer_takeback(other, true), Err(Refused::NoTakebackAsked));
    assert_eq!(t.takeback_askable(Some(asker)), Err(Refused::TakebackRefused), "not asked again");
}

#[test]
fn a_takeback_everyone_accepts_is_agreed_and_one_unanswered_lapses() {
    let mut t = two_people(Pace::Untimed);
    let asker = t.game.to_move();
    let (seat, intent) = first_play(&t);
    assert!(matches!(intent, Intent::Act(Action::Play { .. })));
    apply(&mut t, seat, intent, CREATED_MS + 1);
    let p = t.open_takeback(asker, 1, 3, CREATED_MS + 2);
    let mut all = p;
    all.agreed.insert(1 - asker);
    assert_eq!(t.answer_takeback(1 - asker, true), Ok(super::TakebackAnswer::Agreed(all)));
    assert_eq!(t.takeback, Some(all), "pending until it is made");
    t.takeback = None;
    let p = t.open_takeback(asker, 1, 4, CREATED_MS + 3);
    assert_eq!(t.lapse_takeback(4), Some(p));
    assert_eq!((t.takeback, t.takeback_refused), (None, Some(1)));
    // Off at this table: never asked.
    let mut off = two_people(Pace::Untimed);
    off.setup.takebacks = false;
    assert_eq!(off.takeback_askable(Some(0)), Err(Refused::TakebacksOff));
}

#[test]
fn play_again_is_agreed_by_the_bots_at_once_and_a_no_drops_every_agreement() {
    let mut t =
        Table::new("t".into(), setup(&[SeatKind::Human, SeatKind::Bot, SeatKind::Human], Pace::Untimed)).unwrap();
    assert_eq!(t.answer_rematch(0, true), super::RematchAnswer::Waiting(Seats::from_iter([0, 1])));
    assert_eq!(t.answer_rematch(2, false), super::RematchAnswer::Declined);
    assert_eq!(t.rematch_agreed, Seats::EMPTY);
    assert_eq!(t.answer_rematch(2, true), super::RematchAnswer::Waiting(Seats::from_iter([1, 2])));
    assert_eq!(t.answer_rematch(0, true), super::RematchAnswer::Everyone(Seats::from_iter([0, 1, 2])));
}
