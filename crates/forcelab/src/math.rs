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

/// Tangent of `x` radians.
#[inline]
pub fn tan(x: f64) -> f64 {
    libm::tan(x)
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

/// Arc sine of `x` in f32, in radians in `[-pi/2, pi/2]`: `libm::asinf`, the routine a
/// WebAssembly build of Rust (Rapier's npm package) calls for `f32::asin`.
#[inline]
pub fn asin_f32(x: f32) -> f32 {
    libm::asinf(x)
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
///
/// Baseline x86-64 (SSE2, no `roundsd`) has no floor instruction, and `f64::floor` is
/// then a call into the C library on every use (the batched worlds wrap an angle per
/// body per step). There it is computed exactly from the truncating conversion:
/// `t = trunc(x)` by `cvttsd2si`, minus one when that rounded up; values that are
/// already integers (every `|x| >= 2^52`, and `-0.0`), infinities and NaN are returned
/// as they are. The result has the same bits as `f64::floor` for every input.
#[inline]
pub fn floor(x: f64) -> f64 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "sse4.1")))]
    {
        // Past 2^52 every double is an integer; NaN fails the comparison too.
        if x.is_nan() || x.abs() >= 4_503_599_627_370_496.0 {
            return x;
        }
        let t = x as i64 as f64;
        if t == x {
            return x; // an integer, -0.0 included, keeps its own bits
        }
        if t > x {
            t - 1.0
        } else {
            t
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(target_feature = "sse4.1"))))]
    {
        x.floor()
    }
}

/// The largest integer not above `x`, in f32: [`floor`]'s method for single precision
/// (past 2^23 every f32 is an integer). The same bits as `f32::floor` for every input.
#[inline]
pub fn floor_f32(x: f32) -> f32 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "sse4.1")))]
    {
        if x.is_nan() || x.abs() >= 8_388_608.0 {
            return x;
        }
        let t = x as i32 as f32;
        if t == x {
            return x;
        }
        if t > x {
            t - 1.0
        } else {
            t
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(target_feature = "sse4.1"))))]
    {
        x.floor()
    }
}

/// The smallest integer not below `x`.
#[inline]
pub fn ceil(x: f64) -> f64 {
    x.ceil()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn floor_has_the_bits_of_the_standard_floor_at_the_edges() {
        let edges = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            -1e-300,
            1e-300,
            2.5,
            -2.5,
            4_503_599_627_370_495.5,
            -4_503_599_627_370_495.5,
            4_503_599_627_370_496.0,
            -4_503_599_627_370_497.0,
            9.3e18,
            -9.3e18,
            1e300,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        for x in edges {
            assert_eq!(floor(x).to_bits(), x.floor().to_bits(), "floor({x:e})");
        }
        assert!(floor(f64::NAN).is_nan());
        for x in [
            0.0f32,
            -0.0,
            0.5,
            -0.5,
            -1e-30,
            8_388_607.5,
            -8_388_607.5,
            8_388_608.0,
            -8_388_609.0,
            3e9,
            -3e9,
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ] {
            assert_eq!(
                floor_f32(x).to_bits(),
                x.floor().to_bits(),
                "floor_f32({x:e})"
            );
        }
        assert!(floor_f32(f32::NAN).is_nan());
    }

    proptest! {
        #[test]
        fn floor_has_the_bits_of_the_standard_floor(bits in any::<u64>()) {
            let x = f64::from_bits(bits);
            prop_assume!(!x.is_nan());
            prop_assert_eq!(floor(x).to_bits(), x.floor().to_bits());
        }

        #[test]
        fn the_f32_floor_has_the_bits_of_the_standard_floor(bits in any::<u32>()) {
            let x = f32::from_bits(bits);
            prop_assume!(!x.is_nan());
            prop_assert_eq!(floor_f32(x).to_bits(), x.floor().to_bits());
        }

        #[test]
        fn floor_is_exact_near_the_angles_the_worlds_wrap(x in -1e6f64..1e6) {
            prop_assert_eq!(floor(x).to_bits(), x.floor().to_bits());
        }
    }
}
