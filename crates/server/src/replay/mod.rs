//! Replays of whole games (finished games and `.tri` records): the same numbered
//! deltas the live game sends, each with every hand and the tile drawn, so a
//! viewer can step through the game move by move.

pub mod routes;

use crate::game::view::{self, Mark};
use crate::protocol::{Frame, Intent, Refused};
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use triominos_core::{Game, HistoryEntry, RoundHistory, RuleSet, TileSet};

/// How many rounds and actions a `.tri` text holds, counted from its lines
/// alone (before any replay): a `round N` line is a round, a `NAME play|draw|pass`
/// line an action. Cheap (one pass over the text), so a record too long to
/// replay is refused before any work.
pub fn measure(text: &str) -> (usize, usize) {
    let (mut rounds, mut actions) = (0, 0);
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut tokens = line.split_whitespace();
        match (tokens.next(), tokens.next()) {
            (Some("round"), _) => rounds += 1,
            (Some(_), Some("play" | "draw" | "pass")) => actions += 1,
            _ => {}
        }
    }
    (rounds, actions)
}

/// Replays computed at once, and a short queue behind them: the replays run
/// on blocking threads, a few at a time, so that a burst of uploads never
/// takes the threads that move the live games, nor the memory of many big answers.
#[derive(Clone)]
pub struct Gate {
    running: Arc<Semaphore>,
    admitted: Arc<Semaphore>,
    max: usize,
}

/// Replays that may wait behind those running, per replay running.
const QUEUED_PER_RUNNING: usize = 4;

impl Gate {
    /// At most `max` replays at once (at least one), `4 * max` more waiting;
    /// beyond those a replay is refused (`replays_busy`).
    pub fn new(max: usize) -> Gate {
        let max = max.max(1);
        Gate {
            running: Arc::new(Semaphore::new(max)),
            admitted: Arc::new(Semaphore::new(max * (1 + QUEUED_PER_RUNNING))),
            max,
        }
    }

    /// Runs `work` on a blocking thread once a place is free; refused with
    /// `replays_busy` when the queue is full already.
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, Refused> {
        let busy = || Refused::ReplaysBusy { max: self.max };
        let admitted: OwnedSemaphorePermit = self.admitted.clone().try_acquire_owned().map_err(|_| busy())?;
        let running = self.running.clone().acquire_owned().await.map_err(|_| busy())?;
        let out = tokio::task::spawn_blocking(move || {
            let out = work();
            drop((running, admitted));
            out
        })
        .await;
        out.map_err(|_| Refused::BadLog)
    }
}

fn frame(
    game: &Game,
    before: Mark,
    hands_before: &[TileSet],
    v: u64,
    seat: Option<u8>,
    intent: Option<Intent>,
) -> Frame {
    let delta = view::delta(game, before, v, seat, intent);
    let hands: Vec<TileSet> = game.hands().to_vec();
    let drawn = match (intent, seat) {
        (Some(Intent::Act(triominos_core::Action::Draw)), Some(s)) => {
            hands[s as usize].difference(hands_before[s as usize]).iter().next()
        }
        _ => None,
    };
    Frame { delta, hands, drawn }
}

/// Every step of a game given by its rounds (deals and actions). A history
/// that does not replay (it always does: it was played) is `bad_log`.
pub fn frames(rules: &RuleSet, history: &[RoundHistory]) -> Result<Vec<Frame>, Refused> {
    let Some(first) = history.first() else { return Ok(Vec::new()) };
    let n = first.deal.hands.len();
    let mut game = Game::with_deal(*rules, n, first.deal.clone()).map_err(|_| Refused::BadLog)?;
    let hands = |g: &Game| -> Vec<TileSet> { g.hands().to_vec() };
    let mut out = vec![frame(&game, Mark::default(), &hands(&game), 0, None, None)];
    let mut v = 0;
    for (i, round) in history.iter().enumerate() {
        if i > 0 {
            let before = Mark::of(&game);
            let hb = hands(&game);
            game.begin_round(round.deal.clone()).map_err(|_| Refused::BadLog)?;
            v += 1;
            // The seat the record names as the round's opener.
            let starter = Some(round.deal.starter);
            out.push(frame(&game, before, &hb, v, starter, Some(Intent::NextRound)));
        }
        for entry in round.entries() {
            match entry {
                HistoryEntry::Action(step) => {
                    let before = Mark::before(&game, Intent::Act(step.action));
                    let hb = hands(&game);
                    game.play_as(step.seat, step.action).map_err(|_| Refused::BadLog)?;
                    v += 1;
                    out.push(frame(&game, before, &hb, v, Some(step.seat), Some(Intent::Act(step.action))));
                }
                // The referee's timeout (rule option `timer`): a step of its own.
                HistoryEntry::Timeout(step) => {
                    let before = Mark::of(&game);
                    let hb = hands(&game);
                    game.time_out_as(step.seat).map_err(|_| Refused::BadLog)?;
                    v += 1;
                    out.push(frame(&game, before, &hb, v, Some(step.seat), None));
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::EventWire;
    use triominos_core::{Action, Bonuses};

    /// Replays run on blocking threads (this single-threaded runtime goes on
    /// while one is held), one at a time here, four more wait, the next is
    /// refused with `replays_busy`; once the first ends the others run.
    #[tokio::test]
    async fn replays_run_off_the_runtime_a_few_at_a_time() {
        let gate = Gate::new(1);
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let (started_tx, mut started) = tokio::sync::mpsc::unbounded_channel::<()>();
        let g = gate.clone();
        let first = tokio::spawn(async move {
            g.run(move || {
                let _ = started_tx.send(());
                wait.recv().unwrap();
                0
            })
            .await
        });
        // The work holds its thread; this runtime (one thread) still runs.
        started.recv().await.unwrap();
        let waiting: Vec<_> = (1..=4)
            .map(|i| {
                let g = gate.clone();
                tokio::spawn(async move { g.run(move || i).await })
            })
            .collect();
        while gate.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let refused = gate.run(|| 5).await.unwrap_err();
        assert_eq!(refused, Refused::ReplaysBusy { max: 1 });
        release.send(()).unwrap();
        assert_eq!(first.await.unwrap().unwrap(), 0);
        for (i, t) in waiting.into_iter().enumerate() {
            assert_eq!(t.await.unwrap().unwrap(), i + 1);
        }
        // All places free again.
        assert_eq!(gate.admitted.available_permits(), 5);
        assert_eq!(gate.run(|| 6).await.unwrap(), 6);
    }

    /// Rounds and actions are counted from the lines, comments and other lines aside.
    #[test]
    fn a_record_is_measured_from_its_lines() {
        let text = "[Format \"1\"]\nround 1 # first\ndeal Ann 0-0-0\nstart Ann\nAnn play 0-0-0 0,0 0\nBob draw\n# Bob pass\n  Bob pass\nround 2\nAnn draw\n";
        assert_eq!(measure(text), (2, 4));
    }

    /// A replay says which bonuses a play lost unannounced, as the live game did.
    #[test]
    fn a_replay_tells_the_bonuses_lost_unannounced() {
        let rules = RuleSet::with_overrides("goliath", [("announce_bonuses", "true")]).unwrap();
        let mut game = Game::new(rules, 2, 7).unwrap();
        let mut lost = None;
        for _ in 0..500 {
            if game.is_over() {
                break;
            }
            if game.is_round_over() {
                game.next_round().unwrap();
                continue;
            }
            let legal = game.legal_actions();
            let figure =
                legal.iter().filter_map(|a| a.placement()).find(|&p| !game.placement_score(p).figures.is_empty());
            match figure {
                Some(p) => {
                    // What announcing would have scored besides the start bonus: lost.
                    let names: Vec<&str> = game.placement_score(p).bonuses.names().filter(|&b| b != "start").collect();
                    game.play(Action::play(p)).unwrap();
                    lost = Some(names);
                    break;
                }
                None => {
                    game.play(legal[0]).unwrap();
                }
            }
        }
        let lost = lost.expect("a figure within the game");
        let frames = frames(&rules, game.history()).unwrap();
        let last = frames.last().unwrap();
        let played = last.delta.events.iter().find_map(|e| match e {
            EventWire::Played { unclaimed, bonuses, .. } => Some((*unclaimed, *bonuses)),
            _ => None,
        });
        let (unclaimed, scored) = played.unwrap();
        assert!(!lost.is_empty());
        assert_eq!(unclaimed.names().collect::<Vec<_>>(), lost);
        assert!(!scored.contains(Bonuses::BRIDGE) && !scored.contains(Bonuses::HEXAGON), "{scored:?}");
        // Every earlier play lost nothing.
        for f in &frames[..frames.len() - 1] {
            for e in &f.delta.events {
                if let EventWire::Played { unclaimed, .. } = e {
                    assert!(unclaimed.is_empty());
                }
            }
        }
    }
}
