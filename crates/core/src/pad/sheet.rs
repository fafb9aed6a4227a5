//! The [`Sheet`]: the players, the rules and the entries, with everything
//! computed again from the first entry whenever an entry changes.

use super::entry::Entry;
use super::error::{EntryError, PadError};
use super::status::{Line, Status};
use super::step::step;
use crate::rules::RuleSet;

/// A score sheet: players, rules, entries, and everything computed from them.
#[derive(Clone, Debug)]
pub struct Sheet {
    names: Vec<String>,
    rules: RuleSet,
    entries: Vec<Entry>,
    lines: Vec<Line>,
    status: Status,
}

impl Sheet {
    /// An empty sheet. The rules must allow this many players.
    pub fn new(names: Vec<String>, rules: RuleSet) -> Result<Sheet, PadError> {
        if !rules.allows_players(names.len()) {
            return Err(PadError::PlayerCount { min: rules.min_players(), max: rules.max_players(), got: names.len() });
        }
        let status = Status::start(&rules, names.len());
        Ok(Sheet { names, rules, entries: Vec::new(), lines: Vec::new(), status })
    }

    /// A sheet with these entries, each checked in turn.
    pub fn with_entries(names: Vec<String>, rules: RuleSet, entries: Vec<Entry>) -> Result<Sheet, EntryError> {
        let mut sheet = Sheet::new(names, rules).map_err(|error| EntryError { index: 0, error })?;
        sheet.recompute(entries)?;
        Ok(sheet)
    }

    /// The players' names, by seat.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.names.len()
    }

    /// The rules.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Every entry, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// What each entry scored, in order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Where the sheet stands.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }

    /// What an entry would score now, without adding it.
    pub fn preview(&self, entry: &Entry) -> Result<Line, PadError> {
        step(&self.rules, &self.status, entry).map(|(line, _)| line)
    }

    /// Adds an entry at the end.
    pub fn add(&mut self, entry: Entry) -> Result<&Line, PadError> {
        let (line, status) = step(&self.rules, &self.status, &entry)?;
        self.entries.push(entry);
        self.lines.push(line);
        self.status = status;
        Ok(&self.lines[self.lines.len() - 1])
    }

    /// Removes the last entry.
    pub fn undo(&mut self) -> Result<Entry, PadError> {
        let mut entries = self.entries.clone();
        let last = entries.pop().ok_or(PadError::NothingToUndo)?;
        self.recompute(entries).map_err(|e| e.error)?;
        Ok(last)
    }

    /// Replaces the entry at `index`; every later entry is checked again.
    pub fn edit(&mut self, index: usize, entry: Entry) -> Result<(), EntryError> {
        let mut entries = self.entries.clone();
        let slot = entries.get_mut(index).ok_or(EntryError { index, error: PadError::NoSuchEntry { index } })?;
        *slot = entry;
        self.recompute(entries)
    }

    /// Inserts an entry before the entry at `index` (at the end when `index` is the number of entries).
    pub fn insert(&mut self, index: usize, entry: Entry) -> Result<(), EntryError> {
        if index > self.entries.len() {
            return Err(EntryError { index, error: PadError::NoSuchEntry { index } });
        }
        let mut entries = self.entries.clone();
        entries.insert(index, entry);
        self.recompute(entries)
    }

    /// Deletes the entry at `index`; every later entry is checked again.
    pub fn delete(&mut self, index: usize) -> Result<Entry, EntryError> {
        if index >= self.entries.len() {
            return Err(EntryError { index, error: PadError::NoSuchEntry { index } });
        }
        let mut entries = self.entries.clone();
        let gone = entries.remove(index);
        self.recompute(entries)?;
        Ok(gone)
    }

    /// Computes the sheet again from these entries; on error nothing changes.
    fn recompute(&mut self, entries: Vec<Entry>) -> Result<(), EntryError> {
        let mut status = Status::start(&self.rules, self.names.len());
        let mut lines = Vec::with_capacity(entries.len());
        for (index, e) in entries.iter().enumerate() {
            let (line, next) = step(&self.rules, &status, e).map_err(|error| EntryError { index, error })?;
            lines.push(line);
            status = next;
        }
        self.entries = entries;
        self.lines = lines;
        self.status = status;
        Ok(())
    }
}
