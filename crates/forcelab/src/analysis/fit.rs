//! The continuous natural frequency and damping ratio of a stepped motion, read off its
//! samples alone.
//!
//! A linear drive stepped every `dt` towards a fixed target moves by a second-order
//! recurrence, whatever the engine's step:
//!
//! `x[k+2] = T x[k+1] - D x[k] + g`
//!
//! with `T` and `D` the trace and determinant of its one-step map and `g` absorbing the
//! target (and a rest point a little off it). A least-squares fit of `T`, `D`, `g` over
//! the samples gives the map's poles `z` (roots of `z^2 - T z + D`), and `s = ln z / dt`
//! the continuous frequency `w = |s|` and damping ratio `zeta = -Re s / w`. On a drive that
//! is not linear (an angular drive that pulls on `2 sin(e/2)`) the fit is the linear
//! motion that best matches the turn taken: what a reader who measured the motion would
//! say it is. The engine twin's real-engine tests read engines the same way.

use super::Complex;
use crate::gains::Effective;
use crate::math;

/// The natural frequency (rad/s) and damping ratio of the samples `positions[k]` (taken
/// every `dt` s) for which `window(k)`, `window(k + 1)` and `window(k + 2)` all hold, or
/// `None` with fewer than 8 such triples, a singular fit, or a motion with no continuous
/// equivalent (a pole on or past the unit circle, or real and not positive).
pub fn second_order(
    positions: &[f64],
    dt: f64,
    window: impl Fn(usize) -> bool,
) -> Option<Effective> {
    // Normal equations of the rows [x[k+1], -x[k], 1 | x[k+2]].
    let mut m = [[0.0f64; 4]; 3];
    let mut rows = 0;
    for k in 0..positions.len().saturating_sub(2) {
        if !(window(k) && window(k + 1) && window(k + 2)) {
            continue;
        }
        let row = [positions[k + 1], -positions[k], 1.0, positions[k + 2]];
        for i in 0..3 {
            for j in 0..4 {
                m[i][j] += row[i] * row[j];
            }
        }
        rows += 1;
    }
    if rows < 8 {
        return None;
    }
    let [trace, det, _] = solve3(m)?;
    poles_to_effective(trace, det, dt)
}

/// `T`, `D`, `g` of the 3 x 3 system `m` (Gaussian elimination with partial pivoting).
pub(crate) fn solve3(mut m: [[f64; 4]; 3]) -> Option<[f64; 3]> {
    for col in 0..3 {
        let pivot = (col..3).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-300 {
            return None;
        }
        m.swap(col, pivot);
        let lead = m[col];
        for (row, r) in m.iter_mut().enumerate() {
            if row != col {
                let f = r[col] / lead[col];
                for (x, l) in r.iter_mut().zip(lead).skip(col) {
                    *x -= f * l;
                }
            }
        }
    }
    let x = [m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]];
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// The continuous equivalent of the poles of `z^2 - trace z + det`.
fn poles_to_effective(trace: f64, det: f64, dt: f64) -> Option<Effective> {
    let half = 0.5 * trace;
    let disc = half * half - det;
    let (re, im) = if disc < 0.0 {
        if det <= 0.0 {
            return None;
        }
        let z = Complex {
            re: half,
            im: math::sqrt(-disc),
        };
        (math::ln(z.abs()) / dt, math::atan2(z.im, z.re) / dt)
    } else {
        let (z1, z2) = (half + math::sqrt(disc), half - math::sqrt(disc));
        if z2 <= 0.0 {
            return None;
        }
        let (s1, s2) = (math::ln(z1) / dt, math::ln(z2) / dt);
        if s1 * s2 <= 0.0 {
            return None;
        }
        let w = math::sqrt(s1 * s2);
        return (w.is_finite() && s1 < 0.0).then_some(Effective {
            natural_frequency: w,
            damping_ratio: -(s1 + s2) / (2.0 * w),
        });
    };
    if re >= 0.0 {
        return None;
    }
    let w = math::sqrt(re * re + im * im);
    Some(Effective {
        natural_frequency: w,
        damping_ratio: -re / w,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::discrete::intended_trace_det;
    use core::f64::consts::TAU;

    /// The samples up to `until` while farther than `band` from `target`.
    fn of_step(
        positions: &[f64],
        target: f64,
        dt: f64,
        until: usize,
        band: f64,
    ) -> Option<Effective> {
        second_order(positions, dt, |k| {
            k < until && (positions[k] - target).abs() > band
        })
    }

    /// A linear drive whose one-step map has the poles of (f Hz, zeta) at `dt`, stepped
    /// from rest at 0 towards `target`.
    fn stepped(f: f64, zeta: f64, dt: f64, target: f64, n: usize) -> Vec<f64> {
        let (t, d) = intended_trace_det(f, zeta, dt).unwrap();
        // e[k+2] = t e[k+1] - d e[k], from e = -target at rest (e[-1] = e[0]).
        let mut e = vec![-target, -target * t + target * d];
        while e.len() < n {
            let k = e.len();
            e.push(t * e[k - 1] - d * e[k - 2]);
        }
        e.into_iter().map(|e| e + target).collect()
    }

    #[test]
    fn reads_back_the_frequency_and_damping_ratio_of_a_linear_stepped_motion() {
        for (f, zeta, dt) in [
            (2.0, 0.3, 1.0 / 60.0),
            (3.5, 0.6, 1.0 / 90.0),
            (0.8, 1.6, 1.0 / 240.0),
            (3.0, 1.0 + 1e-3, 1.0 / 60.0),
        ] {
            let x = stepped(f, zeta, dt, 1.0, 200);
            let e = of_step(&x, 1.0, dt, x.len(), 1e-3).unwrap();
            assert!(
                (e.natural_frequency / (TAU * f) - 1.0).abs() < 1e-8,
                "{f} {zeta}: {e:?}"
            );
            assert!((e.damping_ratio - zeta).abs() < 1e-8, "{f} {zeta}: {e:?}");
        }
    }

    #[test]
    fn a_sample_outside_the_window_is_in_no_row_and_eight_rows_are_enough() {
        // Sample 50 is spoiled; every row that reads it (k = 48, 49, 50) must be left out,
        // and then the fit is exact again.
        let mut x = stepped(2.0, 0.3, 1.0 / 60.0, 1.0, 120);
        x[50] += 0.1;
        let e = second_order(&x, 1.0 / 60.0, |k| k != 50).unwrap();
        assert!(
            (e.natural_frequency / (TAU * 2.0) - 1.0).abs() < 1e-8,
            "{e:?}"
        );
        assert!((e.damping_ratio - 0.3).abs() < 1e-8, "{e:?}");
        // Ten samples make eight rows: enough.
        assert!(second_order(&x, 1.0 / 60.0, |k| k < 10).is_some());
        assert_eq!(second_order(&x, 1.0 / 60.0, |k| k < 9), None);
    }

    #[test]
    fn a_rest_point_off_the_target_changes_nothing() {
        let x: Vec<f64> = stepped(2.0, 0.4, 1.0 / 60.0, 1.0, 200)
            .iter()
            .map(|x| x - 1e-5)
            .collect();
        let e = of_step(&x, 1.0, 1.0 / 60.0, x.len(), 1e-3).unwrap();
        assert!((e.damping_ratio - 0.4).abs() < 1e-8, "{e:?}");
    }

    #[test]
    fn a_growing_motion_or_one_that_flips_each_step_has_no_answer() {
        let growing: Vec<f64> = (0..60)
            .map(|k| 1.0 - math::exp(0.05 * k as f64) * math::cos(0.3 * k as f64))
            .collect();
        assert_eq!(of_step(&growing, 1.0, 1.0 / 60.0, 60, 1e-3), None);
        let flipping: Vec<f64> = (0..60)
            .map(|k| 1.0 - (-0.9f64).powi(k) - (-0.5f64).powi(k))
            .collect();
        assert_eq!(of_step(&flipping, 1.0, 1.0 / 60.0, 60, 1e-3), None);
        // Two real poles past 1 (1.1 and 1.05): growing without a swing, no answer either.
        let running: Vec<f64> = (0..40)
            .map(|k| 1.0 - 1.1f64.powi(k) - 1.05f64.powi(k))
            .collect();
        assert_eq!(of_step(&running, 1.0, 1.0 / 60.0, 40, 1e-3), None);
    }
}
