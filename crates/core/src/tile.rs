//! The 56 tiles and sets of tiles.
//!
//! A tile is written with its numbers in clockwise order starting at its
//! lowest number, and read that way the numbers never decrease (`1-2-4`).
//! Tiles are numbered 0..56 in the lexicographic order of that spelling.

use core::fmt;
use core::str::FromStr;

/// Number of tiles in a set.
pub const TILE_COUNT: usize = 56;

/// One of the 56 tiles, identified by its index (0 = `0-0-0`, 55 = `5-5-5`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Tile(u8);

const fn build_numbers() -> [[u8; 3]; TILE_COUNT] {
    let mut out = [[0u8; 3]; TILE_COUNT];
    let mut n = 0;
    let mut a = 0;
    while a < 6 {
        let mut b = a;
        while b < 6 {
            let mut c = b;
            while c < 6 {
                out[n] = [a, b, c];
                n += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

const NUMBERS: [[u8; 3]; TILE_COUNT] = build_numbers();

const fn build_index() -> [u8; 216] {
    let mut out = [255u8; 216];
    let mut t = 0;
    while t < TILE_COUNT {
        let [a, b, c] = NUMBERS[t];
        out[(a as usize) * 36 + (b as usize) * 6 + c as usize] = t as u8;
        t += 1;
    }
    out
}

const INDEX: [u8; 216] = build_index();

impl Tile {
    /// All 56 tiles in index order.
    pub fn all() -> impl Iterator<Item = Tile> + Clone {
        (0..TILE_COUNT as u8).map(Tile)
    }

    /// The tile with this index, if `index < 56`.
    pub const fn from_index(index: u8) -> Option<Tile> {
        if (index as usize) < TILE_COUNT {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// This tile's index in 0..56.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The tile whose canonical spelling is `a-b-c` (`a <= b <= c <= 5`).
    ///
    /// Returns `None` for numbers above 5 or for a spelling that is not
    /// canonical (such as `2-4-1`, a rotation, or `1-4-2`, a mirror image).
    pub const fn from_numbers(a: u8, b: u8, c: u8) -> Option<Tile> {
        if a > 5 || b > 5 || c > 5 || a > b || b > c {
            return None;
        }
        Some(Tile(INDEX[(a as usize) * 36 + (b as usize) * 6 + c as usize]))
    }

    /// The tile's three numbers in clockwise order from its lowest.
    #[inline]
    pub const fn numbers(self) -> [u8; 3] {
        NUMBERS[self.0 as usize]
    }

    /// The tile's value: the sum of its numbers (0..=15).
    #[inline]
    pub const fn value(self) -> u8 {
        let [a, b, c] = self.numbers();
        a + b + c
    }

    /// Whether the three numbers are equal (`0-0-0` .. `5-5-5`).
    #[inline]
    pub const fn is_triple(self) -> bool {
        let [a, b, c] = self.numbers();
        a == b && b == c
    }

    /// The number at clockwise corner `k` (0..3) of the tile placed with `rotation`.
    #[inline]
    pub const fn corner(self, rotation: u8, k: u8) -> u8 {
        self.numbers()[((k + rotation) % 3) as usize]
    }

    /// The key by which tiles are compared for "highest tile": the sum first,
    /// then the numbers sorted from largest to smallest (`5-5-3` beats `4-4-5`).
    pub const fn rank(self) -> (u8, [u8; 3]) {
        let [a, b, c] = self.numbers();
        (self.value(), [c, b, a])
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.numbers();
        write!(f, "{a}-{b}-{c}")
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a tile spelling was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileParseError {
    /// Not three numbers joined by `-`.
    Syntax(String),
    /// A number above 5.
    OutOfRange(String),
    /// Three valid numbers that are not a tile's clockwise spelling from its lowest.
    NotCanonical {
        /// What was written.
        written: String,
        /// The tile with the same numbers, when there is one (a rotation of it).
        rotation_of: Option<Tile>,
    },
}

impl fmt::Display for TileParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TileParseError::Syntax(s) => write!(f, "unknown tile {s:?}: expected three numbers like 1-2-4"),
            TileParseError::OutOfRange(s) => write!(f, "unknown tile {s}: numbers go from 0 to 5"),
            TileParseError::NotCanonical { written, rotation_of: Some(t) } => {
                write!(f, "unknown tile {written}: write it clockwise from its lowest number, {t}")
            }
            TileParseError::NotCanonical { written, rotation_of: None } => {
                write!(f, "unknown tile {written}: no such tile (tiles cannot be flipped)")
            }
        }
    }
}

impl std::error::Error for TileParseError {}

impl FromStr for Tile {
    type Err = TileParseError;

    fn from_str(s: &str) -> Result<Tile, TileParseError> {
        let mut nums = [0u8; 3];
        let mut parts = s.split('-');
        for slot in nums.iter_mut() {
            let p = parts.next().ok_or_else(|| TileParseError::Syntax(s.to_string()))?;
            if p.len() != 1 || !p.as_bytes()[0].is_ascii_digit() {
                return Err(TileParseError::Syntax(s.to_string()));
            }
            *slot = p.as_bytes()[0] - b'0';
        }
        if parts.next().is_some() {
            return Err(TileParseError::Syntax(s.to_string()));
        }
        if nums.iter().any(|&n| n > 5) {
            return Err(TileParseError::OutOfRange(s.to_string()));
        }
        let [a, b, c] = nums;
        if let Some(t) = Tile::from_numbers(a, b, c) {
            return Ok(t);
        }
        // A rotation of a real tile, or a mirror image.
        let rotation_of = [[a, b, c], [b, c, a], [c, a, b]].iter().find_map(|&[x, y, z]| Tile::from_numbers(x, y, z));
        Err(TileParseError::NotCanonical { written: s.to_string(), rotation_of })
    }
}

/// A set of tiles, as a 56-bit mask. Cheap to copy, intersect and count.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "Array<Tile>"))]
pub struct TileSet(u64);

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);
    /// All 56 tiles.
    pub const ALL: TileSet = TileSet((1u64 << TILE_COUNT) - 1);

    /// The set with these bits (bit `i` = tile index `i`); bits above 55 are dropped.
    #[inline]
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & Self::ALL.0)
    }

    /// The raw mask.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether the set holds `t`.
    #[inline]
    pub const fn contains(self, t: Tile) -> bool {
        self.0 & (1u64 << t.0) != 0
    }

    /// Adds `t`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, t: Tile) -> bool {
        let was = self.contains(t);
        self.0 |= 1u64 << t.0;
        !was
    }

    /// Removes `t`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, t: Tile) -> bool {
        let was = self.contains(t);
        self.0 &= !(1u64 << t.0);
        was
    }

    /// Number of tiles in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Tiles in both sets.
    #[inline]
    pub const fn intersection(self, other: TileSet) -> TileSet {
        TileSet(self.0 & other.0)
    }

    /// Tiles in either set.
    #[inline]
    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// Tiles in `self` but not in `other`.
    #[inline]
    pub const fn difference(self, other: TileSet) -> TileSet {
        TileSet(self.0 & !other.0)
    }

    /// Sum of the values of the tiles in the set.
    pub fn value(self) -> u32 {
        self.iter().map(|t| t.value() as u32).sum()
    }

    /// The tiles in index order.
    #[inline]
    pub fn iter(self) -> TileSetIter {
        TileSetIter(self.0)
    }

    /// The highest tile of the set (rules.md section 1), if any.
    pub fn highest(self) -> Option<Tile> {
        self.iter().max_by_key(|t| t.rank())
    }

    /// The highest triple of the set, if any.
    pub fn highest_triple(self) -> Option<Tile> {
        self.iter().filter(|t| t.is_triple()).max_by_key(|t| t.rank())
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> TileSet {
        let mut s = TileSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl IntoIterator for TileSet {
    type Item = Tile;
    type IntoIter = TileSetIter;
    fn into_iter(self) -> TileSetIter {
        self.iter()
    }
}

/// Iterator over a [`TileSet`] in index order.
#[derive(Clone)]
pub struct TileSetIter(u64);

impl Iterator for TileSetIter {
    type Item = Tile;
    #[inline]
    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Tile(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for TileSetIter {}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::Tile;
    use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Tile {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Tile {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
            let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            s.parse().map_err(de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_has_56_tiles_summing_to_420() {
        assert_eq!(Tile::all().count(), 56);
        assert_eq!(TileSet::ALL.value(), 420);
        assert_eq!(Tile::all().filter(|t| t.is_triple()).count(), 6);
        let doubled = Tile::all()
            .filter(|t| {
                let [a, b, c] = t.numbers();
                !t.is_triple() && (a == b || b == c)
            })
            .count();
        assert_eq!(doubled, 30);
    }

    #[test]
    fn parse_and_display_round_trip() {
        for t in Tile::all() {
            assert_eq!(t.to_string().parse::<Tile>().unwrap(), t);
        }
        assert!(matches!("1-4-2".parse::<Tile>(), Err(TileParseError::NotCanonical { rotation_of: None, .. })));
        assert_eq!(
            "2-4-1".parse::<Tile>(),
            Err(TileParseError::NotCanonical { written: "2-4-1".into(), rotation_of: Tile::from_numbers(1, 2, 4) })
        );
        assert!("1-2-6".parse::<Tile>().is_err());
        assert!("1-2".parse::<Tile>().is_err());
        assert!("1-2-3-4".parse::<Tile>().is_err());
        assert!("12-3".parse::<Tile>().is_err());
    }

    #[test]
    fn highest_tile_compares_sum_then_sorted_numbers() {
        let a: Tile = "3-5-5".parse().unwrap();
        let b: Tile = "4-4-5".parse().unwrap();
        assert!(a.rank() > b.rank(), "5-5-3 beats 4-4-5");
        let set: TileSet = [a, b].into_iter().collect();
        assert_eq!(set.highest(), Some(a));
        assert_eq!(set.highest_triple(), None);
    }

    #[test]
    fn rotation_puts_numbers_clockwise() {
        let t: Tile = "1-2-4".parse().unwrap();
        // rules.md: 1-2-4 at rotation 1: top 2, bottom-right 4, bottom-left 1.
        assert_eq!([t.corner(1, 0), t.corner(1, 1), t.corner(1, 2)], [2, 4, 1]);
    }
}
