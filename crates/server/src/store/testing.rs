//! Test seams: storage failures the tests ask for. Compiled only with the
//! feature `testing`, which the crate's own dev-dependency turns on: the
//! tests have them, the shipped program does not.

use super::handle::Store;
use std::sync::atomic::Ordering;

impl Store {
    /// A test seam: the next `n` appends fail on the storage thread, inside
    /// their transaction, as on a full disk (a `StoreError`, nothing
    /// written); the ones after work again. For the tests of what the server
    /// does after a temporary storage failure.
    #[doc(hidden)]
    pub fn fail_next_appends(&self, n: u32) {
        self.failing_appends.store(n, Ordering::SeqCst);
    }

    /// Appends still to fail (see [`Store::fail_next_appends`]).
    #[doc(hidden)]
    pub fn appends_left_to_fail(&self) -> u32 {
        self.failing_appends.load(Ordering::SeqCst)
    }
}
