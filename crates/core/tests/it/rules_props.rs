//! Any rule set validation accepts deals and plays: for arbitrary option
//! values (drawn from each option's kind in the schema, edges included, some
//! out of range), any allowed player count and any seed, `Game::new` and a
//! random playout never panic, and the game's record replays. Values the
//! validation refuses are refused with an error naming an option.

use proptest::prelude::*;
use triominos_core::record::{replay, write};
use triominos_core::rng::{below, seeded, ChaCha8Rng};
use triominos_core::rules::{OptionKind, Preset, RuleSet, OPTIONS};
use triominos_core::Game;

/// A value for an option of this kind: usually within the kind, near its
/// edges or small; sometimes just outside.
fn value(kind: &OptionKind, rng: &mut ChaCha8Rng) -> String {
    let int = |rng: &mut ChaCha8Rng, min: i32, max: i32| -> i32 {
        match below(rng, 8) {
            0 => min,
            1 => max,
            2 => min - 1,
            3 => max.saturating_add(1),
            4 | 5 => min + below(rng, ((max - min).min(60) + 1) as u32) as i32,
            _ => min + below(rng, (max - min + 1) as u32) as i32,
        }
    };
    let text = |n: i32| if n < 0 { format!("-{}", -n) } else { n.to_string() };
    match *kind {
        OptionKind::Bool => ["true", "false", "maybe"][below(rng, 3) as usize].to_string(),
        OptionKind::Int { min, max } => text(int(rng, min, max)),
        OptionKind::IntOrNone { min, max } => match below(rng, 4) {
            0 => "none".to_string(),
            _ => text(int(rng, min, max)),
        },
        OptionKind::Choice { values } => match below(rng, 10) {
            0 => "nonsense".to_string(),
            _ => values[below(rng, values.len() as u32) as usize].to_string(),
        },
        OptionKind::Range { min, max } => {
            let a = int(rng, min as i32, max as i32);
            let b = int(rng, min as i32, max as i32);
            // Mostly MIN <= MAX; sometimes the other way round.
            let (lo, hi) = if below(rng, 5) == 0 { (a.max(b), a.min(b)) } else { (a.min(b), a.max(b)) };
            format!("{}-{}", text(lo.max(0)), text(hi.max(0)))
        }
        OptionKind::List { len, min, max } => (0..len)
            .map(|i| {
                // Hand sizes: mostly ones that fit the 56 tiles for 2 + i players.
                let top = if len == 5 && below(rng, 4) != 0 { (56 / (i as i32 + 2)).min(max) } else { max };
                text(int(rng, min, top))
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, .. ProptestConfig::default() })]

    #[test]
    fn every_accepted_rule_set_deals_and_plays(seed in any::<u64>(), preset in 0usize..3, picks in 1usize..8) {
        let mut rng = seeded(seed);
        let preset = Preset::ALL[preset];
        let overrides: Vec<(&str, String)> = (0..picks)
            .map(|_| {
                let o = &OPTIONS[below(&mut rng, OPTIONS.len() as u32) as usize];
                (o.name, value(&o.kind, &mut rng))
            })
            .collect();
        let rules = match RuleSet::with_overrides(preset.name(), overrides.iter().map(|(k, v)| (*k, v.as_str()))) {
            Ok(r) => r,
            Err(e) => {
                let named = e.option().expect("an option is named");
                prop_assert!(overrides.iter().any(|(k, _)| *k == named), "{e} names an option given");
                return Ok(());
            }
        };
        let players = rules.min_players() as usize + below(&mut rng, (rules.max_players() - rules.min_players() + 1) as u32) as usize;
        let mut game = Game::new(rules, players, seed).expect("an accepted rule set deals");
        let mut moves = Vec::new();
        for _ in 0..600 {
            if game.is_over() {
                break;
            }
            if game.is_round_over() {
                game.next_round().expect("next round");
                continue;
            }
            game.legal_actions_into(&mut moves);
            prop_assert!(!moves.is_empty(), "a live round always offers an action");
            let a = moves[below(&mut rng, moves.len() as u32) as usize];
            game.play(a).expect("a listed action is accepted");
            let _ = game.observe(game.to_move()).determinize(&mut rng);
        }
        let names: Vec<String> = (0..players).map(|i| format!("P{}", i + 1)).collect();
        let text = write(&game, &names, &[]).expect("valid names");
        let r = replay(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(r.rules, rules);
        prop_assert_eq!(r.game.totals(), game.totals());
    }
}

#[test]
fn seats_not_at_the_table_are_errors_or_spectators() {
    let game = Game::new(RuleSet::of(Preset::Goliath), 2, 3).unwrap();
    assert!(game.hand(1).is_ok());
    let e = game.hand(2).unwrap_err();
    assert_eq!((e.seat, e.players), (2, 2));
    assert!(game.hand(200).is_err());
    assert_eq!(game.hands().len(), 2);
    // A seat not at the table observes as a spectator: no hand, never to move.
    let spectator = game.observe(9);
    assert!(spectator.hand().is_empty());
    assert!(!spectator.is_my_turn());
    assert!(spectator.legal_actions().is_empty());
    assert_eq!(spectator.unknown_tiles().len(), 56 - game.board().tiles().len());
    let guess = spectator.determinize(&mut seeded(1));
    assert_eq!(guess.hands().iter().map(|h| h.len()).collect::<Vec<_>>(), vec![9, 9]);
    assert_eq!(game.public().known_tiles(9), Default::default());
}

#[test]
fn records_are_not_written_with_names_they_cannot_hold() {
    use triominos_core::record::{NameError, WriteError};
    let game = Game::new(RuleSet::of(Preset::Goliath), 2, 3).unwrap();
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(write(&game, &names(&["A"]), &[]), Err(WriteError::NameCount { players: 2, names: 1 }));
    assert_eq!(write(&game, &names(&["A", "B", "C"]), &[]), Err(WriteError::NameCount { players: 2, names: 3 }));
    assert_eq!(write(&game, &names(&["A", "A"]), &[]), Err(WriteError::Name(NameError::Twice("A".into()))));
    assert_eq!(
        write(&game, &names(&["A", "two words"]), &[]),
        Err(WriteError::Name(NameError::NotAWord("two words".into())))
    );
    assert_eq!(write(&game, &names(&["round", "B"]), &[]), Err(WriteError::Name(NameError::Reserved("round".into()))));
    assert_eq!(write(&game, &names(&["A", "B"]), &[("Players", "x".into())]), Err(WriteError::Tag("Players".into())));
    assert_eq!(write(&game, &names(&["A", "B"]), &[("9x", "x".into())]), Err(WriteError::Tag("9x".into())));
    // Values are made safe: a quote becomes ', a newline a space, and the record reads back.
    let text = write(&game, &names(&["A", "B"]), &[("Event", "a \"b\"\nc".into())]).unwrap();
    assert!(text.contains("[Event \"a 'b' c\"]"), "{text}");
    assert_eq!(replay(&text).unwrap().tags, vec![("Event".to_string(), vec!["a 'b' c".to_string()])]);
}
