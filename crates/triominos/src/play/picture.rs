//! The board drawn in text: the triangle lattice around the played tiles,
//! each number at its corner, the tiles' sides as `/`, `\` and `-`, the open
//! spots marked at their centre (`.`), the chosen spot `?` and the last tile
//! played `*` at theirs.
//!
//! A lattice point `P(i, j)` is `X = 2i + j` half steps across and `j` up;
//! it is drawn at column `3X` and line `2 (top - j)`. A cell `(c, r)` spans
//! `X = c .. c + 2` between rows `r` and `r + 1`; its centre is at column
//! `3c + 3` on the line between them.
//!
//! `555`, `255L555`, `355B555` (docs/notation.md's example), the last one marked:
//!
//! ```text
//! 2-----5
//!  \   / \
//!    5-----5
//!     \ * /
//!       3
//! ```

use triominos_core::{Board, Cell};

/// What a character of the picture shows, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Nothing.
    Blank,
    /// A tile's side.
    Side,
    /// A number at a corner.
    Number,
    /// An open spot's centre.
    Spot,
    /// The chosen spot's centre.
    Chosen,
    /// The last tile's centre.
    Last,
}

/// The picture: lines of characters with their ink.
pub struct Picture {
    /// The lines, top first.
    pub lines: Vec<Vec<(char, Ink)>>,
}

impl Picture {
    /// The board around its tiles and open spots, `chosen` marked.
    pub fn of(board: &Board, spots: &[Cell], chosen: Option<Cell>, last: Option<Cell>) -> Picture {
        let cells: Vec<Cell> = board.placements().iter().map(|p| p.cell).chain(spots.iter().copied()).collect();
        if cells.is_empty() {
            return Picture { lines: vec![] };
        }
        let xmin = cells.iter().map(|c| c.c()).min().unwrap_or(0);
        let xmax = cells.iter().map(|c| c.c() + 2).max().unwrap_or(0);
        let ymin = cells.iter().map(|c| c.r()).min().unwrap_or(0);
        let ymax = cells.iter().map(|c| c.r() + 1).max().unwrap_or(0);
        let width = (3 * (xmax - xmin) + 1) as usize;
        let height = (2 * (ymax - ymin) + 1) as usize;
        let mut lines = vec![vec![(' ', Ink::Blank); width]; height];
        let mut put = |x: i32, line: i32, ch: char, ink: Ink| {
            if let Some(cell) = lines.get_mut(line as usize).and_then(|l| l.get_mut(x as usize)) {
                // A number is never drawn over; a side never over a number.
                if cell.1 != Ink::Number {
                    *cell = (ch, ink);
                }
            }
        };
        let col = |x: i32| 3 * (x - xmin);
        let row = |y: i32| 2 * (ymax - y);
        for p in board.placements() {
            let (c, r) = (p.cell.c(), p.cell.r());
            let mid = row(r) - 1;
            if p.cell.is_up() {
                // Bottom side, then the slanted ones.
                for x in col(c) + 1..col(c + 2) {
                    put(x, row(r), '-', Ink::Side);
                }
                put(col(c) + 2, mid, '/', Ink::Side);
                put(col(c) + 4, mid, '\\', Ink::Side);
            } else {
                for x in col(c) + 1..col(c + 2) {
                    put(x, row(r + 1), '-', Ink::Side);
                }
                put(col(c) + 1, mid, '\\', Ink::Side);
                put(col(c) + 5, mid, '/', Ink::Side);
            }
            let values = p.values();
            for (k, point) in p.cell.corners().into_iter().enumerate() {
                let digit = char::from(b'0' + values[k]);
                put(col(2 * point.i + point.j), row(point.j), digit, Ink::Number);
            }
        }
        for &s in spots {
            put(col(s.c()) + 3, row(s.r()) - 1, '.', Ink::Spot);
        }
        if let Some(l) = last {
            put(col(l.c()) + 3, row(l.r()) - 1, '*', Ink::Last);
        }
        if let Some(ch) = chosen {
            put(col(ch.c()) + 3, row(ch.r()) - 1, '?', Ink::Chosen);
        }
        // Trailing blanks make no difference on screen: trim them.
        for l in &mut lines {
            while l.last().is_some_and(|c| c.1 == Ink::Blank) {
                l.pop();
            }
        }
        Picture { lines }
    }

    /// The picture as plain text, a line each.
    #[cfg(test)]
    pub fn text(&self) -> String {
        self.lines.iter().map(|l| l.iter().map(|c| c.0).collect::<String>() + "\n").collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use triominos_core::Placement;

    fn place(board: &mut Board, tile: &str, c: i32, r: i32, rot: u8) {
        board.place(Placement::new(tile.parse().unwrap(), Cell::new(c, r).unwrap(), rot));
    }

    /// The worked example of docs/notation.md: `555`, `255L555`, `355B555`,
    /// every corner's number where it lies.
    #[test]
    fn the_notation_docs_board_is_drawn_with_its_numbers_at_the_corners() {
        let mut board = Board::new(true);
        let hand: triominos_core::TileSet = ["5-5-5", "2-5-5", "3-5-5"].iter().map(|t| t.parse().unwrap()).collect();
        let mut last = None;
        for m in ["555", "255L555", "355B555"] {
            let p = triominos_core::notation::parse(m, &board, hand).unwrap().placement().unwrap();
            board.place(p);
            last = Some(p.cell);
        }
        let text = Picture::of(&board, &[], None, last).text();
        // 2-5-5 points down left of 5-5-5: its top corners 2 and 5; the
        // corners 5-5-5 shares with 3-5-5 (below, down) are 5 and 5, and
        // 3-5-5's bottom corner 3 (as in the picture of docs/notation.md).
        assert_eq!(text, "2-----5\n \\   / \\\n   5-----5\n    \\ * /\n      3\n", "{text}");
    }

    #[test]
    fn spots_and_the_chosen_one_are_marked_at_their_centres() {
        let mut board = Board::new(true);
        place(&mut board, "5-5-5", 0, 0, 0);
        let spots = [Cell::new(-1, 0).unwrap(), Cell::new(1, 0).unwrap(), Cell::new(0, -1).unwrap()];
        let text = Picture::of(&board, &spots, Some(spots[1]), None).text();
        assert_eq!(text.matches('.').count(), 2, "{text}");
        assert_eq!(text.matches('?').count(), 1, "{text}");
        assert_eq!(text.matches('5').count(), 3, "{text}");
    }
}
