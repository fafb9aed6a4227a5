//! Invariants of random games, for every preset, player count and several
//! house rules.

use crate::common;

use common::{random_game, variants};
use proptest::prelude::*;
use triominos_core::record::{replay, write};
use triominos_core::rng::seeded;
use triominos_core::{Action, Cell, Game, Phase, Placement, Tile, TileSet};

/// Every action that could be offered: all placements of the hand's tiles on
/// every cell around the board (and a few far away), draw and pass.
fn candidate_actions(game: &Game) -> Vec<Action> {
    let mut out = vec![Action::Draw, Action::Pass];
    let hand = game.hand(game.to_move()).unwrap();
    let board = game.board();
    let mut cells: Vec<Cell> = vec![Cell::ORIGIN, Cell::new(40, 20).unwrap()];
    for p in board.placements() {
        cells.push(p.cell);
        for n in p.cell.neighbours() {
            cells.push(n);
            cells.extend(n.neighbours());
        }
    }
    cells.sort();
    cells.dedup();
    for t in hand.iter().chain(board.tiles().iter().take(1)) {
        for &c in &cells {
            for r in 0..3 {
                out.push(Action::play(Placement::new(t, c, r)));
            }
        }
    }
    out
}

/// The action as the engine lists it: the placement normalized, announced
/// when the rules ask for announces.
fn normalized(game: &Game, a: Action) -> Action {
    match a {
        Action::Play { placement, .. } => {
            Action::Play { placement: placement.normalized(), announce: game.rules().announce_bonuses() }
        }
        a => a,
    }
}

fn fingerprint(g: &Game) -> String {
    let p = g.public();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {} {:?} {}",
        p.phase(),
        p.totals(),
        (0..g.players() as u8).map(|s| g.hand(s).unwrap()).collect::<Vec<_>>(),
        g.pool().collect::<Vec<_>>(),
        g.board().placements(),
        g.to_move(),
        p.draws_this_turn(),
        g.drawn_tile(),
        p.events().len()
    )
}

#[test]
fn legal_actions_agree_with_is_legal_and_illegal_actions_change_nothing() {
    for (name, rules, n) in variants() {
        for seed in 0..3u64 {
            random_game(rules, n, seed, |game, _| {
                let legal = game.legal_actions();
                for a in &legal {
                    assert!(game.is_legal(*a), "{name}: offered but refused: {a:?}");
                }
                let mut copy = game.clone();
                let before = fingerprint(&copy);
                for a in candidate_actions(game) {
                    let offered = legal.contains(&normalized(game, a));
                    assert_eq!(game.is_legal(a), offered, "{name} seed {seed}: {a:?}");
                    if !offered {
                        assert!(copy.play(a).is_err());
                    }
                }
                assert_eq!(fingerprint(&copy), before, "refused actions left the game unchanged");
                let placements = legal.iter().filter(|a| matches!(a, Action::Play { .. })).count();
                assert_eq!(game.count_legal_placements(), placements);
            });
        }
    }
}

#[test]
fn tiles_are_conserved_and_totals_are_the_sum_of_the_score_sheet() {
    for (name, rules, n) in variants() {
        for seed in 10..16u64 {
            let check = |game: &Game| {
                if game.public().phase() == Phase::Playing {
                    let mut all = game.board().tiles();
                    let mut count = game.board().tiles().len();
                    for s in 0..n as u8 {
                        assert!(all.intersection(game.hand(s).unwrap()).is_empty());
                        all = all.union(game.hand(s).unwrap());
                        count += game.hand(s).unwrap().len();
                        assert_eq!(game.public().hand_sizes()[s as usize] as usize, game.hand(s).unwrap().len());
                    }
                    for t in game.pool() {
                        assert!(!all.contains(t), "{t} twice");
                        all.insert(t);
                        count += 1;
                    }
                    assert_eq!(all, TileSet::ALL, "{name}");
                    assert_eq!(count, 56);
                    assert_eq!(game.public().pool_size(), game.pool().count());
                }
                let mut sums = vec![0i32; n];
                for e in game.public().score_sheet() {
                    sums[e.player as usize] += e.points;
                }
                assert_eq!(sums, game.totals(), "{name}");
            };
            let game = random_game(rules, n, seed, |g, _| check(g));
            check(&game);
            assert!(!game.winners().is_empty());
        }
    }
}

#[test]
fn observations_hide_other_hands_and_determinize_consistently() {
    for (name, rules, n) in variants() {
        let mut rng = seeded(99);
        random_game(rules, n, 3, |game, _| {
            for seat in 0..n as u8 {
                let obs = game.observe(seat);
                assert_eq!(obs.hand(), game.hand(seat).unwrap());
                // What the observer cannot see is exactly the other hands and the
                // pool, less what the rules revealed.
                let mut hidden = TileSet::EMPTY;
                for s in (0..n as u8).filter(|&s| s != seat) {
                    hidden = hidden.union(game.hand(s).unwrap().difference(game.public().known_tiles(s)));
                }
                hidden = hidden.union(game.pool().collect());
                assert_eq!(obs.unknown_tiles(), hidden, "{name}");
                assert_eq!(obs.is_my_turn(), seat == game.to_move());
                if seat != game.to_move() {
                    assert!(obs.legal_actions().is_empty());
                    assert!(obs.drawn_tile().is_none());
                } else {
                    assert_eq!(obs.legal_actions(), game.legal_actions());
                    assert_eq!(obs.drawn_tile(), game.drawn_tile());
                }
                let d = obs.determinize(&mut rng);
                assert_eq!(d.hand(seat).unwrap(), game.hand(seat).unwrap());
                assert_eq!(d.board().placements(), game.board().placements());
                assert_eq!(d.totals(), game.totals());
                assert_eq!(d.to_move(), game.to_move());
                assert_eq!(d.pool().count(), game.pool().count());
                let mut all = d.board().tiles().union(d.pool().collect());
                for s in 0..n as u8 {
                    assert_eq!(d.hand(s).unwrap().len(), game.hand(s).unwrap().len(), "{name}: hand sizes kept");
                    assert!(
                        d.hand(s).unwrap().difference(game.public().known_tiles(s)).len()
                            + game.public().known_tiles(s).len()
                            >= d.hand(s).unwrap().len()
                    );
                    assert_eq!(
                        d.hand(s).unwrap().intersection(game.public().known_tiles(s)),
                        game.public().known_tiles(s)
                    );
                    all = all.union(d.hand(s).unwrap());
                }
                assert_eq!(all, TileSet::ALL);
                if seat == game.to_move() {
                    assert_eq!(d.legal_actions(), game.legal_actions(), "{name}: same choices");
                }
            }
        });
    }
}

#[test]
fn written_records_replay_to_the_same_scores() {
    for (name, rules, n) in variants() {
        for seed in 20..23u64 {
            let game = random_game(rules, n, seed, |_, _| {});
            let names: Vec<String> = (0..n).map(|i| format!("P{}", i + 1)).collect();
            let text = write(&game, &names, &[("Seed", seed.to_string())]).unwrap();
            let r = replay(&text).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}\n{text}"));
            assert_eq!(r.game.totals(), game.totals(), "{name}");
            assert_eq!(r.game.winners(), game.winners());
            assert_eq!(r.game.history(), game.history());
            assert_eq!(r.rules, rules);
            assert_eq!(r.tags, vec![("Seed".to_string(), vec![seed.to_string()])]);
            // Writing the replayed game gives the same text.
            assert_eq!(write(&r.game, &names, &[("Seed", seed.to_string())]).unwrap(), text);
            let report_total: i32 = r.report.rounds.iter().flat_map(|x| x.round_scores.0.iter()).map(|x| x.1).sum();
            assert_eq!(report_total, game.totals().iter().sum::<i32>());
        }
    }
}

fn mutate(text: &str, ops: &[(u8, u16, u16)]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let pieces = [
        "1-2-4", "5-5-5", "0,0", "-1,0", "2", "9", "draw", "pass", "play", "round", "+", "#", "\"", "[", "]", "timeout",
    ];
    for &(op, a, b) in ops {
        if lines.is_empty() {
            break;
        }
        let i = a as usize % lines.len();
        match op % 6 {
            0 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            2 => {
                let j = b as usize % lines.len();
                lines.swap(i, j);
            }
            3 => {
                let mut toks: Vec<String> = lines[i].split(' ').map(String::from).collect();
                let k = b as usize % toks.len();
                toks[k] = pieces[(b as usize / 7) % pieces.len()].to_string();
                lines[i] = toks.join(" ");
            }
            4 => {
                let bytes = lines[i].as_bytes();
                if !bytes.is_empty() {
                    let k = b as usize % bytes.len();
                    let mut s = lines[i].clone().into_bytes();
                    s[k] = b"0123456789-,+ #[]\"x\xE9"[(b as usize / 3) % 20];
                    lines[i] = String::from_utf8_lossy(&s).into_owned();
                }
            }
            _ => {
                let k = b as usize % (lines[i].len() + 1);
                if lines[i].is_char_boundary(k) {
                    lines[i].truncate(k);
                }
            }
        }
    }
    lines.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    /// The record reader never panics, whatever the edits; a record it accepts
    /// replays to a game whose record it accepts again.
    #[test]
    fn mutated_records_never_panic(seed in 0u64..40, ops in proptest::collection::vec((any::<u8>(), any::<u16>(), any::<u16>()), 1..4)) {
        // One time in four, a game with the turn timer (its record has timeout lines).
        let all = variants();
        let timed: Vec<_> = all.iter().filter(|v| v.1.timer().is_some()).collect();
        let (_, rules, n) = if seed % 4 == 3 { timed[(seed / 4) as usize % timed.len()].clone() } else { all[(seed % 13) as usize].clone() };
        let game = random_game(rules, n, seed, |_, _| {});
        let names: Vec<String> = (0..n).map(|i| format!("P{}", i + 1)).collect();
        let text = write(&game, &names, &[]).unwrap();
        let bad = mutate(&text, &ops);
        match replay(&bad) {
            Ok(r) => {
                let again = write(&r.game, &r.players, &[]).unwrap();
                prop_assert!(replay(&again).is_ok());
            }
            Err(e) => {
                prop_assert!(e.line >= 1 && e.line <= bad.lines().count() + 1, "line {} of {}", e.line, bad.lines().count());
                prop_assert!(!e.reason.is_empty());
            }
        }
    }

    /// Arbitrary text never panics the reader.
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        let _ = replay(&text);
        let _ = replay(&format!("[Format \"1\"]\n[Ruleset \"goliath\"]\n[Players \"A\" \"B\"]\nround 1\n{text}"));
        let timer = "[Option \"timer\" \"60\"]";
        let _ = replay(&format!("[Format \"2\"]\n[Ruleset \"goliath\"]\n[Players \"A\" \"B\"]\n{timer}\nround 1\n{text}"));
    }

    /// Tile spellings: every string parses to a tile or to a clear error.
    #[test]
    fn tile_parsing_never_panics(s in "[0-9-]{0,8}") {
        if let Ok(t) = s.parse::<Tile>() {
            prop_assert_eq!(t.to_string(), s);
        }
    }
}

#[test]
fn a_deal_is_made_again_from_its_hands_and_pool_and_a_wrong_one_is_refused() {
    use triominos_core::DealError;
    for (name, rules, n) in variants() {
        let mut rng = seeded(7);
        random_game(rules, n, 5, |game, _| {
            for seat in 0..n as u8 {
                let obs = game.observe(seat);
                // The true deal is one the observation allows.
                let pool: Vec<Tile> = game.pool().collect();
                let g = obs.determinize_from(&mut rng, game.hands(), &pool).expect("the true deal");
                assert_eq!(g.hands(), game.hands(), "{name}");
                assert!(g.pool().eq(game.pool()), "{name}: the pool in draw order");
                assert_eq!(g.to_move(), game.to_move());
                if seat == game.to_move() {
                    assert_eq!(g.legal_actions(), game.legal_actions(), "{name}: same choices");
                }
                // A determinization's hands and pool make it again.
                let d = obs.determinize(&mut rng);
                let d_pool: Vec<Tile> = d.pool().collect();
                let again = obs.determinize_from(&mut rng, d.hands(), &d_pool).expect("a determinization");
                assert_eq!(again.hands(), d.hands());
                assert!(again.pool().eq(d.pool()));
                // Wrong deals are refused.
                assert_eq!(
                    obs.determinize_from(&mut rng, &game.hands()[..n - 1], &pool).err(),
                    Some(DealError::PlayerCount(n - 1))
                );
                if let (Some(&first), Some(mine)) = (pool.first(), obs.hand().iter().next()) {
                    // The observer's tile swapped with the pool's first.
                    let mut hands = game.hands().to_vec();
                    hands[seat as usize].remove(mine);
                    hands[seat as usize].insert(first);
                    let mut p = pool.clone();
                    p[0] = mine;
                    assert_eq!(
                        obs.determinize_from(&mut rng, &hands, &p).err(),
                        Some(DealError::NotTheObservation(seat)),
                        "{name}"
                    );
                    // A tile twice, another missing.
                    let mut p = pool.clone();
                    p[0] = mine;
                    assert_eq!(
                        obs.determinize_from(&mut rng, game.hands(), &p).err(),
                        Some(DealError::Duplicate(mine))
                    );
                    // The pool one tile short.
                    assert_eq!(
                        obs.determinize_from(&mut rng, game.hands(), &pool[1..]).err(),
                        Some(DealError::NotAllTiles)
                    );
                }
            }
        });
    }
}
