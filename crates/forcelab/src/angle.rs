//! Planar angles.

use core::f64::consts::{PI, TAU};

/// `1 / (2 pi)`: multiplying by it is several times cheaper than dividing by `2 pi`,
/// and the batched worlds wrap an angle per body per step.
pub const INV_TAU: f64 = 1.0 / TAU;

/// `a` wrapped into `(-pi, pi]`, rad: the short way round,
/// `a - 2 pi floor((a + pi) / (2 pi))`.
pub fn wrap(a: f64) -> f64 {
    let r = a - TAU * crate::math::floor((a + PI) * INV_TAU);
    if r <= -PI {
        r + TAU
    } else {
        r
    }
}

/// The short signed angle (rad) that turns `from` into `to`: `wrap(to - from)`.
pub fn difference(from: f64, to: f64) -> f64 {
    wrap(to - from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{ALGEBRA_TOL, ROUND_OFF};

    #[test]
    fn wraps_into_the_half_open_interval() {
        assert!((wrap(3.0 * PI / 2.0) + PI / 2.0).abs() < 1e-15);
        assert!((wrap(-PI) - PI).abs() < 1e-15);
        assert_eq!(wrap(0.25), 0.25);
        assert!((difference(3.0, -3.0) - (TAU - 6.0)).abs() < ROUND_OFF);
    }

    proptest::proptest! {
        /// For every angle within a million radians, the wrapped angle lies in
        /// `(-pi, pi]` and differs from it by whole turns (to rounding).
        #[test]
        fn wrapping_lands_in_range_and_keeps_the_direction(a in -1e6..1e6f64) {
            let r = wrap(a);
            proptest::prop_assert!(r > -PI && r <= PI, "wrap({a}) = {r}");
            let turns = (a - r) / TAU;
            proptest::prop_assert!((turns - turns.round()).abs() < ALGEBRA_TOL, "{turns} turns");
        }
    }
}
