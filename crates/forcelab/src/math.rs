//! Every transcendental float function the core uses, routed through `libm`.
//!
//! The standard library's `f64::sin` and friends may call the platform's C library,
//! whose last-bit results differ between Linux, macOS and the browser. `libm` is pure
//! Rust, so a trace computed natively and one computed in WebAssembly are bit-identical.
//! Add a function here rather than calling `f64::*` methods elsewhere.
//!
//! `sqrt`, `floor` and `ceil` are the exception: IEEE 754 defines them exactly (sqrt
//! correctly rounded, the other two exact), so every platform gives the same bits, and
//! the standard library's versions compile to one instruction (`f64.sqrt`,
//! `f64.floor` in WebAssembly; `f64x2.floor` when a loop is vectorised), where
//! `libm`'s are a call to a software routine.

/// Square root, `sqrt(x)`.
#[inline]
pub fn sqrt(x: f64) -> f64 {
    x.sqrt()
}

/// Sine of `x` radians.
#[inline]
pub fn sin(x: f64) -> f64 {
    libm::sin(x)
}

/// Cosine of `x` radians.
#[inline]
pub fn cos(x: f64) -> f64 {
    libm::cos(x)
}

/// Four-quadrant arctangent of `y / x`, in radians in `[-pi, pi]`.
#[inline]
pub fn atan2(y: f64, x: f64) -> f64 {
    libm::atan2(y, x)
}

/// Arc sine of `x`, in radians in `[-pi/2, pi/2]`.
#[inline]
pub fn asin(x: f64) -> f64 {
    libm::asin(x)
}

/// Arc cosine of `x`, in radians in `[0, pi]`.
#[inline]
pub fn acos(x: f64) -> f64 {
    libm::acos(x)
}

/// `e^x`.
#[inline]
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// Natural logarithm of `x`.
#[inline]
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

/// `x^y`.
#[inline]
pub fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// The largest integer not above `x`.
#[inline]
pub fn floor(x: f64) -> f64 {
    x.floor()
}

/// The smallest integer not below `x`.
#[inline]
pub fn ceil(x: f64) -> f64 {
    x.ceil()
}
