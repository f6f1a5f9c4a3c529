#![deny(missing_docs)]
//! WebAssembly bindings of the `forcelab` core: argument conversion and nothing else.
//!
//! Hot step functions take plain `f64`s; worlds own their state in wasm memory and
//! expose it through `Float64Array` views that the page re-creates after every call
//! that may allocate (see `web/src/wasm.ts`). Every error becomes a `JsError` whose
//! message names the field and the value.

// Without the default `full` feature the module holds only what a scene page needs (the
// worlds and the swarm): a fraction of the bytes, for the first visit and embeds.
#[cfg(feature = "full")]
pub mod analysis;
#[cfg(feature = "full")]
pub mod bodies;
pub mod catalogue;
#[cfg(feature = "full")]
pub mod config;
#[cfg(feature = "full")]
pub mod engines;
mod error;
#[cfg(feature = "full")]
pub mod lab;
#[cfg(feature = "full")]
pub mod layout;
#[cfg(feature = "full")]
pub mod scenes;
pub mod simulation;
#[cfg(feature = "full")]
pub mod stateful;
#[cfg(feature = "full")]
pub mod step_functions;
pub mod swarm;
mod views;
#[cfg(feature = "full")]
pub mod world3;
pub mod worlds;

#[cfg(feature = "full")]
pub use lab::Lab;
pub use simulation::Simulation;
pub use swarm::MissileSwarm;
#[cfg(feature = "full")]
pub use world3::World3;
pub use worlds::World2;

use wasm_bindgen::prelude::*;

/// Routes any Rust panic (a bug: user input never panics) to the browser console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The version of the forcelab crates this module was built from.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The bit-for-bit hash of the core's 10-second spinning-box trace
/// (`forcelab::golden`), as 16 hex digits: equal to the native one when the browser
/// computes exactly what native code does.
#[wasm_bindgen(js_name = spinningBoxTraceHash)]
pub fn spinning_box_trace_hash() -> String {
    format!("{:016x}", forcelab::golden::spinning_box_trace_hash())
}
