//! The spring-damper whose motion is nearest a trace's samples (output error), rather
//! than the recurrence that predicts each sample from the two before it.
//!
//! The recurrence fit ([`crate::analysis::fit::second_order`]) is exact on a clean
//! stepped motion, but measurement noise sits in its regressors as well as its
//! answers, which biases it: at noise of 1 % of the step it reads a 3 Hz spring of
//! damping ratio 0.3 as 3.7 Hz at 0.6. A user's log is measured, not computed, so the
//! trace's spring is fitted to the samples themselves:
//!
//! `x(t) = rest + a C(t) + b S(t)`, `t` from the first sample,
//!
//! with, for `zeta < 1`, `C = e^(-zeta w t) cos(w_d t)`, `S = e^(-zeta w t) sin(w_d t) / w_d`,
//! `w_d = w sqrt(1 - zeta^2)`; `cosh` and `sinh / beta`, `beta = w sqrt(zeta^2 - 1)`, above
//! 1; both `e^(-w t)` and `t e^(-w t)` at 1. For each `w`, `zeta` the best `rest`, `a`,
//! `b` are a linear least-squares solve (variable projection), so only `w` and `zeta`
//! are searched: a coarse grid, then Levenberg-Marquardt from the grid's best and from
//! the recurrence fit. A stepped linear motion is exactly such a curve at its samples
//! (`z = e^(s dt)` for each pole `z` of its map), so on a clean trace both fits agree.

use crate::analysis::fit::{second_order, solve3};
use crate::math;
use core::f64::consts::{PI, TAU};

/// A spring-damper's free motion fitted to samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpringFit {
    /// Natural frequency `w`, rad/s.
    pub natural_frequency: f64,
    /// Damping ratio `zeta` (0 or more).
    pub damping_ratio: f64,
    /// Where the spring comes to rest, in the trace's units.
    pub rest: f64,
    /// The coefficient of `C(t)`.
    pub a: f64,
    /// The coefficient of `S(t)`.
    pub b: f64,
    /// The time of the first sample fitted, s: `t` counts from it.
    pub t0: f64,
    /// The root mean square of the samples minus the curve, in the trace's units.
    pub rms: f64,
    /// The curve starts at rest at the first sample (`b = zeta w a`): it explained the
    /// samples as well as a curve free to start moving, with one number fewer.
    pub starts_at_rest: bool,
    /// The standard error of `natural_frequency`, rad/s, from the samples' scatter about
    /// the curve: `s^2 (J^T J)^-1` with `J` the residuals' derivatives at the fit and
    /// `s^2 = RSS / (n - k)`. Measurement noise moves the fit by about this much; a motion
    /// seen over a few samples only (a stiff drive at a coarse step) is known less well.
    pub natural_frequency_error: f64,
    /// The standard error of `damping_ratio`.
    pub damping_ratio_error: f64,
}

impl SpringFit {
    /// The fitted curve's position at time `t` (s, on the trace's clock).
    pub fn at(&self, t: f64) -> f64 {
        let (c, s) = basis(self.natural_frequency, self.damping_ratio, t - self.t0);
        self.rest + self.a * c + self.b * s
    }
}

/// The damping ratios the grid tries before refining.
const GRID_ZETA: [f64; 8] = [0.02, 0.1, 0.25, 0.45, 0.7, 1.0, 1.6, 3.0];
/// How many frequencies the grid tries, log-spaced from a tenth of a cycle over the
/// trace to the step's Nyquist frequency.
const GRID_FREQUENCIES: usize = 32;
/// The largest damping ratio searched: beyond it a spring is one slow exponential.
const MAX_ZETA: f64 = 200.0;

/// The spring-damper nearest the samples `x` at `time` (s), or `None` with fewer than 8
/// samples, a trace that does not move (it has no frequency to read), or when no curve of
/// this family fits.
pub fn spring_fit(time: &[f64], x: &[f64]) -> Option<SpringFit> {
    let n = time.len().min(x.len());
    if n < 8 {
        return None;
    }
    let (time, x) = (&time[..n], &x[..n]);
    if x.iter().all(|v| v.to_bits() == x[0].to_bits()) {
        return None;
    }
    let t0 = time[0];
    let t: Vec<f64> = time.iter().map(|v| v - t0).collect();
    let span = t[n - 1];
    let dt = span / (n - 1) as f64;
    if !(span > 0.0 && span.is_finite()) {
        return None;
    }
    let nyquist = PI / dt;
    let free = search(&t, x, Start::Free, nyquist);
    let at_rest = search(&t, x, Start::AtRest, nyquist);
    // The curve that starts at rest has one number fewer: it is taken when it explains
    // the samples as well as the free one by Akaike's measure (n ln(RSS) + 2 per number),
    // which with noise halves the spread of a heavily damped spring's fit, and on a clean
    // trace that starts at rest changes nothing (both are exact).
    let (p, start) = match (free, at_rest) {
        (Some((pf, cf)), Some((pr, cr))) => {
            let simpler =
                n as f64 * math::ln(cr.max(f64::MIN_POSITIVE) / cf.max(f64::MIN_POSITIVE)) < 2.0
                    || cr <= cf;
            if simpler {
                (pr, Start::AtRest)
            } else {
                (pf, Start::Free)
            }
        }
        (Some((p, _)), None) => (p, Start::Free),
        (None, Some((p, _))) => (p, Start::AtRest),
        (None, None) => return None,
    };
    let (w, zeta) = (math::exp(p[0]), p[1]);
    let ([rest, a, b], r) = project(&t, x, w, zeta, start)?;
    let sum: f64 = r.iter().map(|e| e * e).sum();
    let numbers = if start == Start::AtRest { 4 } else { 5 };
    let [var_ln_w, var_zeta] =
        variances(&t, x, p, start, sum / (n as f64 - numbers as f64).max(1.0));
    Some(SpringFit {
        natural_frequency: w,
        damping_ratio: zeta,
        rest,
        a,
        b,
        t0,
        rms: math::sqrt(sum / n as f64),
        starts_at_rest: start == Start::AtRest,
        natural_frequency_error: w * math::sqrt(var_ln_w),
        damping_ratio_error: math::sqrt(var_zeta),
    })
}

/// The variances of `ln w` and `zeta` at `p`: the diagonal of `s2 (J^T J)^-1`, `J` the
/// projected residuals' derivatives (central differences), which is the covariance of the
/// two with the linear numbers (`rest`, `a`, `b`) free. Infinite where `J` is singular.
fn variances(t: &[f64], x: &[f64], p: [f64; 2], start: Start, s2: f64) -> [f64; 2] {
    const H: f64 = 1e-5;
    let at = |q: [f64; 2]| project(t, x, math::exp(q[0]), q[1], start).map(|f| f.1);
    let mut jac = [Vec::new(), Vec::new()];
    for (i, column) in jac.iter_mut().enumerate() {
        let (mut up, mut down) = (p, p);
        up[i] += H;
        down[i] -= H;
        let (Some(ru), Some(rd)) = (at(up), at(down)) else {
            return [f64::INFINITY; 2];
        };
        *column = ru
            .iter()
            .zip(&rd)
            .map(|(u, d)| (u - d) / (2.0 * H))
            .collect();
    }
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let (a, b, d) = (
        dot(&jac[0], &jac[0]),
        dot(&jac[0], &jac[1]),
        dot(&jac[1], &jac[1]),
    );
    let det = a * d - b * b;
    if det.is_nan() || det <= 0.0 {
        return [f64::INFINITY; 2];
    }
    [s2 * d / det, s2 * a / det]
}

/// Which curves a search considers: any start, or one at rest at the first sample
/// (`x'(0) = 0`, so `b = zeta w a`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Start {
    Free,
    AtRest,
}

/// The `(ln w, zeta)` whose curve is nearest the samples, and its sum of squares: a
/// coarse grid, then Levenberg-Marquardt from the grid's best and from the recurrence fit.
fn search(t: &[f64], x: &[f64], start: Start, nyquist: f64) -> Option<([f64; 2], f64)> {
    let n = t.len();
    let span = t[n - 1];
    let dt = span / (n - 1) as f64;
    let residuals = |p: [f64; 2]| project(t, x, math::exp(p[0]), p[1], start).map(|f| f.1);
    let cost = |p: [f64; 2]| residuals(p).map(|r| r.iter().map(|e| e * e).sum::<f64>());
    let mut starts: Vec<[f64; 2]> = Vec::new();
    if let Some(e) = second_order(x, dt, |_| true) {
        if e.natural_frequency < nyquist {
            starts.push([
                math::ln(e.natural_frequency),
                e.damping_ratio.clamp(0.0, MAX_ZETA),
            ]);
        }
    }
    let lowest = TAU * 0.1 / span;
    let mut best_grid: Option<([f64; 2], f64)> = None;
    for i in 0..GRID_FREQUENCIES {
        let w = lowest * math::pow(nyquist / lowest, i as f64 / (GRID_FREQUENCIES - 1) as f64);
        for zeta in GRID_ZETA {
            let p = [math::ln(w), zeta];
            if let Some(c) = cost(p) {
                if best_grid.is_none_or(|(_, b)| c < b) {
                    best_grid = Some((p, c));
                }
            }
        }
    }
    starts.extend(best_grid.map(|(p, _)| p));
    let mut best: Option<([f64; 2], f64)> = None;
    for from in starts {
        let p = refine(&residuals, from, nyquist);
        if let Some(c) = cost(p) {
            if best.is_none_or(|(_, b)| c < b) {
                best = Some((p, c));
            }
        }
    }
    best
}

/// Levenberg-Marquardt on `(ln w, zeta)`, the Jacobian of the projected residuals by
/// forward differences, `w` kept below the Nyquist frequency and `zeta` in `[0, MAX_ZETA]`.
fn refine(
    residuals: &dyn Fn([f64; 2]) -> Option<Vec<f64>>,
    start: [f64; 2],
    nyquist: f64,
) -> [f64; 2] {
    let bound = |p: [f64; 2]| [p[0].min(math::ln(nyquist)), p[1].clamp(0.0, MAX_ZETA)];
    let sum = |r: &[f64]| r.iter().map(|e| e * e).sum::<f64>();
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut p = bound(start);
    let Some(mut r) = residuals(p) else { return p };
    let mut c = sum(&r);
    let mut lambda = 1e-3;
    const H: f64 = 1e-7;
    for _ in 0..60 {
        let mut jac = [Vec::new(), Vec::new()];
        for (i, column) in jac.iter_mut().enumerate() {
            let mut q = p;
            q[i] += H;
            let Some(rq) = residuals(q) else { return p };
            *column = rq.iter().zip(&r).map(|(a, b)| (a - b) / H).collect();
        }
        let (a, b, d) = (
            dot(&jac[0], &jac[0]),
            dot(&jac[0], &jac[1]),
            dot(&jac[1], &jac[1]),
        );
        let g = [dot(&jac[0], &r), dot(&jac[1], &r)];
        let mut improved = false;
        for _ in 0..12 {
            let (a, d) = (a * (1.0 + lambda), d * (1.0 + lambda));
            let det = a * d - b * b;
            if det.is_nan() || det <= 0.0 {
                lambda *= 10.0;
                continue;
            }
            let step = [-(d * g[0] - b * g[1]) / det, -(a * g[1] - b * g[0]) / det];
            let next = bound([
                p[0] + step[0].clamp(-1.0, 1.0),
                p[1] + step[1].clamp(-1.0, 1.0),
            ]);
            match residuals(next) {
                Some(rn) if sum(&rn) < c => {
                    let cn = sum(&rn);
                    let small = c - cn <= 1e-15 * c;
                    (p, r, c) = (next, rn, cn);
                    lambda = (lambda / 10.0).max(1e-12);
                    improved = !small;
                    break;
                }
                _ => lambda *= 10.0,
            }
        }
        if !improved {
            break;
        }
    }
    p
}

/// The best `[rest, a, b]` for `w`, `zeta` by linear least squares (with `b = zeta w a`
/// when the curve starts at rest), and the residuals (sample minus curve); `None` when the
/// columns are dependent or a value is not finite.
fn project(t: &[f64], x: &[f64], w: f64, zeta: f64, start: Start) -> Option<([f64; 3], Vec<f64>)> {
    let sigma = zeta * w;
    let rows: Vec<[f64; 3]> = t
        .iter()
        .map(|&t| {
            let (c, s) = basis(w, zeta, t);
            [1.0, c, s]
        })
        .collect();
    let k = match start {
        Start::Free => {
            let mut m = [[0.0f64; 4]; 3];
            for (row, &y) in rows.iter().zip(x) {
                for i in 0..3 {
                    for j in 0..3 {
                        m[i][j] += row[i] * row[j];
                    }
                    m[i][3] += row[i] * y;
                }
            }
            solve3(m)?
        }
        Start::AtRest => {
            // Columns 1 and C + sigma S: a 2 x 2 solve.
            let (mut s11, mut s12, mut s22, mut y1, mut y2) = (0.0, 0.0, 0.0, 0.0, 0.0);
            for (row, &y) in rows.iter().zip(x) {
                let u = row[1] + sigma * row[2];
                s11 += 1.0;
                s12 += u;
                s22 += u * u;
                y1 += y;
                y2 += u * y;
            }
            let det = s11 * s22 - s12 * s12;
            if det.is_nan() || det.abs() <= 1e-300 {
                return None;
            }
            let rest = (s22 * y1 - s12 * y2) / det;
            let a = (s11 * y2 - s12 * y1) / det;
            [rest, a, sigma * a]
        }
    };
    let r: Vec<f64> = rows
        .iter()
        .zip(x)
        .map(|(row, y)| y - (k[0] * row[0] + k[1] * row[1] + k[2] * row[2]))
        .collect();
    r.iter().all(|e| e.is_finite()).then_some((k, r))
}

/// `(C(t), S(t))` of a spring of `w` rad/s and damping ratio `zeta`, written so that
/// neither overflows nor cancels near `zeta = 1`.
fn basis(w: f64, zeta: f64, t: f64) -> (f64, f64) {
    let sigma = zeta * w;
    let q = 1.0 - zeta * zeta;
    let decay = math::exp(-sigma * t);
    if q >= 0.0 {
        let u = w * math::sqrt(q) * t;
        let sinc = if u.abs() < 1e-4 {
            1.0 - u * u / 6.0
        } else {
            math::sin(u) / u
        };
        (decay * math::cos(u), decay * t * sinc)
    } else {
        let beta = w * math::sqrt(-q);
        let u = beta * t;
        if u < 1.0 {
            let (ep, em) = (math::exp(u), math::exp(-u));
            let sinhc = if u < 1e-4 {
                1.0 + u * u / 6.0
            } else {
                (ep - em) / (2.0 * u)
            };
            (decay * (ep + em) / 2.0, decay * t * sinhc)
        } else {
            // e^(-sigma t) e^(+-beta t) as one exponent each: sigma > beta, so neither overflows.
            let (p, m) = (
                math::exp((beta - sigma) * t),
                math::exp(-(beta + sigma) * t),
            );
            ((p + m) / 2.0, (p - m) / (2.0 * beta))
        }
    }
}

#[cfg(test)]
#[path = "spring_tests.rs"]
mod tests;
