//! Inference from what players did (`Observation::inference`) and the deals
//! that respect it (`Observation::determinize_inferred`), checked against a
//! slow checker written here from the rules: facts rebuilt from the public
//! log with `Board::check` on every cell and rotation, and a plain bipartite
//! matching of each seat's tiles to its deal and draws.

use crate::common;

use proptest::prelude::*;
use triominos_core::rng::{below, seeded};
use triominos_core::{
    Action, AfterDraw, Board, Event, FactKind, FirstTile, Game, HistoryEntry, Observation, Placement, RuleSet,
    StartRule, Tile, TileSet,
};

// ---------------------------------------------------------------- the checker

/// The tiles not on `board` with a legal placement, tried one by one.
fn fits(board: &Board) -> TileSet {
    let mut cells = Vec::new();
    for p in board.placements() {
        for c in p.cell.neighbours() {
            if board.at(c).is_none() && !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    Tile::all()
        .filter(|&t| !board.tiles().contains(t))
        .filter(|&t| cells.iter().any(|&c| (0..3).any(|r| board.check(Placement::new(t, c, r)).is_ok())))
        .collect()
}

/// "The tiles `seat` held after its first `draws` draws held none of `tiles`."
#[derive(Clone, Debug)]
struct CFact {
    seat: u8,
    draws: usize,
    tiles: TileSet,
}

/// A tile of a seat for the matching: the tile, the draws before its
/// placement (`None`: in hand), the draw it is known to be.
type Held = (Tile, Option<usize>, Option<usize>);

/// A seat's placed tile: the tile, its draws before it, and the draw it is
/// known to be (a placement right after a draw under `drawn_tile`).
type Placed = (Tile, usize, Option<usize>);

/// What the checker reads from a public log: facts, and per seat its placed
/// tiles and its draws this round.
struct Read {
    facts: Vec<CFact>,
    placed: Vec<Vec<Placed>>,
    draws: Vec<usize>,
}

/// The current round's events, grouped into turns: each turn's seat, its
/// draws, how it ended (`None` while going on), the board it was played on.
enum End {
    Placed(Tile),
    Failed,
    Passed,
    /// The referee timed the player out: the turn ended, not because
    /// nothing fitted.
    TimedOut,
}

fn read(obs: &Observation) -> Read {
    let public = obs.public();
    let rules = *public.rules();
    let n = public.players();
    let events = public.events();
    let from = events.iter().rposition(|e| matches!(e, Event::RoundStarted { .. })).unwrap();
    let starter = public.starter();
    let mut board = Board::new(rules.vertex_contacts_must_match());
    let mut out = Read { facts: Vec::new(), placed: vec![Vec::new(); n], draws: vec![0; n] };
    let mut turns: Vec<(u8, usize, Option<End>, TileSet, usize)> = Vec::new(); // seat, k, end, fits, draws before
    let mut open: Option<(u8, usize, usize)> = None;
    let mut revealed = None;
    let mut opening = None;
    for e in &events[from + 1..] {
        match *e {
            Event::Drew { player, failed, .. } => {
                let (_, k, _) = open.get_or_insert((player, 0, out.draws[player as usize]));
                *k += 1;
                out.draws[player as usize] += 1;
                if failed {
                    let (s, k, b) = open.take().unwrap();
                    turns.push((s, k, Some(End::Failed), fits(&board), b));
                }
            }
            Event::Passed { player, .. } => {
                let (s, k, b) = open.take().unwrap_or((player, 0, out.draws[player as usize]));
                turns.push((s, k, Some(End::Passed), fits(&board), b));
            }
            Event::Played { player, placement, .. } => {
                let (s, k, b) = open.take().unwrap_or((player, 0, out.draws[player as usize]));
                turns.push((s, k, Some(End::Placed(placement.tile)), fits(&board), b));
                if board.placements().is_empty() {
                    opening = Some(placement.tile);
                }
                board.place(placement);
            }
            Event::Revealed { tile, .. } => revealed = Some(tile),
            Event::TimedOut { player, took, .. } => {
                let (s, k, b) = open.take().unwrap_or((player, 0, out.draws[player as usize]));
                turns.push((s, k, Some(End::TimedOut), fits(&board), b));
                // The tile taken came like a draw.
                out.draws[player as usize] += usize::from(took);
            }
            _ => {}
        }
    }
    if let Some((s, k, b)) = open {
        turns.push((s, k, None, fits(&board), b));
    }
    assert_eq!(board.tiles(), public.board().tiles());
    for (seat, k, end, f, before) in turns {
        let unplaced = matches!(end, Some(End::Failed) | Some(End::Passed));
        let mut fact = |d: usize| out.facts.push(CFact { seat, draws: before + d, tiles: f });
        if k == 0 {
            if unplaced {
                fact(0);
            }
        } else {
            // The draws followed by no placement: all but the last, and the last if the turn ended unplaced.
            let unplaced_draws = if unplaced { k } else { k - 1 };
            if !rules.draw_when_able() {
                // A draw proves the hand before it; under `drawn_tile` each
                // unplaced drawn tile is proven too, so the hand after it.
                fact(0);
                for i in 1..=unplaced_draws {
                    fact(i);
                }
            } else if rules.after_draw() == AfterDraw::AnyTile {
                for i in 1..=unplaced_draws {
                    fact(i);
                }
            }
        }
        if let Some(End::Placed(t)) = end {
            let forced = (k > 0 && rules.after_draw() == AfterDraw::DrawnTile).then_some(before + k);
            out.placed[seat as usize].push((t, before + k, forced));
        }
    }
    // The start rule.
    if rules.start() == StartRule::HighestTriple {
        let decided = if let (Some(o), FirstTile::StartTile) = (opening, rules.first_tile()) {
            Some(if o.index() == 0 { revealed.unwrap_or(o) } else { o })
        } else if obs.seat() == starter {
            let mut mine = obs.hand();
            for p in &out.placed[starter as usize] {
                mine.insert(p.0);
            }
            let triples: Vec<Tile> = mine.iter().filter(|t| t.is_triple()).collect();
            let pool: Vec<Tile> = if triples.is_empty() { mine.iter().collect() } else { triples };
            pool.into_iter().max_by_key(|t| {
                (t.value(), {
                    let [a, b, c] = t.numbers();
                    [c, b, a]
                })
            })
        } else {
            None
        };
        if let Some(d) = decided {
            let above = |t: &Tile| t.rank() > d.rank();
            let x: TileSet = Tile::all()
                .filter(|t| if d.is_triple() { t.is_triple() && above(t) } else { t.is_triple() || above(t) })
                .collect();
            for seat in 0..n as u8 {
                out.facts.push(CFact { seat, draws: 0, tiles: x });
            }
        }
    }
    out
}

/// Whether `seat` holding `hand` now fits the facts: its tiles (hand and
/// placed) matched one to one to its deal places and its draws.
fn consistent(r: &Read, rules: &RuleSet, players: usize, seat: u8, hand: TileSet) -> bool {
    let s = seat as usize;
    let mut tiles: Vec<Held> = hand.iter().map(|t| (t, None, None)).collect();
    tiles.extend(r.placed[s].iter().map(|&(t, before, forced)| (t, Some(before), forced)));
    // Slot ids: the deal's places are slot 0, then draw 1..=m.
    let mut slots: Vec<usize> = vec![0; rules.hand_size_for(players)];
    slots.extend(1..=r.draws[s]);
    assert_eq!(tiles.len(), slots.len(), "tile count of seat {seat}");
    let ok = |(t, before, forced): Held, j: usize| {
        before.is_none_or(|b| j <= b)
            && forced.is_none_or(|f| j == f)
            && r.facts.iter().filter(|f| f.seat == seat).all(|f| !(f.tiles.contains(t) && j <= f.draws))
    };
    // Kuhn's augmenting paths.
    let mut owner: Vec<Option<usize>> = vec![None; slots.len()];
    fn augment(
        i: usize,
        tiles: &[Held],
        slots: &[usize],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
        ok: &dyn Fn(Held, usize) -> bool,
    ) -> bool {
        for j in 0..slots.len() {
            if !seen[j] && ok(tiles[i], slots[j]) {
                seen[j] = true;
                if owner[j].is_none_or(|o| augment(o, tiles, slots, owner, seen, ok)) {
                    owner[j] = Some(i);
                    return true;
                }
            }
        }
        false
    }
    (0..tiles.len()).all(|i| augment(i, &tiles, &slots, &mut owner, &mut vec![false; slots.len()], &ok))
}

/// The facts are true: replaying the real round, each fact's hand (the
/// seat's real tiles after that many of its draws) held none of its tiles.
fn facts_hold_in(game: &Game, r: &Read) {
    let round = game.history().last().unwrap();
    let mut held: Vec<TileSet> = round.deal.hands.clone();
    let mut draws = vec![0usize; held.len()];
    let mut next = 0;
    let check = |held: &[TileSet], draws: &[usize]| {
        for f in &r.facts {
            if draws[f.seat as usize] == f.draws {
                assert!(
                    held[f.seat as usize].intersection(f.tiles).is_empty(),
                    "seat {} held {:?} of {:?} after {} draws",
                    f.seat,
                    held[f.seat as usize].intersection(f.tiles),
                    f.tiles,
                    f.draws
                );
            }
        }
    };
    // A fact is about the hand the moment it is proven; placements of the seat
    // come only after its last fact at that draw count, and remove tiles that
    // are on the board by then (never in a fact's tiles), so checking after
    // every step is the same.
    check(&held, &draws);
    for entry in round.entries() {
        let step = match entry {
            HistoryEntry::Action(step) => step,
            HistoryEntry::Timeout(t) => {
                let s = t.seat as usize;
                if t.took {
                    held[s].insert(round.deal.pool[next]);
                    next += 1;
                    draws[s] += 1;
                }
                check(&held, &draws);
                continue;
            }
        };
        let s = step.seat as usize;
        match step.action {
            Action::Draw => {
                held[s].insert(round.deal.pool[next]);
                next += 1;
                draws[s] += 1;
            }
            Action::Play { placement, .. } => {
                held[s].remove(placement.tile);
            }
            Action::Pass => {}
        }
        check(&held, &draws);
    }
}

// ---------------------------------------------------------------- helpers

/// Plays `steps` uniformly random legal actions (across rounds), stopping early
/// when the game ends.
fn random_position(rules: RuleSet, players: usize, seed: u64, steps: usize) -> Game {
    let mut game = Game::new(rules, players, seed).unwrap();
    let mut rng = seeded(seed ^ 0x5EED);
    let mut moves = Vec::new();
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        if game.is_round_over() {
            game.next_round().unwrap();
            continue;
        }
        if common::times_out(&game, &mut rng, 8) {
            game.time_out().unwrap();
            continue;
        }
        game.legal_actions_into(&mut moves);
        game.play(moves[below(&mut rng, moves.len() as u32) as usize]).unwrap();
    }
    game
}

/// Checks one determinization against the observation: the observer's hand,
/// known tiles, hand and pool sizes, and every tile once.
fn same_public(obs: &Observation, g: &Game) {
    let p = obs.public();
    assert_eq!(g.hand(obs.seat()).unwrap_or_default(), obs.hand());
    let mut all = p.board().tiles();
    for s in 0..p.players() as u8 {
        let h = g.hand(s).unwrap();
        assert_eq!(h.len(), p.hand_sizes()[s as usize] as usize);
        assert!(p.known_tiles(s).difference(h).is_empty());
        assert!(h.intersection(all).is_empty());
        all = all.union(h);
    }
    let pool: TileSet = g.pool().collect();
    assert_eq!(g.pool().count(), p.pool_size());
    assert!(pool.intersection(all).is_empty());
    assert_eq!(all.union(pool), TileSet::ALL);
}

fn pressman() -> RuleSet {
    RuleSet::preset("pressman").unwrap()
}

// ---------------------------------------------------------------- tests

#[test]
fn a_pressman_draw_rules_out_what_fitted_unless_drawn_later() {
    // Positions where a seat other than the observer drew and play went on.
    let mut checked = 0;
    for seed in 0..40u64 {
        let mut game = Game::new(pressman(), 3, seed).unwrap();
        let mut rng = seeded(seed);
        let mut moves = Vec::new();
        // (seat, fitting tiles at the draw, that seat's draws up to and including it)
        let mut draws_seen: Vec<(u8, TileSet, usize)> = Vec::new();
        let mut count = [0usize; 3];
        for _ in 0..60 {
            if !game.phase_is_playing() {
                break;
            }
            game.legal_actions_into(&mut moves);
            let a = moves[below(&mut rng, moves.len() as u32) as usize];
            let seat = game.to_move();
            if a == Action::Draw && game.observe(seat).drawn_tile().is_none() {
                // The first draw of a turn: the hand before it could not play.
                draws_seen.push((seat, fits(game.board()), count[seat as usize]));
            }
            if a == Action::Draw {
                count[seat as usize] += 1;
            }
            game.play(a).unwrap();
        }
        if !game.phase_is_playing() {
            continue;
        }
        let me = game.to_move();
        let obs = game.observe(me);
        let inf = obs.inference();
        let mut rng = seeded(seed + 1000);
        for &(seat, f, before) in draws_seen.iter().filter(|d| d.0 != me) {
            checked += 1;
            let later = count[seat as usize] - before;
            for _ in 0..500 / draws_seen.len().max(1) + 1 {
                let g = obs.determinize_inferred(&mut rng, &inf);
                let h = g.hand(seat).unwrap();
                assert!(
                    h.intersection(f).len() <= later,
                    "seat {seat} holds {:?} that fitted, {later} draws since",
                    h.intersection(f)
                );
            }
        }
    }
    assert!(checked > 20, "only {checked} draws checked");
}

trait Playing {
    fn phase_is_playing(&self) -> bool;
}
impl Playing for Game {
    fn phase_is_playing(&self) -> bool {
        !self.is_over() && !self.is_round_over()
    }
}

#[test]
fn five_hundred_deals_never_give_a_pressman_drawer_a_tile_that_fitted() {
    // One position, 500 deals: seat 1 drew (could not play) with no draw since.
    let (game, seat, f) = (0..200u64)
        .find_map(|seed| {
            let mut game = Game::new(pressman(), 2, seed).unwrap();
            let mut moves = Vec::new();
            for _ in 0..40 {
                if !game.phase_is_playing() {
                    return None;
                }
                game.legal_actions_into(&mut moves);
                let a = moves[0];
                let seat = game.to_move();
                let f = fits(game.board());
                game.play(a).unwrap();
                if a == Action::Draw && seat != 0 && game.to_move() == 0 && game.phase_is_playing() {
                    // The drawer's turn ended (failed); seat 0 is to move.
                    return Some((game, seat, f));
                }
            }
            None
        })
        .expect("a failed Pressman draw");
    let obs = game.observe(0);
    let inf = obs.inference();
    assert!(inf.facts().iter().any(|f| f.seat == seat && f.kind == FactKind::FailedDraw));
    let unknown = obs.unknown_tiles();
    let ruled_out = f.intersection(unknown);
    assert!(!ruled_out.is_empty());
    assert_eq!(inf.excluded(seat).intersection(ruled_out), ruled_out);
    let mut rng = seeded(7);
    let mut seen = TileSet::EMPTY;
    for _ in 0..500 {
        let g = obs.determinize_inferred(&mut rng, &inf);
        same_public(&obs, &g);
        let h = g.hand(seat).unwrap();
        assert!(h.intersection(f).is_empty(), "{:?} fitted when seat {seat} drew", h.intersection(f));
        seen = seen.union(h);
    }
    // The plain determinization would have dealt them.
    assert!(seen.len() >= unknown.difference(ruled_out).len() / 2);
    let mut plain = TileSet::EMPTY;
    for _ in 0..500 {
        plain = plain.union(obs.determinize_for_search(&mut rng).hand(seat).unwrap());
    }
    assert!(!plain.intersection(ruled_out).is_empty());
}

#[test]
fn the_pressman_opener_held_the_highest_triple() {
    // An opening with a triple below 5-5-5: nobody else was dealt a higher one.
    let mut found = 0;
    for seed in 0..300u64 {
        let mut game = Game::new(pressman(), 3, seed).unwrap();
        let opener = game.to_move();
        let a = game.legal_actions()[0];
        let Action::Play { placement, .. } = a else { unreachable!() };
        let t = placement.tile;
        if !t.is_triple() || t.index() == 0 || t == "5-5-5".parse().unwrap() {
            continue;
        }
        game.play(a).unwrap();
        let me = (opener + 1) % 3;
        let other = (opener + 2) % 3;
        let obs = game.observe(me);
        let inf = obs.inference();
        let higher: TileSet = Tile::all().filter(|x| x.is_triple() && x.value() > t.value()).collect();
        let unknown = obs.unknown_tiles();
        assert!(inf.facts().iter().any(|f| f.kind == FactKind::Start && f.seat == other && f.tiles == higher));
        assert_eq!(inf.excluded(other).intersection(higher), higher.intersection(unknown));
        // In the pool, and only there.
        let mut rng = seeded(seed);
        for _ in 0..50 {
            let g = obs.determinize_inferred(&mut rng, &inf);
            assert!(g.hand(other).unwrap().intersection(higher).is_empty());
            assert!(g.hand(opener).unwrap().intersection(higher).is_empty());
        }
        found += 1;
    }
    assert!(found > 10, "{found} openings");
}

#[test]
fn with_no_triple_dealt_nobody_held_a_higher_tile() {
    let (game, t) = (0..5000u64)
        .find_map(|seed| {
            let mut game = Game::new(pressman(), 2, seed).unwrap();
            let a = game.legal_actions()[0];
            let Action::Play { placement, .. } = a else { unreachable!() };
            if placement.tile.is_triple() {
                return None;
            }
            game.play(a).unwrap();
            Some((game, placement.tile))
        })
        .expect("a deal with no triple");
    let me = game.to_move();
    let obs = game.observe(me);
    let inf = obs.inference();
    let opener = 1 - me;
    let x: TileSet = Tile::all().filter(|x| x.is_triple() || x.rank() > t.rank()).collect();
    assert!(inf.facts().iter().any(|f| f.kind == FactKind::Start && f.tiles == x));
    assert_eq!(inf.excluded(opener), x.intersection(obs.unknown_tiles()));
}

#[test]
fn a_dominos_triangles_opener_knows_nobody_held_a_higher_triple() {
    let rules = RuleSet::preset("dominos-triangles").unwrap();
    for seed in 0..50u64 {
        let game = Game::new(rules, 3, seed).unwrap();
        let opener = game.to_move();
        let mine = game.hand(opener).unwrap();
        let obs = game.observe(opener);
        let inf = obs.inference();
        let best = mine.highest_triple();
        for s in (0..3).filter(|&s| s != opener) {
            let ex = inf.excluded(s);
            match best {
                Some(b) => {
                    let higher: TileSet = Tile::all().filter(|x| x.is_triple() && x.value() > b.value()).collect();
                    assert_eq!(ex, higher.intersection(obs.unknown_tiles()));
                }
                None => {
                    let top = mine.highest().unwrap();
                    let x: TileSet = Tile::all().filter(|x| x.is_triple() || x.rank() > top.rank()).collect();
                    assert_eq!(ex, x.intersection(obs.unknown_tiles()));
                }
            }
        }
        // A seat that did not open learns nothing it can rule out.
        let watcher = game.observe((opener + 1) % 3);
        assert!(!watcher.inference().is_constrained());
    }
}

#[test]
fn a_pass_rules_out_every_tile_that_fitted() {
    let mut found = 0;
    for seed in 0..1000u64 {
        let rules = RuleSet::preset(["goliath", "pressman", "dominos-triangles"][seed as usize % 3]).unwrap();
        // Three seats: with two and an empty pool, the observer would know every tile.
        let mut game = Game::new(rules, 3, seed).unwrap();
        let mut rng = seeded(seed);
        let mut moves = Vec::new();
        while game.phase_is_playing() {
            game.legal_actions_into(&mut moves);
            // Greedy-ish: play when possible, so passes come with full hands.
            let a = moves
                .iter()
                .copied()
                .find(|a| a.placement().is_some())
                .unwrap_or(moves[below(&mut rng, moves.len() as u32) as usize]);
            let seat = game.to_move();
            let fresh = game.observe(seat).drawn_tile().is_none();
            let f = fits(game.board());
            game.play(a).unwrap();
            let me = (seat + 1) % 3;
            if a == Action::Pass && fresh && game.phase_is_playing() && !f.difference(game.hand(me).unwrap()).is_empty()
            {
                let obs = game.observe(me);
                let inf = obs.inference();
                assert!(inf.facts().iter().any(|x| x.kind == FactKind::Pass && x.seat == seat && x.tiles == f));
                let out = f.intersection(obs.unknown_tiles());
                assert_eq!(inf.excluded(seat).intersection(out), out);
                let mut rng = seeded(seed);
                for _ in 0..20 {
                    let g = obs.determinize_inferred(&mut rng, &inf);
                    assert!(
                        g.hand(seat).unwrap().intersection(f).is_empty(),
                        "seed {seed} {:?} {:?} {inf:?} real {:?}",
                        g.hands(),
                        game.hands(),
                        game.public().pool_size()
                    );
                }
                found += 1;
                break;
            }
        }
    }
    assert!(found > 20, "{found} passes");
}

#[test]
fn a_goliath_voluntary_draw_proves_nothing() {
    let rules = RuleSet::preset("goliath").unwrap();
    let mut found = 0;
    for seed in 0..50u64 {
        let mut game = Game::new(rules, 2, seed).unwrap();
        let opening = game.legal_actions()[0];
        game.play(opening).unwrap();
        // The second player could play, and draws instead; then draws until placed or failed.
        if game.count_legal_placements() == 0 {
            continue;
        }
        let drawer = game.to_move();
        while game.to_move() == drawer && game.legal_actions().contains(&Action::Draw) {
            game.play(Action::Draw).unwrap();
        }
        let obs = game.observe(1 - drawer);
        let inf = obs.inference();
        assert!(inf.facts().iter().all(|f| f.seat != drawer), "{:?}", inf.facts());
        assert!(inf.excluded(drawer).is_empty());
        assert!(!inf.is_constrained());
        found += 1;
    }
    assert!(found > 30);
}

#[test]
fn a_timeout_proves_nothing_about_the_hand() {
    // Pressman with the Challenge timer, three players: after the opening,
    // a player who cannot play draws a tile that fits, and times out instead
    // of placing it; the next player places a tile; the opener watches. The
    // draw proves the hand before it held nothing that fitted; the timeout
    // proves nothing (the drawn tile fits and may be held), ends the turn
    // (the next player's placement is not a drawer's), and the tile it took
    // is one more hidden draw.
    let rules = RuleSet::with_overrides("pressman", [("timer", "60")]).unwrap();
    let mut found = 0;
    for seed in 0..400u64 {
        let mut game = Game::new(rules, 3, seed).unwrap();
        let opener = game.to_move();
        let opening = game.legal_actions()[0];
        game.play(opening).unwrap();
        if !game.legal_actions().contains(&Action::Draw) {
            continue;
        }
        let drawer = game.to_move();
        let before = fits(game.board());
        game.play(Action::Draw).unwrap();
        let drawn = game.drawn_tile().unwrap();
        if !before.contains(drawn) {
            continue; // the drawn tile does not fit: not this case
        }
        let taken = game.pool().next().unwrap();
        game.time_out().unwrap();
        let next = game.to_move();
        let Some(play) = game.legal_actions().into_iter().find(|a| a.placement().is_some()) else { continue };
        game.play(play).unwrap();
        let hand = game.hand(drawer).unwrap();
        assert!(hand.contains(drawn) && hand.contains(taken));
        let obs = game.observe(opener);
        let inf = obs.inference();
        let about = |seat: u8| -> Vec<_> {
            inf.facts().iter().filter(|f| f.seat == seat && f.kind != FactKind::Start).copied().collect()
        };
        let mine = about(drawer);
        assert_eq!(mine.len(), 1, "{mine:?}");
        assert_eq!((mine[0].kind, mine[0].draws, mine[0].tiles), (FactKind::Draw, 0, before));
        assert!(about(next).is_empty(), "the next player only placed a tile: {:?}", about(next));
        for seat in [drawer, next] {
            assert!(inf.excluded(seat).intersection(game.hand(seat).unwrap()).is_empty());
        }
        // Dealt by the facts, the drawer holds at most two tiles that fitted
        // before its draw (through the draw and the timeout), sometimes one.
        let mut rng = seeded(seed);
        let mut most = 0;
        for _ in 0..300 {
            let g = obs.determinize_inferred(&mut rng, &inf);
            let n = g.hand(drawer).unwrap().intersection(before.difference(game.board().tiles())).len();
            assert!(n <= 2, "{n} tiles that fitted");
            most = most.max(n);
        }
        assert!(most >= 1);
        found += 1;
    }
    assert!(found >= 5, "{found} cases");
}

#[test]
fn the_inference_depends_on_nothing_hidden() {
    for seed in 0..30u64 {
        let rules = [pressman(), RuleSet::preset("dominos-triangles").unwrap()][seed as usize % 2];
        let game = random_position(rules, 3, seed, 30 + seed as usize * 3);
        if !game.phase_is_playing() {
            continue;
        }
        let me = (seed % 3) as u8;
        let obs = game.observe(me);
        // Another game with the same public history and hand, other hidden hands.
        let mut rng = seeded(seed);
        let twin = (0..50)
            .map(|_| obs.determinize(&mut rng))
            .find(|g| (0..3).any(|s| g.hand(s) != game.hand(s)))
            .expect("other hidden hands");
        assert_eq!(twin.public().events(), game.public().events());
        let a = obs.inference();
        let b = twin.observe(me).inference();
        assert_eq!(a, b);
        for s in 0..3 {
            assert_eq!(a.excluded(s), b.excluded(s));
        }
    }
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    /// Random legal play in every variant, a random seat watching: the facts
    /// hold in the real game, the real hands pass the checker, and so does
    /// every inferred deal.
    #[test]
    fn every_inferred_deal_meets_the_facts(v in 0usize..64, seed in any::<u64>(), steps in 0usize..160, watcher in 0u8..7) {
        let variants = common::variants();
        let (name, rules, n) = variants[v % variants.len()].clone();
        let game = random_position(rules, n, seed, steps);
        prop_assume!(game.phase_is_playing());
        let me = watcher % (n as u8 + 1); // seat n is a spectator
        let obs = game.observe(me);
        let r = read(&obs);
        facts_hold_in(&game, &r);
        for s in 0..n as u8 {
            prop_assert!(consistent(&r, &rules, n, s, game.hand(s).unwrap()), "{name}: the real hand of {s} fails the checker");
        }
        let inf = obs.inference();
        // Every seat's excluded tiles really are impossible for it.
        for s in (0..n as u8).filter(|&s| s != me) {
            for t in inf.excluded(s) {
                prop_assert!(!game.hand(s).unwrap().contains(t), "{name}: {t} excluded from seat {s} but held");
            }
        }
        let mut rng = seeded(seed ^ 1);
        for _ in 0..20 {
            let g = obs.determinize_inferred(&mut rng, &inf);
            same_public(&obs, &g);
            for s in (0..n as u8).filter(|&s| s != me) {
                let h = g.hand(s).unwrap();
                prop_assert!(consistent(&r, &rules, n, s, h), "{name}: seat {s} dealt {h:?} against the facts {:?}", inf.facts());
                prop_assert!(h.intersection(inf.excluded(s)).is_empty());
            }
            if game.to_move() == me {
                prop_assert_eq!(g.legal_actions(), game.legal_actions());
            }
        }
    }
}

#[test]
fn an_inference_of_another_moment_is_ignored() {
    // Facts of an earlier moment used with a later observation: still a valid
    // deal of the later observation (the plain one), never a panic.
    for seed in 0..20u64 {
        let early = random_position(pressman(), 3, seed, 25);
        if !early.phase_is_playing() {
            continue;
        }
        let me = early.to_move();
        let inf = early.observe(me).inference();
        let mut later = early.clone();
        let mut moves = Vec::new();
        for _ in 0..6 {
            if !later.phase_is_playing() {
                break;
            }
            later.legal_actions_into(&mut moves);
            later.play(moves[0]).unwrap();
        }
        if !later.phase_is_playing() {
            continue;
        }
        let obs = later.observe(me);
        let mut rng = seeded(seed);
        for _ in 0..10 {
            same_public(&obs, &obs.determinize_inferred(&mut rng, &inf));
        }
    }
}

// ------------------------------------------------- the assumption of choices

/// `game`'s legal placements, each with its points.
fn scored_plays(game: &Game) -> impl Iterator<Item = (i32, Action)> + '_ {
    game.legal_actions().into_iter().filter_map(|a| match a {
        Action::Play { placement, .. } => Some((game.placement_score(placement).points, a)),
        _ => None,
    })
}

/// A placement scoring the most, else the first legal action (a draw or a pass).
fn greediest(game: &Game) -> Action {
    scored_plays(game).max_by_key(|s| s.0).map_or_else(|| game.legal_actions()[0], |s| s.1)
}

/// Players who always place a tile scoring the most never break the
/// assumption of `inference_assuming`: the true hand of a seat that has not
/// drawn since a `Choice` fact holds none of its tiles, the tiles that would
/// have scored more.
#[test]
fn greedy_players_never_break_the_choice_assumption() {
    let mut checked = 0;
    for seed in 1..=12 {
        let mut game = Game::new(RuleSet::preset("goliath").unwrap(), 2, seed).unwrap();
        while !game.is_over() {
            if game.is_round_over() {
                game.next_round().unwrap();
                continue;
            }
            let obs = game.observe(0);
            let inf = obs.inference_assuming(1);
            let events = obs.public().events();
            let start = events.iter().rposition(|e| matches!(e, Event::RoundStarted { .. })).unwrap();
            let draws = events[start..].iter().filter(|e| matches!(e, Event::Drew { player: 1, .. })).count();
            for f in inf.facts().iter().filter(|f| f.kind == FactKind::Choice && f.seat == 1) {
                if f.draws as usize == draws {
                    assert!(game.hand(1).unwrap().intersection(f.tiles).is_empty(), "seed {seed}: {f:?}");
                    checked += 1;
                }
            }
            // The plain inference assumes nothing.
            assert!(obs.inference().facts().iter().all(|f| f.kind != FactKind::Choice));
            game.play(greediest(&game)).unwrap();
        }
    }
    assert!(checked > 100, "the assumption was checked {checked} times");
}

/// A player who passes up points breaks it, and the deal still gives every
/// hidden hand its size, from the unknown tiles.
#[test]
fn a_broken_choice_assumption_still_deals_whole_hands() {
    let mut game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 5).unwrap();
    let mut rng = seeded(9);
    for turn in 0..30 {
        if game.is_round_over() {
            break;
        }
        // Seat 1 plays its worst placement: the assumption is false of it.
        let a = if game.to_move() == 1 {
            scored_plays(&game).min_by_key(|s| s.0).map_or_else(|| game.legal_actions()[0], |s| s.1)
        } else {
            greediest(&game)
        };
        game.play(a).unwrap();
        let obs = game.observe(0);
        let inf = obs.inference_assuming(1);
        for _ in 0..20 {
            let g = obs.determinize_inferred(&mut rng, &inf);
            let hand = g.hand(1).unwrap();
            assert_eq!(hand.len(), obs.public().hand_sizes()[1] as usize, "turn {turn}");
            assert!(hand.difference(obs.unknown_tiles().union(obs.public().known_tiles(1))).is_empty());
        }
    }
}
