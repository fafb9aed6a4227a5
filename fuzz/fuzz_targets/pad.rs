//! Arbitrary score-pad entry sequences: adding, previewing, undoing, editing,
//! inserting and deleting entries never panics; a refused change leaves the
//! sheet as it was; after every accepted change the sheet equals the sheet
//! computed from scratch from its entries, and its running totals add up.
#![no_main]

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use triominos_core::pad::{Entry, Hand, PadPhase, Placed, Sheet, Status};
use triominos_core::Figures;
use triominos_core::{Tile, TileSet};
use triominos_fuzz::{players, RulesChoice};

/// A seat: usually whoever plays next, so that sequences get deep.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Seat {
    Next,
    Other(u8),
}

/// A tile: usually one not on the table yet this round.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum TileChoice {
    Unplaced(u8),
    Any(u8),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
struct Bonus {
    bridge: bool,
    bridge_extension: bool,
    hexagons: u8,
    announced: bool,
}

#[derive(Arbitrary, Debug, Clone)]
enum HandChoice {
    /// That many tiles not on the table.
    Unplaced(u8),
    Tiles(Vec<TileChoice>),
    Sum(i16),
}

#[derive(Arbitrary, Debug, Clone)]
enum EntryChoice {
    Play { seat: Seat, tile: TileChoice, bonus: Bonus },
    Draw { seat: Seat, draws: u8, placed: Option<(TileChoice, Bonus)> },
    Pass { seat: Seat },
    Out { seat: Seat, hands: Vec<Option<HandChoice>> },
    Blocked { hands: Vec<Option<HandChoice>> },
}

#[derive(Arbitrary, Debug, Clone)]
enum Op {
    Add(EntryChoice),
    Preview(EntryChoice),
    Undo,
    Edit(u8, EntryChoice),
    Insert(u8, EntryChoice),
    Delete(u8),
}

fn seat(s: Seat, status: &Status) -> u8 {
    match s {
        Seat::Next => status.to_play.unwrap_or(0),
        Seat::Other(p) => p % 8,
    }
}

fn tile(t: TileChoice, placed: TileSet) -> Tile {
    let pick = |set: TileSet, i: u8| set.iter().nth(i as usize % set.len().max(1));
    match t {
        TileChoice::Unplaced(i) => pick(TileSet::ALL.difference(placed), i),
        TileChoice::Any(i) => pick(TileSet::ALL, i),
    }
    .unwrap_or_else(|| Tile::all().next().expect("56 tiles"))
}

fn declared(b: Bonus) -> Figures {
    Figures { bridge: b.bridge, bridge_extension: b.bridge_extension, hexagons: b.hexagons % 5 }
}

fn hand(h: &HandChoice, placed: TileSet) -> Hand {
    match h {
        HandChoice::Unplaced(n) => Hand::Tiles(TileSet::ALL.difference(placed).iter().take(*n as usize % 24).collect()),
        HandChoice::Tiles(ts) => Hand::Tiles(ts.iter().map(|t| tile(*t, placed)).collect()),
        HandChoice::Sum(s) => Hand::Sum(*s as i32),
    }
}

fn entry(e: &EntryChoice, status: &Status) -> Entry {
    let placed = status.placed;
    let hands = |hs: &[Option<HandChoice>]| hs.iter().map(|h| h.as_ref().map(|h| hand(h, placed))).collect();
    match e {
        EntryChoice::Play { seat: s, tile: t, bonus } => Entry::Play {
            player: seat(*s, status),
            tile: tile(*t, placed),
            bonus: declared(*bonus),
            announced: bonus.announced,
        },
        EntryChoice::Draw { seat: s, draws, placed: p } => Entry::Draw {
            player: seat(*s, status),
            draws: *draws,
            placed: p.map(|(t, b)| Placed { tile: tile(t, placed), bonus: declared(b), announced: b.announced }),
        },
        EntryChoice::Pass { seat: s } => Entry::Pass { player: seat(*s, status) },
        EntryChoice::Out { seat: s, hands: hs } => Entry::Out { player: seat(*s, status), hands: hands(hs) },
        EntryChoice::Blocked { hands: hs } => Entry::Blocked { hands: hands(hs) },
    }
}

/// The sheet's visible state.
fn snapshot(sheet: &Sheet) -> (Vec<Entry>, Vec<triominos_core::pad::Line>, Status) {
    (sheet.entries().to_vec(), sheet.lines().to_vec(), sheet.status().clone())
}

/// The sheet equals the sheet computed from scratch, and its totals add up.
fn consistent(sheet: &Sheet) {
    let fresh = Sheet::with_entries(sheet.names().to_vec(), *sheet.rules(), sheet.entries().to_vec())
        .unwrap_or_else(|e| panic!("the sheet's own entries are refused from scratch: {e}"));
    assert_eq!(snapshot(&fresh), snapshot(sheet), "the sheet differs from its recomputation");
    assert_eq!(sheet.lines().len(), sheet.entries().len());
    let n = sheet.players();
    let mut totals = vec![0; n];
    for line in sheet.lines() {
        for (s, t) in totals.iter_mut().enumerate() {
            *t += line.points(s as u8);
        }
        assert_eq!(line.totals, totals, "a line's totals are not the running sum of its points");
    }
    assert_eq!(sheet.status().totals, totals);
    // The box's 56 tiles are in the hands, the pool or on the table.
    let st = sheet.status();
    if matches!(st.phase, PadPhase::Opening | PadPhase::Playing | PadPhase::RoundOver(_)) {
        let held: usize = st.hands.iter().map(|&h| h as usize).sum();
        assert_eq!(held + st.pool as usize + st.placed.len(), 56, "tiles lost or made: {st:?}");
    }
}

/// One fuzz case: the table, then what is done to its sheet.
#[derive(Arbitrary, Debug)]
struct Input {
    rules: RulesChoice,
    players: u8,
    ops: Vec<Op>,
}

fn run(input: &Input) {
    let names: Vec<String> = (0..players(input.players)).map(|i| format!("P{i}")).collect();
    let Ok(mut sheet) = Sheet::new(names, input.rules.rules()) else { return };
    for op in input.ops.iter().take(300) {
        let before = snapshot(&sheet);
        let status = sheet.status().clone();
        let len = sheet.entries().len();
        let index = |i: u8| i as usize % (len + 2);
        let accepted = match op {
            Op::Add(e) => {
                let e = entry(e, &status);
                let preview = sheet.preview(&e);
                let added = sheet.add(e.clone()).cloned();
                assert_eq!(preview, added, "preview and add disagree on {e:?}");
                if added.is_ok() {
                    assert_eq!(sheet.entries().last(), Some(&e));
                }
                added.is_ok()
            }
            Op::Preview(e) => {
                let _ = sheet.preview(&entry(e, &status));
                assert_eq!(snapshot(&sheet), before, "preview changed the sheet");
                false
            }
            Op::Undo => match sheet.undo() {
                Ok(last) => {
                    assert_eq!(Some(&last), before.0.last());
                    assert_eq!(sheet.entries(), &before.0[..len - 1]);
                    true
                }
                Err(_) => false,
            },
            Op::Edit(i, e) => {
                let (i, e) = (index(*i), entry(e, &status));
                let ok = sheet.edit(i, e.clone()).is_ok();
                if ok {
                    let mut expected = before.0.clone();
                    expected[i] = e;
                    assert_eq!(sheet.entries(), &expected[..]);
                }
                ok
            }
            Op::Insert(i, e) => {
                let (i, e) = (index(*i), entry(e, &status));
                let ok = sheet.insert(i, e.clone()).is_ok();
                if ok {
                    let mut expected = before.0.clone();
                    expected.insert(i, e);
                    assert_eq!(sheet.entries(), &expected[..]);
                }
                ok
            }
            Op::Delete(i) => {
                let i = index(*i);
                match sheet.delete(i) {
                    Ok(gone) => {
                        let mut expected = before.0.clone();
                        assert_eq!(expected.remove(i), gone);
                        assert_eq!(sheet.entries(), &expected[..]);
                        true
                    }
                    Err(_) => false,
                }
            }
        };
        if accepted {
            consistent(&sheet);
        } else {
            assert_eq!(snapshot(&sheet), before, "a refused change altered the sheet: {op:?}");
        }
    }
}

fuzz_target!(|input: Input| run(&input));
