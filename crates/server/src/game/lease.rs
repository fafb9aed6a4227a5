//! The leases of an instance among several over one PostgreSQL (see
//! [`crate::store::lease`] for the rows and the fencing): every third of a
//! lease's length, [`tick`] renews them all, drops from memory the games
//! another instance took over (their sockets close and the pages connect
//! again, through the proxy, to the owner), hands over the games another
//! instance asked for (the proxy sends their players there), gives back the
//! leases of the games no longer in memory, and takes over the unfinished
//! games whose owner's lease expired (a dead instance), so that their bots
//! and clocks play on.

use crate::state::AppState;
use crate::store::db::Val;
use std::collections::HashSet;
use std::sync::Arc;

/// What one [`tick`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ticked {
    /// Games dropped: another instance owns them now.
    pub lost: Vec<String>,
    /// Games handed over to the instance that asked.
    pub handed: Vec<String>,
    /// Leases given back (the game left memory).
    pub released: Vec<String>,
    /// Games taken over from an instance whose lease expired.
    pub taken: Vec<String>,
}

/// Starts the lease task of `state` (nothing without leases).
pub fn start(state: &Arc<AppState>) {
    let Some(leases) = state.store.leases() else { return };
    let every = std::time::Duration::from_millis((leases.ttl_ms / 3).max(100) as u64);
    let weak = Arc::downgrade(state);
    tokio::spawn(async move {
        let mut t = tokio::time::interval(every);
        t.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            t.tick().await;
            let Some(state) = weak.upgrade() else { return };
            if state.is_closing() {
                return;
            }
            if let Err(e) = tick(&state).await {
                if let Some(suppressed) = crate::store::throttle::storage_error() {
                    tracing::error!(suppressed, "leases: {e}");
                }
            }
        }
    });
}

/// One round of the lease task (see the module documentation).
pub async fn tick(state: &Arc<AppState>) -> Result<Ticked, crate::store::StoreError> {
    let mut done = Ticked::default();
    let renewed = state.store.renew_leases().await?;
    for id in renewed.lost {
        if state.games.drop_lost(&id) {
            tracing::warn!(game = %id, "another instance took this game over: dropped from memory");
            done.lost.push(id);
        }
    }
    let in_memory: HashSet<String> = state.games.ids().into_iter().collect();
    for id in renewed.wanted {
        if in_memory.contains(&id) {
            state.games.drop_lost(&id);
            tracing::info!(game = %id, "handed over to the instance its players are sent to");
            done.handed.push(id.clone());
        }
        state.store.hand_over(id).await?;
    }
    let every = state.store.leases().map_or(0, |l| l.ttl_ms / 3).max(100) as u64;
    let settled = |id: &str| state.store.leases().is_some_and(|l| l.held_for(id).as_millis() as u64 > every);
    for (id, _) in renewed.kept {
        // A lease just taken is kept while its game is being loaded.
        if !in_memory.contains(&id) && !done.handed.contains(&id) && settled(&id) {
            state.store.release(id.clone()).await?;
            done.released.push(id);
        }
    }
    // The games of a dead or stopped instance: its leases expired, nobody
    // took them. A game handed over is left to the instance that asked for
    // it (`wanted`) for a lease length.
    let now = crate::store::now_ms();
    let Some(leases) = state.store.leases() else { return Ok(done) };
    let (me, ttl) = (leases.instance.clone(), leases.ttl_ms);
    let orphans: Vec<String> = state
        .store
        .call(move |c| {
            let rows = c.query(
                "SELECT l.game FROM leases l JOIN games g ON g.id = l.game \
                 WHERE l.expires < ?1 AND g.finished IS NULL \
                 AND (l.wanted IS NULL OR l.wanted = ?2 OR l.expires < ?3) ORDER BY l.game LIMIT 100",
                &[Val::from(now), Val::from(&me), Val::from(now - ttl)],
            )?;
            Ok::<_, crate::store::StoreError>(rows.iter().map(|r| r.text(0)).collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    for id in orphans {
        if state.game(&id).await.is_ok() {
            tracing::info!(game = %id, "taken over from an instance whose lease expired");
            done.taken.push(id);
        }
    }
    Ok(done)
}
