//! The `.tri` game record: reading (with a full replay that checks every
//! line), writing, and the report that `triominos check` prints.
//!
//! ```
//! use triominos_core::record::{replay, write};
//! use triominos_core::{Game, RuleSet};
//! let mut game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 5).unwrap();
//! for _ in 0..10 {
//!     let a = game.legal_actions()[0];
//!     game.play(a).unwrap();
//! }
//! let names = ["Ann".to_string(), "Bob".to_string()];
//! let text = write(&game, &names, &[]).unwrap();
//! let replayed = replay(&text).unwrap();
//! assert_eq!(replayed.game.totals(), game.totals());
//! assert_eq!(replayed.report.rounds[0].end, "unfinished");
//! ```

// One concept a file: reading the lines and headers (`read`), replaying the
// rounds (`rounds`), the check report (`report`), the names a record can hold
// (`names`), and writing (`writer`).
mod error;
mod names;
mod read;
mod report;
mod rounds;
mod writer;

pub use error::RecordError;
pub use names::{check_names, NameError};
pub use read::{replay, Replayed};
pub use report::{ActionReport, Report, RoundReport, Scores};
pub use writer::{write, write_forfeit, write_forfeits, WriteError};
