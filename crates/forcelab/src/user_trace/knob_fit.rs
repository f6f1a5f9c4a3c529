//! The knobs that make a model's run nearest a trace: Gauss-Newton with Levenberg's
//! damping on the knobs' logarithms, shared by the engines' drives (two knobs) and the
//! Lab's laws (up to three gains).

use crate::math;

/// The knobs, from `start`, that minimise the sum of squares of `residuals(knobs)`
/// (`None` where the model refuses the knobs or stops short). The knobs move by factors
/// (a knob that starts at 0 stays there), at most `e^2` a step; the search ends when a
/// step no longer lowers the sum by more than 1e-14 of it, or after 40 steps.
pub(super) fn fit_knobs(residuals: &dyn Fn(&[f64]) -> Option<Vec<f64>>, start: &[f64]) -> Vec<f64> {
    let n = start.len();
    let at = |u: &[f64]| -> Vec<f64> {
        start
            .iter()
            .zip(u)
            .map(|(s, u)| s * math::exp(*u))
            .collect()
    };
    let cost = |u: &[f64]| {
        residuals(&at(u)).map_or(f64::INFINITY, |r| r.iter().map(|e| e * e).sum::<f64>())
    };
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut u = vec![0.0f64; n];
    let mut c = cost(&u);
    let mut lambda = 1e-3;
    const H: f64 = 1e-6;
    for _ in 0..40 {
        let Some(r) = residuals(&at(&u)) else {
            break;
        };
        let jac: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                let mut v = u.clone();
                v[i] += H;
                match residuals(&at(&v)) {
                    Some(rv) => rv.iter().zip(&r).map(|(a, b)| (a - b) / H).collect(),
                    None => vec![0.0; r.len()],
                }
            })
            .collect();
        let jtj: Vec<Vec<f64>> = (0..n)
            .map(|i| (0..n).map(|j| dot(&jac[i], &jac[j])).collect())
            .collect();
        let g: Vec<f64> = (0..n).map(|i| dot(&jac[i], &r)).collect();
        let mut improved = false;
        for _ in 0..8 {
            let mut a = jtj.clone();
            for (i, row) in a.iter_mut().enumerate() {
                row[i] *= 1.0 + lambda;
            }
            let Some(step) = solve(a, g.iter().map(|x| -x).collect()) else {
                lambda *= 10.0;
                continue;
            };
            let next: Vec<f64> = u
                .iter()
                .zip(&step)
                .map(|(u, s)| u + s.clamp(-2.0, 2.0))
                .collect();
            let cn = cost(&next);
            if cn < c {
                let small = (c - cn) <= 1e-14 * c;
                u = next;
                c = cn;
                lambda = (lambda / 10.0).max(1e-12);
                improved = !small;
                break;
            }
            lambda *= 10.0;
        }
        if !improved {
            break;
        }
    }
    at(&u)
}

/// `x` with `a x = b` (Gaussian elimination with partial pivoting), or `None` when `a`
/// is singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 || a[pivot][col].is_nan() {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            let (above, below) = a.split_at_mut(row);
            for (x, p) in below[0][col..].iter_mut().zip(&above[col][col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A model linear in its knobs' logarithms is found from any start, and a knob that
    /// starts at 0 stays there.
    #[test]
    fn the_fit_finds_the_knobs_of_a_smooth_model() {
        let truth = [3.0, 0.5, 7.0];
        let model = |k: &[f64]| -> Vec<f64> {
            (0..30)
                .map(|i| {
                    let t = i as f64 * 0.1;
                    k[0] * (-k[1] * t).exp() + k[2] * t
                })
                .collect()
        };
        let target = model(&truth);
        let residuals =
            |k: &[f64]| Some(model(k).iter().zip(&target).map(|(a, b)| a - b).collect());
        let got = fit_knobs(&residuals, &[1.0, 1.0, 1.0]);
        for (g, t) in got.iter().zip(truth) {
            assert!((g / t - 1.0).abs() < 1e-6, "{got:?}");
        }
        let held = fit_knobs(&residuals, &[1.0, 0.0, 1.0]);
        assert_eq!(held[1], 0.0);
    }

    #[test]
    fn a_singular_system_has_no_solution() {
        assert!(solve(vec![vec![1.0, 2.0], vec![2.0, 4.0]], vec![1.0, 2.0]).is_none());
        let x = solve(vec![vec![0.0, 2.0], vec![3.0, 1.0]], vec![4.0, 5.0]).unwrap();
        assert!((x[0] - 1.0).abs() < 1e-12 && (x[1] - 2.0).abs() < 1e-12);
    }

    /// Only a pivot below 1e-300 counts as singular: one of 1e-300 itself is solved.
    #[test]
    fn a_pivot_of_1e_300_is_still_solved() {
        let x = solve(vec![vec![1e-300]], vec![3e-300]).unwrap();
        assert!((x[0] - 3.0).abs() < 1e-12, "{x:?}");
    }
}
