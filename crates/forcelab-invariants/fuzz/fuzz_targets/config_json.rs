//! Invariant `configs`, on JSON text: refused with its field named, or runs finite.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| forcelab_invariants::configs::json_from_bytes(bytes));
