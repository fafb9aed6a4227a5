//! The triangular lattice: cells `(c, r)`, lattice points `P(i, j)`, corners,
//! edge neighbours and the six cells around a point (rules.md section 2).
//!
//! ```
//! use triominos_core::{Cell, Point};
//! let origin = Cell::new(0, 0).unwrap();
//! assert!(origin.is_up());
//! assert_eq!(origin.corners(), [Point::new(0, 1), Point::new(1, 0), Point::new(0, 0)]);
//! ```

use core::fmt;

/// Smallest column a cell may have on the board grid.
pub const C_MIN: i32 = -64;
/// Largest column a cell may have on the board grid.
pub const C_MAX: i32 = 63;
/// Smallest row a cell may have on the board grid.
pub const R_MIN: i32 = -32;
/// Largest row a cell may have on the board grid.
pub const R_MAX: i32 = 31;
/// Width of the cell grid.
pub(crate) const GRID_W: usize = (C_MAX - C_MIN + 1) as usize;
/// Number of cells in the grid.
pub(crate) const GRID_CELLS: usize = GRID_W * (R_MAX - R_MIN + 1) as usize;
/// Number of lattice points in the point grid (rows `j` in `R_MIN..=R_MAX+1`).
pub(crate) const GRID_POINTS: usize = GRID_W * (R_MAX - R_MIN + 2) as usize;

/// A unit triangle of the lattice. 56 tiles connected by edges stay within
/// 56 columns and 28 rows of the origin, so the grid bounds are never reached
/// by a real game; [`Cell::new`] refuses anything outside them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "[number, number]"))]
pub struct Cell {
    c: i8,
    r: i8,
}

/// A lattice point `P(i, j) = i*(1, 0) + j*(1/2, sqrt(3)/2)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Coordinate along the x axis.
    pub i: i32,
    /// Coordinate along the 60-degree axis.
    pub j: i32,
}

impl Point {
    /// The point `P(i, j)`.
    pub const fn new(i: i32, j: i32) -> Point {
        Point { i, j }
    }

    /// The six cells that have this point as a corner (its hexagon).
    pub fn hexagon(self) -> [Cell; 6] {
        let base = 2 * self.i + self.j;
        let j = self.j;
        [
            Cell::raw(base - 2, j),
            Cell::raw(base - 1, j),
            Cell::raw(base, j),
            Cell::raw(base - 2, j - 1),
            Cell::raw(base - 1, j - 1),
            Cell::raw(base, j - 1),
        ]
    }

    /// Cartesian coordinates of the point (x right, y up), for drawing.
    pub fn xy(self) -> (f64, f64) {
        (self.i as f64 + self.j as f64 * 0.5, self.j as f64 * (3f64.sqrt() / 2.0))
    }

    #[inline]
    pub(crate) fn grid_index(self) -> usize {
        ((self.j - R_MIN) as usize) * GRID_W + (self.i - C_MIN) as usize
    }
}

impl Cell {
    /// The origin cell `(0, 0)`, where every round's first tile goes. It points up.
    pub const ORIGIN: Cell = Cell { c: 0, r: 0 };

    /// The cell `(c, r)`, or `None` when it lies outside the board grid.
    pub fn new(c: i32, r: i32) -> Option<Cell> {
        if (C_MIN..=C_MAX).contains(&c) && (R_MIN..=R_MAX).contains(&r) {
            Some(Cell { c: c as i8, r: r as i8 })
        } else {
            None
        }
    }

    /// Builds a cell from coordinates known to be within about one step of a
    /// real board position. Coordinates are clamped into the grid so that a
    /// mistake can never index out of bounds.
    #[inline]
    pub(crate) fn raw(c: i32, r: i32) -> Cell {
        Cell { c: c.clamp(C_MIN, C_MAX) as i8, r: r.clamp(R_MIN, R_MAX) as i8 }
    }

    /// Column.
    #[inline]
    pub const fn c(self) -> i32 {
        self.c as i32
    }

    /// Row.
    #[inline]
    pub const fn r(self) -> i32 {
        self.r as i32
    }

    /// Whether the cell points up (`c + r` even).
    #[inline]
    pub const fn is_up(self) -> bool {
        (self.c as i32 + self.r as i32) & 1 == 0
    }

    /// The cell's corners in clockwise order: top, bottom-right, bottom-left for
    /// an up cell; top-left, top-right, bottom for a down cell.
    #[inline]
    pub fn corners(self) -> [Point; 3] {
        let (c, r) = (self.c(), self.r());
        if self.is_up() {
            let a = (c - r) / 2;
            [Point::new(a, r + 1), Point::new(a + 1, r), Point::new(a, r)]
        } else {
            let a = (c - r - 1) / 2;
            [Point::new(a, r + 1), Point::new(a + 1, r + 1), Point::new(a + 1, r)]
        }
    }

    /// The edge neighbours, entry `k` being across the edge opposite corner `k`.
    #[inline]
    pub fn neighbours(self) -> [Cell; 3] {
        let (c, r) = (self.c(), self.r());
        if self.is_up() {
            [Cell::raw(c, r - 1), Cell::raw(c - 1, r), Cell::raw(c + 1, r)]
        } else {
            [Cell::raw(c + 1, r), Cell::raw(c - 1, r), Cell::raw(c, r + 1)]
        }
    }

    /// The two corners (indices into [`Cell::corners`]) of the edge opposite corner `k`.
    #[inline]
    pub const fn edge_corners(k: usize) -> [usize; 2] {
        [(k + 1) % 3, (k + 2) % 3]
    }

    #[inline]
    pub(crate) fn grid_index(self) -> usize {
        ((self.r as i32 - R_MIN) as usize) * GRID_W + (self.c as i32 - C_MIN) as usize
    }

    /// Whether the cell is so close to the grid border that its neighbours would
    /// fall outside it. A real game never gets there.
    #[inline]
    pub(crate) fn near_border(self) -> bool {
        let (c, r) = (self.c(), self.r());
        c <= C_MIN + 2 || c >= C_MAX - 2 || r <= R_MIN + 1 || r >= R_MAX - 1
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.c, self.r)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.c, self.r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(c: i32, r: i32) -> Cell {
        Cell::new(c, r).unwrap()
    }

    #[test]
    fn neighbours_share_exactly_the_edge_corners() {
        for r in -5..5 {
            for c in -8..8 {
                let x = cell(c, r);
                let xc = x.corners();
                for (k, n) in x.neighbours().into_iter().enumerate() {
                    assert_ne!(x.is_up(), n.is_up(), "neighbours point opposite ways");
                    let nc = n.corners();
                    let shared: Vec<Point> = xc.iter().copied().filter(|p| nc.contains(p)).collect();
                    let [a, b] = Cell::edge_corners(k);
                    assert_eq!(shared.len(), 2, "{x:?} and {n:?}");
                    assert!(shared.contains(&xc[a]) && shared.contains(&xc[b]));
                    assert!(n.neighbours().contains(&x), "neighbour relation is symmetric");
                }
            }
        }
    }

    #[test]
    fn every_point_is_the_corner_of_its_six_hexagon_cells() {
        for j in -4..4 {
            for i in -4..4 {
                let p = Point::new(i, j);
                let hex = p.hexagon();
                for c in hex {
                    assert!(c.corners().contains(&p), "{c:?} around {p:?}");
                }
                let ups = hex.iter().filter(|c| c.is_up()).count();
                assert_eq!(ups, 3);
            }
        }
    }

    #[test]
    fn corners_follow_the_spec() {
        // Down cell (1,0): a = 0: top-left P(0,1), top-right P(1,1), bottom P(1,0).
        assert_eq!(cell(1, 0).corners(), [Point::new(0, 1), Point::new(1, 1), Point::new(1, 0)]);
        // Down cell (-1,0): a = -1.
        assert_eq!(cell(-1, 0).corners(), [Point::new(-1, 1), Point::new(0, 1), Point::new(0, 0)]);
        // Up cell (0,0) touches (-1,0), (1,0), (0,-1).
        let mut n = cell(0, 0).neighbours().to_vec();
        n.sort();
        assert_eq!(n, vec![cell(-1, 0), cell(0, -1), cell(1, 0)]);
        // Clockwise: the signed area of the corners is negative.
        for c in [cell(0, 0), cell(1, 0), cell(-3, 2), cell(4, -1)] {
            let [a, b, d] = c.corners().map(Point::xy);
            let area = (b.0 - a.0) * (d.1 - a.1) - (d.0 - a.0) * (b.1 - a.1);
            assert!(area < 0.0, "{c:?} corners are clockwise");
        }
    }
}
