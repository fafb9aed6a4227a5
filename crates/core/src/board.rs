//! The board: placed tiles, the numbers fixed at lattice points, how many of
//! each point's six cells are filled, and the frontier of open cells with the
//! constraint each one puts on a tile. Everything is updated incrementally when
//! a tile is placed, so legal placements come from the frontier alone.
//!
//! ```
//! use triominos_core::{Board, Cell, Placement, Tile, TileSet};
//! let mut board = Board::new(true);
//! let t: Tile = "1-2-4".parse().unwrap();
//! board.place(Placement::new(t, Cell::ORIGIN, 1));
//! // 2-2-4 fits against the edge 2-4 of the first tile in exactly one way.
//! let hand: TileSet = ["2-2-4".parse::<Tile>().unwrap()].into_iter().collect();
//! assert_eq!(board.count_placements(hand), 1);
//! ```

use crate::geom::{Cell, Point, GRID_CELLS, GRID_POINTS};
use crate::tile::{Tile, TileSet, TILE_COUNT};
use core::fmt;

/// A tile put on a cell with a rotation (0..3): the cell's clockwise corner `k`
/// receives the tile's number `(k + rotation) % 3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Placement {
    /// The tile.
    pub tile: Tile,
    /// Where it goes.
    pub cell: Cell,
    /// Its rotation, 0..3.
    pub rotation: u8,
}

impl Placement {
    /// A placement; `rotation` is taken modulo 3.
    pub const fn new(tile: Tile, cell: Cell, rotation: u8) -> Placement {
        Placement { tile, cell, rotation: rotation % 3 }
    }

    /// The numbers the placement puts on the cell's corners, clockwise.
    #[inline]
    pub const fn values(self) -> [u8; 3] {
        let n = self.tile.numbers();
        let r = self.rotation as usize % 3;
        [n[r], n[(r + 1) % 3], n[(r + 2) % 3]]
    }

    /// The same placement with a triple's rotation set to 0: two placements
    /// that put the same numbers on the same corners are one placement.
    #[inline]
    pub const fn normalized(self) -> Placement {
        if self.tile.is_triple() {
            Placement { rotation: 0, ..self }
        } else {
            self
        }
    }
}

impl fmt::Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.tile, self.cell, self.rotation)
    }
}

/// Why a placement is not legal on this board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "code", content = "params", rename_all = "snake_case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PlacementError {
    /// The round's first tile goes on cell `(0, 0)`.
    FirstTileAtOrigin,
    /// The cell already holds a tile.
    CellTaken,
    /// The cell shares no edge with a placed tile.
    NotTouching,
    /// Corner `corner` (clockwise index) of the cell must be `expected`.
    CornerMismatch {
        /// Clockwise corner index, 0..3.
        corner: u8,
        /// The number fixed there.
        expected: u8,
        /// The number the tile would put there.
        found: u8,
    },
    /// Two neighbours demand different numbers at one corner, so no tile fits
    /// (possible only when vertex contacts need not match).
    ConflictingNeighbours,
    /// The tile is already on the board.
    AlreadyPlaced,
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlacementError::FirstTileAtOrigin => write!(f, "the first tile goes at 0,0"),
            PlacementError::CellTaken => write!(f, "cell taken"),
            PlacementError::NotTouching => write!(f, "not touching: the cell shares no edge with a placed tile"),
            PlacementError::CornerMismatch { corner, expected, found } => {
                write!(f, "corner {corner} must be {expected}, the tile puts {found} there")
            }
            PlacementError::ConflictingNeighbours => write!(f, "no tile fits: the neighbours disagree at a corner"),
            PlacementError::AlreadyPlaced => write!(f, "tile already on the board"),
        }
    }
}

/// The figures a tile forms where it is placed: what the bonuses are about.
/// They depend on the cell only ([`Board::figures_at`]). The score pad takes
/// them as the table declares them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Figures {
    /// A bridge: exactly one shared edge, and the opposite corner touches a tile.
    pub bridge: bool,
    /// A bridge extension: two or more shared edges, one of them with a tile
    /// that formed a bridge.
    pub bridge_extension: bool,
    /// Hexagons completed (0 to 3).
    pub hexagons: u8,
}

impl Figures {
    /// No figure.
    pub const NONE: Figures = Figures { bridge: false, bridge_extension: false, hexagons: 0 };

    /// Whether no figure is formed.
    pub fn is_empty(&self) -> bool {
        *self == Figures::NONE
    }
}

/// Marker value for a corner that takes any number.
const FREE: u8 = 6;
/// Number of corner-constraint patterns (7 choices per corner).
const PATTERNS: usize = 343;
/// Pattern of a frontier cell no tile can fill.
const DEAD: u16 = PATTERNS as u16;

struct FitTable {
    /// For a pattern and a tile, the bitmask of rotations that fit (a triple only rotation 0).
    rots: [[u8; TILE_COUNT]; PATTERNS + 1],
    /// For a pattern, the tiles that fit with some rotation.
    mask: [u64; PATTERNS + 1],
}

const fn build_fit() -> FitTable {
    let mut rots = [[0u8; TILE_COUNT]; PATTERNS + 1];
    let mut mask = [0u64; PATTERNS + 1];
    let mut p = 0;
    while p < PATTERNS {
        let want = [(p / 49) as u8, ((p / 7) % 7) as u8, (p % 7) as u8];
        let mut t = 0;
        while t < TILE_COUNT {
            let tile = match Tile::from_index(t as u8) {
                Some(tile) => tile,
                None => unreachable!(),
            };
            let n_rot = if tile.is_triple() { 1 } else { 3 };
            let mut r = 0;
            while r < n_rot {
                let mut ok = true;
                let mut k = 0;
                while k < 3 {
                    if want[k] != FREE && want[k] != tile.corner(r, k as u8) {
                        ok = false;
                    }
                    k += 1;
                }
                if ok {
                    rots[p][t] |= 1 << r;
                    mask[p] |= 1 << t;
                }
                r += 1;
            }
            t += 1;
        }
        p += 1;
    }
    FitTable { rots, mask }
}

static FIT: FitTable = build_fit();

#[inline]
fn pattern_of(values: [u8; 3]) -> u16 {
    values[0] as u16 * 49 + values[1] as u16 * 7 + values[2] as u16
}

/// An open cell: empty, sharing an edge with a placed tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontierCell {
    /// The cell.
    pub cell: Cell,
    pattern: u16,
}

impl FrontierCell {
    /// The number each clockwise corner must hold, `None` where any number goes.
    /// Returns `None` when no tile can ever fit (neighbours disagree).
    pub fn constraint(&self) -> Option<[Option<u8>; 3]> {
        if self.pattern == DEAD {
            return None;
        }
        let p = self.pattern as usize;
        let v = [(p / 49) as u8, ((p / 7) % 7) as u8, (p % 7) as u8];
        Some(v.map(|x| if x == FREE { None } else { Some(x) }))
    }

    /// The tiles that fit this cell with some rotation.
    pub fn fitting_tiles(&self) -> TileSet {
        TileSet::from_bits(FIT.mask[self.pattern as usize])
    }
}

const NO_VALUE: u8 = 7;

/// The board of one round.
#[derive(Clone)]
pub struct Board {
    /// Per cell: 0 = empty, else `1 + tile * 3 + rotation`.
    cells: Box<[u8; GRID_CELLS]>,
    /// Per lattice point: bits 0..3 the number fixed there (7 = none), bits 3..6 the filled-cell count.
    points: Box<[u8; GRID_POINTS]>,
    /// Per cell: 0 = not on the frontier, else its index in `frontier` plus one.
    slot: Box<[u8; GRID_CELLS]>,
    frontier: Vec<FrontierCell>,
    placed: Vec<Placement>,
    bridges: Vec<Cell>,
    tiles: TileSet,
    vertex_contacts: bool,
}

fn boxed<const N: usize>(fill: u8) -> Box<[u8; N]> {
    vec![fill; N].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
}

impl Board {
    /// An empty board. With `vertex_contacts_must_match` every corner touching a
    /// placed tile, even at a point only, must match; without, only the corners
    /// of shared edges.
    pub fn new(vertex_contacts_must_match: bool) -> Board {
        Board {
            cells: boxed(0),
            points: boxed(NO_VALUE),
            slot: boxed(0),
            frontier: Vec::with_capacity(128),
            placed: Vec::with_capacity(TILE_COUNT),
            bridges: Vec::new(),
            tiles: TileSet::EMPTY,
            vertex_contacts: vertex_contacts_must_match,
        }
    }

    /// Whether no tile has been placed.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    /// The placements in the order they were made.
    pub fn placements(&self) -> &[Placement] {
        &self.placed
    }

    /// The tiles on the board.
    #[inline]
    pub fn tiles(&self) -> TileSet {
        self.tiles
    }

    /// Whether vertex contacts must match on this board.
    pub fn vertex_contacts_must_match(&self) -> bool {
        self.vertex_contacts
    }

    /// The tile and rotation on a cell.
    pub fn at(&self, cell: Cell) -> Option<(Tile, u8)> {
        let v = self.cells[cell.grid_index()];
        if v == 0 {
            None
        } else {
            Some((Tile::from_index((v - 1) / 3)?, (v - 1) % 3))
        }
    }

    /// The number fixed at a lattice point (with vertex contacts matching, every
    /// touched point holds one number; otherwise the first number put there).
    pub fn value_at(&self, p: Point) -> Option<u8> {
        let v = self.points.get(p.grid_index()).copied().unwrap_or(NO_VALUE) & 7;
        (v != NO_VALUE).then_some(v)
    }

    /// How many of the six cells around a point hold tiles.
    pub fn filled_around(&self, p: Point) -> u8 {
        self.points.get(p.grid_index()).map_or(0, |v| v >> 3)
    }

    /// Cells that formed a bridge this round.
    pub fn bridge_cells(&self) -> &[Cell] {
        &self.bridges
    }

    /// The open cells.
    pub fn frontier(&self) -> &[FrontierCell] {
        &self.frontier
    }

    #[inline]
    fn filled(&self, cell: Cell) -> bool {
        self.cells[cell.grid_index()] != 0
    }

    /// The numbers a neighbour's tile has at `p`, if the neighbour is filled and has `p` as a corner.
    fn value_of_cell_at(&self, cell: Cell, p: Point) -> Option<u8> {
        let (tile, rot) = self.at(cell)?;
        let k = cell.corners().iter().position(|&q| q == p)?;
        Some(tile.corner(rot, k as u8))
    }

    /// The constraint on an empty cell: the number each corner must hold, `FREE`
    /// for any. `None` when neighbours disagree.
    fn constraint_values(&self, cell: Cell) -> Option<[u8; 3]> {
        let corners = cell.corners();
        if self.vertex_contacts {
            let mut v = [FREE; 3];
            for k in 0..3 {
                let x = self.points[corners[k].grid_index()] & 7;
                if x != NO_VALUE {
                    v[k] = x;
                }
            }
            Some(v)
        } else {
            let mut v = [FREE; 3];
            for (k, n) in cell.neighbours().into_iter().enumerate() {
                if !self.filled(n) {
                    continue;
                }
                for e in Cell::edge_corners(k) {
                    let want = self.value_of_cell_at(n, corners[e])?;
                    if v[e] == FREE {
                        v[e] = want;
                    } else if v[e] != want {
                        return None;
                    }
                }
            }
            Some(v)
        }
    }

    /// Checks a placement against the board (the tile's ownership is the game's business).
    pub fn check(&self, p: Placement) -> Result<(), PlacementError> {
        if self.tiles.contains(p.tile) {
            return Err(PlacementError::AlreadyPlaced);
        }
        if self.is_empty() {
            return if p.cell == Cell::ORIGIN { Ok(()) } else { Err(PlacementError::FirstTileAtOrigin) };
        }
        if p.cell.near_border() {
            return Err(PlacementError::NotTouching);
        }
        if self.filled(p.cell) {
            return Err(PlacementError::CellTaken);
        }
        if !p.cell.neighbours().iter().any(|&n| self.filled(n)) {
            return Err(PlacementError::NotTouching);
        }
        let want = self.constraint_values(p.cell).ok_or(PlacementError::ConflictingNeighbours)?;
        let got = p.values();
        for k in 0..3 {
            if want[k] != FREE && want[k] != got[k] {
                return Err(PlacementError::CornerMismatch { corner: k as u8, expected: want[k], found: got[k] });
            }
        }
        Ok(())
    }

    /// What a tile placed at `cell` would form (nothing on an empty board).
    /// Meant for open cells: a cell that shares no edge forms nothing.
    pub fn figures_at(&self, cell: Cell) -> Figures {
        let mut f = Figures::NONE;
        if self.placed.is_empty() {
            return f;
        }
        let corners = cell.corners();
        let neighbours = cell.neighbours();
        let mut edges = 0;
        let mut lone_edge = 0;
        for (k, &n) in neighbours.iter().enumerate() {
            if self.filled(n) {
                edges += 1;
                lone_edge = k;
            }
        }
        if edges == 1 {
            f.bridge = self.points[corners[lone_edge].grid_index()] >> 3 > 0;
        } else if edges >= 2 {
            f.bridge_extension = neighbours.iter().any(|n| self.filled(*n) && self.bridges.contains(n));
        }
        f.hexagons = corners.iter().filter(|q| self.points[q.grid_index()] >> 3 == 5).count() as u8;
        f
    }

    /// What a legal placement would form, without placing it.
    pub fn preview(&self, p: Placement) -> Figures {
        self.figures_at(p.cell)
    }

    /// Places a tile and updates the frontier, lattice points and bridges.
    /// The placement must be legal ([`Board::check`]); this is not re-checked
    /// except by debug assertions.
    pub fn place(&mut self, p: Placement) -> Figures {
        debug_assert_eq!(self.check(p), Ok(()), "{p:?}");
        let cell = p.cell;
        let corners = cell.corners();
        let neighbours = cell.neighbours();
        let mut figures = self.preview(p);
        figures.hexagons = 0;

        // Fill the cell.
        let gi = cell.grid_index();
        self.cells[gi] = 1 + p.tile.index() * 3 + p.rotation;
        self.tiles.insert(p.tile);
        self.placed.push(p);
        if figures.bridge {
            self.bridges.push(cell);
        }
        self.frontier_remove(gi);

        // Lattice points.
        let values = p.values();
        for k in 0..3 {
            let pi = corners[k].grid_index();
            let mut v = self.points[pi];
            if v & 7 == NO_VALUE {
                v = (v & !7) | values[k];
            }
            v += 1 << 3;
            if v >> 3 == 6 {
                figures.hexagons += 1;
            }
            self.points[pi] = v;
        }

        // Frontier: new open cells, then refresh every open cell whose constraint may have changed.
        for n in neighbours {
            let ni = n.grid_index();
            if self.cells[ni] == 0 && self.slot[ni] == 0 {
                self.frontier.push(FrontierCell { cell: n, pattern: DEAD });
                self.slot[ni] = self.frontier.len() as u8;
            }
        }
        if self.vertex_contacts {
            for corner in corners {
                for n in corner.hexagon() {
                    self.refresh(n);
                }
            }
        } else {
            for n in neighbours {
                self.refresh(n);
            }
        }
        figures
    }

    /// Checks and places a tile like a legal placement, except that it need
    /// not share an edge with a placed tile (nor go at the origin on an empty
    /// board): for puzzles whose table holds separate groups. The cell must
    /// be empty and every corner it shares with placed tiles, even at a
    /// point, must hold the number already there. Nothing is scored (no
    /// figures are returned). On error the board is unchanged.
    pub fn place_without_contact(&mut self, p: Placement) -> Result<(), PlacementError> {
        if self.tiles.contains(p.tile) {
            return Err(PlacementError::AlreadyPlaced);
        }
        if p.cell.near_border() {
            return Err(PlacementError::NotTouching);
        }
        if self.filled(p.cell) {
            return Err(PlacementError::CellTaken);
        }
        if !self.is_empty() {
            let want = self.constraint_values(p.cell).ok_or(PlacementError::ConflictingNeighbours)?;
            let got = p.values();
            for k in 0..3 {
                if want[k] != FREE && want[k] != got[k] {
                    return Err(PlacementError::CornerMismatch { corner: k as u8, expected: want[k], found: got[k] });
                }
            }
        }
        let cell = p.cell;
        let gi = cell.grid_index();
        self.cells[gi] = 1 + p.tile.index() * 3 + p.rotation;
        self.tiles.insert(p.tile);
        self.placed.push(p);
        self.frontier_remove(gi);
        let values = p.values();
        for (k, corner) in cell.corners().into_iter().enumerate() {
            let pi = corner.grid_index();
            let mut v = self.points[pi];
            if v & 7 == NO_VALUE {
                v = (v & !7) | values[k];
            }
            v += 1 << 3;
            self.points[pi] = v;
        }
        for n in cell.neighbours() {
            let ni = n.grid_index();
            if self.cells[ni] == 0 && self.slot[ni] == 0 {
                self.frontier.push(FrontierCell { cell: n, pattern: DEAD });
                self.slot[ni] = self.frontier.len() as u8;
            }
        }
        for corner in cell.corners() {
            for n in corner.hexagon() {
                self.refresh(n);
            }
        }
        Ok(())
    }

    fn refresh(&mut self, cell: Cell) {
        let s = self.slot[cell.grid_index()];
        if s == 0 {
            return;
        }
        let pattern = self.constraint_values(cell).map_or(DEAD, pattern_of);
        self.frontier[s as usize - 1].pattern = pattern;
    }

    fn frontier_remove(&mut self, gi: usize) {
        let s = self.slot[gi];
        if s == 0 {
            return;
        }
        let i = s as usize - 1;
        self.slot[gi] = 0;
        self.frontier.swap_remove(i);
        if i < self.frontier.len() {
            let moved = self.frontier[i].cell.grid_index();
            self.slot[moved] = s;
        }
    }

    /// Calls `f` with every legal placement of a tile from `hand`, each distinct
    /// placement once (a triple only with rotation 0).
    #[inline]
    pub fn for_each_placement(&self, hand: TileSet, mut f: impl FnMut(Placement)) {
        let hand = hand.difference(self.tiles);
        if self.placed.is_empty() {
            for t in hand {
                let n = if t.is_triple() { 1 } else { 3 };
                for r in 0..n {
                    f(Placement::new(t, Cell::ORIGIN, r));
                }
            }
            return;
        }
        self.for_each_fit(hand, |cell, tile, mut rots| {
            let tile = Tile::from_index(tile as u8).unwrap_or_else(|| unreachable!());
            while rots != 0 {
                let r = rots.trailing_zeros() as u8;
                rots &= rots - 1;
                f(Placement { tile, cell, rotation: r });
            }
        });
    }

    /// Calls `f(cell, tile index, rotation mask)` for every open cell and every
    /// tile of `hand` that fits it (the board must not be empty).
    #[inline]
    fn for_each_fit(&self, hand: TileSet, mut f: impl FnMut(Cell, usize, u8)) {
        let bits = hand.bits();
        for fc in &self.frontier {
            let pat = fc.pattern as usize;
            let mut m = FIT.mask[pat] & bits;
            while m != 0 {
                let t = m.trailing_zeros() as usize;
                m &= m - 1;
                f(fc.cell, t, FIT.rots[pat][t]);
            }
        }
    }

    /// Every legal placement of a tile from `hand`.
    pub fn placements_for(&self, hand: TileSet) -> Vec<Placement> {
        let mut v = Vec::new();
        self.for_each_placement(hand, |p| v.push(p));
        v
    }

    /// How many distinct legal placements `hand` has.
    #[inline]
    pub fn count_placements(&self, hand: TileSet) -> usize {
        let hand = hand.difference(self.tiles);
        if self.placed.is_empty() {
            return hand.iter().map(|t| if t.is_triple() { 1 } else { 3 }).sum();
        }
        let mut n = 0;
        self.for_each_fit(hand, |_, _, rots| n += rots.count_ones() as usize);
        n
    }

    /// Every tile not on the board that has some legal placement now (on
    /// an empty board, every tile): `has_placement(hand)` is
    /// `!hand.intersection(self.fitting_tiles()).is_empty()`.
    pub fn fitting_tiles(&self) -> TileSet {
        if self.placed.is_empty() {
            return TileSet::ALL;
        }
        let bits = self.frontier.iter().fold(0u64, |m, fc| m | FIT.mask[fc.pattern as usize]);
        TileSet::from_bits(bits).difference(self.tiles)
    }

    /// Whether `hand` has any legal placement.
    #[inline]
    pub fn has_placement(&self, hand: TileSet) -> bool {
        let hand = hand.difference(self.tiles);
        if self.placed.is_empty() {
            return !hand.is_empty();
        }
        let bits = hand.bits();
        self.frontier.iter().any(|fc| FIT.mask[fc.pattern as usize] & bits != 0)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board").field("placed", &self.placed).field("frontier", &self.frontier.len()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }
    fn c(c: i32, r: i32) -> Cell {
        Cell::new(c, r).unwrap()
    }

    /// Every placement of every tile on every cell near the board, checked one by one.
    fn brute_force(board: &Board, hand: TileSet) -> Vec<Placement> {
        let mut out = Vec::new();
        for r in -8..8 {
            for cc in -16..16 {
                for tile in hand {
                    for rot in 0..3 {
                        let p = Placement::new(tile, c(cc, r), rot).normalized();
                        if board.check(p).is_ok() && !out.contains(&p) {
                            out.push(p);
                        }
                    }
                }
            }
        }
        out.sort_by_key(|p| (p.cell, p.tile, p.rotation));
        out
    }

    #[test]
    fn frontier_generation_matches_brute_force() {
        for vertex in [true, false] {
            let mut board = Board::new(vertex);
            let mut state: u64 = 0x9E3779B97F4A7C15;
            let mut rest = TileSet::ALL;
            for _ in 0..30 {
                let mut fast = board.placements_for(rest);
                fast.sort_by_key(|p| (p.cell, p.tile, p.rotation));
                assert_eq!(fast, brute_force(&board, rest), "vertex={vertex}");
                assert_eq!(board.count_placements(rest), fast.len());
                assert_eq!(board.has_placement(rest), !fast.is_empty());
                if fast.is_empty() {
                    break;
                }
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let p = fast[(state >> 33) as usize % fast.len()];
                board.place(p);
                rest.remove(p.tile);
            }
        }
    }

    #[test]
    fn corner_mismatch_names_the_corner() {
        let mut b = Board::new(true);
        b.place(Placement::new(t("1-2-4"), Cell::ORIGIN, 1)); // top 2, BR 4, BL 1
                                                              // Down cell (1,0): top-left = top of origin (2), bottom = bottom-right of origin (4).
        assert_eq!(b.check(Placement::new(t("2-4-4"), c(1, 0), 0)), Ok(()));
        assert_eq!(
            b.check(Placement::new(t("2-4-5"), c(1, 0), 1)),
            Err(PlacementError::CornerMismatch { corner: 0, expected: 2, found: 4 })
        );
        assert_eq!(b.check(Placement::new(t("2-4-5"), c(0, 0), 0)), Err(PlacementError::CellTaken));
        assert_eq!(b.check(Placement::new(t("2-4-5"), c(2, 0), 0)), Err(PlacementError::NotTouching));
    }

    #[test]
    fn a_tile_placed_without_contact_starts_a_group_and_must_match_its_points() {
        let mut b = Board::new(true);
        b.place(Placement::new(t("1-2-4"), Cell::ORIGIN, 1)); // top 2, BR 4, BL 1 at P(0,1), P(1,0), P(0,0)
                                                              // (2,0) is up and shares only the point P(1,0) with the origin, which holds 4.
        assert_eq!(
            b.place_without_contact(Placement::new(t("0-0-5"), c(2, 0), 0)),
            Err(PlacementError::CornerMismatch { corner: 2, expected: 4, found: 5 })
        );
        assert_eq!(b.placements().len(), 1, "a refused placement changes nothing");
        assert_eq!(b.place_without_contact(Placement::new(t("1-2-4"), c(6, 0), 0)), Err(PlacementError::AlreadyPlaced));
        // 3-3-4 puts 3 at P(1,1) and 4 at P(1,0).
        assert_eq!(b.place_without_contact(Placement::new(t("3-3-4"), c(2, 0), 0)), Ok(()));
        assert_eq!(b.place_without_contact(Placement::new(t("3-3-4"), c(8, 0), 0)), Err(PlacementError::AlreadyPlaced));
        assert_eq!(b.place_without_contact(Placement::new(t("3-3-3"), c(2, 0), 0)), Err(PlacementError::CellTaken));
        // The cell between the two groups now takes only a tile matching both: 2, 3, 4 clockwise.
        let between = c(1, 0);
        let fits = b.placements_for(TileSet::ALL.difference(b.tiles()));
        assert!(fits.iter().any(|p| p.cell == between));
        let here: Vec<&Placement> = fits.iter().filter(|p| p.cell == between).collect();
        assert_eq!(here.len(), 1);
        assert_eq!(here[0].values(), [2, 3, 4]);
        assert_eq!(b.check(*here[0]), Ok(()));
        assert!(b.frontier().iter().any(|f| f.cell == c(3, 0)), "the new group has open cells");
    }

    #[test]
    fn bonus_shapes_agree_with_a_recount() {
        let mut hexagons_seen = 0;
        let mut bridges_seen = 0;
        for seed in 0..200u64 {
            let mut b = Board::new(true);
            let mut state = seed.wrapping_mul(0x9E3779B97F4A7C15) | 1;
            let mut rest = TileSet::ALL;
            loop {
                let moves = b.placements_for(rest);
                if moves.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let p = moves[(state % moves.len() as u64) as usize];
                let neighbours_before = p.cell.neighbours().iter().filter(|n| b.at(**n).is_some()).count();
                let touched_before: Vec<bool> =
                    p.cell.corners().iter().map(|q| q.hexagon().iter().any(|h| b.at(*h).is_some())).collect();
                let first = b.is_empty();
                let predicted = b.figures_at(p.cell);
                let info = b.place(p);
                assert_eq!(info, predicted, "figures_at tells what a placement forms");
                rest.remove(p.tile);
                let full = p.cell.corners().iter().filter(|q| q.hexagon().iter().all(|h| b.at(*h).is_some())).count();
                assert_eq!(info.hexagons as usize, full);
                let expect_bridge = !first && neighbours_before == 1 && {
                    let k = p.cell.neighbours().iter().position(|n| b.at(*n).is_some() && *n != p.cell).unwrap();
                    touched_before[k]
                };
                assert_eq!(info.bridge, expect_bridge, "{p:?}");
                hexagons_seen += full;
                bridges_seen += usize::from(info.bridge);
            }
        }
        assert!(hexagons_seen > 0 && bridges_seen > 0, "random boards form hexagons and bridges");
    }
}
