//! Invariant `runs`: Labs, scenes and worlds from any numbers report only finite values.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| forcelab_invariants::runs::from_bytes(bytes));
