//! Invariant `laws`: no step, force or torque function panics on any numbers.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| forcelab_invariants::laws::from_bytes(bytes));
