//! The move notation (docs/notation.md) on random positions: every legal
//! action is written once, uniquely, and reads back as itself; any text at
//! all is read without a panic, and what reads as an action is legal.

use crate::common;

use common::{random_game, variants};
use proptest::prelude::*;
use std::collections::HashSet;
use triominos_core::notation::{parse, write, Move, NotationError, Place, Side, Spot, Turn};
use triominos_core::{Action, Game, Tile, TileSet};

/// The `k`-th position (modulo the game's length) at which a player chose an
/// action in a random game of the `v`-th variant from `seed`: a position
/// reached by random legal play, with the player to move able to act.
fn with_position(v: usize, seed: u64, k: usize, check: impl FnMut(&Game)) {
    let all = variants();
    let (_, rules, players) = &all[v % all.len()];
    let mut len = 0;
    random_game(*rules, *players, seed, |_, _| len += 1);
    let k = k % len;
    let mut check = check;
    let mut i = 0;
    random_game(*rules, *players, seed, |g, _| {
        if i == k {
            check(g);
        }
        i += 1;
    });
}

/// Every legal action of the position, written, read back; the written
/// forms all different. Returns how many actions were checked.
fn round_trips(g: &Game) -> usize {
    let board = g.board();
    let hand = g.hand(g.to_move()).unwrap();
    let legal = g.legal_actions();
    let mut seen = HashSet::new();
    for &a in &legal {
        let text = write(a, board).unwrap_or_else(|e| panic!("{a:?} has no name: {e}"));
        assert_eq!(parse(&text, board, hand), Ok(a), "{text} on {:?}", board.placements());
        assert!(seen.insert(text.clone()), "{text} names two legal actions");
        // Said with words and dashes, it is the same move.
        if let Ok(Move::Place(p)) = text.parse::<Move>() {
            let mut said = p.tile.to_string();
            if let Some(s) = p.spot {
                said += &format!(" {} of {}", s.side.word(), s.next_to);
            }
            if let Some(t) = p.turn {
                said += &format!(" ^{t}");
            }
            if p.announce {
                said += " !";
            }
            assert_eq!(parse(&said, board, hand), Ok(a), "{said}");
        }
    }
    assert_eq!(seen.len(), legal.len());
    // A tile written alone is the one placement it has, or ambiguous
    // between exactly its placements, each written in full.
    for tile in hand.difference(board.tiles()) {
        let ways = board.placements_for([tile].into_iter().collect());
        let text = tile.numbers().map(|n| n.to_string()).concat();
        match (parse(&text, board, hand), ways.as_slice()) {
            (Ok(Action::Play { placement, .. }), [one]) => assert_eq!(placement, *one),
            (Err(NotationError::FitsNowhere(t)), []) => assert_eq!(t, tile),
            (Err(NotationError::Ambiguous { candidates, .. }), several) => {
                let mut want: Vec<String> = several.iter().map(|p| write(Action::play(*p), board).unwrap()).collect();
                let mut got: Vec<String> = candidates.iter().map(Move::to_string).collect();
                want.sort();
                got.sort();
                assert_eq!(got, want);
            }
            (got, ways) => panic!("{text}: {got:?} for {ways:?}"),
        }
    }
    legal.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Issue 38's done-when: every legal placement of 1,000 random positions
    /// (random legal play from random seeds, every preset and player count
    /// and the house-rule variants) round-trips, and its written form is
    /// unique among the position's legal actions.
    #[test]
    fn every_legal_action_of_a_random_position_round_trips(v in 0usize..1000, seed in any::<u64>(), k in any::<usize>()) {
        let mut checked = 0;
        with_position(v, seed, k, |g| checked = round_trips(g));
        prop_assert!(checked > 0, "a live position has an action");
    }
}

/// Any move, written, reads back as itself.
fn any_move() -> impl Strategy<Value = Move> {
    let tile = (0u8..56).prop_map(|i| Tile::from_index(i).unwrap());
    let side = prop::sample::select(Side::ALL.to_vec());
    let spot = prop::option::of((side, tile.clone()).prop_map(|(side, next_to)| Spot { side, next_to }));
    let turn = prop::option::of(prop::collection::vec(0u8..6, 1..=3).prop_map(|n| Turn::new(&n).unwrap()));
    let place = (tile, spot, turn, any::<bool>())
        .prop_map(|(tile, spot, turn, announce)| Move::Place(Place { tile, spot, turn, announce }));
    prop_oneof![8 => place, 1 => Just(Move::Draw), 1 => Just(Move::Pass), 1 => Just(Move::Timeout)]
}

/// Text that is often nearly a move: the notation's own characters and words.
fn nearly_a_move() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[0-6]{1,4}",
        "[0-6]-[0-6]-[0-6]",
        "[LRABlrabx]",
        Just("left of ".to_string()),
        Just("above".to_string()),
        "\\^[0-7-]{0,4}",
        Just("!".to_string()),
        " {1,2}",
        Just("draw".to_string()),
        Just("pass".to_string()),
        Just("timeout".to_string()),
        "\\PC",
    ];
    prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_move_reads_back_as_written(m in any_move()) {
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    }

    /// The parser on any text: no panic; text that reads as a move writes
    /// back to a text that reads the same; what resolves to an action on a
    /// random position is an action the board allows with a tile of the hand.
    #[test]
    fn any_text_is_read_without_a_panic(
        text in prop_oneof![any::<String>(), nearly_a_move()],
        v in 0usize..1000,
        seed in any::<u64>(),
        k in any::<usize>(),
    ) {
        if let Ok(m) = text.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
        let mut outcome = Ok(());
        with_position(v, seed, k, |g| {
            let hand: TileSet = g.hand(g.to_move()).unwrap();
            outcome = match parse(&text, g.board(), hand) {
                Ok(Action::Play { placement, .. }) if !hand.contains(placement.tile) => Err(format!("{text}: {placement:?} not in hand")),
                Ok(Action::Play { placement, .. }) => g.board().check(placement).map_err(|e| format!("{text}: {e}")),
                Ok(_) | Err(_) => Ok(()),
            };
        });
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// A record the project writes names each play in its comment, after
    /// the points: that name, read on the board of the round's earlier
    /// plays, is the line's own placement (every variant, timeouts included).
    #[test]
    fn a_written_records_comments_name_its_plays(v in 0usize..1000, seed in any::<u64>()) {
        use triominos_core::record::write;
        use triominos_core::{Board, Cell, Placement};
        let all = variants();
        let (_, rules, players) = &all[v % all.len()];
        let game = random_game(*rules, *players, seed, |_, _| {});
        let names: Vec<String> = (1..=*players).map(|i| format!("P{i}")).collect();
        let text = write(&game, &names, &[]).unwrap();
        let mut board = Board::new(rules.vertex_contacts_must_match());
        let mut plays = 0;
        for line in text.lines() {
            if line.starts_with("round ") {
                board = Board::new(rules.vertex_contacts_must_match());
            }
            let Some((action, comment)) = line.split_once("  # ") else { continue };
            let words: Vec<&str> = action.split_whitespace().collect();
            if words.get(1) != Some(&"play") {
                continue;
            }
            let tile: Tile = words[2].parse().unwrap();
            let (c, r) = words[3].split_once(',').unwrap();
            let cell = Cell::new(c.parse().unwrap(), r.parse().unwrap()).unwrap();
            let placement = Placement::new(tile, cell, words[4].parse().unwrap()).normalized();
            let announce = words.get(5) == Some(&"!");
            let name = comment.split_whitespace().nth(1).unwrap_or_else(|| panic!("no notation in {line}"));
            let hand = TileSet::ALL.difference(board.tiles());
            prop_assert_eq!(parse(name, &board, hand), Ok(Action::Play { placement, announce }), "{}", line);
            board.place(placement);
            plays += 1;
        }
        prop_assert!(plays > 0);
    }
}
