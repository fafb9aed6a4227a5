//! External bots: any program that speaks the line-based JSON protocol of
//! `docs/bot-protocol.md` on its standard input and output.
//!
//! Version [`PROTOCOL`] of the protocol: on each decision the engine writes one line
//! `{"type":"turn","protocol":2,"id":7,"observation":{...},"legal":[...]}` and
//! the bot answers one line holding an action and the turn's id, such as
//! `{"id":7,"kind":"play","tile":"1-2-4","cell":[0,0],"rotation":1}`,
//! `{"id":7,"kind":"draw"}` or `{"id":7,"kind":"pass"}`. An answer that
//! carries another turn's id forfeits, however late or early it comes; an
//! answer without an id (a bot of version 1) is taken by its timing as
//! before. At the end of each game the engine writes
//! `{"type":"game_over",...}` (no answer expected).
//!
//! Nothing the bot does can hold the engine up past its time limit: the turn
//! is written by a thread of its own and the answer read by another, and the
//! engine waits for both until the limit only. The bot runs in a process group
//! of its own (on Unix), which is ended, children included, when the game ends
//! or the bot forfeits.

use crate::{Bot, Budget};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};
use triominos_core::rules::OptionKind;
use triominos_core::{Action, Observation, RuleSet};

/// The version of the protocol the engine speaks (`"protocol"` in its
/// messages; docs/bot-protocol.md says what changed from version 1).
pub const PROTOCOL: u32 = 2;

/// Time an external bot gets per decision when the budget names none.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// Longest answer line accepted.
const MAX_LINE: usize = 64 * 1024;

/// How often a wait for the bot looks whether it has exited.
const POLL: Duration = Duration::from_millis(10);

/// How long output written before the bot exited may take to reach the
/// engine once the exit is seen (its answer, or the end of its output).
const EXIT_GRACE: Duration = Duration::from_millis(250);

/// How long a bot may take to exit by itself once its input is closed at the
/// end of a game, before its process group is ended.
const CLOSE_GRACE: Duration = Duration::from_millis(100);

/// What the reading and writing threads tell the engine.
enum Event {
    /// One line of output, trimmed, read at `at`; `more`: more output had
    /// come with it (a second line), which no turn asked for.
    Line { text: String, at: Instant, more: bool },
    /// A line longer than [`MAX_LINE`] (the reader stops).
    TooLong,
    /// End of output: the bot and every process holding its output closed it.
    Closed,
    /// A read error (the reader stops).
    Unreadable(String),
    /// The message with this number is written (and flushed).
    Written(u64),
    /// A message could not be written (the writer stops).
    WriteFailed(String),
}

/// Why a turn failed.
enum Failure {
    /// The bot exited (its exit status is told once the process is reaped).
    Exited,
    /// Anything else, with the words to report.
    Said(String),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Said(s)
    }
}

impl From<&str> for Failure {
    fn from(s: &str) -> Failure {
        Failure::Said(s.to_string())
    }
}

/// A running external bot process.
pub struct External {
    command: String,
    child: Child,
    /// Messages to write, numbered; `None` once the input is closed.
    writer: Option<Sender<(u64, Vec<u8>)>>,
    events: Receiver<Event>,
    /// The number of the last message handed to the writer.
    sent: u64,
    /// The id of the last turn asked (turns are numbered from 1 in a game).
    turns: u64,
    timeout: Duration,
    failed: Option<String>,
    /// The exit status, once the bot's process group is ended and the bot reaped.
    ended: Option<Option<ExitStatus>>,
}

impl External {
    /// Starts `command` (split on whitespace: program then arguments), in a
    /// process group of its own on Unix.
    pub fn spawn(command: &str, budget: Budget) -> Result<External, String> {
        let mut parts = command.split_whitespace();
        let program = parts.next().ok_or("cmd: needs a program to run")?;
        let mut cmd = Command::new(program);
        cmd.args(parts).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        group::isolate(&mut cmd);
        let mut child = cmd.spawn().map_err(|e| format!("cannot start external bot {command:?}: {e}"))?;
        let (stdout, stdin) = match (child.stdout.take(), child.stdin.take()) {
            (Some(o), Some(i)) => (o, i),
            _ => {
                group::end(&mut child);
                let _ = child.wait();
                return Err(format!("cannot start external bot {command:?}: no pipes to it"));
            }
        };
        let (events, rx) = channel();
        let to_reader = events.clone();
        let spawned = std::thread::Builder::new()
            .name("external-bot-reader".into())
            .spawn(move || read_lines(stdout, to_reader))
            .and_then(|_| {
                let (writer, messages) = channel();
                std::thread::Builder::new()
                    .name("external-bot-writer".into())
                    .spawn(move || write_messages(stdin, messages, events))
                    .map(|_| writer)
            });
        let writer = match spawned {
            Ok(w) => w,
            Err(e) => {
                group::end(&mut child);
                let _ = child.wait();
                return Err(format!("cannot start external bot {command:?}: {e}"));
            }
        };
        Ok(External {
            command: command.to_string(),
            child,
            writer: Some(writer),
            events: rx,
            sent: 0,
            turns: 0,
            timeout: budget.time.unwrap_or(DEFAULT_TIMEOUT),
            failed: None,
            ended: None,
        })
    }

    /// The bot's process id (also its process group's id on Unix).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Hands a message to the writer thread; its number.
    fn queue(&mut self, v: &Value) -> Result<u64, Failure> {
        let writer = self.writer.as_ref().ok_or("input closed")?;
        self.sent += 1;
        let mut line = v.to_string().into_bytes();
        line.push(b'\n');
        writer.send((self.sent, line)).map_err(|_| Failure::Said("cannot write to it: its input is closed".into()))?;
        Ok(self.sent)
    }

    /// A failure for an event that ends the bot's output or input: `Exited`
    /// when the bot exits within `grace`, else `otherwise`.
    fn unless_exited(&mut self, grace: Duration, otherwise: String) -> Failure {
        let deadline = Instant::now() + grace;
        loop {
            if group::has_exited(&mut self.child) {
                return Failure::Exited;
            }
            if Instant::now() >= deadline {
                return Failure::Said(otherwise);
            }
            std::thread::sleep(POLL.min(grace));
        }
    }

    fn ask(&mut self, obs: &Observation) -> Result<Action, Failure> {
        // Output that came between turns answers nothing: the bot answered
        // a turn twice, or spoke first.
        loop {
            match self.events.try_recv() {
                Ok(Event::Line { text, .. }) => return Err(self.between_turns(&text).into()),
                Ok(Event::Written(_)) => {}
                Ok(other) => return Err(self.fail_on(other)),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Err(self.unless_exited(self.timeout, "stopped".into())),
            }
        }
        let started = Instant::now();
        let mut deadline = started + self.timeout;
        let legal = obs.legal_actions();
        self.turns += 1;
        let id = self.turns;
        let message = json!({
            "type": "turn",
            "protocol": PROTOCOL,
            "id": id,
            "observation": observation_json(obs),
            "legal": legal,
        });
        let turn = self.queue(&message)?;
        let mut written = false;
        let mut answer: Option<(String, Action)> = None;
        let mut exited = false;
        loop {
            if written {
                if let Some((line, action)) = answer.take() {
                    obs.check(action).map_err(|e| format!("answered an illegal action {line}: {e}"))?;
                    return Ok(action);
                }
            }
            let now = Instant::now();
            if now >= deadline {
                if exited || group::has_exited(&mut self.child) {
                    return Err(Failure::Exited);
                }
                let secs = self.timeout.as_secs_f64();
                return Err(if written {
                    format!("did not answer within {secs:.1} s")
                } else {
                    format!("did not read its input: the turn could not be written to it within {secs:.1} s")
                }
                .into());
            }
            match self.events.recv_timeout(POLL.min(deadline - now)) {
                Ok(Event::Written(n)) => written |= n == turn,
                Ok(Event::Line { text, at, more }) => {
                    let (answered, action) = parse_answer(&text)?;
                    match answered {
                        // Version 2: the id says which turn the line answers, whatever its timing.
                        Some(_) if at < started => return Err(unasked(&text).into()),
                        Some(n) if n == id && answer.is_none() => {}
                        Some(n) if n == id => return Err(format!("answered turn {id} twice ({text:?}): one answer a turn").into()),
                        Some(n) if n < id => {
                            return Err(format!(
                                "answered turn {n} during turn {id} ({text:?}): one answer a turn, with that turn's id"
                            )
                            .into())
                        }
                        Some(n) => {
                            return Err(format!("answered turn {n}, which was never asked, during turn {id} ({text:?})")
                                .into())
                        }
                        // Version 1 (no id): a line is this turn's only if it came after the turn began.
                        None if at < started || answer.is_some() => return Err(unasked(&text).into()),
                        None if more => {
                            return Err(format!(
                                "answered {text:?} followed by more output: one line a turn, a second line is one nobody asked for"
                            )
                            .into())
                        }
                        None => {}
                    }
                    answer = Some((text, action));
                }
                Ok(other) => return Err(self.fail_on(other)),
                Err(RecvTimeoutError::Timeout) => {
                    // A bot that exited cannot answer; what it wrote before
                    // it exited gets a moment to arrive (its output may
                    // stay open: a child of it may hold it).
                    if !exited && group::has_exited(&mut self.child) {
                        exited = true;
                        deadline = deadline.min(Instant::now() + EXIT_GRACE);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.unless_exited(self.timeout, "stopped".into())),
            }
        }
    }

    /// The words for a line that came when no turn was asked (after the last
    /// answer, before the next turn): naming the turn it answers, if it says.
    fn between_turns(&self, text: &str) -> String {
        match parse_answer(text) {
            Ok((Some(n), _)) if n <= self.turns => {
                format!("answered turn {n} twice: {text:?} came after its answer, before turn {}", self.turns + 1)
            }
            _ => unasked(text),
        }
    }

    /// The failure an event other than a line or a written message means.
    fn fail_on(&mut self, e: Event) -> Failure {
        match e {
            Event::TooLong => "answered a line longer than 64 KiB".into(),
            Event::Closed => self.unless_exited(self.timeout, "closed its output".into()),
            Event::Unreadable(e) => self.unless_exited(self.timeout, format!("unreadable output: {e}")),
            Event::WriteFailed(e) => self.unless_exited(self.timeout, format!("cannot write to it: {e}")),
            Event::Line { text, .. } => unasked(&text).into(),
            Event::Written(_) => "stopped".into(),
        }
    }

    /// Ends the bot's process group (the bot and every process it started
    /// that stayed in it) and reaps the bot: its exit status, when known.
    fn end(&mut self) -> Option<ExitStatus> {
        if let Some(status) = self.ended {
            return status;
        }
        self.writer = None;
        group::end(&mut self.child);
        let status = self.child.wait().ok();
        self.ended = Some(status);
        status
    }
}

/// An answer line: the turn id it carries (`None` for a version-1 answer,
/// without one) and its action. A line that is not an action, or whose id
/// is not a whole number, is malformed.
fn parse_answer(line: &str) -> Result<(Option<u64>, Action), String> {
    let malformed = |e: &dyn std::fmt::Display| format!("answered a malformed action {line:?}: {e}");
    let mut value: Value = serde_json::from_str(line).map_err(|e| malformed(&e))?;
    let id = match value.as_object_mut().and_then(|o| o.remove("id")) {
        None => None,
        Some(v) => Some(v.as_u64().ok_or_else(|| malformed(&"its id is not a turn's (a whole number)"))?),
    };
    let action: Action = serde_json::from_value(value).map_err(|e| malformed(&e))?;
    Ok((id, action))
}

/// The rule set as a bot receives it: the preset and every option as a JSON
/// value of its kind in the option schema (`true`, `3`, `null` for `none`,
/// `[2, 4]` for a range, `[9, 7, 7, 7]` for a list, a choice's name).
pub fn rules_json(rules: &RuleSet) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("preset".into(), Value::from(rules.base_preset().name()));
    for o in triominos_core::rules::options_schema() {
        let text = rules.option_value(o.name).unwrap_or_default();
        out.insert(o.name.into(), typed_value(o.kind, &text));
    }
    Value::Object(out)
}

/// An option's text as a JSON value of its kind (the text itself if it
/// does not read as one, which the option table's values always do).
fn typed_value(kind: OptionKind, text: &str) -> Value {
    let number = |t: &str| t.trim().parse::<i64>().ok().map(Value::from);
    let typed = match kind {
        OptionKind::Bool => match text {
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            _ => None,
        },
        OptionKind::Int { .. } => number(text),
        OptionKind::IntOrNone { .. } if text == "none" => Some(Value::Null),
        OptionKind::IntOrNone { .. } => number(text),
        OptionKind::Choice { .. } => Some(Value::from(text)),
        OptionKind::Range { .. } => {
            text.split_once('-').and_then(|(a, b)| Some(Value::Array(vec![number(a)?, number(b)?])))
        }
        OptionKind::List { .. } => text.split_whitespace().map(number).collect::<Option<Vec<_>>>().map(Value::Array),
    };
    typed.unwrap_or_else(|| Value::from(text))
}

/// The words for a line no turn asked for.
fn unasked(text: &str) -> String {
    let shown: String = text.chars().take(200).collect();
    format!("sent a line nobody asked for: {shown:?} (one answer line a turn)")
}

/// The reading thread: each output line, until the output ends or a line is too long.
fn read_lines(stdout: ChildStdout, events: Sender<Event>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut buf = Vec::new();
        let event = match reader.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(0) => Event::Closed,
            Ok(_) if buf.len() > MAX_LINE => Event::TooLong,
            Ok(_) => Event::Line {
                text: String::from_utf8_lossy(&buf).trim().to_string(),
                at: Instant::now(),
                more: !reader.buffer().is_empty(),
            },
            Err(e) => Event::Unreadable(e.to_string()),
        };
        let last = !matches!(event, Event::Line { .. });
        if events.send(event).is_err() || last {
            return;
        }
    }
}

/// The writing thread: each message in turn, until the engine closes the
/// bot's input (drops the sender) or a write fails. A write the bot never
/// reads blocks this thread only, until the bot's process group is ended.
fn write_messages(mut stdin: ChildStdin, messages: Receiver<(u64, Vec<u8>)>, events: Sender<Event>) {
    for (n, line) in messages {
        match stdin.write_all(&line).and_then(|_| stdin.flush()) {
            Ok(()) => {
                if events.send(Event::Written(n)).is_err() {
                    return;
                }
            }
            Err(e) => {
                let _ = events.send(Event::WriteFailed(e.to_string()));
                return;
            }
        }
    }
}

/// Process groups: each bot in one of its own, ended as a whole.
#[cfg(unix)]
mod group {
    use rustix::process::{kill_process_group, waitid, Pid, Signal, WaitId, WaitIdOptions};
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};

    /// The child will lead a new process group (its id is the child's).
    pub fn isolate(cmd: &mut Command) {
        cmd.process_group(0);
    }

    /// Whether the child has exited, without reaping it: while it is not
    /// reaped its process id, and so its group's id, cannot be reused.
    pub fn has_exited(child: &mut Child) -> bool {
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        match waitid(WaitId::Pid(Pid::from_child(child)), options) {
            Ok(status) => status.is_some(),
            // Already reaped, or not ours any more: gone either way.
            Err(_) => true,
        }
    }

    /// Kills every process of the child's group (call before reaping it).
    pub fn end(child: &mut Child) {
        let _ = kill_process_group(Pid::from_child(child), Signal::KILL);
        let _ = child.kill();
    }
}

/// Without process groups: the bot alone.
#[cfg(not(unix))]
mod group {
    use std::process::{Child, Command};

    pub fn isolate(_cmd: &mut Command) {}

    pub fn has_exited(child: &mut Child) -> bool {
        !matches!(child.try_wait(), Ok(None))
    }

    pub fn end(child: &mut Child) {
        let _ = child.kill();
    }
}

/// The observation as the protocol sends it: only what the seat may know.
pub fn observation_json(obs: &Observation) -> Value {
    let p = obs.public();
    let placements: Vec<Value> = p
        .board()
        .placements()
        .iter()
        .map(|pl| json!({"tile": pl.tile, "cell": pl.cell, "rotation": pl.rotation}))
        .collect();
    json!({
        "seat": obs.seat(),
        "players": p.players(),
        "rules": rules_json(p.rules()),
        "round": p.round(),
        "to_move": p.to_move(),
        "hand": obs.hand(),
        "drawn_tile": obs.drawn_tile(),
        "draws_this_turn": p.draws_this_turn(),
        "board": placements,
        "totals": p.totals(),
        "round_points": p.round_points(),
        "hand_sizes": p.hand_sizes(),
        "pool_size": p.pool_size(),
        "known_tiles": (0..p.players() as u8).map(|s| p.known_tiles(s)).collect::<Vec<_>>(),
    })
}

impl Bot for External {
    fn name(&self) -> &str {
        &self.command
    }

    fn choose(&mut self, obs: &Observation) -> Action {
        match self.try_choose(obs) {
            Ok(a) => a,
            // Outside the arena (no forfeits there), fall back to a legal action.
            Err(_) => obs.legal_actions().first().copied().unwrap_or(Action::Pass),
        }
    }

    fn try_choose(&mut self, obs: &Observation) -> Result<Action, String> {
        if let Some(f) = &self.failed {
            return Err(f.clone());
        }
        match self.ask(obs) {
            Ok(a) => Ok(a),
            Err(failure) => {
                // A forfeit ends the bot and everything it started.
                let status = self.end();
                let words = match failure {
                    Failure::Exited => match status {
                        Some(s) => format!("exited ({s}) without answering"),
                        None => "exited without answering".to_string(),
                    },
                    Failure::Said(s) => s,
                };
                let msg = format!("external bot {:?} {words}", self.command);
                self.failed = Some(msg.clone());
                Err(msg)
            }
        }
    }

    fn game_over(&mut self, obs: &Observation) {
        if self.failed.is_some() || self.ended.is_some() {
            return;
        }
        let p = obs.public();
        let winners: Vec<u8> = p.winners().iter().collect();
        // Queued, not waited for: a bot that does not read it cannot hold the game.
        let _ = self.queue(&json!({
            "type": "game_over",
            "protocol": PROTOCOL,
            "seat": obs.seat(),
            "totals": p.totals(),
            "winners": winners,
        }));
    }
}

impl Drop for External {
    fn drop(&mut self) {
        if self.ended.is_some() {
            return;
        }
        // Close its input (once the writer has written what is queued) and
        // give it a moment to exit by itself; then end its group whatever it
        // did, so no child of it outlives the game.
        self.writer = None;
        let deadline = Instant::now() + CLOSE_GRACE;
        while !group::has_exited(&mut self.child) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.end();
    }
}
