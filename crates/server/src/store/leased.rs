//! A store's side of the leases of games in play (several instances over
//! one PostgreSQL: see [`lease`]).

use super::db::Val;
use super::error::StoreError;
use super::games::load_game;
use super::handle::{Store, StoredGame};
use super::lease;
use super::time::now_ms;

/// What taking a game's lease gave ([`Store::take_and_load`]).
#[derive(Debug)]
pub enum Taken {
    /// No such game.
    NotFound,
    /// This instance owns the game now (with this epoch; 0 without leases),
    /// loaded after the lease was taken.
    Mine(i64, StoredGame),
    /// Another instance holds a live lease.
    Elsewhere(lease::Holder),
}

/// The leases of games in play (several instances over one PostgreSQL: see [`lease`]).
impl Store {
    /// The leases of this instance, when it is one of several
    /// ([`Store::with_leases`]).
    pub fn leases(&self) -> Option<&lease::Leases> {
        self.leases.as_ref()
    }

    /// This store with leases: every write of a game checks this instance's
    /// lease on it (see [`lease`]).
    pub fn with_leases(mut self, leases: lease::Leases) -> Store {
        self.leases = Some(leases);
        self
    }

    /// Takes a game's lease (when nobody holds a live one) and loads it, in
    /// one job: the lease row is locked first, so that the instance that had
    /// it can store nothing more once the game is read. Without leases,
    /// loads it.
    pub async fn take_and_load(&self, game: String) -> Result<Taken, StoreError> {
        let Some(leases) = self.leases.clone() else {
            return Ok(match self.load(game).await? {
                Some(g) => Taken::Mine(0, g),
                None => Taken::NotFound,
            });
        };
        let l = leases.clone();
        let id = game.clone();
        let taken = self
            .call(move |c| {
                if c.query_opt("SELECT 1 FROM games WHERE id = ?1", &[Val::from(&game)])?.is_none() {
                    return Ok(Taken::NotFound);
                }
                match l.try_take(c, &game, now_ms())? {
                    Err(holder) => Ok(Taken::Elsewhere(holder)),
                    Ok(epoch) => match load_game(c, &game) {
                        Ok(Some(g)) => Ok(Taken::Mine(epoch, g)),
                        Ok(None) => Ok(Taken::NotFound),
                        Err(e) => Err(e),
                    },
                }
            })
            .await;
        if matches!(taken, Ok(Taken::NotFound) | Err(_)) {
            leases.forget(&id);
        }
        taken
    }

    /// Renews every lease this instance holds; tells which it still holds,
    /// which it lost (another took them over: its rooms must go) and which
    /// another instance asked for.
    pub async fn renew_leases(&self) -> Result<lease::Renewed, StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(lease::Renewed::default()) };
        self.call(move |c| Ok::<_, StoreError>(leases.renew(c, now_ms())?)).await
    }

    /// Gives a game's lease back (the game left memory, or is handed over):
    /// another instance may take it at once.
    pub async fn release(&self, game: String) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        let Some(epoch) = leases.forget(&game) else { return Ok(()) };
        self.call(move |c| Ok::<_, StoreError>(leases.give_back(c, &game, epoch)?)).await
    }

    /// Gives back every lease of this instance (it stops): the other
    /// instances may take its games at once, not after their expiry.
    pub async fn release_all(&self) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        self.call(move |c| Ok::<_, StoreError>(leases.give_back_all(c, now_ms())?)).await
    }

    /// Joins the instances over this database ([`lease::Leases::join`]):
    /// refused with [`StoreError::LeaseLength`] when one seen lately uses
    /// another lease length. Nothing without leases.
    pub async fn join(&self) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        self.call(move |c| Ok(leases.join(c, now_ms())?)).await
    }

    /// Hands a game over to the instance that asked for it (see
    /// [`lease::Leases::hand_over`]).
    pub async fn hand_over(&self, game: String) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        let Some(epoch) = leases.forget(&game) else { return Ok(()) };
        self.call(move |c| Ok::<_, StoreError>(leases.hand_over(c, &game, epoch, now_ms())?)).await
    }

    /// Asks the owner of a game to hand it over (its players are sent to
    /// this instance): it gives the lease back at its next renewal.
    pub async fn ask_for(&self, game: String) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        self.call(move |c| Ok::<_, StoreError>(leases.ask(c, &game)?)).await
    }
}
