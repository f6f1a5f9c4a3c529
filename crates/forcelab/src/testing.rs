//! Helpers shared by the unit tests: closed-loop runs and named tolerances.

use crate::body::Body1;
use crate::controllers::{Controller1, Target1};

/// Agreement expected between two ways of computing the same closed form, or a figure
/// and its hand derivation after a run of steps (errors of ~1e-13 grown over hundreds
/// of operations).
pub const ALGEBRA_TOL: f64 = 1e-9;

/// Agreement expected between the same number computed in another order: a few
/// thousand ulps of a value of order one.
pub const ROUND_OFF: f64 = 1e-12;

/// Runs `controller` on `body` toward a target that starts at `target` and moves with
/// its velocity, for `steps` steps of `dt`; returns the body after each step and the
/// target at that time. Stops early (shorter output) if the state leaves `1e12`.
pub fn run(
    mut controller: Controller1,
    mut body: Body1,
    mut target: Target1,
    dt: f64,
    steps: usize,
) -> Vec<(Body1, Target1)> {
    let mut out = Vec::with_capacity(steps);
    for _ in 0..steps {
        let f = controller.force(&body, &target, dt).unwrap().total;
        body.step(f, dt).unwrap();
        target.x += target.v * dt;
        if !(body.x.abs() < 1e12 && body.v.abs() < 1e12) {
            break;
        }
        out.push((body, target));
    }
    out
}

/// The largest |x - x_target| over a run.
pub fn max_error(trace: &[(Body1, Target1)]) -> f64 {
    trace
        .iter()
        .map(|(b, t)| (b.x - t.x).abs())
        .fold(0.0, f64::max)
}

/// |x - x_target| at the end of a run.
pub fn final_error(trace: &[(Body1, Target1)]) -> f64 {
    let (b, t) = trace.last().expect("a non-empty trace");
    (b.x - t.x).abs()
}

/// The exact motion of `x'' = a - c x'` from `x = 0`, `v = v0` after `t` s (c > 0):
/// `(x, v) = (a t / c + (v0 - a/c)(1 - e^{-ct}) / c, a/c + (v0 - a/c) e^{-ct})`.
pub fn damped_motion(c: f64, a: f64, v0: f64, t: f64) -> (f64, f64) {
    let e = (-c * t).exp();
    (
        a * t / c + (v0 - a / c) * (1.0 - e) / c,
        a / c + (v0 - a / c) * e,
    )
}
