//! The two precisions a batched planar world computes in: `f64`, the default and the
//! precision of every other part of the core, and `f32`, a separate fast mode that
//! fits four bodies in one 128-bit instruction (wasm simd128, x86-64 SSE2) instead of
//! two.

use super::planar_step::Columns;
use crate::error::Error;
use core::fmt::Debug;
use core::ops::{Add, Mul, Sub};

mod sealed {
    pub trait Sealed {}
    impl Sealed for f64 {}
    impl Sealed for f32 {}
}

/// A float type a [`PlanarWorld`](super::PlanarWorld) stores and steps in: `f64` or
/// `f32`. Sealed: the lanes of each are written out in `planar_lanes.rs`.
///
/// Each operation is one IEEE 754 operation in this type (no fused multiply-add), so
/// the scalar loop and the 128-bit lanes give the same bits in either precision.
pub trait Real:
    sealed::Sealed
    + Copy
    + Default
    + Debug
    + PartialEq
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// Zero.
    const ZERO: Self;
    /// pi, rounded to this type.
    const PI: Self;
    /// 2 pi, rounded to this type.
    const TAU: Self;
    /// 1 / (2 pi), rounded to this type: the wrap multiplies by it instead of
    /// dividing by 2 pi.
    const INV_TAU: Self;
    /// [`DIVERGED_LIMIT`](crate::limits::DIVERGED_LIMIT) in this type (1e9 m is exact in
    /// both).
    const LIMIT: Self;
    /// The largest finite value of this type, as an f64.
    const MAX: f64;

    /// `v` rounded to the nearest value of this type.
    fn of(v: f64) -> Self;
    /// `self` as an f64 (exact in both precisions).
    fn to_f64(self) -> f64;
    /// `|self|`.
    fn abs(self) -> Self;
    /// The largest integer not above `self` (exact; see [`crate::math::floor`]).
    fn floor(self) -> Self;

    /// `a` wrapped into `(-pi, pi]` in this type: `a - 2 pi floor((a + pi) / (2 pi))`,
    /// operation for operation as [`crate::angle::wrap`] (for f64 the same bits).
    #[inline(always)]
    fn wrap(a: Self) -> Self {
        let r = a - Self::TAU * ((a + Self::PI) * Self::INV_TAU).floor();
        if r <= Self::ZERO - Self::PI {
            r + Self::TAU
        } else {
            r
        }
    }

    /// Steps as many bodies of `c` as the 128-bit lanes take (a multiple of the lane
    /// count, from the first) and returns how many; 0 where there are no lanes.
    #[doc(hidden)]
    fn step_lanes(c: &mut Columns<'_, Self>, dt: Self) -> usize;
}

impl Real for f64 {
    const ZERO: f64 = 0.0;
    const PI: f64 = core::f64::consts::PI;
    const TAU: f64 = core::f64::consts::TAU;
    const INV_TAU: f64 = crate::angle::INV_TAU;
    const LIMIT: f64 = crate::limits::DIVERGED_LIMIT;
    const MAX: f64 = f64::MAX;

    #[inline(always)]
    fn of(v: f64) -> f64 {
        v
    }

    #[inline(always)]
    fn to_f64(self) -> f64 {
        self
    }

    #[inline(always)]
    fn abs(self) -> f64 {
        f64::abs(self)
    }

    #[inline(always)]
    fn floor(self) -> f64 {
        crate::math::floor(self)
    }

    #[inline(always)]
    fn step_lanes(c: &mut Columns<'_, f64>, dt: f64) -> usize {
        super::planar_lanes::step_f64(c, dt)
    }
}

impl Real for f32 {
    const ZERO: f32 = 0.0;
    const PI: f32 = core::f32::consts::PI;
    const TAU: f32 = core::f32::consts::TAU;
    const INV_TAU: f32 = 1.0 / core::f32::consts::TAU;
    const LIMIT: f32 = crate::limits::DIVERGED_LIMIT as f32;
    const MAX: f64 = f32::MAX as f64;

    #[inline(always)]
    fn of(v: f64) -> f32 {
        v as f32
    }

    #[inline(always)]
    fn to_f64(self) -> f64 {
        f64::from(self)
    }

    #[inline(always)]
    fn abs(self) -> f32 {
        f32::abs(self)
    }

    #[inline(always)]
    fn floor(self) -> f32 {
        crate::math::floor_f32(self)
    }

    #[inline(always)]
    fn step_lanes(c: &mut Columns<'_, f32>, dt: f32) -> usize {
        super::planar_lanes::step_f32(c, dt)
    }
}

/// `value` (already checked finite) rounded to `F`, or an error naming `field` where
/// it lies beyond `F`'s range (only f32 has one a finite f64 can leave: +-3.4e38).
pub(super) fn rounded<F: Real>(field: &'static str, value: f64) -> Result<F, Error> {
    if value.abs() <= F::MAX {
        Ok(F::of(value))
    } else {
        Err(Error::OutOfRange {
            field,
            value,
            min: -F::MAX,
            max: F::MAX,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LawId;
    use crate::world::world2::tests::body;
    use crate::world::{World2, World2F32};

    #[test]
    fn the_f32_mode_runs_the_f64_scenario_to_f32_rounding() {
        // 10 s of the benchmark's scenario: every body settles on its target in both,
        // and the f32 poses stay within a few f32 steps of 100 m (7.6e-6 m each).
        let mut wide = crate::world::planar_swarm::<f64>(200, 11).unwrap();
        let mut fast = crate::world::planar_swarm::<f32>(200, 11).unwrap();
        for steps in [1, 10, 100, 489] {
            wide.step(steps);
            fast.step(steps);
            for (a, b) in [(wide.x(), fast.x()), (wide.y(), fast.y())] {
                for (a, b) in a.iter().zip(b) {
                    assert!((a - f64::from(*b)).abs() < 1e-4, "{a} against {b}");
                }
            }
        }
        // The checksum sums 400 positions, each within 1e-4 m.
        let apart = (wide.checksum() - fast.checksum()).abs();
        assert!(apart < 400.0 * 1e-4, "checksums differ by {apart}");
        assert!(fast.diverged().iter().all(|&d| d == 0));
    }

    #[test]
    fn the_f32_mode_refuses_what_f32_cannot_hold_by_name() {
        let mut w = World2F32::new(0.01, LawId::ForwardPd).unwrap();
        let e = w.add(body(1e39, 1.0, 1.0)).unwrap_err();
        assert_eq!((e.field(), e.value()), ("x", Some(1e39)));
        assert_eq!(w.add(body(0.0, 1e40, 1.0)).unwrap_err().field(), "kp");
        assert!(w.is_empty(), "a refused body is not half added");
        w.add(body(0.0, 1.0, 1.0)).unwrap();
        assert_eq!(
            w.set_target(0, 0.0, 0.0, -1e39).unwrap_err().field(),
            "target.angle"
        );
        assert_eq!(
            w.set_targets(&[1.0, 2.0, 1e39]).unwrap_err().field(),
            "targets"
        );
        assert_eq!(w.targets()[0][0], 0.0, "a refused list changes no target");
        assert_eq!(w.set_gains(0, 1.0, 1e39).unwrap_err().field(), "kd");
        // A value f64 holds is still the f64 world's to take.
        let mut wide = World2::new(0.01, LawId::ForwardPd).unwrap();
        wide.add(body(1e39, 1.0, 1.0)).unwrap();
    }

    #[test]
    fn the_f64_wrap_is_the_angle_modules_bit_for_bit() {
        for k in -2000..2000 {
            let a = f64::from(k) * 0.0137 + 1e-3;
            assert_eq!(
                <f64 as Real>::wrap(a).to_bits(),
                crate::angle::wrap(a).to_bits()
            );
        }
    }

    #[test]
    fn a_value_beyond_f32_is_refused_by_name_and_kept_in_f64() {
        let e = rounded::<f32>("kp", 1e39).unwrap_err();
        assert_eq!((e.field(), e.value()), ("kp", Some(1e39)));
        assert_eq!(rounded::<f32>("kp", 3e38).unwrap(), 3e38f32);
        assert_eq!(rounded::<f64>("kp", 1e300).unwrap(), 1e300);
    }

    #[test]
    fn the_limit_is_exact_in_f32() {
        assert_eq!(
            f64::from(<f32 as Real>::LIMIT),
            crate::limits::DIVERGED_LIMIT
        );
    }

    proptest::proptest! {
        /// The f32 wrap lands in `(-pi, pi]` (of f32) and agrees with the f64 wrap of
        /// the same angle to f32 rounding, for every angle within a thousand radians.
        #[test]
        fn the_f32_wrap_lands_in_range_and_agrees_with_f64(a in -1e3..1e3f32) {
            let r = <f32 as Real>::wrap(a);
            proptest::prop_assert!(r > -core::f32::consts::PI && r <= core::f32::consts::PI);
            let exact = crate::angle::wrap(f64::from(a));
            // Near +-pi the two may land on opposite ends of the interval.
            let d = (f64::from(r) - exact).abs();
            proptest::prop_assert!(d < 1e-4 || (d - core::f64::consts::TAU).abs() < 1e-4, "wrap({a}) = {r}, f64 {exact}");
        }
    }
}
