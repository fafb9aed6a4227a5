//! The views the page is sent ([`crate::protocol::pad`]), built from the
//! engine's computed sheet.

use super::store::Row;
use crate::protocol::pad::{Item, LineView, Phase, RoundResultView, SheetView, StatusView};
use triominos_core::pad::{Entry, Line, PadPhase, RoundResult, Sheet, Status};

fn round_view(r: &RoundResult) -> RoundResultView {
    RoundResultView {
        round: r.round,
        end: r.end.into(),
        hand_sums: r.hand_sums.clone(),
        winners: r.winners,
        points: r.points.clone(),
    }
}

/// One line: the entry (if any) and what it computed, for a sheet of `players`.
pub fn line_view(players: usize, entry: Option<&Entry>, line: &Line) -> LineView {
    LineView {
        entry: entry.cloned(),
        round: line.round,
        items: line
            .items
            .iter()
            .map(|i| Item { player: i.player, reason: i.reason.name(), points: i.points })
            .collect(),
        points: (0..players as u8).map(|p| line.points(p)).collect(),
        totals: line.totals.clone(),
        reached: line.reached,
        round_result: line.round_result.as_ref().map(round_view),
        game_over: line.game_over,
    }
}

/// Where the sheet stands.
pub fn status_view(s: &Status) -> StatusView {
    let (phase, round_end) = match s.phase {
        PadPhase::Opening => (Phase::Opening, None),
        PadPhase::Playing => (Phase::Playing, None),
        PadPhase::RoundOver(end) => (Phase::RoundOver, Some(end.into())),
        PadPhase::GameOver => (Phase::GameOver, None),
    };
    StatusView {
        round: s.round,
        phase,
        round_end,
        to_play: s.to_play,
        totals: s.totals.clone(),
        round_points: s.round_points.clone(),
        hands: s.hands.clone(),
        pool: s.pool,
        placed: s.placed,
        passes: s.passes,
        bridges: s.bridges,
        reached: s.reached,
        winners: s.winners,
        can_block: s.can_block(),
        rounds: s.rounds.iter().map(round_view).collect(),
    }
}

/// The whole sheet as the page shows it.
pub fn sheet_view(id: &str, row: &Row, sheet: &Sheet) -> SheetView {
    let n = sheet.players();
    SheetView {
        id: id.to_string(),
        version: row.version,
        created: row.created,
        updated: row.updated,
        names: sheet.names().to_vec(),
        preset: row.setup.preset.clone(),
        options: crate::rules::options_of(sheet.rules()),
        entries: sheet.entries().iter().zip(sheet.lines()).map(|(e, l)| line_view(n, Some(e), l)).collect(),
        status: status_view(sheet.status()),
        owned: row.setup.key.is_some(),
    }
}
