#![deny(missing_docs)]
//! WebAssembly bindings of the `forcelab` core: argument conversion and nothing else.
//!
//! Hot step functions take plain `f64`s; worlds own their state in wasm memory and
//! expose it through `Float64Array` views that the page re-creates after every call
//! that may allocate (see `web/src/wasm.ts`). Every error becomes a `JsError` whose
//! message names the field and the value.

// Each page loads only the part of the module it needs (see Cargo.toml's features):
// `worlds` (the scene pages), `lab`, the scenes' doors (`snap`, `chase`, `submarine`,
// `arm`, `arm-tune`), `analysis`, `engines` and `orientation` are one door of the page
// each; `full` is all of it.
#[cfg(feature = "analysis")]
pub mod analysis;
#[cfg(feature = "api")]
pub mod bodies;
pub mod catalogue;
#[cfg(feature = "claims")]
pub mod claims;
#[cfg(feature = "settings")]
pub mod config;
#[cfg(feature = "design")]
pub mod design;
#[cfg(any(feature = "design", feature = "engines"))]
mod engine_settings;
#[cfg(feature = "engines")]
pub mod engines;
pub mod error;
#[cfg(feature = "lab-api")]
pub mod gains;
#[cfg(feature = "lab-api")]
pub mod lab;
#[cfg(any(feature = "api", feature = "chase"))]
pub mod layout;
#[cfg(feature = "orientation")]
pub mod orientation;
#[cfg(any(
    feature = "snap",
    feature = "chase",
    feature = "submarine",
    feature = "arm",
    feature = "arm-analysis",
    feature = "arm-tune"
))]
pub mod scenes;
#[cfg(any(feature = "api", feature = "simpson"))]
pub mod simpson;
#[cfg(feature = "worlds")]
pub mod simulation;
#[cfg(feature = "api")]
pub mod stateful;
#[cfg(feature = "api")]
pub mod step_functions;
#[cfg(feature = "worlds")]
pub mod swarm;
#[cfg(feature = "trace")]
pub mod trace;
pub mod views;
#[cfg(feature = "design")]
pub mod wish;
#[cfg(feature = "api")]
pub mod world3;
#[cfg(feature = "worlds")]
pub mod worlds;

#[cfg(feature = "lab-api")]
pub use lab::Lab;
#[cfg(feature = "worlds")]
pub use simulation::Simulation;
#[cfg(feature = "worlds")]
pub use swarm::MissileSwarm;
#[cfg(feature = "api")]
pub use world3::World3;
#[cfg(feature = "worlds")]
pub use worlds::{World2, World2F32};

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
#[cfg(feature = "worlds")]
#[wasm_bindgen(js_name = spinningBoxTraceHash)]
pub fn spinning_box_trace_hash() -> String {
    format!("{:016x}", forcelab::golden::spinning_box_trace_hash())
}
