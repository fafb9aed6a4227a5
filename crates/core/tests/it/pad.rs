//! The score pad: hand-computed sheets for every preset (bonuses, draws, the
//! fail penalty, going out, blocked rounds with ties, the target under each way
//! of ending a game), every refusal, undo/edit/insert/delete, and whole random
//! games played by the engine, entered on a pad, scoring exactly the same.

use triominos_core::pad::{Entry, EntryError, Hand, PadError, PadPhase, Placed, Sheet};
use triominos_core::rng::below;
use triominos_core::{Action, Bonuses, Event, Figures, Game, Reason, RoundEnd, RuleSet, ScoreEntry, Seats, Tile};

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

fn names(n: usize) -> Vec<String> {
    ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][..n].iter().map(|s| s.to_string()).collect()
}

fn rules(preset: &str, options: &[(&str, &str)]) -> RuleSet {
    RuleSet::with_overrides(preset, options.iter().copied()).unwrap()
}

fn play(player: u8, tile: &str) -> Entry {
    Entry::Play { player, tile: t(tile), bonus: Figures::NONE, announced: false }
}

fn play_b(player: u8, tile: &str, bridge: bool, bridge_extension: bool, hexagons: u8) -> Entry {
    Entry::Play { player, tile: t(tile), bonus: Figures { bridge, bridge_extension, hexagons }, announced: false }
}

fn draw(player: u8, draws: u8, placed: Option<&str>) -> Entry {
    Entry::Draw { player, draws, placed: placed.map(|p| Placed { tile: t(p), bonus: Figures::NONE, announced: false }) }
}

fn tiles(list: &str) -> Option<Hand> {
    Some(Hand::Tiles(list.split_whitespace().map(t).collect()))
}

fn sum(s: i32) -> Option<Hand> {
    Some(Hand::Sum(s))
}

/// Adds entries that must be accepted, checking the totals after each.
fn enter(sheet: &mut Sheet, steps: Vec<(Entry, &[i32])>) {
    for (i, (e, totals)) in steps.into_iter().enumerate() {
        let line = sheet.add(e.clone()).unwrap_or_else(|err| panic!("step {i} {e:?}: {err}"));
        assert_eq!(line.totals, totals, "totals after step {i} {e:?}");
    }
}

fn refused(sheet: &mut Sheet, e: Entry, want: PadError) {
    let before = (sheet.entries().to_vec(), sheet.status().clone());
    assert_eq!(sheet.add(e.clone()).map(|_| ()), Err(want), "{e:?}");
    assert_eq!((sheet.entries().to_vec(), sheet.status().clone()), before, "a refusal changes nothing");
}

fn reasons(sheet: &Sheet, index: usize) -> Vec<(u8, &'static str, i32)> {
    sheet.lines()[index].items.iter().map(|s| (s.player, s.reason.name(), s.points)).collect()
}

#[test]
fn goliath_turns_draws_bonuses_and_refusals() {
    // The worked example of the Goliath text, then bonuses: 3 players, 7 tiles each, a pool of 35.
    let mut s = Sheet::new(names(3), RuleSet::preset("goliath").unwrap()).unwrap();
    assert_eq!(s.status().pool, 35);
    assert_eq!(s.status().phase, PadPhase::Opening);
    assert_eq!(s.status().to_play, None);
    refused(&mut s, draw(0, 1, Some("1-2-3")), PadError::OpenerMustPlay);
    refused(&mut s, Entry::Pass { player: 1 }, PadError::OpenerMustPlay);
    refused(&mut s, Entry::Blocked { hands: vec![] }, PadError::RoundNotStarted);
    refused(&mut s, play_b(0, "2-3-5", true, false, 0), PadError::BonusOnOpening);
    refused(&mut s, play(3, "2-3-5"), PadError::NoSuchPlayer { player: 3 });
    enter(
        &mut s,
        vec![
            // Léa opens with 5-3-2: 10 (no opening bonus in Goliath).
            (play(0, "2-3-5"), &[10, 0, 0]),
            // Malik: 3-3-1, 7.
            (play(1, "1-3-3"), &[10, 7, 0]),
            // Chloé draws twice and places a 9: -5 -5 +9 = -1.
            (draw(2, 2, Some("2-3-4")), &[10, 7, -1]),
        ],
    );
    assert_eq!(reasons(&s, 2), vec![(2, "draw", -5), (2, "draw", -5), (2, "tile", 9)]);
    assert_eq!(s.status().pool, 33);
    assert_eq!(s.status().hands, vec![6, 6, 8]);
    assert_eq!(s.status().to_play, Some(0));
    refused(&mut s, play(1, "0-4-4"), PadError::NotTheirTurn { expected: 0, got: 1 });
    refused(&mut s, play(0, "1-3-3"), PadError::TileAlreadyPlaced { tile: t("1-3-3") });
    refused(&mut s, draw(0, 4, None), PadError::TooManyDraws { max: 3 });
    refused(&mut s, draw(0, 0, None), PadError::NoDraws);
    refused(&mut s, draw(0, 2, None), PadError::MustDrawAgain { draws: 2, max: 3 });
    refused(&mut s, Entry::Pass { player: 0 }, PadError::PoolNotEmpty { pool: 33 });
    refused(&mut s, Entry::Blocked { hands: vec![] }, PadError::PoolNotEmpty { pool: 33 });
    refused(&mut s, Entry::Out { player: 0, hands: vec![] }, PadError::NotOut { player: 0, tiles: 6 });
    // Three draws that do not fit: 5 + 5 + 5 + 10 = 25.
    enter(&mut s, vec![(draw(0, 3, None), &[-15, 7, -1])]);
    assert_eq!(reasons(&s, 3), vec![(0, "draw", -5), (0, "draw", -5), (0, "draw", -5), (0, "fail", -10)]);
    // A hexagon needs five tiles on the table before the one that closes it.
    refused(
        &mut s,
        play_b(1, "0-4-4", false, false, 1),
        PadError::BonusTooEarly { bonus: "hexagon", placed: 3, needed: 5 },
    );
    refused(&mut s, play_b(1, "0-4-4", false, true, 0), PadError::NoSuchBonus { bonus: "bridge_extension" });
    refused(&mut s, play_b(1, "0-4-4", true, false, 1), PadError::BridgeWithHexagon);
    refused(&mut s, play_b(1, "0-4-4", false, false, 4), PadError::BadHexagons { hexagons: 4 });
    enter(
        &mut s,
        vec![
            (play(1, "0-4-4"), &[-15, 15, -1]),
            (play(2, "1-1-1"), &[-15, 15, 2]),
            // Six tiles: a hexagon, 13 + 50.
            (play_b(0, "4-4-5", false, false, 1), &[48, 15, 2]),
            // A bridge: 1 + 40.
            (play_b(1, "0-0-1", true, false, 0), &[48, 56, 2]),
        ],
    );
    assert_eq!(reasons(&s, 6), vec![(0, "tile", 13), (0, "hexagon", 50)]);
    assert_eq!(reasons(&s, 7), vec![(1, "tile", 1), (1, "bridge", 40)]);
    refused(
        &mut s,
        play_b(2, "2-2-5", false, false, 2),
        PadError::BonusTooEarly { bonus: "double_hexagon", placed: 7, needed: 9 },
    );
    enter(
        &mut s,
        vec![
            (play(2, "2-2-5"), &[48, 56, 11]),
            (play(0, "0-0-0"), &[48, 56, 11]),
            // Nine tiles before: a double hexagon, 60.
            (play_b(1, "0-0-2", false, false, 2), &[48, 118, 11]),
            (play(2, "1-1-2"), &[48, 118, 15]),
            (play(0, "1-1-3"), &[53, 118, 15]),
            // Twelve tiles before: a triple hexagon, 70.
            (play_b(1, "1-1-4", false, false, 3), &[53, 194, 15]),
        ],
    );
    assert_eq!(reasons(&s, 13), vec![(1, "tile", 6), (1, "triple_hexagon", 70)]);
    assert_eq!(s.status().placed.len(), 13);
    assert_eq!(s.status().round, 1);
    assert_eq!(s.status().phase, PadPhase::Playing);
}

#[test]
fn goliath_going_out_takes_the_other_hands_then_a_new_round() {
    let mut s = Sheet::new(names(2), rules("goliath", &[("hand_size", "3 3 3 3 3")])).unwrap();
    assert_eq!(s.status().pool, 50);
    enter(
        &mut s,
        vec![
            (play(0, "5-5-5"), &[15, 0]),
            (play(1, "4-5-5"), &[15, 14]),
            (play(0, "3-5-5"), &[28, 14]),
            (draw(1, 1, Some("2-5-5")), &[28, 21]),
            (play(0, "0-0-0"), &[28, 21]),
        ],
    );
    assert_eq!(s.status().phase, PadPhase::RoundOver(RoundEnd::Out(0)));
    assert_eq!(s.status().hands, vec![0, 2]);
    refused(&mut s, Entry::Pass { player: 1 }, PadError::EnterRoundEnd { out: Some(0) });
    refused(&mut s, play(1, "1-2-3"), PadError::EnterRoundEnd { out: Some(0) });
    refused(&mut s, Entry::Blocked { hands: vec![] }, PadError::EnterRoundEnd { out: Some(0) });
    refused(&mut s, Entry::Out { player: 1, hands: vec![] }, PadError::NotOut { player: 1, tiles: 2 });
    refused(&mut s, Entry::Out { player: 0, hands: vec![None] }, PadError::HandMissing { player: 1 });
    refused(
        &mut s,
        Entry::Out { player: 0, hands: vec![None, tiles("1-2-3 0-1-1 1-1-2")] },
        PadError::HandTileCount { player: 1, expected: 2, got: 3 },
    );
    refused(
        &mut s,
        Entry::Out { player: 0, hands: vec![None, tiles("1-2-3 5-5-5")] },
        PadError::HandTilePlaced { player: 1, tile: t("5-5-5") },
    );
    refused(
        &mut s,
        Entry::Out { player: 0, hands: vec![None, tiles("1-2-3 1-2-3")] },
        PadError::HandTileTwice { tile: t("1-2-3") },
    );
    refused(&mut s, Entry::Out { player: 0, hands: vec![sum(4), sum(8)] }, PadError::OutHandNotEmpty { player: 0 });
    // Two tiles not on the table sum to 3 (0-0-1 and 0-0-2) up to 25 (4-4-5 and 3-4-5).
    refused(
        &mut s,
        Entry::Out { player: 0, hands: vec![None, sum(30)] },
        PadError::HandSumImpossible { player: 1, sum: 30, min: 3, max: 25 },
    );
    refused(
        &mut s,
        Entry::Out { player: 0, hands: vec![None, sum(8), None] },
        PadError::TooManyHands { players: 2, got: 3 },
    );
    // Going out: 25 + the other hand (1-2-3 and 0-1-1: 6 + 2).
    enter(&mut s, vec![(Entry::Out { player: 0, hands: vec![None, tiles("1-2-3 0-1-1")] }, &[61, 21])]);
    assert_eq!(reasons(&s, 5), vec![(0, "out", 25), (0, "opponents_hands", 8)]);
    let r = s.lines()[5].round_result.clone().unwrap();
    assert_eq!(r.round, 1);
    assert_eq!(r.winners, Seats::from_bits(0b01));
    assert_eq!(r.points, vec![61, 21]);
    assert_eq!(r.hand_sums, vec![Some(0), Some(8)]);
    // Round 2: everything dealt again, anyone may open, 5-5-5 may be placed again.
    let st = s.status();
    assert_eq!((st.round, st.phase, st.to_play, st.pool), (2, PadPhase::Opening, None, 50));
    assert_eq!(st.hands, vec![3, 3]);
    assert_eq!(st.round_points, vec![0, 0]);
    assert!(st.placed.is_empty());
    enter(&mut s, vec![(play(1, "5-5-5"), &[61, 36])]);
    assert_eq!(s.lines()[6].round, 2);
    assert_eq!(s.status().to_play, Some(0));
}

#[test]
fn goliath_target_reached_mid_round_the_round_is_finished_and_the_highest_total_wins() {
    let mut s = Sheet::new(names(2), rules("goliath", &[("hand_size", "3 3 3 3 3"), ("target", "30")])).unwrap();
    enter(
        &mut s,
        vec![
            (play(0, "5-5-5"), &[15, 0]),
            (play(1, "4-5-5"), &[15, 14]),
            (play(0, "4-4-5"), &[28, 14]),
            (play(1, "3-5-5"), &[28, 27]),
            (draw(0, 1, Some("3-4-5")), &[35, 27]),
        ],
    );
    // Ann reached 30: the round goes on.
    assert_eq!(s.lines()[4].reached, Seats::from_bits(0b01));
    assert_eq!(s.status().reached, Seats::from_bits(0b01));
    assert_eq!(s.status().phase, PadPhase::Playing);
    // Bob goes out with a bridge and passes Ann.
    enter(&mut s, vec![(play_b(1, "2-5-5", true, false, 0), &[35, 79])]);
    assert_eq!(s.lines()[5].reached, Seats::from_bits(0b10));
    enter(&mut s, vec![(Entry::Out { player: 1, hands: vec![sum(7), None] }, &[35, 111])]);
    assert!(s.is_over());
    assert_eq!(s.status().winners, Seats::from_bits(0b10), "the highest total wins");
    assert!(s.lines()[6].game_over);
    refused(&mut s, play(0, "0-0-0"), PadError::GameOver);
}

#[test]
fn goliath_blocked_round_every_player_subtracts_their_hand() {
    // 3 players with 18 tiles each: the pool holds 2.
    let mut s = Sheet::new(names(3), rules("goliath", &[("hand_size", "9 18 7 7 7")])).unwrap();
    assert_eq!(s.status().pool, 2);
    enter(&mut s, vec![(play(0, "5-5-5"), &[15, 0, 0])]);
    refused(&mut s, draw(1, 3, None), PadError::PoolTooSmall { pool: 2 });
    // Two draws empty the pool: no fail penalty, the player passes.
    enter(&mut s, vec![(draw(1, 2, None), &[15, -10, 0])]);
    assert_eq!(reasons(&s, 1), vec![(1, "draw", -5), (1, "draw", -5)]);
    assert_eq!(s.status().passes, 1);
    assert!(s.status().can_block());
    // The table sees nobody can play: a blocked round, entered without the other passes.
    refused(&mut s, Entry::Blocked { hands: vec![sum(110), sum(110)] }, PadError::HandMissing { player: 2 });
    enter(&mut s, vec![(Entry::Blocked { hands: vec![sum(110), sum(100), sum(185)] }, &[-95, -110, -185])]);
    assert_eq!(reasons(&s, 2), vec![(0, "own_hand", -110), (1, "own_hand", -100), (2, "own_hand", -185)]);
    assert_eq!(s.lines()[2].round_result.as_ref().unwrap().winners, Seats::from_bits(0b010));
    assert_eq!(s.status().round, 2);
}

#[test]
fn pressman_opening_bonuses_bridges_extensions_hexagons_and_going_out() {
    let r = rules("pressman", &[("hand_size", "9 3 7 7 7")]);
    // The opening bonus: a triple +10, 0-0-0 +40, another tile nothing.
    for (tile, points) in [("5-5-5", 25), ("0-0-0", 40), ("4-5-5", 14)] {
        let mut s = Sheet::new(names(3), r).unwrap();
        let line = s.add(play(2, tile)).unwrap();
        assert_eq!(line.totals, vec![0, 0, points], "{tile}");
    }
    let mut s = Sheet::new(names(3), r).unwrap();
    enter(
        &mut s,
        vec![(play(0, "0-0-0"), &[40, 0, 0]), (play(1, "0-0-1"), &[40, 1, 0]), (play(2, "0-1-1"), &[40, 1, 2])],
    );
    assert_eq!(reasons(&s, 0), vec![(0, "tile", 0), (0, "start", 40)]);
    refused(&mut s, play_b(0, "0-0-2", false, true, 0), PadError::NoBridgeToExtend);
    refused(&mut s, play_b(0, "0-0-2", true, true, 0), PadError::BridgeWithExtension);
    enter(
        &mut s,
        vec![
            (play_b(0, "0-0-2", true, false, 0), &[82, 1, 2]),
            (play_b(1, "0-1-2", false, true, 0), &[82, 44, 2]),
            (play_b(2, "1-1-1", false, false, 1), &[82, 44, 55]),
            (play(0, "0-2-2"), &[86, 44, 55]),
        ],
    );
    assert_eq!(reasons(&s, 4), vec![(1, "tile", 3), (1, "bridge_extension", 40)]);
    assert_eq!(s.status().phase, PadPhase::RoundOver(RoundEnd::Out(0)));
    // 25 + 15 + 9.
    enter(&mut s, vec![(Entry::Out { player: 0, hands: vec![None, tiles("5-5-5"), sum(9)] }, &[135, 44, 55])]);
    // Round 2: Cid opens with no triple, then hexagons worth 50 each.
    enter(&mut s, vec![(play(2, "4-5-5"), &[135, 44, 69])]);
    assert_eq!(reasons(&s, 8), vec![(2, "tile", 14)]);
}

#[test]
fn pressman_hexagon_bonuses_are_50_100_150() {
    let mut s = Sheet::new(names(2), RuleSet::preset("pressman").unwrap()).unwrap();
    let fillers =
        ["0-0-0", "0-0-1", "0-0-2", "0-0-3", "0-0-4", "0-0-5", "0-1-1", "0-1-2", "0-1-3", "0-1-4", "0-1-5", "0-2-2"];
    for (i, f) in fillers.iter().enumerate() {
        s.add(play((i % 2) as u8, f)).unwrap();
    }
    let before = s.status().totals.clone();
    for (n, bonus) in [(1u8, 50), (2, 100), (3, 150)] {
        let line = s.preview(&play_b(0, "5-5-5", false, false, n)).unwrap();
        assert_eq!(line.points(0), 15 + bonus, "{n} hexagons");
    }
    assert_eq!(s.status().totals, before, "a preview changes nothing");
}

#[test]
fn pressman_blocked_round_lowest_takes_all_with_a_tie() {
    // 3 players with 18 tiles each: the pool holds 2.
    let r = rules("pressman", &[("hand_size", "9 18 7 7 7"), ("target", "90")]);
    let mut s = Sheet::new(names(3), r).unwrap();
    enter(
        &mut s,
        vec![
            (play(0, "5-5-5"), &[25, 0, 0]),
            (draw(1, 2, None), &[25, -10, 0]),
            (Entry::Pass { player: 2 }, &[25, -10, 0]),
        ],
    );
    refused(&mut s, Entry::Pass { player: 1 }, PadError::NotTheirTurn { expected: 0, got: 1 });
    enter(&mut s, vec![(Entry::Pass { player: 0 }, &[25, -10, 0])]);
    // Three passes in turn: the round is blocked.
    assert_eq!(s.status().phase, PadPhase::RoundOver(RoundEnd::Blocked));
    refused(&mut s, Entry::Pass { player: 1 }, PadError::EnterRoundEnd { out: None });
    refused(&mut s, Entry::Out { player: 1, hands: vec![] }, PadError::EnterRoundEnd { out: None });
    // Ann and Bob tie for the lowest hand (110): each takes Cid's 185 minus their own.
    enter(&mut s, vec![(Entry::Blocked { hands: vec![sum(110), sum(110), sum(185)] }, &[100, 65, 0])]);
    assert_eq!(
        reasons(&s, 4),
        vec![(0, "opponents_hands", 185), (0, "own_hand", -110), (1, "opponents_hands", 185), (1, "own_hand", -110)]
    );
    assert_eq!(s.lines()[4].round_result.as_ref().unwrap().winners, Seats::from_bits(0b011));
    // Only Ann reached 90: she wins.
    assert!(s.is_over());
    assert_eq!(s.status().winners, Seats::from_bits(0b001));
}

#[test]
fn pressman_several_reach_the_target_the_round_winner_among_them_wins() {
    let r = rules("pressman", &[("hand_size", "3 3 7 7 7"), ("target", "20")]);
    // Both reach 20 during the round; Ann goes out and wins.
    let mut s = Sheet::new(names(2), r).unwrap();
    enter(
        &mut s,
        vec![
            (play(0, "5-5-5"), &[25, 0]),
            (play(1, "4-5-5"), &[25, 14]),
            (play(0, "0-0-5"), &[30, 14]),
            (play(1, "3-5-5"), &[30, 27]),
            (play(0, "0-0-0"), &[30, 27]),
        ],
    );
    assert_eq!(s.status().reached, Seats::from_bits(0b11));
    enter(&mut s, vec![(Entry::Out { player: 0, hands: vec![None, sum(10)] }, &[65, 27])]);
    assert_eq!(s.status().winners, Seats::from_bits(0b01));

    // Bob reaches it by going out, with a lower total than Ann: the round's winner wins.
    let mut s = Sheet::new(names(2), r).unwrap();
    enter(
        &mut s,
        vec![
            (play(0, "5-5-5"), &[25, 0]),
            (play(1, "0-0-0"), &[25, 0]),
            (play(0, "4-5-5"), &[39, 0]),
            (play(1, "0-0-1"), &[39, 1]),
            (draw(0, 1, Some("3-5-5")), &[47, 1]),
            (play(1, "0-0-2"), &[47, 3]),
            (Entry::Out { player: 1, hands: vec![sum(2), None] }, &[47, 30]),
        ],
    );
    assert_eq!(s.status().winners, Seats::from_bits(0b10));

    // Cid goes out without reaching 40: the highest total among those who reached it wins.
    let r = rules("pressman", &[("hand_size", "9 3 7 7 7"), ("target", "40")]);
    let mut s = Sheet::new(names(3), r).unwrap();
    enter(
        &mut s,
        vec![
            (play(0, "5-5-5"), &[25, 0, 0]),
            (play(1, "4-5-5"), &[25, 14, 0]),
            (play(2, "0-0-0"), &[25, 14, 0]),
            (play(0, "4-4-5"), &[38, 14, 0]),
            (play_b(1, "3-5-5", true, false, 0), &[38, 67, 0]),
            (play(2, "0-0-1"), &[38, 67, 1]),
            (draw(0, 1, Some("3-4-5")), &[45, 67, 1]),
            (draw(1, 1, Some("2-5-5")), &[45, 74, 1]),
            (play(2, "0-0-2"), &[45, 74, 3]),
            (Entry::Out { player: 2, hands: vec![sum(4), sum(5), None] }, &[45, 74, 37]),
        ],
    );
    assert_eq!(s.lines()[9].round_result.as_ref().unwrap().winners, Seats::from_bits(0b100));
    assert_eq!(s.status().winners, Seats::from_bits(0b010));
}

#[test]
fn dominos_triangles_one_draw_no_figures_first_to_the_target_wins_at_once() {
    let mut s = Sheet::new(names(5), RuleSet::preset("dominos-triangles").unwrap()).unwrap();
    assert_eq!(s.status().hands, vec![6; 5]);
    assert_eq!(s.status().pool, 26);
    // Any opener: value + 10.
    enter(&mut s, vec![(play(3, "2-3-4"), &[0, 0, 0, 19, 0])]);
    refused(&mut s, play_b(4, "1-2-3", true, false, 0), PadError::NoSuchBonus { bonus: "bridge" });
    refused(&mut s, draw(4, 2, None), PadError::TooManyDraws { max: 1 });
    enter(
        &mut s,
        vec![
            // One draw that does not fit: 5 + 10.
            (draw(4, 1, None), &[0, 0, 0, 19, -15]),
            (draw(0, 1, Some("3-4-4")), &[6, 0, 0, 19, -15]),
        ],
    );
    for _ in 0..3 {
        // Fill the table so that a hexagon would be possible.
        let p = s.status().to_play.unwrap();
        let tile = ["0-0-0", "0-0-1", "0-0-2"][s.entries().len() - 3];
        s.add(play(p, tile)).unwrap();
    }
    refused(&mut s, play_b(4, "1-2-3", false, false, 1), PadError::NoSuchBonus { bonus: "hexagon" });

    // The target: the play that reaches it ends the game at once.
    let r = rules("dominos-triangles", &[("target", "30")]);
    let mut s = Sheet::new(names(2), r).unwrap();
    enter(&mut s, vec![(play(0, "5-5-5"), &[25, 0]), (play(1, "4-5-5"), &[25, 14]), (play(0, "0-1-5"), &[31, 14])]);
    assert!(s.is_over());
    assert_eq!(s.status().winners, Seats::from_bits(0b01));
    assert_eq!(s.status().rounds.len(), 0, "no end-of-round scoring");
    refused(&mut s, play(1, "3-5-5"), PadError::GameOver);
}

#[test]
fn dominos_triangles_going_out_and_blocked_round_bonus_with_a_tie_single_round() {
    let r = rules("dominos-triangles", &[("hand_size", "3 3 3 3 3")]);
    let mut s = Sheet::new(names(3), r).unwrap();
    enter(
        &mut s,
        vec![
            (play(0, "1-1-1"), &[13, 0, 0]),
            (play(1, "1-1-2"), &[13, 4, 0]),
            (play(2, "1-1-3"), &[13, 4, 5]),
            (play(0, "1-2-2"), &[18, 4, 5]),
            (play(1, "1-1-4"), &[18, 10, 5]),
            (play(2, "1-1-5"), &[18, 10, 12]),
            (play(0, "1-2-3"), &[24, 10, 12]),
        ],
    );
    // Going out: 25, the other hands are not needed.
    enter(&mut s, vec![(Entry::Out { player: 0, hands: vec![] }, &[49, 10, 12])]);
    assert_eq!(reasons(&s, 7), vec![(0, "out", 25)]);
    assert_eq!(s.status().round, 2);

    // A single round (target none), blocked, tie for the lowest hand: both +25, both win.
    let r = rules("dominos-triangles", &[("hand_size", "28 7 7 6 6"), ("target", "none")]);
    let mut s = Sheet::new(names(2), r).unwrap();
    assert_eq!(s.status().pool, 0);
    enter(
        &mut s,
        vec![
            (play(0, "5-5-5"), &[25, 0]),
            (Entry::Pass { player: 1 }, &[25, 0]),
            (Entry::Blocked { hands: vec![sum(180), sum(180)] }, &[50, 25]),
        ],
    );
    assert_eq!(reasons(&s, 2), vec![(0, "blocked_win", 25), (1, "blocked_win", 25)]);
    assert!(s.is_over());
    assert_eq!(s.status().winners, Seats::from_bits(0b11));
}

#[test]
fn house_rules_pass_penalty_and_player_counts() {
    let r = rules("goliath", &[("hand_size", "28 7 7 6 6"), ("empty_pool_penalty", "3")]);
    let mut s = Sheet::new(names(2), r).unwrap();
    enter(&mut s, vec![(play(0, "5-5-5"), &[15, 0]), (Entry::Pass { player: 1 }, &[15, -3])]);
    assert_eq!(reasons(&s, 1), vec![(1, "pass", -3)]);
    assert_eq!(
        Sheet::new(names(5), RuleSet::preset("goliath").unwrap()).err(),
        Some(PadError::PlayerCount { min: 2, max: 4, got: 5 })
    );
    assert_eq!(
        Sheet::new(names(1), RuleSet::preset("dominos-triangles").unwrap()).err(),
        Some(PadError::PlayerCount { min: 2, max: 6, got: 1 })
    );
    assert!(Sheet::new(names(6), RuleSet::preset("dominos-triangles").unwrap()).is_ok());
    // Options that do not go together never make a rule set, so never reach a sheet.
    assert!(RuleSet::with_overrides("goliath", [("first_tile", "start_tile")]).is_err());
    assert!(rules("goliath", &[("players", "2-6")]).allows_players(6));
}

#[test]
fn undo_edit_insert_and_delete_recompute_everything() {
    let r = rules("goliath", &[("hand_size", "3 3 3 3 3")]);
    let mut s = Sheet::new(names(2), r).unwrap();
    enter(
        &mut s,
        vec![
            (play(0, "5-5-5"), &[15, 0]),
            (play(1, "4-5-5"), &[15, 14]),
            (play(0, "3-5-5"), &[28, 14]),
            (draw(1, 1, Some("2-5-5")), &[28, 21]),
        ],
    );
    // Undo, then enter it again.
    let last = s.undo().unwrap();
    assert_eq!(s.status().totals, vec![28, 14]);
    assert_eq!(s.status().to_play, Some(1));
    s.add(last).unwrap();
    // Edit the first tile: 5-5-5 was 4-4-4; every total after it changes.
    s.edit(0, play(0, "4-4-4")).unwrap();
    assert_eq!(
        s.lines().iter().map(|l| l.totals.clone()).collect::<Vec<_>>(),
        vec![vec![12, 0], vec![12, 14], vec![25, 14], vec![25, 21]]
    );
    // An edit that makes a later entry impossible is refused, naming that entry.
    let before = s.entries().to_vec();
    assert_eq!(
        s.edit(0, play(0, "2-5-5")),
        Err(EntryError { index: 3, error: PadError::TileAlreadyPlaced { tile: t("2-5-5") } })
    );
    assert_eq!(
        s.edit(1, play(0, "1-1-1")),
        Err(EntryError { index: 1, error: PadError::NotTheirTurn { expected: 1, got: 0 } })
    );
    assert_eq!(s.edit(9, play(0, "1-1-1")), Err(EntryError { index: 9, error: PadError::NoSuchEntry { index: 9 } }));
    assert_eq!(s.entries(), &before[..]);
    // Deleting a turn in the middle breaks the turn order after it.
    assert_eq!(s.delete(1), Err(EntryError { index: 1, error: PadError::NotTheirTurn { expected: 1, got: 0 } }));
    // Turn Bob's draw into a bridge played straight away, then delete and insert it back.
    s.edit(3, play_b(1, "2-5-5", true, false, 0)).unwrap();
    assert_eq!(s.status().totals, vec![25, 66]);
    let gone = s.delete(3).unwrap();
    assert_eq!(s.status().totals, vec![25, 14]);
    s.insert(3, gone).unwrap();
    assert_eq!(s.status().totals, vec![25, 66]);
    assert_eq!(s.insert(7, play(0, "0-0-0")), Err(EntryError { index: 7, error: PadError::NoSuchEntry { index: 7 } }));
    // Undo everything.
    while s.undo().is_ok() {}
    assert_eq!(s.undo(), Err(PadError::NothingToUndo));
    assert_eq!(s.status().phase, PadPhase::Opening);
    assert_eq!(s.status().totals, vec![0, 0]);
}

// ---- Engine games entered on a pad ----

fn declared(b: Bonuses) -> Figures {
    let hexagons = if b.contains(Bonuses::TRIPLE_HEXAGON) {
        3
    } else if b.contains(Bonuses::DOUBLE_HEXAGON) {
        2
    } else {
        u8::from(b.contains(Bonuses::HEXAGON))
    };
    Figures { bridge: b.contains(Bonuses::BRIDGE), bridge_extension: b.contains(Bonuses::BRIDGE_EXTENSION), hexagons }
}

/// A whole game of random legal moves (placements preferred).
fn random_game(rules: RuleSet, players: usize, seed: u64) -> Game {
    crate::common::play_game(rules, players, seed, seed ^ 0x5eed, placements_mostly, |_, _| {})
}

/// A placement seven times in eight when there is one: the best-scoring one
/// half of those times, so that bonuses come up; else any legal action.
fn placements_mostly(g: &Game, moves: &[Action], rng: &mut triominos_core::rng::ChaCha8Rng) -> Action {
    let plays: Vec<Action> = moves.iter().copied().filter(|a| matches!(a, Action::Play { .. })).collect();
    if !plays.is_empty() && below(rng, 8) != 0 {
        if below(rng, 2) == 0 {
            *plays.iter().max_by_key(|a| a.placement().map_or(0, |p| g.placement_score(p).points)).unwrap()
        } else {
            plays[below(rng, plays.len() as u32) as usize]
        }
    } else {
        moves[below(rng, moves.len() as u32) as usize]
    }
}

/// The game as a table would enter it on the pad; hands as tiles, or as sums when `sums`.
fn entries_of(g: &Game, sums: bool) -> Vec<Entry> {
    let n = g.players();
    let ends: Vec<_> = g
        .public()
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::RoundEnded { end, hands, .. } => Some((*end, *hands)),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (r, round) in g.history().iter().enumerate() {
        let mut pending: Option<(u8, u8)> = None;
        for st in &round.actions {
            match st.action {
                Action::Play { placement: p, .. } => {
                    let bonus = declared(st.bonuses);
                    out.push(match pending.take() {
                        Some((seat, draws)) => {
                            assert_eq!(seat, st.seat);
                            Entry::Draw {
                                player: seat,
                                draws,
                                placed: Some(Placed { tile: p.tile, bonus, announced: false }),
                            }
                        }
                        None => Entry::Play { player: st.seat, tile: p.tile, bonus, announced: false },
                    });
                }
                Action::Draw => {
                    let draws = pending.map_or(0, |p| p.1) + 1;
                    if st.bonuses.contains(Bonuses::FAIL) {
                        out.push(Entry::Draw { player: st.seat, draws, placed: None });
                        pending = None;
                    } else {
                        pending = Some((st.seat, draws));
                    }
                }
                Action::Pass => out.push(match pending.take() {
                    Some((seat, draws)) => Entry::Draw { player: seat, draws, placed: None },
                    None => Entry::Pass { player: st.seat },
                }),
            }
        }
        assert!(pending.is_none());
        if let Some((end, hands)) = ends.get(r) {
            let hs: Vec<Option<Hand>> = (0..n)
                .map(|p| {
                    Some(if sums && p % 2 == r % 2 {
                        Hand::Sum(hands[p].value() as i32)
                    } else {
                        Hand::Tiles(hands[p].iter().collect())
                    })
                })
                .collect();
            out.push(match *end {
                RoundEnd::Out(p) => Entry::Out { player: p, hands: hs },
                RoundEnd::Blocked => Entry::Blocked { hands: hs },
            });
        }
    }
    out
}

#[test]
fn engine_games_entered_on_the_pad_score_exactly_the_same() {
    let mut games = 0;
    let mut seen = std::collections::BTreeSet::new();
    for preset in ["goliath", "pressman", "dominos-triangles"] {
        for (i, target) in ["400", "150", "none", "60"].iter().enumerate() {
            for (players, k) in
                (2..=RuleSet::preset(preset).unwrap().max_players() as usize).flat_map(|p| (0..4).map(move |k| (p, k)))
            {
                let seed = 1000 * i as u64 + 17 * players as u64 + preset.len() as u64 + 100_000 * k;
                let mut r = RuleSet::preset(preset).unwrap();
                r.set_option("target", target).unwrap();
                if i == 3 {
                    // Small hands and a tiny pool: blocked rounds and passes.
                    r.set_option("hand_size", "26 17 13 10 9").unwrap();
                }
                let g = random_game(r, players, seed);
                let entries = entries_of(&g, seed.is_multiple_of(2));
                let sheet = Sheet::with_entries(names(players), r, entries.clone())
                    .unwrap_or_else(|e| panic!("{preset} {target} {players}: {e} ({:?})", entries[e.index]));
                let items: Vec<ScoreEntry> = sheet.lines().iter().flat_map(|l| l.items.clone()).collect();
                assert_eq!(items, g.public().score_sheet(), "{preset} {target} {players}: every score item");
                assert_eq!(sheet.status().totals, g.totals());
                assert!(sheet.is_over());
                assert_eq!(sheet.status().winners, g.winners(), "{preset} {target} {players}: winners");
                for item in items {
                    seen.insert(item.reason.name());
                }
                for e in &entries {
                    seen.insert(match e {
                        Entry::Draw { placed: None, .. } => "draw_not_placed",
                        Entry::Draw { .. } => "draw_placed",
                        Entry::Pass { .. } => "pass_entry",
                        Entry::Blocked { .. } => "blocked_entry",
                        Entry::Out { .. } => "out_entry",
                        Entry::Play { .. } => "play_entry",
                    });
                }
                // Undoing the last entry gives the sheet of every entry but the last.
                let mut undone = sheet.clone();
                undone.undo().unwrap();
                let shorter = Sheet::with_entries(names(players), r, entries[..entries.len() - 1].to_vec()).unwrap();
                assert_eq!(undone.status(), shorter.status());
                games += 1;
            }
        }
    }
    assert_eq!(games, (3 + 3 + 5) * 4 * 4);
    for r in
        [Reason::Tile, Reason::Start, Reason::Bridge, Reason::Hexagon(1), Reason::Draw, Reason::Fail, Reason::OutBonus]
    {
        assert!(seen.contains(r.name()), "no game had {}: {seen:?}", r.name());
    }
    for k in
        ["opponents_hands", "own_hand", "blocked_win", "draw_placed", "draw_not_placed", "blocked_entry", "out_entry"]
    {
        assert!(seen.contains(k), "no game had {k}: {seen:?}");
    }
}
