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
