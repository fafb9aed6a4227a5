//! [`Seats`]: a small set of seat numbers (winners, seats that reached the
//! target, a round's winners). With the `serde` feature it is a JSON list of
//! seat numbers in increasing order, like `[0, 2]`.
//!
//! ```
//! use triominos_core::Seats;
//! let mut w: Seats = [2, 0].into_iter().collect();
//! w.insert(2);
//! assert_eq!(w.len(), 2);
//! assert!(w.contains(0) && !w.contains(1));
//! assert_eq!(w.iter().collect::<Vec<_>>(), vec![0, 2]);
//! ```

use core::fmt;
use core::ops::{BitAnd, BitOr, BitOrAssign};

/// A set of seat numbers, each below [`Seats::CAPACITY`]. Small and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "Array<number>"))]
pub struct Seats(u8);

impl Seats {
    /// No seat.
    pub const EMPTY: Seats = Seats(0);
    /// Seat numbers are below this.
    pub const CAPACITY: u8 = 8;

    /// The seats whose bits are set in `bits` (bit `i` is seat `i`).
    pub const fn from_bits(bits: u8) -> Seats {
        Seats(bits)
    }

    /// The set as a bit mask (bit `i` is seat `i`).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Every seat of a table of `players` seats (at most [`Seats::CAPACITY`]).
    pub const fn all(players: usize) -> Seats {
        if players >= Seats::CAPACITY as usize {
            Seats(u8::MAX)
        } else {
            Seats(((1u16 << players) - 1) as u8)
        }
    }

    /// Only this seat (no seat when `seat` is not below [`Seats::CAPACITY`]).
    pub const fn one(seat: u8) -> Seats {
        if seat < Seats::CAPACITY {
            Seats(1 << seat)
        } else {
            Seats(0)
        }
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: u8) -> bool {
        seat < Seats::CAPACITY && self.0 & (1 << seat) != 0
    }

    /// Adds `seat`; returns whether it was new. A seat not below
    /// [`Seats::CAPACITY`] is not added.
    pub fn insert(&mut self, seat: u8) -> bool {
        let new = seat < Seats::CAPACITY && !self.contains(seat);
        self.0 |= Seats::one(seat).0;
        new
    }

    /// Removes `seat`; returns whether it was there.
    pub fn remove(&mut self, seat: u8) -> bool {
        let was = self.contains(seat);
        self.0 &= !Seats::one(seat).0;
        was
    }

    /// How many seats.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no seat is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Seats in either set.
    pub const fn union(self, other: Seats) -> Seats {
        Seats(self.0 | other.0)
    }

    /// Seats in both sets.
    pub const fn intersection(self, other: Seats) -> Seats {
        Seats(self.0 & other.0)
    }

    /// Seats of `self` not in `other`.
    pub const fn difference(self, other: Seats) -> Seats {
        Seats(self.0 & !other.0)
    }

    /// The lowest seat, if any.
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// The seats in increasing order.
    pub fn iter(self) -> SeatsIter {
        SeatsIter(self.0)
    }
}

/// A seat number that is not at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NoSuchSeat {
    /// The seat asked for.
    pub seat: u8,
    /// Seats at the table (seats are `0..players`).
    pub players: u8,
}

impl fmt::Display for NoSuchSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no seat {} at a table of {}", self.seat, self.players)
    }
}

impl std::error::Error for NoSuchSeat {}

/// The seats of a [`Seats`], in increasing order.
#[derive(Clone, Debug)]
pub struct SeatsIter(u8);

impl Iterator for SeatsIter {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let s = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(s)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SeatsIter {}

impl IntoIterator for Seats {
    type Item = u8;
    type IntoIter = SeatsIter;

    fn into_iter(self) -> SeatsIter {
        self.iter()
    }
}

impl FromIterator<u8> for Seats {
    /// Seats not below [`Seats::CAPACITY`] are left out.
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Seats {
        let mut s = Seats::EMPTY;
        for seat in iter {
            s.insert(seat);
        }
        s
    }
}

impl Extend<u8> for Seats {
    fn extend<I: IntoIterator<Item = u8>>(&mut self, iter: I) {
        for seat in iter {
            self.insert(seat);
        }
    }
}

impl BitOr for Seats {
    type Output = Seats;
    fn bitor(self, rhs: Seats) -> Seats {
        self.union(rhs)
    }
}

impl BitOrAssign for Seats {
    fn bitor_assign(&mut self, rhs: Seats) {
        *self = self.union(rhs);
    }
}

impl BitAnd for Seats {
    type Output = Seats;
    fn bitand(self, rhs: Seats) -> Seats {
        self.intersection(rhs)
    }
}

impl fmt::Debug for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Seats {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Seats {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seats, D::Error> {
        let seats = <Vec<u8> as serde::Deserialize>::deserialize(d)?;
        let mut s = Seats::EMPTY;
        for seat in seats {
            if seat >= Seats::CAPACITY {
                return Err(serde::de::Error::custom(format!("seat {seat} out of range")));
            }
            s.insert(seat);
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: Seats = [0, 3, 5].into_iter().collect();
        let b: Seats = [3, 4].into_iter().collect();
        assert_eq!((a | b).iter().collect::<Vec<_>>(), vec![0, 3, 4, 5]);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![3]);
        assert_eq!(a.difference(b).iter().collect::<Vec<_>>(), vec![0, 5]);
        assert_eq!(a.len(), 3);
        assert_eq!(a.first(), Some(0));
        assert_eq!(Seats::EMPTY.first(), None);
        assert_eq!(Seats::all(3).bits(), 0b111);
        assert_eq!(Seats::all(8).len(), 8);
        let mut c = Seats::EMPTY;
        assert!(c.insert(2));
        assert!(!c.insert(2));
        assert!(!c.insert(8), "seat 8 does not fit");
        assert_eq!(c, Seats::one(2));
        assert!(c.remove(2) && c.is_empty());
        assert_eq!(format!("{a:?}"), "{0, 3, 5}");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serializes_as_a_list() {
        let a: Seats = [4, 1].into_iter().collect();
        assert_eq!(serde_json::to_string(&a).unwrap(), "[1,4]");
        assert_eq!(serde_json::from_str::<Seats>("[4,1,1]").unwrap(), a);
        assert_eq!(serde_json::from_str::<Seats>("[]").unwrap(), Seats::EMPTY);
        assert!(serde_json::from_str::<Seats>("[8]").is_err());
        assert!(serde_json::from_str::<Seats>("3").is_err());
    }
}
