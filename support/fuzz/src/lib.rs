//! A small mutation fuzzer that runs on stable Rust inside ordinary tests.
//!
//! Each reader of bytes a user or another tool supplies has a unit test that calls [`run`]
//! with seed inputs and the reader: every execution mutates a seed (bit flips, byte and
//! word overwrites with boundary values, insertions, deletions, splices of two seeds), and a
//! panic is the failure (readers must answer bad input with an error). The number of
//! executions is `SYCL_SPECCONST_FUZZ_RUNS` (default: a short run for the test suite);
//! `scripts/fuzz` runs every target for millions. The generator is seeded, so a run is
//! reproducible; a crashing input is written to `target/fuzz-crashes/<target>.bin`.

#![forbid(unsafe_code)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

/// Executions when `SYCL_SPECCONST_FUZZ_RUNS` is not set: quick enough for `cargo test`.
pub(crate) const DEFAULT_RUNS: u64 = 20_000;

/// What a run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub executions: u64,
}

/// xorshift64*: fast, deterministic, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::try_from(self.next() % n as u64).unwrap_or(0)
        }
    }
}

/// Values that sit on the boundaries readers get wrong.
const INTERESTING: [u64; 10] = [
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0xffff,
    0x7fff_ffff,
    0xffff_ffff,
    0x7fff_ffff_ffff_ffff,
    u64::MAX,
];

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>], input: &mut Vec<u8>) {
    for _ in 0..=rng.below(4) {
        match rng.below(7) {
            0 if !input.is_empty() => {
                let at = rng.below(input.len());
                input[at] ^= 1 << rng.below(8);
            }
            1 if !input.is_empty() => {
                let at = rng.below(input.len());
                input[at] = rng.next() as u8;
            }
            2 if !input.is_empty() => {
                // A little-endian word of 2, 4 or 8 bytes with a boundary value.
                let width = [2, 4, 8][rng.below(3)];
                let at = rng.below(input.len());
                let value = INTERESTING[rng.below(INTERESTING.len())].to_le_bytes();
                for (i, b) in value.iter().take(width).enumerate() {
                    if let Some(slot) = input.get_mut(at + i) {
                        *slot = *b;
                    }
                }
            }
            3 => {
                let at = rng.below(input.len() + 1);
                let len = 1 + rng.below(16);
                let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
                input.splice(at..at, bytes);
            }
            4 if !input.is_empty() => {
                let at = rng.below(input.len());
                let len = 1 + rng.below((input.len() - at).min(64));
                input.drain(at..at + len);
            }
            5 if !input.is_empty() => {
                input.truncate(rng.below(input.len()));
            }
            _ => {
                // Splice: the tail of another seed from a random point.
                let other = &seeds[rng.below(seeds.len())];
                if !other.is_empty() {
                    let at = rng.below(input.len() + 1);
                    let from = rng.below(other.len());
                    input.truncate(at);
                    input.extend_from_slice(&other[from..]);
                }
            }
        }
    }
}

/// How many executions this run makes.
pub fn runs() -> u64 {
    std::env::var("SYCL_SPECCONST_FUZZ_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_RUNS)
}

/// Feeds `target` mutations of `seeds` (and the seeds themselves) [`runs`] times. Panics,
/// naming the saved input, if `target` panics on one.
pub fn run(name: &str, seeds: &[Vec<u8>], target: impl Fn(&[u8])) -> Report {
    run_scaled(name, seeds, 1, target)
}

/// [`run`] with a `1/divisor` of the executions, for targets much slower than a byte reader.
pub fn run_scaled(name: &str, seeds: &[Vec<u8>], divisor: u64, target: impl Fn(&[u8])) -> Report {
    assert!(!seeds.is_empty(), "fuzz target {name} needs a seed");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
    let total = (runs() / divisor.max(1)).max(1);
    let mut input = Vec::new();
    for n in 0..total {
        input.clear();
        input.extend_from_slice(&seeds[rng.below(seeds.len())]);
        if n >= seeds.len() as u64 {
            mutate(&mut rng, seeds, &mut input);
        }
        if catch_unwind(AssertUnwindSafe(|| target(&input))).is_err() {
            let path = save_crash(name, &input);
            panic!(
                "fuzz target {name} panicked on execution {n}; input saved to {}",
                path.display()
            );
        }
    }
    Report { executions: total }
}

fn save_crash(name: &str, input: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/fuzz-crashes");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{name}.bin"));
    let _ = std::fs::write(&path, input);
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_are_reproducible_and_varied() {
        let seeds = vec![b"0123456789abcdef".to_vec()];
        let collect = || {
            let mut rng = Rng(7);
            (0..100)
                .map(|_| {
                    let mut input = seeds[0].clone();
                    mutate(&mut rng, &seeds, &mut input);
                    input
                })
                .collect::<Vec<_>>()
        };
        let first = collect();
        assert_eq!(first, collect());
        let distinct: std::collections::HashSet<_> = first.iter().collect();
        assert!(distinct.len() > 90);
    }

    #[test]
    fn a_panicking_target_is_reported() {
        let caught = catch_unwind(|| {
            run("self-test", &[b"ab".to_vec()], |bytes| {
                assert!(bytes.len() < 3, "long input");
            })
        });
        assert!(caught.is_err());
    }
}
