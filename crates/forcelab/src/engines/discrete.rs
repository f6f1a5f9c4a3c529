//! Discrete-exact gains: the parameters that make an engine's *stepped* drive have the
//! intended natural frequency and damping ratio at this step and these settings.
//!
//! While no cap, clamp or sleep bites, every engine modelled here steps a drive as a
//! linear map of the error and the velocity, `[e', v'] = A [e, v]` with `e = x - x*`.
//! The continuous spring-damper the reader asked for has poles
//! `s = -zeta w +- i w sqrt(1 - zeta^2)`; sampled every `dt` they are `z = exp(s dt)`.
//! Two numbers fix a 2 x 2 map's poles: its trace `z1 + z2` and determinant `z1 z2`.
//! So the two knobs of a drive (stiffness and damping, or hertz and ratio) are solved by
//! Newton's method until `trace A = z1 + z2` and `det A = z1 z2`. The result is checked
//! by mapping `A`'s eigenvalues back (`s = ln z / dt`) to a frequency and a ratio.

use crate::analysis::{eigenvalues, Complex};
use crate::error::{positive, Error};
use crate::math;
use crate::tuning::Effective;
use core::f64::consts::{PI, TAU};

/// A one-step map of `[e, v]` (error from the target, m or rad, and velocity).
pub type Map2 = [[f64; 2]; 2];

/// The trace and determinant that a one-step map at `dt` must have for the poles of a
/// spring-damper with natural frequency `frequency` (Hz) and damping ratio `zeta`:
/// `z1 + z2` and `z1 z2` with `z = exp(s dt)`. Refused when the damped frequency reaches
/// the step's Nyquist limit (`f sqrt(1 - zeta^2) >= 1 / (2 dt)`): sampled motion cannot
/// show it.
pub fn intended_trace_det(frequency: f64, zeta: f64, dt: f64) -> Result<(f64, f64), Error> {
    positive("frequency", frequency)?;
    positive("dt", dt)?;
    let w = TAU * frequency;
    let decay = math::exp(-zeta * w * dt);
    let det = decay * decay;
    let trace = if zeta < 1.0 {
        let wd = w * math::sqrt(1.0 - zeta * zeta);
        if wd * dt >= PI {
            return Err(Error::Unsupported {
                field: "dt",
                reason: "the step is too coarse for this frequency: the damped frequency must stay below \
                         half the step rate, 1 / (2 dt)",
            });
        }
        2.0 * decay * math::cos(wd * dt)
    } else {
        let r = w * math::sqrt(zeta * zeta - 1.0) * dt;
        decay * (math::exp(r) + math::exp(-r))
    };
    Ok((trace, det))
}

/// The natural frequency (rad/s) and damping ratio a one-step map shows at `dt`, or
/// `None` when it has no continuous equivalent (unstable, or an eigenvalue real and not
/// positive: the motion flips sign every step).
pub fn effective(map: Map2, dt: f64) -> Option<Effective> {
    let [z1, z2] = eigenvalues(map);
    from_eigenvalues([z1, z2], dt)
}

fn from_eigenvalues([z1, z2]: [Complex; 2], dt: f64) -> Option<Effective> {
    if !(z1.abs() < 1.0 && z2.abs() < 1.0) {
        return None;
    }
    if z1.im != 0.0 {
        let re = math::ln(z1.abs()) / dt;
        let im = math::atan2(z1.im, z1.re).abs() / dt;
        let wn = math::sqrt(re * re + im * im);
        return Some(Effective {
            natural_frequency: wn,
            damping_ratio: -re / wn,
        });
    }
    if z1.re <= 0.0 || z2.re <= 0.0 {
        return None;
    }
    let (s1, s2) = (math::ln(z1.re) / dt, math::ln(z2.re) / dt);
    let wn = math::sqrt(s1 * s2);
    Some(Effective {
        natural_frequency: wn,
        damping_ratio: -(s1 + s2) / (2.0 * wn),
    })
}

fn trace_det(m: Map2) -> [f64; 2] {
    [m[0][0] + m[1][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]]
}

/// Solves `trace map(p) = trace` and `det map(p) = det` for the two knobs `p` by
/// Newton's method from `start` (the docs' formula is a good start: near it the step
/// is nearly the continuous spring). The Jacobian is taken by central differences
/// relative to each knob; each step is halved until the residual shrinks. `None` when
/// it does not converge, or `map` refuses a trial point (returns `None`).
pub fn solve(
    map: impl Fn([f64; 2]) -> Option<Map2>,
    start: [f64; 2],
    (trace, det): (f64, f64),
) -> Option<[f64; 2]> {
    let residual = |p: [f64; 2]| -> Option<[f64; 2]> {
        let [t, d] = trace_det(map(p)?);
        Some([t - trace, d - det])
    };
    let norm = |r: [f64; 2]| r[0].abs().max(r[1].abs());
    let mut p = start;
    let mut r = residual(p)?;
    for _ in 0..200 {
        if norm(r) <= 1e-15 {
            return Some(p);
        }
        let mut jac = [[0.0; 2]; 2];
        for k in 0..2 {
            let h = 1e-6 * p[k].abs().max(1e-6);
            let (mut hi, mut lo) = (p, p);
            hi[k] += h;
            lo[k] -= h;
            let (a, b) = (residual(hi)?, residual(lo)?);
            jac[0][k] = (a[0] - b[0]) / (2.0 * h);
            jac[1][k] = (a[1] - b[1]) / (2.0 * h);
        }
        let dj = jac[0][0] * jac[1][1] - jac[0][1] * jac[1][0];
        if dj == 0.0 || !dj.is_finite() {
            return None;
        }
        let step = [
            (jac[1][1] * r[0] - jac[0][1] * r[1]) / dj,
            (-jac[1][0] * r[0] + jac[0][0] * r[1]) / dj,
        ];
        let mut scale = 1.0;
        let mut improved = None;
        for _ in 0..40 {
            let trial = [p[0] - scale * step[0], p[1] - scale * step[1]];
            if let Some(tr) = residual(trial) {
                if norm(tr) < norm(r) {
                    improved = Some((trial, tr));
                    break;
                }
            }
            scale *= 0.5;
        }
        match improved {
            Some((next, next_r)) => {
                // Converged to rounding: no step shrinks the residual by more.
                if norm(next_r) >= 0.999 * norm(r) && norm(next_r) < 1e-12 {
                    return Some(next);
                }
                p = next;
                r = next_r;
            }
            None => return (norm(r) < 1e-12).then_some(p),
        }
    }
    (norm(r) < 1e-12).then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ALGEBRA_TOL;

    /// Semi-implicit Euler on a unit mass under `a = -k e - c v`.
    fn semi(k: f64, c: f64, dt: f64) -> Map2 {
        let (ax, av) = (-k * dt, 1.0 - c * dt);
        [[1.0 + ax * dt, av * dt], [ax, av]]
    }

    #[test]
    fn intended_poles_map_back_to_the_intent() {
        for &(f, zeta, dt) in &[(2.0, 1.0, 1.0 / 60.0), (3.0, 0.2, 0.01), (1.0, 2.5, 0.05)] {
            let (t, d) = intended_trace_det(f, zeta, dt).unwrap();
            // A companion matrix with this trace and determinant has those poles.
            let e = effective([[0.0, -d], [1.0, t]], dt).unwrap();
            assert!(
                (e.natural_frequency - TAU * f).abs() < ALGEBRA_TOL * TAU * f,
                "{e:?}"
            );
            assert!((e.damping_ratio - zeta).abs() < ALGEBRA_TOL, "{e:?}");
        }
        // 20 Hz undamped at 30 Hz is past Nyquist.
        let e = intended_trace_det(20.0, 0.0, 1.0 / 30.0).unwrap_err();
        assert_eq!(e.field(), "dt");
    }

    #[test]
    fn newton_finds_the_gains_semi_implicit_euler_needs() {
        // Closed form for semi-implicit Euler: det = 1 - c dt, trace = 2 - c dt - k dt^2.
        let (f, zeta, dt) = (3.0, 0.4, 1.0 / 60.0);
        let (t, d) = intended_trace_det(f, zeta, dt).unwrap();
        let c = (1.0 - d) / dt;
        let k = (2.0 - c * dt - t) / (dt * dt);
        let w = TAU * f;
        let p = solve(
            |p| Some(semi(p[0], p[1], dt)),
            [w * w, 2.0 * zeta * w],
            (t, d),
        )
        .unwrap();
        assert!((p[0] - k).abs() < ALGEBRA_TOL * k, "{p:?} vs {k}");
        assert!((p[1] - c).abs() < ALGEBRA_TOL * c, "{p:?} vs {c}");
        let e = effective(semi(p[0], p[1], dt), dt).unwrap();
        assert!((e.damping_ratio - zeta).abs() < ALGEBRA_TOL);
    }

    #[test]
    fn effective_has_no_equivalent_for_a_flipping_or_unstable_map() {
        assert_eq!(effective([[-0.5, 0.0], [0.0, 0.2]], 0.01), None);
        assert_eq!(effective([[1.1, 0.0], [0.0, 0.2]], 0.01), None);
        assert!(solve(|_| None, [1.0, 1.0], (1.0, 0.5)).is_none());
    }
}
