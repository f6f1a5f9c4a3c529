//! The laws the core keeps for every input, one module per invariant. Each is a plain
//! function that panics when the law is broken, so the same code runs under proptest
//! (`tests/`, part of `cargo test`), under cargo-fuzz (`fuzz/`, `npm run fuzz`) and on
//! the inputs that once broke it (the regression cases beside each proptest).
//!
//! - [`laws`]: no step, force or torque function panics, whatever `f64`s it is given.
//! - [`configs`]: every config the page sends (as JSON text or as a JavaScript-like
//!   value) is refused with an error naming a field, or builds something that steps.
//! - [`runs`]: Labs, scenes and worlds built from any numbers never panic, and every
//!   number they report is finite or flagged as diverged.
//! - [`soak`]: stable controllers on their scenes stay finite and bounded for as long as
//!   they are run, with unit quaternions.

pub mod configs;
pub mod laws;
pub mod numbers;
pub mod runs;
pub mod soak;
