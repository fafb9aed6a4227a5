//! Replays of whole games (finished games and `.tri` records): the same numbered
//! deltas the live game sends, each with every hand and the tile drawn, so a
//! viewer can step through the game move by move.

use crate::protocol::{Frame, Intent, Refusal, Refused};
use crate::view::{self, Mark};
use triominos_core::{Game, RoundHistory, RuleSet, TileSet};

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
pub fn frames(rules: &RuleSet, history: &[RoundHistory]) -> Result<Vec<Frame>, Refusal> {
    let Some(first) = history.first() else { return Ok(Vec::new()) };
    let n = first.deal.hands.len();
    let mut game = Game::with_deal(*rules, n, first.deal.clone()).map_err(|_| Refusal::from(Refused::BadLog))?;
    let hands = |g: &Game| -> Vec<TileSet> { g.hands().to_vec() };
    let mut out = vec![frame(&game, Mark::default(), &hands(&game), 0, None, None)];
    let mut v = 0;
    for (i, round) in history.iter().enumerate() {
        if i > 0 {
            let before = Mark::of(&game);
            let hb = hands(&game);
            game.begin_round(round.deal.clone()).map_err(|_| Refusal::from(Refused::BadLog))?;
            v += 1;
            out.push(frame(&game, before, &hb, v, None, Some(Intent::NextRound)));
        }
        for step in &round.actions {
            let before = Mark::before(&game, Intent::Act(step.action));
            let hb = hands(&game);
            game.play_as(step.seat, step.action).map_err(|_| Refusal::from(Refused::BadLog))?;
            v += 1;
            out.push(frame(&game, before, &hb, v, Some(step.seat), Some(Intent::Act(step.action))));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::EventWire;
    use triominos_core::{Action, Bonuses};

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
