//! The `announce_bonuses` option: a figure bonus (bridge, bridge extension,
//! hexagons) scores only when the play is announced, in the engine, in
//! records (`!` after the rotation) and on the score pad.

use triominos_core::pad::{Entry, Placed, Sheet};
use triominos_core::record::{replay, write};
use triominos_core::{Action, Bonuses, Figures, RuleSet};

fn scenario(name: &str) -> String {
    let path = format!("{}/tests/data/scenarios/{name}.tri", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// The scenario with `announce_bonuses` on (or not) and whole lines rewritten.
fn variant(name: &str, announce: bool, edits: &[(&str, &str)]) -> String {
    let mut lines: Vec<String> = scenario(name).lines().map(str::to_string).collect();
    if announce {
        let players = lines.iter().position(|l| l.starts_with("[Players")).unwrap();
        lines.insert(players + 1, "[Option \"announce_bonuses\" \"true\"]".to_string());
    }
    for (from, to) in edits {
        let i = lines.iter().position(|l| l == from).unwrap_or_else(|| panic!("no line {from:?}"));
        lines[i] = to.to_string();
    }
    lines.join("\n") + "\n"
}

/// Points and bonus names of the last action of the last round.
fn last_play(text: &str) -> (i32, Vec<&'static str>) {
    let r = replay(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let a = r.report.rounds.last().unwrap().actions.last().unwrap().clone();
    (a.points, a.bonuses)
}

#[test]
fn an_unannounced_hexagon_scores_only_the_tile() {
    // B's 1-5-5 closes the hexagon round P(1,0): 11 + 50.
    let last = "B play 1-5-5 1,0 2";
    assert_eq!(last_play(&variant("hexagon", false, &[])), (61, vec!["hexagon"]));
    assert_eq!(last_play(&variant("hexagon", true, &[])), (11, vec![]), "not announced: the bonus is lost");
    let announced = variant("hexagon", true, &[(last, "B play 1-5-5 1,0 2 !")]);
    assert_eq!(last_play(&announced), (61, vec!["hexagon"]));
    // With a checksum after the mark, and without the option (`!` then changes nothing).
    assert_eq!(last_play(&variant("hexagon", true, &[(last, "B play 1-5-5 1,0 2 ! +61")])).0, 61);
    assert_eq!(last_play(&variant("hexagon", false, &[(last, "B play 1-5-5 1,0 2 !")])), (61, vec!["hexagon"]));
    let refused = replay(&variant("hexagon", true, &[(last, "B play 1-5-5 1,0 2 ! +11")])).unwrap_err();
    assert!(refused.reason.contains("checksum"), "{refused}");
    for bad in ["B play 1-5-5 1,0 2 +61 !", "B play 1-5-5 1,0 2 ! ! +61", "B play 1-5-5 1,0 2 ?"] {
        assert!(replay(&variant("hexagon", true, &[(last, bad)])).is_err(), "{bad}");
    }
}

#[test]
fn an_unannounced_bridge_is_lost_but_stays_on_the_table_for_an_extension() {
    let bridge = "A play 1-1-5 1,1 0";
    let extension = "B play 0-1-5 0,1 0";
    let plain = replay(&variant("bridge_extension", false, &[])).unwrap();
    let text = variant("bridge_extension", true, &[(extension, "B play 0-1-5 0,1 0 !")]);
    let r = replay(&text).unwrap();
    let actions = &r.report.rounds[0].actions;
    let n = actions.len();
    assert_eq!((actions[n - 2].points, actions[n - 2].bonuses.clone()), (7, vec![]), "{bridge}: 7, not 47");
    assert_eq!((actions[n - 1].points, actions[n - 1].bonuses.clone()), (46, vec!["bridge_extension"]));
    assert_eq!(r.game.totals()[0], plain.game.totals()[0] - 40);
    assert_eq!(r.game.totals()[1], plain.game.totals()[1]);
    // The opening's start bonus needs no announce.
    assert_eq!(actions[0].bonuses, vec!["start"]);
}

#[test]
fn announced_plays_round_trip_through_records_and_the_engine_announces_its_own() {
    let last = "B play 1-5-5 1,0 2";
    let text = variant("hexagon", true, &[(last, "B play 1-5-5 1,0 2 !")]);
    let r = replay(&text).unwrap();
    let names = r.players.clone();
    let written = write(&r.game, &names, &[]).unwrap();
    assert!(written.contains("\nB play 1-5-5 1,0 2 !  # +61 155L125!\n"), "{written}");
    assert!(written.contains("\nA play 1-2-5 2,0 0  # +8 125A235\n"), "an unannounced play has no mark: {written}");
    assert!(written.contains("[Option \"announce_bonuses\" \"true\"]"));
    let again = replay(&written).unwrap();
    assert_eq!(again.game.history(), r.game.history());
    assert_eq!(write(&again.game, &names, &[]).unwrap(), written);

    // Without the option a `!` is read and dropped: the written record is the plain one.
    let plain = replay(&variant("hexagon", false, &[(last, "B play 1-5-5 1,0 2 !")])).unwrap();
    assert!(!write(&plain.game, &names, &[]).unwrap().contains(" !"));

    // The position before the hexagon: the engine's legal plays are announced,
    // and the preview tells what the play forms and what it would lose.
    let before = variant("hexagon", true, &[(last, "")]);
    let mut game = replay(&before).unwrap().game;
    let legal = game.legal_actions();
    assert!(legal.iter().all(|a| matches!(a, Action::Play { announce: true, .. } | Action::Draw | Action::Pass)));
    let hexagon = legal.iter().find_map(|a| a.placement().filter(|p| p.tile.to_string() == "1-5-5")).unwrap();
    let preview = game.placement_score(hexagon);
    assert_eq!(preview.figures, Figures { bridge: false, bridge_extension: false, hexagons: 1 });
    assert_eq!((preview.points, preview.bonuses), (61, Bonuses::HEXAGON));
    // Played unannounced: legal, but the bonus is lost.
    let mut unannounced = game.clone();
    assert!(unannounced.is_legal(Action::play(hexagon)));
    assert_eq!(unannounced.play(Action::play(hexagon)).unwrap().points, 11);
    assert_eq!(game.play(Action::announced(hexagon)).unwrap().points, 61);
}

#[test]
fn the_option_off_ignores_the_flag() {
    let text = variant("hexagon", false, &[("B play 1-5-5 1,0 2", "")]);
    let game = replay(&text).unwrap().game;
    let p = game.legal_actions().into_iter().find_map(|a| a.placement().filter(|p| p.tile.to_string() == "1-5-5"));
    let p = p.unwrap();
    assert_eq!(game.legal_actions().iter().filter(|a| matches!(a, Action::Play { announce: true, .. })).count(), 0);
    for a in [Action::play(p), Action::announced(p)] {
        let mut g = game.clone();
        assert_eq!(g.play(a).unwrap().points, 61);
        assert_eq!(g.history()[0].actions.last().unwrap().action, Action::play(p), "recorded unannounced");
    }
}

#[test]
fn the_pad_scores_announced_figures_only_under_the_option() {
    let rules = |announce: &str| RuleSet::with_overrides("goliath", [("announce_bonuses", announce)]).unwrap();
    let t = |s: &str| s.parse().unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    // Six tiles, the sixth closing a hexagon (as the table declares it).
    let opening: Vec<Entry> = ["5-5-5", "4-5-5", "3-4-5", "2-3-5", "1-2-5"]
        .iter()
        .enumerate()
        .map(|(i, tile)| Entry::Play { player: i as u8 % 2, tile: t(tile), bonus: Figures::NONE, announced: false })
        .collect();
    let hexagon = Figures { hexagons: 1, ..Figures::NONE };
    for (announce, announced, points) in
        [("true", false, 11), ("true", true, 61), ("false", false, 61), ("false", true, 61)]
    {
        let mut sheet = Sheet::with_entries(names.clone(), rules(announce), opening.clone()).unwrap();
        let line = sheet.add(Entry::Play { player: 1, tile: t("1-5-5"), bonus: hexagon, announced }).unwrap();
        assert_eq!(line.points(1), points, "announce_bonuses {announce}, announced {announced}");
    }
    // A bridge entered unannounced still lets a later tile extend it.
    let pressman = RuleSet::with_overrides("pressman", [("announce_bonuses", "true"), ("hand_size", "9 7 7 7 7")]);
    let mut sheet = Sheet::new(names, pressman.unwrap()).unwrap();
    for (i, tile) in ["5-5-5", "4-5-5", "3-4-5"].iter().enumerate() {
        sheet.add(Entry::Play { player: i as u8 % 2, tile: t(tile), bonus: Figures::NONE, announced: false }).unwrap();
    }
    let bridge = Figures { bridge: true, ..Figures::NONE };
    let line = sheet.add(Entry::Play { player: 1, tile: t("2-3-5"), bonus: bridge, announced: false }).unwrap();
    assert_eq!(line.points(1), 10, "the bridge bonus is lost");
    let extension = Figures { bridge_extension: true, ..Figures::NONE };
    let placed = Placed { tile: t("1-2-5"), bonus: extension, announced: true };
    let line = sheet.add(Entry::Draw { player: 0, draws: 1, placed: Some(placed) }).unwrap();
    assert_eq!(line.points(0), -5 + 8 + 40, "a draw, then the extension of the unannounced bridge");
}

#[test]
fn a_fail_penalty_of_nothing_is_not_listed_as_a_bonus() {
    // Like every bonus, "fail" is listed only when it is worth points.
    let text = scenario("third_failed_draw");
    let free = text.replacen("[Players \"A\" \"B\"]", "[Players \"A\" \"B\"]\n[Option \"fail_penalty\" \"0\"]", 1);
    let third = |t: &str| {
        let r = replay(t).unwrap_or_else(|e| panic!("{e}\n{t}"));
        // B's third draw: the last draw of the round.
        let a = r.report.rounds[0].actions.iter().rfind(|a| a.kind == "draw").unwrap().clone();
        (a.points, a.bonuses, r.game.totals().to_vec())
    };
    assert_eq!(third(&text), (-15, vec!["fail"], vec![39, -25]));
    assert_eq!(third(&free), (-5, vec![], vec![39, -15]), "the turn still passes, for the draw alone");
}
