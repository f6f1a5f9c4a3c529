//! Complex numbers, for the poles of a sampled closed loop (z-plane).

use crate::math;
use core::ops::{Add, Div, Mul, Sub};

/// A complex number `re + i im`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Complex {
    /// Real part.
    pub re: f64,
    /// Imaginary part.
    pub im: f64,
}

impl Complex {
    /// `re + 0 i`.
    pub const fn real(re: f64) -> Complex {
        Complex { re, im: 0.0 }
    }

    /// `|z|`.
    pub fn abs(self) -> f64 {
        math::sqrt(self.re * self.re + self.im * self.im)
    }

    /// `r (cos t + i sin t)`.
    pub fn polar(r: f64, t: f64) -> Complex {
        Complex {
            re: r * math::cos(t),
            im: r * math::sin(t),
        }
    }
}

impl Add for Complex {
    type Output = Complex;
    fn add(self, o: Complex) -> Complex {
        Complex {
            re: self.re + o.re,
            im: self.im + o.im,
        }
    }
}

impl Sub for Complex {
    type Output = Complex;
    fn sub(self, o: Complex) -> Complex {
        Complex {
            re: self.re - o.re,
            im: self.im - o.im,
        }
    }
}

impl Mul for Complex {
    type Output = Complex;
    fn mul(self, o: Complex) -> Complex {
        Complex {
            re: self.re * o.re - self.im * o.im,
            im: self.re * o.im + self.im * o.re,
        }
    }
}

impl Div for Complex {
    type Output = Complex;
    /// `a / b = a conj(b) / |b|^2`.
    fn div(self, o: Complex) -> Complex {
        let d = o.re * o.re + o.im * o.im;
        Complex {
            re: (self.re * o.re + self.im * o.im) / d,
            im: (self.im * o.re - self.re * o.im) / d,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polar_is_the_modulus_along_the_angle() {
        let z = Complex::polar(2.0, core::f64::consts::FRAC_PI_3);
        assert!(
            (z.re - 1.0).abs() < 1e-12 && (z.im - 3f64.sqrt()).abs() < 1e-12,
            "{z:?}"
        );
        assert!((z.abs() - 2.0).abs() < 1e-12);
    }
}
