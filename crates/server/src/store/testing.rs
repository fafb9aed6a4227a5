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

    /// A test seam: the storage thread stops in the middle of a batch, as
    /// when PostgreSQL is frozen (`SIGSTOP`): every write waits, none
    /// fails, until the guard is dropped. Answers once the batch began.
    #[doc(hidden)]
    pub async fn freeze(&self) -> Frozen {
        let (thaw, frozen) = std::sync::mpsc::channel::<()>();
        let (began, started) = tokio::sync::oneshot::channel::<()>();
        let job: super::handle::Job = Box::new(move |_| {
            let _ = began.send(());
            // Returns once the guard's sender is dropped.
            let _ = frozen.recv();
            Box::new(|_| {})
        });
        let _ = self.tx.send(job);
        let _ = started.await;
        Frozen { _thaw: thaw, health: self.health.clone() }
    }
}

/// The storage thread frozen until this is dropped ([`Store::freeze`]).
#[doc(hidden)]
pub struct Frozen {
    _thaw: std::sync::mpsc::Sender<()>,
    health: std::sync::Arc<super::health::Health>,
}

impl Frozen {
    /// The frozen batch counted as begun long ago: a stall at once
    /// (`Health::cannot_save`), without waiting [`super::STALL_AFTER`].
    #[doc(hidden)]
    pub fn stall(&self) {
        self.health.began_long_ago();
    }
}
