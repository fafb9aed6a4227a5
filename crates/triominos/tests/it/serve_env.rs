//! `triominos serve` reads each setting from its environment variable when
//! the flag is not given (`TRIOMINOS_...`), the flag winning; the values are
//! checked as a flag's are. Each case stops before listening.

use std::process::{Command, Stdio};

/// Runs `triominos serve ARGS` with `vars` set: its exit code and standard error.
fn serve(args: &[&str], vars: &[(&str, &str)]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_triominos"))
        .arg("serve")
        .args(args)
        .envs(vars.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("run triominos");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn an_environment_variable_sets_a_setting_and_a_flag_wins() {
    // The variable is read, and checked as the flag is.
    let (code, err) = serve(&[], &[("TRIOMINOS_MAX_THINKING", "0")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--max-thinking"), "{err}");
    // The flag given wins over the variable: the same bad value, refused by the flag's name and value.
    let (code, err) = serve(&["--max-replays", "0"], &[("TRIOMINOS_MAX_REPLAYS", "3")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'0'") && err.contains("--max-replays"), "{err}");
}

#[test]
fn the_database_address_can_come_from_a_file() {
    let empty = std::env::temp_dir().join(format!("triominos-serve-env-{}.url", std::process::id()));
    std::fs::write(&empty, "\n").unwrap();
    let path = empty.to_str().unwrap();
    // Read before anything is opened: an empty first line is refused, naming the file.
    let (code, err) = serve(&[], &[("TRIOMINOS_DATABASE_URL_FILE", path), ("TRIOMINOS_ADDR", "127.0.0.1:0")]);
    assert_ne!(code, Some(0), "{err}");
    assert!(err.contains(path) && err.contains("first line is empty"), "{err}");
    // Not with --db as well.
    let (code, err) = serve(&["--db", "x.db", "--database-url-file", path], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("cannot be used with"), "{err}");
    std::fs::remove_file(&empty).unwrap();
}
