//! Builds the server again when a file of `assets/` is added, changed or
//! removed: the folder is embedded whole (`include_dir!` in
//! `src/http/assets.rs`), and a new file is not otherwise seen by cargo.

fn main() {
    println!("cargo:rerun-if-changed=assets");
}
