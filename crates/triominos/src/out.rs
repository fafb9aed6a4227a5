//! What the commands print on standard output, written in one place.
//!
//! Each command builds its whole output, then hands it to [`emit`] with the exit
//! code it means to end with. A reader that stops early (`triominos puzzles
//! export --json | head`, a pager closed) closes the pipe: the rest of the output
//! is dropped, nothing is said on standard error and the command's own exit code
//! stands (0 for a command that worked), as a closed pipe is the reader's choice,
//! not a failure of the command; a script under `set -o pipefail` is not failed
//! by it. Any other write error (a full disk) is reported and ends with exit
//! code 2. (Rust's `println!` panics on a closed pipe instead.)

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

/// Writes `text` to standard output and returns `code`, or 2 after saying why
/// the text could not be written; a closed pipe is not an error (see the module).
pub fn emit(text: &str, code: ExitCode) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => code,
        Err(e) if e.kind() == ErrorKind::BrokenPipe => code,
        Err(e) => {
            eprintln!("triominos: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}
