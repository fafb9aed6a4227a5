//! Every printing command ends quietly when its reader has gone
//! (`triominos puzzles export --json | head`): no panic, nothing on standard
//! error, and the command's own exit code (src/out.rs).

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs the binary with a standard output whose reading end is closed before
/// it starts, so that its first write meets a closed pipe. Returns the exit
/// code and what it wrote on standard error.
fn run_into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_triominos"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run triominos");
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("read stderr");
    (child.wait().expect("wait").code(), err)
}

#[test]
fn no_printing_command_panics_on_a_closed_pipe() {
    let commands: &[&[&str]] = &[
        &["rules", "goliath"],
        &["rules", "pressman", "--json"],
        &["rules", "--schema"],
        &["check", "docs/example.tri"],
        &["check", "--json", "docs/example.tri"],
        &["puzzles", "export", "--json"],
        &["puzzles", "verify"],
        &["puzzles", "generate", "--kind", "connect", "--count", "1", "--threads", "1"],
        &["selfplay", "--games", "2", "--quiet"],
        &["selfplay", "--games", "2", "--quiet", "--json"],
        &["arena", "--bots", "greedy,random", "--deals", "1", "--quiet"],
        &["arena", "--bots", "greedy,random", "--deals", "1", "--quiet", "--json"],
        &["--help"],
        &["--version"],
        &["puzzles", "--help"],
    ];
    for args in commands {
        let (code, err) = run_into_closed_pipe(args);
        assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
        // Generation says what it made on standard error; nothing else speaks there.
        if args[0] == "puzzles" && args[1] == "generate" {
            assert!(err.lines().all(|l| l.starts_with("connect: ") || l.starts_with("generated in ")), "{err}");
        } else {
            assert_eq!(err, "", "{args:?}");
        }
        assert_eq!(code, Some(0), "{args:?}: the reader leaving is not a failure");
    }
}
