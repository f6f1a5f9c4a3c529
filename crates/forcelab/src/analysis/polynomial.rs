//! Real polynomials in `z` (coefficients lowest degree first) and their roots: the
//! characteristic polynomial of a closed loop whose controller has memory is built as
//! `den_plant den_controller + num_plant num_controller`, and its roots are the poles.

use super::Complex;

/// `a b`.
pub fn product(a: &[f64], b: &[f64]) -> Vec<f64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// `a + b`.
pub fn sum(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len().max(b.len())];
    for (i, x) in a.iter().enumerate() {
        out[i] += x;
    }
    for (i, y) in b.iter().enumerate() {
        out[i] += y;
    }
    out
}

/// `s a`.
pub fn scaled(a: &[f64], s: f64) -> Vec<f64> {
    a.iter().map(|x| x * s).collect()
}

/// `p(z)` by Horner's rule, and `p'(z)` with it.
fn value_and_slope(p: &[f64], z: Complex) -> (Complex, Complex) {
    let mut value = Complex::real(0.0);
    let mut slope = Complex::real(0.0);
    for &c in p.iter().rev() {
        slope = slope * z + value;
        value = value * z + Complex::real(c);
    }
    (value, slope)
}

/// The roots of `p` (coefficients lowest degree first; trailing zeros are dropped), by
/// the Aberth-Ehrlich iteration from points on a circle of the Cauchy bound's radius
/// (deterministic): each root estimate `z_k` moves by `w / (1 - w sum_j 1/(z_k - z_j))`
/// with `w = p(z_k) / p'(z_k)`, until no estimate moves by more than 1e-15 of the
/// bound. A pair of conjugate roots comes out as a pair (the imaginary part of a real
/// root, or the real part of a root at the origin, is below the iteration's noise, about
/// 1e-12 of the bound, and is set to 0).
pub fn roots(p: &[f64]) -> Vec<Complex> {
    let mut p = p.to_vec();
    while p.last() == Some(&0.0) {
        p.pop();
    }
    let n = p.len().saturating_sub(1);
    if n == 0 {
        return Vec::new();
    }
    let lead = p[n];
    let bound = 1.0
        + p[..n]
            .iter()
            .map(|c| (c / lead).abs())
            .fold(0.0_f64, f64::max);
    // Off the real axis and off symmetric angles, so no start is a fixed point.
    let mut z: Vec<Complex> = (0..n)
        .map(|k| Complex::polar(bound, 0.4 + core::f64::consts::TAU * k as f64 / n as f64))
        .collect();
    for _ in 0..500 {
        let mut largest = 0.0_f64;
        for k in 0..n {
            let (value, slope) = value_and_slope(&p, z[k]);
            if value == Complex::real(0.0) {
                continue;
            }
            let w = value / slope;
            let mut repulsion = Complex::real(0.0);
            for j in (0..n).filter(|&j| j != k) {
                repulsion = repulsion + Complex::real(1.0) / (z[k] - z[j]);
            }
            let step = w / (Complex::real(1.0) - w * repulsion);
            if step.re.is_finite() && step.im.is_finite() {
                z[k] = z[k] - step;
                largest = largest.max(step.abs());
            }
        }
        if largest <= 1e-15 * bound {
            break;
        }
    }
    for r in &mut z {
        if r.im.abs() <= 1e-12 * bound {
            r.im = 0.0;
        }
        if r.re.abs() <= 1e-12 * bound {
            r.re = 0.0;
        }
    }
    z.sort_by(|a, b| b.abs().total_cmp(&a.abs()).then(b.im.total_cmp(&a.im)));
    z
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `prod (z - r)` for real and conjugate-pair roots.
    fn from_roots(real: &[f64], pairs: &[(f64, f64)]) -> Vec<f64> {
        let mut p = vec![1.0];
        for r in real {
            p = product(&p, &[-r, 1.0]);
        }
        for &(re, im) in pairs {
            p = product(&p, &[re * re + im * im, -2.0 * re, 1.0]);
        }
        p
    }

    #[test]
    fn arithmetic_of_polynomials() {
        assert_eq!(product(&[1.0, 1.0], &[-1.0, 1.0]), vec![-1.0, 0.0, 1.0]);
        assert_eq!(sum(&[1.0], &[0.0, 2.0]), vec![1.0, 2.0]);
        assert_eq!(scaled(&[1.0, -2.0], 3.0), vec![3.0, -6.0]);
        assert!(roots(&[5.0]).is_empty());
        assert!(roots(&[5.0, 0.0]).is_empty());
    }

    #[test]
    fn a_product_with_the_zero_polynomial_is_zero_and_horner_gives_the_slope() {
        assert!(product(&[], &[1.0, 2.0]).is_empty());
        assert!(product(&[1.0, 2.0], &[]).is_empty());
        // p = 1 + 2z + 3z^2 at z = 2 + i: p = 14 + 14i, p' = 2 + 6z = 14 + 6i.
        let (value, slope) = value_and_slope(&[1.0, 2.0, 3.0], Complex { re: 2.0, im: 1.0 });
        assert_eq!((value.re, value.im), (14.0, 14.0));
        assert_eq!((slope.re, slope.im), (14.0, 6.0));
    }

    #[test]
    fn a_real_root_beside_a_far_one_comes_out_exactly_real() {
        // The bound is about 1e6 here, so the iteration's noise in the small root's
        // imaginary part is far above round-off and must be cleared, not left in.
        let r = roots(&product(&[-1e6, 1.0], &[-2.0, 1.0]));
        assert_eq!(r.len(), 2);
        assert!(
            (r[0].re / 1e6 - 1.0).abs() < 1e-12 && (r[1].re - 2.0).abs() < 1e-9,
            "{r:?}"
        );
        assert_eq!((r[0].im, r[1].im), (0.0, 0.0), "{r:?}");
    }

    #[test]
    fn a_double_root_and_a_pair() {
        let r = roots(&from_roots(&[0.9, 0.9], &[(0.5, 0.3)]));
        assert_eq!(r.len(), 4);
        let near =
            |z: Complex, re: f64, im: f64| (z.re - re).abs() < 1e-6 && (z.im - im).abs() < 1e-6;
        assert!(
            r.iter().filter(|z| near(**z, 0.9, 0.0)).count() == 2,
            "{r:?}"
        );
        assert!(r.iter().any(|z| near(*z, 0.5, 0.3)), "{r:?}");
        assert!(r.iter().any(|z| near(*z, 0.5, -0.3)), "{r:?}");
    }

    proptest! {
        /// Simple roots inside and around the unit circle (where closed-loop poles
        /// live) are found to 1e-9, largest modulus first.
        #[test]
        fn finds_the_roots_it_was_built_from(
            real in proptest::collection::vec(-1.5..1.5f64, 0..4),
            pairs in proptest::collection::vec((-1.2..1.2f64, 0.05..1.0f64), 0..3),
        ) {
            let mut distinct = real.clone();
            distinct.sort_by(f64::total_cmp);
            prop_assume!(distinct.windows(2).all(|w| w[1] - w[0] > 1e-2));
            let p = from_roots(&real, &pairs);
            let found = roots(&p);
            prop_assert_eq!(found.len(), real.len() + 2 * pairs.len());
            for &r in &real {
                prop_assert!(found.iter().any(|z| (z.re - r).abs() < 1e-9 && z.im == 0.0), "{} in {:?}", r, found);
            }
            for &(re, im) in &pairs {
                prop_assert!(found.iter().any(|z| (z.re - re).abs() < 1e-9 && (z.im - im).abs() < 1e-9), "{}+{}i in {:?}", re, im, found);
                prop_assert!(found.iter().any(|z| (z.re - re).abs() < 1e-9 && (z.im + im).abs() < 1e-9), "{}-{}i in {:?}", re, im, found);
            }
            prop_assert!(found.windows(2).all(|w| w[0].abs() >= w[1].abs()));
        }
    }
}
