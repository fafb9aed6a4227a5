//! The one explainer: why an action is good or costly, in [`Reason`]s built
//! from the engine's scoring and from the seat's beliefs about the hidden
//! tiles ([`Beliefs`]: deals of its own observation, never the true hands).

use serde::Serialize;
use triominos_core::scoring::{figure_points, score_placement};
use triominos_core::{Action, Board, Cell, Figures, Game, Observation, Placement, PlacementScore, TileSet};
use triominos_core::{Reason as Scored, Tile};

/// A figure a cell would form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// One hexagon.
    Hexagon,
    /// Two hexagons at once.
    DoubleHexagon,
    /// Three hexagons at once.
    TripleHexagon,
    /// A bridge.
    Bridge,
    /// A bridge extension.
    BridgeExtension,
}

impl Figure {
    /// The main figure of `f` (hexagons before bridges), if any.
    pub fn of(f: Figures) -> Option<Figure> {
        match f.hexagons {
            1 => Some(Figure::Hexagon),
            2 => Some(Figure::DoubleHexagon),
            3.. => Some(Figure::TripleHexagon),
            _ if f.bridge => Some(Figure::Bridge),
            _ if f.bridge_extension => Some(Figure::BridgeExtension),
            _ => None,
        }
    }
}

/// A move as a person reads it: its name in the move notation ([`triominos_core::notation`])
/// (`255L555`, `124^2`, `draw`), and for a placement next to a tile the
/// spot's side and that tile, so a page can say "2-5-5 left of 5-5-5" in its
/// language. Never a cell nor a rotation number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MoveName {
    /// The notation, as core's writer prints it on the board the player faced.
    pub notation: String,
    /// The spot, for a placement next to a tile (`None`: the opening, a draw, a pass).
    pub spot: Option<SpotWords>,
}

/// A spot's side and the tile it is named from: `{"side": "left", "next_to": "5-5-5"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SpotWords {
    /// `left`, `right`, `above` or `below`.
    pub side: String,
    /// The tile on the board the spot is named from.
    pub next_to: Tile,
}

impl MoveName {
    /// The name of a legal `action` on `board` (`None` when the board refuses it).
    pub fn of(action: Action, board: &Board) -> Option<MoveName> {
        let m = triominos_core::notation::Move::of(action, board).ok()?;
        let spot = match &m {
            triominos_core::notation::Move::Place(p) => {
                p.spot.map(|s| SpotWords { side: s.side.word().to_string(), next_to: s.next_to })
            }
            _ => None,
        };
        Some(MoveName { notation: m.to_string(), spot })
    }

    /// In English words, `tile` the tile placed (`None` for a draw or a
    /// pass): `255L555, 2-5-5 left of 5-5-5`, `124^2, 1-2-4 in the middle`, `draw`.
    pub fn words(&self, tile: Option<Tile>) -> String {
        match (tile, &self.spot) {
            (Some(t), Some(s)) => format!("{}, {t} {} {}", self.notation, spot_word(&s.side), s.next_to),
            (Some(t), None) => format!("{}, {t} in the middle", self.notation),
            (None, _) => self.notation.clone(),
        }
    }
}

/// `left of`, `right of`, `above`, `below`.
fn spot_word(side: &str) -> String {
    match side {
        "left" | "right" => format!("{side} of"),
        _ => side.to_string(),
    }
}

/// One reason, `{"code": ..., "params": {...}}`. The codes of the hint's
/// first sentences (`hexagon` to `pass`) are kept as the server had them.
/// Chances are in percent (0 to 100), `expected` in points (tenths).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum Reason {
    /// Closes one hexagon.
    Hexagon {
        /// Its bonus.
        points: i32,
    },
    /// Closes two hexagons at once.
    DoubleHexagon {
        /// Its bonus.
        points: i32,
    },
    /// Closes three hexagons at once.
    TripleHexagon {
        /// Its bonus.
        points: i32,
    },
    /// Builds a bridge.
    Bridge {
        /// Its bonus.
        points: i32,
    },
    /// Extends a bridge.
    BridgeExtension {
        /// Its bonus.
        points: i32,
    },
    /// The opening bonus.
    Start {
        /// Its bonus.
        points: i32,
    },
    /// Only the tile's value (no bonus).
    Tile {
        /// The tile's value.
        points: i32,
    },
    /// Goes out (the last tile of the hand).
    Out {
        /// The out bonus.
        points: i32,
    },
    /// Goes out, and the others' hands are scored too.
    OutHands {
        /// The out bonus.
        points: i32,
    },
    /// It scores the most of the seat's plays now.
    Most {
        /// How many placements the seat could make.
        plays: usize,
    },
    /// Another play would score more now.
    Instead {
        /// That play's tile.
        tile: Tile,
        /// What it would score.
        points: i32,
        /// The play in the move notation, on the board the seat faces (the
        /// tile may be the one played, elsewhere); never a cell.
        notation: String,
        /// Its spot's side and neighbour (`None` at the opening).
        spot: Option<SpotWords>,
    },
    /// A high triple of the hand that would score more now is kept for later.
    Keeps {
        /// The triple.
        tile: Tile,
    },
    /// The highest-scoring play would leave the next seat a bridge; this one leaves none.
    NoBridgeFor {
        /// The next seat.
        seat: u8,
    },
    /// The highest-scoring play would leave the next seat a hexagon to close; this one leaves none.
    NoHexagonFor {
        /// The next seat.
        seat: u8,
    },
    /// Draw: no tile of the hand fits.
    NoFit,
    /// Draw although a tile fits: the judge expects more from drawing.
    DrawInstead {
        /// What the best play would score now.
        points: i32,
    },
    /// Pass: nothing fits and no draw is left.
    Pass,
    /// The move leaves bonus spots open for the next seat, who holds a tile
    /// that fits one `percent` of the time (by the seat's beliefs).
    LeavesSpot {
        /// The next seat.
        seat: u8,
        /// The biggest spot's figure.
        figure: Figure,
        /// Its bonus.
        points: i32,
        /// The chance the next seat holds a tile that fits some spot, in percent.
        percent: u32,
        /// The bonus the next seat can expect to take, in points.
        expected: f64,
    },
    /// The move opens a spot for a figure that a tile kept in hand fits.
    SetsUp {
        /// The figure.
        figure: Figure,
        /// Its bonus.
        points: i32,
        /// The kept tile that fits it.
        tile: Tile,
    },
    /// A heavy tile leaves the hand while an opponent is near going out
    /// (the hands left count at the end of the round).
    Sheds {
        /// The tile.
        tile: Tile,
        /// Its value.
        points: i32,
        /// The opponent nearest to going out.
        seat: u8,
        /// How many tiles they hold.
        tiles: u8,
    },
    /// One tile is left and it fits the board: going out next turn unless
    /// the spots are taken.
    GoOutNext {
        /// The last tile.
        tile: Tile,
        /// The out bonus.
        points: i32,
    },
    /// The next seat holds one tile, which fits the board after this move
    /// `percent` of the time: they may go out.
    NextOut {
        /// The next seat.
        seat: u8,
        /// The chance, in percent.
        percent: u32,
        /// What it would cost the seat, times the chance, in points: the out
        /// bonus, and the seat's hand when the one who goes out takes it.
        expected: f64,
    },
    /// What a draw costs now.
    DrawCosts {
        /// The draw penalty.
        points: i32,
    },
    /// What a draw may bring: the chance the tile drawn fits the board, and
    /// that it forms a figure there.
    DrawPromises {
        /// The chance the tile drawn fits, in percent.
        fit_percent: u32,
        /// The chance it forms a figure, in percent.
        figure_percent: u32,
    },
    /// (A contrast) the better move scores this many more points now.
    ScoresMore {
        /// Points.
        points: i32,
    },
    /// (A contrast, when no other reason shows) the search expects this many
    /// points more from the better move over the next moves.
    Expects {
        /// Points.
        points: f64,
    },
}

impl Reason {
    /// Every code, for the translations' tests.
    pub const CODES: [&'static str; 26] = [
        "hexagon",
        "double_hexagon",
        "triple_hexagon",
        "bridge",
        "bridge_extension",
        "start",
        "tile",
        "out",
        "out_hands",
        "most",
        "instead",
        "keeps",
        "no_bridge_for",
        "no_hexagon_for",
        "no_fit",
        "draw_instead",
        "pass",
        "leaves_spot",
        "sets_up",
        "sheds",
        "go_out_next",
        "next_out",
        "draw_costs",
        "draw_promises",
        "scores_more",
        "expects",
    ];

    /// Whether the reason names a tile (the first grade of a hint must not).
    pub fn names_a_tile(&self) -> bool {
        matches!(
            self,
            Reason::Instead { .. }
                | Reason::Keeps { .. }
                | Reason::SetsUp { .. }
                | Reason::Sheds { .. }
                | Reason::GoOutNext { .. }
        )
    }

    /// Whether it speaks for the move (a gain) rather than against it.
    fn is_gain(&self) -> bool {
        !matches!(
            self,
            Reason::LeavesSpot { .. } | Reason::NextOut { .. } | Reason::DrawCosts { .. } | Reason::Instead { .. }
        )
    }
}

/// Whose move a [`Contrast`] speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The better move.
    Better,
    /// The move played.
    Played,
}

/// One line of a review entry: a reason of one of the two moves that the
/// other does not share. `{"side": "better", "code": ..., "params": ...}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contrast {
    /// Whose move.
    pub side: Side,
    /// The reason.
    #[serde(flatten)]
    pub reason: Reason,
}

/// How two actions differ, so that an entry never names one tile twice
/// without saying what differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Difference {
    /// Other tiles.
    Tile,
    /// The same tile on another cell.
    Spot,
    /// The same tile on the same cell, turned otherwise.
    Turn,
    /// The same placement, announced or not.
    Announce,
    /// A placement against a draw or a pass, or a draw against a pass.
    Kind,
}

impl Difference {
    /// How `a` and `b` differ (`None`: they are the same action).
    pub fn between(a: Action, b: Action) -> Option<Difference> {
        if a == b {
            return None;
        }
        Some(match (a.placement(), b.placement()) {
            (Some(p), Some(q)) if p.tile != q.tile => Difference::Tile,
            (Some(p), Some(q)) if p.cell != q.cell => Difference::Spot,
            (Some(p), Some(q)) if p.rotation != q.rotation => Difference::Turn,
            (Some(_), Some(_)) => Difference::Announce,
            _ => Difference::Kind,
        })
    }
}

/// The seat's beliefs about the hidden tiles: deals of its observation (the
/// judge's own, or [`Beliefs::of`]), each the other hands and the tile the
/// seat would draw next. Never the true hands.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Beliefs {
    players: usize,
    /// `players` hands a deal.
    hands: Vec<TileSet>,
    /// The next tile drawn, a deal.
    draws: Vec<Option<Tile>>,
}

impl Beliefs {
    pub(super) fn new(obs: &Observation) -> Beliefs {
        Beliefs { players: obs.public().players(), hands: Vec::new(), draws: Vec::new() }
    }

    pub(super) fn add(&mut self, g: &Game) {
        self.hands.extend_from_slice(&g.hands()[..self.players]);
        self.draws.push(g.pool().next());
    }

    /// How many deals.
    pub fn len(&self) -> usize {
        self.draws.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.draws.is_empty()
    }

    fn hand(&self, deal: usize, seat: u8) -> TileSet {
        self.hands.get(deal * self.players + seat as usize).copied().unwrap_or(TileSet::EMPTY)
    }

    /// The share of deals (0 to 100, rounded) where `f` holds.
    fn percent(&self, mut f: impl FnMut(usize) -> bool) -> u32 {
        if self.is_empty() {
            return 0;
        }
        let n = (0..self.len()).filter(|&k| f(k)).count();
        ((n as f64 * 100.0) / self.len() as f64).round() as u32
    }
}

/// The least chance (percent) of the next seat's taking a spot or going out
/// that is worth a reason.
const MIN_PERCENT: u32 = 5;

/// A cell that would form a figure, and the tiles that fit it.
struct Spot {
    cell: Cell,
    figure: Figure,
    points: i32,
    fits: TileSet,
}

/// The bonus spots of a board (cells that would form a figure worth points).
fn spots(board: &Board, obs: &Observation) -> Vec<Spot> {
    let rules = obs.public().rules();
    let on_board = board.tiles();
    board
        .frontier()
        .iter()
        .filter_map(|f| {
            let figs = board.figures_at(f.cell);
            let figure = Figure::of(figs)?;
            let points = figure_points(rules, figs);
            let fits = f.fitting_tiles().difference(on_board);
            (points > 0 && !fits.is_empty()).then_some(Spot { cell: f.cell, figure, points, fits })
        })
        .collect()
}

/// What a placement scores on the observer's board, announced or not.
fn scored(obs: &Observation, pl: Placement, announce: bool) -> PlacementScore {
    let p = obs.public();
    score_placement(p.rules(), pl.tile, p.board().is_empty(), p.board().preview(pl), announce)
}

/// The seat after the observer.
fn next_seat(obs: &Observation) -> u8 {
    ((obs.seat() as usize + 1) % obs.public().players()) as u8
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

/// Why `action` (a legal action of the observer) is good or costly, most
/// important first: its points now (and how they compare with the seat's
/// other plays), then what it leaves: a figure set up for oneself, the last
/// tile ready to go out, the bonus spots left to the next seat and how often
/// that seat holds a tile that fits (by `beliefs`), the next seat's chance to
/// go out, a heavy tile shed; for a draw, what it costs and may bring. Reads
/// the observation and the beliefs only.
pub fn explain(obs: &Observation, action: Action, beliefs: &Beliefs) -> Vec<Reason> {
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
    match action {
        Action::Play { placement, announce } => {
            let s = scored(obs, placement, announce);
            for &(reason, pts) in s.items() {
                let r = match reason {
                    Scored::Hexagon(1) => Reason::Hexagon { points: pts },
                    Scored::Hexagon(2) => Reason::DoubleHexagon { points: pts },
                    Scored::Hexagon(_) => Reason::TripleHexagon { points: pts },
                    Scored::Bridge => Reason::Bridge { points: pts },
                    Scored::BridgeExtension => Reason::BridgeExtension { points: pts },
                    Scored::Start => Reason::Start { points: pts },
                    _ => continue,
                };
                reasons.push(r);
            }
            let goes_out = obs.hand().len() == 1;
            if goes_out {
                let out = rules.out_bonus();
                reasons.push(if rules.out_takes_hands() {
                    Reason::OutHands { points: out }
                } else {
                    Reason::Out { points: out }
                });
            }
            if reasons.is_empty() {
                reasons.push(Reason::Tile { points: placement.tile.value() as i32 });
            }
            let next = next_seat(obs);
            match top {
                Some((tp, ts)) if ts.points > s.points => {
                    // A high triple kept back: the triple of the hand that
                    // would score the most now, when it beats this play.
                    let triple = plays
                        .iter()
                        .filter(|(pl, ps)| pl.tile.is_triple() && pl.tile != placement.tile && ps.points > s.points)
                        .max_by_key(|(pl, ps)| (pl.tile.value(), ps.points));
                    match triple {
                        Some((pl, _)) => reasons.push(Reason::Keeps { tile: pl.tile }),
                        None => {
                            let name =
                                MoveName::of(Action::Play { placement: *tp, announce: false }, obs.public().board());
                            let (notation, spot) = name.map(|n| (n.notation, n.spot)).unwrap_or_default();
                            reasons.push(Reason::Instead { tile: tp.tile, points: ts.points, notation, spot })
                        }
                    }
                    let (bridge, hexagon) = offers(obs, placement, next);
                    let (top_bridge, top_hexagon) = offers(obs, *tp, next);
                    if top_hexagon && !hexagon {
                        reasons.push(Reason::NoHexagonFor { seat: next });
                    }
                    if top_bridge && !bridge {
                        reasons.push(Reason::NoBridgeFor { seat: next });
                    }
                }
                _ => reasons.push(Reason::Most { plays: plays.len() }),
            }
            if !goes_out {
                left(obs, placement, beliefs, &mut reasons);
            }
        }
        Action::Draw => {
            reasons.push(match top {
                None => Reason::NoFit,
                Some((_, ts)) => Reason::DrawInstead { points: ts.points },
            });
            if rules.draw_penalty() != 0 {
                reasons.push(Reason::DrawCosts { points: -rules.draw_penalty() });
            }
            if !beliefs.is_empty() {
                let board = p.board();
                let fitting = board.fitting_tiles();
                let here = spots(board, obs);
                let drawn = |k: usize| beliefs.draws[k];
                reasons.push(Reason::DrawPromises {
                    fit_percent: beliefs.percent(|k| drawn(k).is_some_and(|t| fitting.contains(t))),
                    figure_percent: beliefs
                        .percent(|k| drawn(k).is_some_and(|t| here.iter().any(|s| s.fits.contains(t)))),
                });
            }
        }
        Action::Pass => reasons.push(Reason::Pass),
    }
    reasons
}

/// What a placement that does not go out leaves: a figure set up for
/// oneself, the last tile ready to go out, the spots left to the next seat,
/// the next seat's chance to go out, a heavy tile shed.
fn left(obs: &Observation, pl: Placement, beliefs: &Beliefs, reasons: &mut Vec<Reason>) {
    let p = obs.public();
    let before = spots(p.board(), obs);
    let mut board = p.board().clone();
    board.place(pl);
    let after = spots(&board, obs);
    let mut kept = obs.hand();
    kept.remove(pl.tile);
    // A new spot that a kept tile fits.
    let set_up = after
        .iter()
        .filter(|s| !before.iter().any(|b| b.cell == s.cell && b.points >= s.points))
        .filter_map(|s| s.fits.intersection(kept).highest().map(|t| (s, t)))
        .max_by_key(|(s, t)| (s.points, t.value()));
    if let Some((s, t)) = set_up {
        reasons.push(Reason::SetsUp { figure: s.figure, points: s.points, tile: t });
    }
    if kept.len() == 1 {
        if let Some(t) = kept.highest() {
            if board.has_placement(kept) {
                reasons.push(Reason::GoOutNext { tile: t, points: p.rules().out_bonus() });
            }
        }
    }
    let next = next_seat(obs);
    if !after.is_empty() && !beliefs.is_empty() {
        // The best bonus the next seat can take, deal by deal.
        let best = |k: usize| {
            let theirs = beliefs.hand(k, next);
            after.iter().filter(|s| !s.fits.intersection(theirs).is_empty()).map(|s| s.points).max().unwrap_or(0)
        };
        let total: i64 = (0..beliefs.len()).map(|k| best(k) as i64).sum();
        let percent = beliefs.percent(|k| best(k) > 0);
        if percent >= MIN_PERCENT {
            let expected = super::round1(total as f64 / beliefs.len() as f64);
            let biggest = after.iter().max_by_key(|s| s.points).map(|s| (s.figure, s.points));
            if let Some((figure, points)) = biggest {
                reasons.push(Reason::LeavesSpot { seat: next, figure, points, percent, expected });
            }
        }
    }
    if p.hand_sizes().get(next as usize) == Some(&1) && !beliefs.is_empty() {
        let percent = beliefs.percent(|k| board.has_placement(beliefs.hand(k, next)));
        if percent >= MIN_PERCENT {
            let rules = p.rules();
            let cost = rules.out_bonus() + if rules.out_takes_hands() { kept.value() as i32 } else { 0 };
            let expected = super::round1(percent as f64 * cost as f64 / 100.0);
            reasons.push(Reason::NextOut { seat: next, percent, expected });
        }
    }
    // A heavy tile shed while an opponent is near going out.
    let nearest = (0..p.players() as u8)
        .filter(|&s| s != obs.seat())
        .map(|s| (s, p.hand_sizes()[s as usize]))
        .min_by_key(|&(s, n)| (n, (s + p.players() as u8 - obs.seat()) % p.players() as u8));
    if let Some((seat, tiles)) = nearest {
        let heaviest = obs.hand().iter().map(|t| t.value()).max().unwrap_or(0);
        if tiles <= 3 && pl.tile.value() >= 10 && pl.tile.value() == heaviest && !kept.is_empty() {
            reasons.push(Reason::Sheds { tile: pl.tile, points: pl.tile.value() as i32, seat, tiles });
        }
    }
}

/// What `better` does that `played` did not, and what `played` costs that
/// `better` avoids: the reasons of one move the other does not share, the
/// better move's first (its points now, when more, as `scores_more`). Both
/// are legal actions of the observer; empty when they are the same.
pub fn contrast(obs: &Observation, better: Action, played: Action, beliefs: &Beliefs) -> Vec<Contrast> {
    if better == played {
        return Vec::new();
    }
    let rb = explain(obs, better, beliefs);
    let rp = explain(obs, played, beliefs);
    let mut out = Vec::new();
    let more = super::points_now(obs, better) - super::points_now(obs, played);
    if more > 0 {
        out.push(Contrast { side: Side::Better, reason: Reason::ScoresMore { points: more } });
    }
    let same_kind = |a: &Reason, b: &Reason| std::mem::discriminant(a) == std::mem::discriminant(b);
    // The better move's gains the played one lacks.
    for r in rb.iter().filter(|r| r.is_gain() && !matches!(r, Reason::Most { .. } | Reason::Tile { .. })) {
        if !rp.contains(r) {
            out.push(Contrast { side: Side::Better, reason: r.clone() });
        }
    }
    // The played move's costs the better one avoids or lessens.
    for r in rp.iter().filter(|r| !r.is_gain() && !matches!(r, Reason::Instead { .. })) {
        let other = rb.iter().find(|b| same_kind(b, r));
        let worse = match (r, other) {
            (_, None) => true,
            (Reason::LeavesSpot { expected: e, .. }, Some(Reason::LeavesSpot { expected: f, .. })) => e - f >= 1.0,
            (Reason::NextOut { percent: a, .. }, Some(Reason::NextOut { percent: b, .. })) => a > b,
            (Reason::DrawCosts { points: a }, Some(Reason::DrawCosts { points: b })) => a < b,
            _ => false,
        };
        if worse {
            out.push(Contrast { side: Side::Played, reason: r.clone() });
            if let Some(o) = other {
                out.push(Contrast { side: Side::Better, reason: o.clone() });
            }
        }
    }
    out
}
