//! The integration tests of the `triominos` binary, one binary (each file a
//! module: `cargo test -p triominos --test it check_cli::` runs one file's tests).

#[path = "../pty/mod.rs"]
mod pty;

mod check_cli;
mod closed_pipe;
mod notation_cli;
mod play_cli;
mod puzzles_cli;
mod review_cli;
mod serve_env;
mod tools_cli;

/// Runs `triominos` with `args`: its exit code (-1 if a signal ended it), its
/// standard output and its standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_triominos")).args(args).output().expect("run triominos");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
