//! A refused record ([`RecordError`]): the line and why, shared by the reader
//! and the round replayer.

use core::fmt;

/// A refused record: the 1-based line of the first bad line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// A refusal at 1-based line `line`.
pub(super) fn err(line: usize, reason: impl Into<String>) -> RecordError {
    RecordError { line, reason: reason.into() }
}
