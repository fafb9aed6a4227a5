//! Reading the notation's text into a [`Move`], without a position: the
//! spelling only (docs/notation.md, "Grammar"). Case does not matter;
//! spaces may go between the parts; a tile may keep its dashes; a side may
//! be a word (`left of`).

use super::error::NotationError;
use super::moves::{Move, Place, Side, Spot, Turn};
use crate::tile::{Tile, TileParseError};
use core::str::FromStr;

/// What may come after the tile, in words, for errors.
const AFTER_TILE: &str = "a side (L, R, A or B, then a tile), a turn (^2), ! or the end";
const AFTER_SPOT: &str = "a turn (^2), ! or the end";
const AFTER_TURN: &str = "! or the end";

struct Cursor {
    chars: Vec<char>,
    pos: usize,
}

impl Cursor {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// A run of characters while `keep` holds.
    fn run(&mut self, keep: impl Fn(char) -> bool) -> String {
        let start = self.pos;
        while self.peek().is_some_and(&keep) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    /// What was read so far (trimmed), for errors.
    fn before(&self) -> String {
        self.chars[..self.pos].iter().collect::<String>().trim().to_string()
    }

    fn unexpected(&self, expected: &'static str) -> NotationError {
        let found: String = self.chars[self.pos..].iter().take(20).collect();
        NotationError::Unexpected { after: self.before(), found, expected }
    }

    /// A tile: `255` or `2-5-5`.
    fn tile(&mut self) -> Result<Tile, NotationError> {
        let word = self.run(|c| c.is_ascii_digit() || c == '-');
        if word.is_empty() {
            return Err(self.unexpected("a tile such as 255 or 2-5-5"));
        }
        let digits: Vec<char> = word.chars().filter(char::is_ascii_digit).collect();
        let dashed = word.contains('-');
        let shape_ok = digits.len() == 3
            && (!dashed || (word.chars().count() == 5 && word.chars().skip(1).step_by(2).all(|c| c == '-')));
        if !shape_ok {
            return Err(TileParseError::Syntax(word).into());
        }
        let spelled = format!("{}-{}-{}", digits[0], digits[1], digits[2]);
        spelled.parse::<Tile>().map_err(|e| match e {
            // Name the tile as it was written, not as respelled.
            TileParseError::OutOfRange(_) => TileParseError::OutOfRange(word).into(),
            TileParseError::NotCanonical { rotation_of, .. } => {
                TileParseError::NotCanonical { written: word, rotation_of }.into()
            }
            e => e.into(),
        })
    }

    /// A side: a letter (`L`), or a word optionally followed by `of`
    /// (`left`, `left of`, `leftof`: spaces may go between the parts, and
    /// need not). `of` follows only a word (docs/notation.md's grammar):
    /// after a letter it is refused, as any word that is not a tile.
    fn side(&mut self) -> Result<Option<Side>, NotationError> {
        if !self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            return Ok(None);
        }
        let start = self.pos;
        let run = self.run(|c| c.is_ascii_alphabetic()).to_ascii_lowercase();
        // A word glued to its `of` is the same word.
        let (word, glued_of) = match run.strip_suffix("of") {
            Some(w) if ["left", "right", "above", "below"].contains(&w) => (w.to_string(), true),
            _ => (run, false),
        };
        let (side, is_word) = match word.as_str() {
            "l" => (Side::Left, false),
            "r" => (Side::Right, false),
            "a" => (Side::Above, false),
            "b" => (Side::Below, false),
            "left" => (Side::Left, true),
            "right" => (Side::Right, true),
            "above" => (Side::Above, true),
            "below" => (Side::Below, true),
            _ => {
                self.pos = start;
                return Err(self.unexpected(AFTER_TILE));
            }
        };
        if is_word && !glued_of {
            let mark = self.pos;
            self.skip_spaces();
            let of = self.run(|c| c.is_ascii_alphabetic());
            if !of.eq_ignore_ascii_case("of") {
                self.pos = mark;
            }
        }
        Ok(Some(side))
    }

    /// A turn after `^`: one to three numbers 0..5, dashes allowed between.
    fn turn(&mut self) -> Result<Turn, NotationError> {
        self.skip_spaces();
        let word = self.run(|c| c.is_ascii_digit() || c == '-');
        let numbers: Vec<u8> = word.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
        let dashes_ok = !word.starts_with('-') && !word.ends_with('-') && !word.contains("--");
        match Turn::new(&numbers) {
            Some(t) if dashes_ok => Ok(t),
            _ => Err(NotationError::BadTurn(word)),
        }
    }
}

impl FromStr for Move {
    type Err = NotationError;

    /// Reads a move's spelling (see the module). The tiles are checked as
    /// tiles (`2-4-1` is refused, naming `1-2-4`); nothing is checked
    /// against a board: that is [`Move::resolve`].
    fn from_str(text: &str) -> Result<Move, NotationError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(NotationError::Empty);
        }
        match trimmed.to_ascii_lowercase().as_str() {
            "draw" => return Ok(Move::Draw),
            "pass" => return Ok(Move::Pass),
            "timeout" => return Ok(Move::Timeout),
            _ => {}
        }
        let mut cur = Cursor { chars: trimmed.chars().collect(), pos: 0 };
        if !cur.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(cur.unexpected("a tile such as 255 or 2-5-5, draw or pass"));
        }
        let tile = cur.tile()?;
        cur.skip_spaces();
        let spot = match cur.side()? {
            Some(side) => {
                cur.skip_spaces();
                Some(Spot { side, next_to: cur.tile()? })
            }
            None => None,
        };
        cur.skip_spaces();
        let turn = if cur.peek() == Some('^') {
            cur.pos += 1;
            Some(cur.turn()?)
        } else {
            None
        };
        cur.skip_spaces();
        let announce = cur.peek() == Some('!');
        if announce {
            cur.pos += 1;
        }
        cur.skip_spaces();
        if cur.peek().is_some() {
            let expected = match (spot, turn, announce) {
                (_, _, true) | (_, Some(_), _) => AFTER_TURN,
                (Some(_), None, false) => AFTER_SPOT,
                (None, None, false) => AFTER_TILE,
            };
            return Err(cur.unexpected(expected));
        }
        Ok(Move::Place(Place { tile, spot, turn, announce }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn spellings_of_one_move_read_the_same() {
        let want = Move::Place(Place {
            tile: t("2-5-5"),
            spot: Some(Spot { side: Side::Left, next_to: t("5-5-5") }),
            turn: None,
            announce: false,
        });
        for text in ["255L555", "255l555", " 2-5-5 L 5-5-5 ", "255 left of 555", "2-5-5 LEFT OF 5-5-5", "255 left555"] {
            assert_eq!(text.parse::<Move>(), Ok(want), "{text}");
        }
        // Spaces may go between the parts, and need not (docs/notation.md's grammar).
        for text in ["255leftof555", "255left555", "255 left of555", "255 LeftOf 555"] {
            assert_eq!(text.parse::<Move>(), Ok(want), "{text}");
        }
        assert_eq!(want.to_string(), "255L555");
        let full: Move = "224 a 014 ^ 2-4 !".parse().unwrap();
        assert_eq!(full.to_string(), "224A014^24!");
        assert_eq!(full.to_string().parse::<Move>(), Ok(full));
        assert_eq!("DRAW".parse::<Move>(), Ok(Move::Draw));
        assert_eq!(" pass".parse::<Move>(), Ok(Move::Pass));
        assert_eq!("timeout".parse::<Move>(), Ok(Move::Timeout));
    }

    #[test]
    fn bad_spellings_say_what_is_wrong() {
        let err = |s: &str| s.parse::<Move>().unwrap_err().to_string();
        assert_eq!(err("  "), "no move: write a tile and its spot (255L555), draw or pass");
        assert_eq!(err("241L555"), "unknown tile 241: write it clockwise from its lowest number, 1-2-4");
        assert_eq!(err("142"), "unknown tile 142: no such tile (tiles cannot be flipped)");
        assert_eq!(err("2-5-7"), "unknown tile 2-5-7: numbers go from 0 to 5");
        assert_eq!(err("2555"), "unknown tile \"2555\": expected three numbers like 1-2-4");
        assert_eq!(err("25-5"), "unknown tile \"25-5\": expected three numbers like 1-2-4");
        assert_eq!(
            err("255X555"),
            "unexpected \"X555\" after \"255\": expected a side (L, R, A or B, then a tile), a turn (^2), ! or the end"
        );
        assert_eq!(err("255L"), "\"255L\" ends too soon: expected a tile such as 255 or 2-5-5");
        assert_eq!(err("255L555 x"), "unexpected \"x\" after \"255L555\": expected a turn (^2), ! or the end");
        assert_eq!(err("124^7"), "bad turn ^7: write the numbers from the tile's point, clockwise, such as ^2 or ^24");
        assert_eq!(
            err("124^1234"),
            "bad turn ^1234: write the numbers from the tile's point, clockwise, such as ^2 or ^24"
        );
        assert_eq!(err("124^"), "bad turn ^: write the numbers from the tile's point, clockwise, such as ^2 or ^24");
        assert_eq!(err("124!!"), "unexpected \"!\" after \"124!\": expected ! or the end");
        assert_eq!(err("drawn"), "unexpected \"drawn\": expected a tile such as 255 or 2-5-5, draw or pass");
        assert_eq!(err("é"), "unexpected \"é\": expected a tile such as 255 or 2-5-5, draw or pass");
        // `of` follows a side's word, never its letter.
        assert_eq!(err("255 L of 555"), "unexpected \"of 555\" after \"255 L\": expected a tile such as 255 or 2-5-5");
        assert_eq!(
            err("255 leftof of 555"),
            "unexpected \"of 555\" after \"255 leftof\": expected a tile such as 255 or 2-5-5"
        );
    }
}
