//! The score pad: scoring a game played with a real box.
//!
//! A [`Sheet`] is a table's score sheet: the players, the rule set, and one
//! [`Entry`] per turn (a tile placed and the figures it formed, draws, a
//! pass) and per round end (who went out, or a blocked round, with what each
//! hand holds). The pad computes every entry's points with their reasons,
//! running totals, who plays next, who reached the target and the winners,
//! with the engine's own scoring functions ([`score_placement`],
//! [`score_round_end`], [`immediate_winners`], [`game_winners_after_round`]):
//! a sheet scores exactly as [`crate::Game`] would.
//!
//! The pad cannot see the table, so it trusts the figures declared (as
//! [`Figures`], the type the board reports), but it keeps track of
//! everything a table knows: the tiles placed this round, how many tiles
//! each hand holds, how many are left in the pool, whose turn it is. It
//! refuses, with a [`PadError`], what cannot happen: a tile placed twice in
//! a round, a bonus the rule set does not have, a fourth draw, a pass while
//! the pool has tiles, a hand bigger than possible, an entry after the game.
//! Any entry may be undone, edited, inserted or deleted: the whole sheet is
//! computed again, and a change that would make a later entry impossible is
//! refused with that entry's index ([`EntryError`]).
//!
//! **Announced bonuses.** A placement entry records the figures the tile
//! formed and, separately, whether the player announced them (`announced`,
//! false when absent). Under the `announce_bonuses` option an unannounced
//! figure scores nothing (the tile's value and the start bonus still do),
//! exactly as an unannounced play in the engine; the figure stays on the
//! table all the same, so a bridge formed unannounced can still be
//! extended. Without the option `announced` changes nothing. Recording the
//! figures rather than leaving them out keeps the sheet true to the table
//! and lets an edit of the flag alone rescore the entry.
//!
//! ```
//! use triominos_core::pad::{Entry, Hand, Placed, Sheet};
//! use triominos_core::{Figures, RuleSet};
//!
//! let t = |s: &str| s.parse().unwrap();
//! let mut sheet = Sheet::new(vec!["Ann".into(), "Bob".into()], RuleSet::preset("pressman").unwrap()).unwrap();
//! // Ann opens with 5-5-5: 15 + 10 for a triple.
//! sheet.add(Entry::Play { player: 0, tile: t("5-5-5"), bonus: Figures::NONE, announced: false }).unwrap();
//! // Bob draws twice, then places 1-2-5.
//! let placed = Some(Placed { tile: t("1-2-5"), bonus: Figures::NONE, announced: false });
//! sheet.add(Entry::Draw { player: 1, draws: 2, placed }).unwrap();
//! assert_eq!(sheet.status().totals, vec![25, -2]);
//! // A tile already placed this round is refused.
//! assert!(sheet.add(Entry::Play { player: 0, tile: t("5-5-5"), bonus: Figures::NONE, announced: false }).is_err());
//! assert_eq!(sheet.status().to_play, Some(0));
//! ```
//!
//! [`score_placement`]: crate::scoring::score_placement
//! [`score_round_end`]: crate::scoring::score_round_end
//! [`immediate_winners`]: crate::scoring::immediate_winners
//! [`game_winners_after_round`]: crate::scoring::game_winners_after_round
//! [`Figures`]: crate::Figures

// One concept a file: what the table enters (`entry`), why an entry is refused
// (`error`), what is computed (`status`), one entry applied (`step`), and the
// sheet that holds them (`sheet`).
mod entry;
mod error;
mod sheet;
mod status;
mod step;

pub use entry::{Entry, Hand, Placed};
pub use error::{EntryError, PadError};
pub use sheet::Sheet;
pub use status::{Line, PadPhase, RoundResult, Status};
