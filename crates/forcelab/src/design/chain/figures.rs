//! What one run of the arm amounts to for the wish: when it settled, how far each joint
//! swung past its target, the hardest any joint was pushed, read off the run's own
//! records (the arm scene's [`ArmRun`], or an engine twin's angles and torques).

use super::super::measure::Response;
use crate::scenes::{ArmRun, ARM_SETTLED as SETTLED};

/// Below this (rad) a joint is not asked to move: its overshoot is read in rad.
const STILL: f64 = 1e-9;

/// The figures of one arm's run the wish is held to.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ArmFigures {
    /// When every joint was last more than [`SETTLED`] rad off its target, s (the arm
    /// scene's settle); `None`: still off at the end, or it blew up.
    pub settle: Option<f64>,
    /// Each joint's overshoot, shoulder first: a fraction of its move (see
    /// [`super::ArmWish::overshoot`]).
    pub overshoot: Vec<f64>,
    /// The largest `|tau_i|` of any joint at any step, N m.
    pub peak_torque: f64,
    /// The largest `|q_i - q*_i|` at the end, rad.
    pub final_error: f64,
    /// It blew up (the scene froze it, MuJoCo reset it, or a number left f64).
    pub failed: bool,
}

impl ArmFigures {
    /// The figures of a run of the arm scene ([`crate::scenes::run_arm`]): its own settle,
    /// peak torque and final error, and each joint's overshoot from its angles.
    pub fn of_run(run: &ArmRun, start: &[f64], target: &[f64]) -> ArmFigures {
        let failed = run.failed.is_some() || !run.peak_torque.is_finite();
        ArmFigures {
            settle: run.settle.filter(|_| !failed),
            overshoot: overshoot(&run.q, start, target),
            peak_torque: run.peak_torque,
            final_error: run.final_error,
            failed,
        }
    }

    /// The figures of an engine twin's run: `q` the angles after each step (the start not
    /// among them), `tau` each step's torques, stepped every `dt` s; `failed` when the
    /// engine reset it. Settled as the arm scene settles: the time of the last step after
    /// which some joint was more than [`SETTLED`] off, if it ends within it.
    pub fn of_trace(
        q: &[Vec<f64>],
        tau: &[Vec<f64>],
        start: &[f64],
        target: &[f64],
        dt: f64,
        failed: bool,
    ) -> ArmFigures {
        let off = |row: &[f64]| {
            row.iter()
                .zip(target)
                .map(|(q, t)| (q - t).abs())
                .fold(0.0, f64::max)
        };
        let peak_torque = tau.iter().flatten().fold(0.0, |m: f64, t| m.max(t.abs()));
        let final_error = q.last().map_or(off(start), |r| off(r));
        let failed =
            failed || !peak_torque.is_finite() || q.iter().flatten().any(|x| !x.is_finite());
        let last_out = q
            .iter()
            .rposition(|r| off(r) > SETTLED)
            .map_or(0.0, |k| (k + 1) as f64 * dt);
        ArmFigures {
            settle: (!failed && final_error <= SETTLED).then_some(last_out),
            overshoot: overshoot(q, start, target),
            peak_torque,
            final_error,
            failed,
        }
    }

    /// The largest overshoot of any joint (the wish's `overshoot` is held to it).
    pub fn worst_overshoot(&self) -> f64 {
        self.overshoot.iter().fold(0.0, |m: f64, o| m.max(*o))
    }

    /// The figures as the one-body tuner's response (the search and verdict read it): a
    /// run that blew up is [`Response::DIVERGED`].
    pub fn response(&self) -> Response {
        if self.failed {
            return Response::DIVERGED;
        }
        Response {
            settle: self.settle,
            rise: None,
            overshoot: self.worst_overshoot(),
            peak_effort: self.peak_torque,
            error: self.final_error,
            diverged: false,
        }
    }
}

/// Each joint's overshoot over the angles `q` (rows of joint angles), for a move from
/// `start` to `target` (see [`super::ArmWish::overshoot`]).
pub fn overshoot(q: &[Vec<f64>], start: &[f64], target: &[f64]) -> Vec<f64> {
    (0..target.len())
        .map(|i| {
            let span = target[i] - start[i];
            if span.abs() < STILL {
                return q
                    .iter()
                    .fold(0.0, |m: f64, r| m.max((r[i] - target[i]).abs()));
            }
            let past = q
                .iter()
                .fold(0.0, |m: f64, r| m.max((r[i] - target[i]) * span.signum()));
            past / span.abs()
        })
        .collect()
}
