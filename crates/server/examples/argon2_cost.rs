//! The time of one password hash (argon2id with the parameters the server
//! uses: `triominos_server::accounts::password`), on this machine:
//!
//! ```sh
//! cargo run --release -p triominos-server --example argon2_cost [-- N]
//! ```
//!
//! Hashes N passwords (20 by default) one after the other, then checks N,
//! and prints the median and the slowest of each, in milliseconds.

use std::time::Instant;
use triominos_server::accounts::password::{check_now, hash_now};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20).max(1);
    let mut hashes = Vec::with_capacity(n);
    let mut hash_ms = Vec::with_capacity(n);
    for i in 0..n {
        let t = Instant::now();
        hashes.push(hash_now(&format!("password number {i}")));
        hash_ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let mut check_ms = Vec::with_capacity(n);
    for (i, h) in hashes.iter().enumerate() {
        let t = Instant::now();
        assert!(check_now(&format!("password number {i}"), h));
        check_ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let show = |what: &str, v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        println!("{what}: median {:.1} ms, slowest {:.1} ms ({} runs)", v[v.len() / 2], v[v.len() - 1], v.len());
    };
    println!("{}", hashes[0].rsplitn(3, '$').nth(2).unwrap_or(""));
    show("hash", &mut hash_ms);
    show("check", &mut check_ms);
}
