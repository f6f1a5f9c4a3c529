//! Typed-array views on wasm memory. A view is valid until the memory grows: every
//! getter that returns one says so, and `web/src/wasm.ts` re-creates views after each
//! call and copies what it keeps.

use js_sys::{Float32Array, Float64Array, Uint8Array};

/// A `Float64Array` over `values`.
pub fn f64s(values: &[f64]) -> Float64Array {
    // SAFETY: the view is handed straight to JS, which reads it before any further
    // call into this module (a call that may grow the memory would detach it).
    unsafe { Float64Array::view(values) }
}

/// A `Float32Array` over `values`.
pub fn f32s(values: &[f32]) -> Float32Array {
    // SAFETY: as for `f64s`.
    unsafe { Float32Array::view(values) }
}

/// A `Uint8Array` over `values`.
pub fn bytes(values: &[u8]) -> Uint8Array {
    // SAFETY: as for `f64s`.
    unsafe { Uint8Array::view(values) }
}
