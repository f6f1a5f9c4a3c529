//! Tune for me, for a turn: a wish ("within 2 degrees of the target in 0.8 s, at most 1
//! degree past it, at most 400 N m") written as one orientation drive's own numbers,
//! found by running the orientation twin (`engines::orientation`, checked against the
//! real engines by `npm test`).
//!
//! The search is the laws' ([`super::search`]): a point is a natural frequency `w` and
//! a damping ratio `zeta`, handed to the drive's documentation's formula (the numbers a
//! user types into the engine are those the twin then runs). A turn is read as a step
//! from 0 to the shortest turn's angle `theta` (rad): the signed angle still to go,
//! `|log(target q_k^-1)|` with the sign of its part along the turn's axis (so a body
//! that passes the target reads as overshoot, and one that strays off the axis is
//! still that far from the target), settling into a band of [`SETTLE_DEGREES`]. The
//! torque is the net torque over each step, `(L_k - L_{k-1}) / dt` with the angular
//! momentum `L = R I R^T w` and `w` the step's rotation over `dt`: what the drive pushed
//! with, averaged over the step, whatever its solver did inside it (as the one-axis
//! tuner reads an engine's force).

use super::measure::{Cap, Response};
use super::search::{Knobs, Point, Problem};
use super::spec::{check_wish, DesignError, Objective, Requirements, Robustness, Wish};
use super::{solve, Margins};
use crate::analysis::{MetricsOptions, StepMetrics};
use crate::engines::orientation::{report_one, OrientationIntent, OrientationReport, Prediction3};
use crate::engines::Parameter;
use crate::error::{finite, non_negative, positive};
use crate::rotation::rotation_vector;
use core::f64::consts::TAU;
use glam::{DMat3, DQuat, DVec3};

/// A turn has settled once it stays within this many degrees of the target.
pub const SETTLE_DEGREES: f64 = 2.0;

/// What a turn must do; each is an upper bound, `None` leaves it free.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct TurnWish {
    /// Time to come within [`SETTLE_DEGREES`] of the target and stay, s.
    pub settle: Option<f64>,
    /// Largest angle past the target along the turn, degrees.
    pub overshoot_degrees: Option<f64>,
    /// Largest net torque over a step, N m.
    pub max_torque: Option<f64>,
}

/// One drive at one settings variant, tuned for a wish on one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnDesign {
    /// The drive's id (`"physx-d6-slerp"`).
    pub id: &'static str,
    /// Its settings variant (`"default"`).
    pub variant: &'static str,
    /// Whether its turn meets every requirement.
    pub feasible: bool,
    /// The frequency (Hz) handed to the drive's documented formula.
    pub frequency: f64,
    /// The damping ratio handed to the formula.
    pub damping_ratio: f64,
    /// The engine's numbers, as it names them, with units.
    pub parameters: Vec<Parameter>,
    /// Time to within [`SETTLE_DEGREES`] for good, s (`None`: not within the run).
    pub settle: Option<f64>,
    /// Largest angle past the target along the turn, degrees.
    pub overshoot_degrees: f64,
    /// Largest net torque over a step, N m.
    pub peak_torque: f64,
    /// Each requirement's margin (settle s, overshoot as a share of the turn, torque
    /// N m).
    pub margins: Margins,
    /// When infeasible: the requirement missed by the most.
    pub binding: Option<&'static str>,
    /// When infeasible: the wish these numbers meet (`None`: nothing settles).
    pub nearest: Option<TurnWish>,
    /// The turn at these numbers, over the wish's run.
    pub report: OrientationReport,
    /// Candidates measured.
    pub evaluated: usize,
}

/// One tuning question for one drive (the search's [`Problem`]): requirements in the
/// search's units, overshoot as a share of the turn.
#[derive(Clone, Debug)]
struct TurnProblem<'a> {
    id: &'a str,
    variant: &'a str,
    intent: OrientationIntent,
    duration: f64,
    requirements: Requirements,
    objective: Objective,
}

impl TurnProblem<'_> {
    fn intent_at(&self, point: Point) -> OrientationIntent {
        self.intent
            .asking(point.log_w.exp() / TAU, point.log_zeta.exp())
    }

    fn run(&self, point: Point) -> Option<OrientationReport> {
        let steps = (self.duration / self.intent.dt).round() as usize;
        report_one(&self.intent_at(point), steps, self.id, self.variant).ok()
    }
}

impl Problem for TurnProblem<'_> {
    fn wish(&self) -> Wish {
        Wish {
            requirements: self.requirements,
            duration: self.duration,
            objective: self.objective,
        }
    }
    fn dt(&self) -> f64 {
        self.intent.dt
    }
    fn knobs(&self) -> Knobs {
        Knobs {
            pd: true,
            integral: false,
        }
    }
    fn measure(&self, point: Point, _cap: &Cap) -> Response {
        match self.run(point) {
            Some(r) => turn_response(&r.predicted, &self.intent),
            None => Response::DIVERGED,
        }
    }
    fn asking(&self, requirements: Requirements) -> Self {
        TurnProblem {
            requirements,
            ..self.clone()
        }
    }
}

/// The step response of a turn (see the module's doc): the signed angle turned toward
/// the target after each step, against the shortest turn's angle, and the net torque.
/// A run the engine reset or that diverged meets nothing.
pub fn turn_response(p: &Prediction3, intent: &OrientationIntent) -> Response {
    if !p.resets.is_empty() || p.diverged_after.is_some() || p.orientations.is_empty() {
        return Response::DIVERGED;
    }
    let target = intent.target();
    let shortest = intent.shortest_turn();
    let theta = shortest.length();
    let axis = shortest.normalize_or_zero();
    let dt = intent.dt;
    let inertia = DVec3::from(intent.inertia);
    let momentum = |q: DQuat, w: DVec3| {
        let r = DMat3::from_quat(q);
        r * (inertia * (r.transpose() * w))
    };
    let (mut q0, mut l0) = (DQuat::IDENTITY, inertia * DVec3::from(intent.spin));
    let mut turned = Vec::with_capacity(p.orientations.len());
    let mut torque = Vec::with_capacity(p.orientations.len());
    for &q in &p.orientations {
        let left = rotation_vector(target * q.conjugate());
        let sign = if left.dot(axis) < 0.0 { -1.0 } else { 1.0 };
        turned.push(theta - sign * left.length());
        let w = rotation_vector(q * q0.conjugate()) / dt;
        let l = momentum(q, w);
        torque.push(((l - l0) / dt).length());
        (q0, l0) = (q, l);
    }
    let times: Vec<f64> = (1..=turned.len()).map(|k| k as f64 * dt).collect();
    let options = MetricsOptions {
        settling_band: SETTLE_DEGREES.to_radians() / theta,
        ..MetricsOptions::default()
    };
    match StepMetrics::of(&times, &turned, &torque, 0.0, theta, options) {
        Ok(m) => Response::of(m),
        Err(_) => Response::DIVERGED,
    }
}

/// Tunes drive `id` at settings `variant` for `wish` on the turn of `intent` (its
/// frequency and damping ratio are the search's, not the reader's), each candidate run
/// for `duration` s; refuses a bad field by name.
pub fn tune_turn(
    id: &str,
    variant: &str,
    intent: &OrientationIntent,
    duration: f64,
    wish: &TurnWish,
    objective: Objective,
) -> Result<TurnDesign, DesignError> {
    intent.validate()?;
    let theta = intent.shortest_turn().length();
    if theta < SETTLE_DEGREES.to_radians() {
        return Err(DesignError(format!(
            "degrees: a turn of {:.2} degrees is already within {SETTLE_DEGREES} degrees of its target: nothing to tune",
            theta.to_degrees()
        )));
    }
    if let Some(v) = wish.overshoot_degrees {
        non_negative("overshoot_degrees", v)?;
        finite("overshoot_degrees", v)?;
    }
    if let Some(v) = wish.max_torque {
        positive("max_torque", v)?;
    }
    let requirements = Requirements {
        settle: wish.settle,
        overshoot: wish.overshoot_degrees.map(|d| d.to_radians() / theta),
        max_effort: wish.max_torque,
        ..Requirements::default()
    };
    check_wish(intent.dt, duration, &requirements, &Robustness::default())?;
    let problem = TurnProblem {
        id,
        variant,
        intent: *intent,
        duration,
        requirements,
        objective,
    };
    if report_one(intent, 0, id, variant).is_err() {
        return Err(DesignError(format!(
            "drive: no orientation drive {id} with settings {variant}"
        )));
    }
    let found = solve(&problem)?;
    let point = found.best.point;
    let report = problem
        .run(point)
        .ok_or_else(|| DesignError("drive: its turn could not be run".into()))?;
    let asked = problem.intent_at(point);
    let r = found.best.response;
    Ok(TurnDesign {
        id: report.drive.id,
        variant: report.variant,
        feasible: found.feasible,
        frequency: asked.frequency,
        damping_ratio: asked.damping_ratio,
        parameters: report.parameters.clone(),
        settle: r.settle,
        overshoot_degrees: (r.overshoot * theta).to_degrees(),
        peak_torque: r.peak_effort,
        margins: found.margins,
        binding: found.binding,
        nearest: found.nearest.map(|n| TurnWish {
            settle: n.settle,
            overshoot_degrees: n.overshoot.map(|o| (o * theta).to_degrees()),
            max_torque: n.max_effort,
        }),
        report,
        evaluated: found.evaluated,
    })
}

#[cfg(test)]
#[path = "orientation_tests.rs"]
mod tests;
