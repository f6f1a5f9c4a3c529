//! Invariant `configs`, on JavaScript-like values: each default config with its fields
//! replaced by the fuzzer (numbers, null, strings, booleans).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| forcelab_invariants::configs::value_from_bytes(bytes));
