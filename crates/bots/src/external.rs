//! External bots: any program that speaks the line-based JSON protocol of
//! `docs/bot-protocol.md` on its standard input and output.
//!
//! On each decision the engine writes one line
//! `{"type":"turn","observation":{...},"legal":[...]}` and the bot answers one
//! line holding an action, such as `{"kind":"play","tile":"1-2-4","cell":[0,0],"rotation":1}`,
//! `{"kind":"draw"}` or `{"kind":"pass"}`. At the end of each game the engine
//! writes `{"type":"game_over",...}` (no answer expected).

use crate::{Bot, Budget};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;
use triominos_core::{Action, Observation};

/// Time an external bot gets per decision when the budget names none.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// Longest answer line accepted.
const MAX_LINE: usize = 64 * 1024;

/// A running external bot process.
pub struct External {
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    timeout: Duration,
    failed: Option<String>,
}

impl External {
    /// Starts `command` (split on whitespace: program then arguments).
    pub fn spawn(command: &str, budget: Budget) -> Result<External, String> {
        let mut parts = command.split_whitespace();
        let program = parts.next().ok_or("cmd: needs a program to run")?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start external bot {command:?}: {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match reader.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
                    Ok(0) => {
                        let _ = tx.send(Err("closed its output (crashed or exited)".to_string()));
                        return;
                    }
                    Ok(_) if buf.len() > MAX_LINE => {
                        let _ = tx.send(Err("answered a line longer than 64 KiB".to_string()));
                        return;
                    }
                    Ok(_) => {
                        if tx.send(Ok(String::from_utf8_lossy(&buf).trim().to_string())).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(format!("unreadable output: {e}")));
                        return;
                    }
                }
            }
        });
        Ok(External {
            command: command.to_string(),
            child,
            stdin,
            lines: rx,
            timeout: budget.time.unwrap_or(DEFAULT_TIMEOUT),
            failed: None,
        })
    }

    fn send(&mut self, v: &Value) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("input closed")?;
        writeln!(stdin, "{v}").and_then(|_| stdin.flush()).map_err(|e| format!("cannot write to it: {e}"))
    }

    fn ask(&mut self, obs: &Observation) -> Result<Action, String> {
        if let Some(f) = &self.failed {
            return Err(f.clone());
        }
        let legal = obs.legal_actions();
        self.send(&json!({"type": "turn", "observation": observation_json(obs), "legal": legal}))?;
        let line = match self.lines.recv_timeout(self.timeout) {
            Ok(Ok(l)) => l,
            Ok(Err(e)) => return Err(e),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("did not answer within {:.1} s", self.timeout.as_secs_f64()))
            }
            Err(RecvTimeoutError::Disconnected) => return Err("closed its output".into()),
        };
        let action: Action =
            serde_json::from_str(&line).map_err(|e| format!("answered a malformed action {line:?}: {e}"))?;
        obs.check(action).map_err(|e| format!("answered an illegal action {line}: {e}"))?;
        Ok(action)
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
        "rules": p.rules(),
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
        let r = self.ask(obs);
        if let Err(e) = &r {
            let msg = format!("external bot {:?} {e}", self.command);
            self.failed = Some(msg.clone());
            return Err(msg);
        }
        r
    }

    fn game_over(&mut self, obs: &Observation) {
        let p = obs.public();
        let winners: Vec<u8> = p.winners().iter().collect();
        let _ = self.send(&json!({"type": "game_over", "seat": obs.seat(), "totals": p.totals(), "winners": winners}));
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.stdin = None;
        // Give it a moment to exit on end of input, then make sure it is gone.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
