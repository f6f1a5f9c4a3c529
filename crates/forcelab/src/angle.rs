//! Planar angles.

use core::f64::consts::{PI, TAU};

/// `a` wrapped into `(-pi, pi]`, rad: the short way round.
pub fn wrap(a: f64) -> f64 {
    let r = a - TAU * crate::math::floor((a + PI) / TAU);
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

    #[test]
    fn wraps_into_the_half_open_interval() {
        assert!((wrap(3.0 * PI / 2.0) + PI / 2.0).abs() < 1e-15);
        assert!((wrap(-PI) - PI).abs() < 1e-15);
        assert_eq!(wrap(0.25), 0.25);
        assert!((difference(3.0, -3.0) - (TAU - 6.0)).abs() < 1e-12);
    }
}
