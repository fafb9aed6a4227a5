//! Portable randomness: ChaCha8 seeded from a `u64`, and our own unbiased
//! Fisher-Yates shuffle, so that a seed deals the same hands on every machine,
//! forever (no dependence on an unspecified library shuffle).
//!
//! ```
//! use triominos_core::rng::{seeded, shuffle};
//! let mut a: Vec<u32> = (0..10).collect();
//! let mut b = a.clone();
//! shuffle(&mut seeded(7), &mut a);
//! shuffle(&mut seeded(7), &mut b);
//! assert_eq!(a, b);
//! ```

pub use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The generator for a seed: `ChaCha8Rng::seed_from_u64(seed)`.
pub fn seeded(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniform number in `0..n` (`n > 0`), without modulo bias: rejection
/// sampling on 32-bit draws.
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    assert!(n > 0, "below(0)");
    let zone = u32::MAX - (u32::MAX - n + 1) % n;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % n;
        }
    }
}

/// Fisher-Yates: for `i` from the last index down to 1, swap item `i` with
/// item `below(i + 1)`.
pub fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_shuffle_forever() {
        // Pinned output: if this changes, every seeded deal changes (the deals
        // themselves are pinned in tests/data/seeds.json).
        let mut v: Vec<u8> = (0..12).collect();
        shuffle(&mut seeded(42), &mut v);
        assert_eq!(v, [10, 3, 2, 0, 1, 8, 7, 11, 6, 4, 5, 9], "seed 42");
        let mut w: Vec<u8> = (0..56).collect();
        shuffle(&mut seeded(2026), &mut w);
        let pinned = [
            45, 33, 29, 47, 9, 2, 52, 48, 43, 27, 3, 16, 49, 55, 40, 10, 32, 8, 30, 5, 13, 34, 6, 44, 26, 50, 19, 17,
            21, 28, 4, 53, 18, 31, 38, 0, 39, 14, 12, 20, 1, 22, 54, 37, 11, 41, 35, 51, 23, 42, 7, 24, 36, 25, 46, 15,
        ];
        assert_eq!(w, pinned, "seed 2026, as many items as tiles");
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = seeded(1);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[below(&mut rng, 7) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
