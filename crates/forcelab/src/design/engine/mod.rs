//! Tune for me, for an engine: the same wish ("settle in 0.5 s, at most 2 %
//! overshoot") written as one engine API's own spring-drive parameters, found by running
//! that engine's twin (`engines::twin`, checked against the real engine by `npm test`)
//! rather than the continuous spring the documentation's formula assumes.
//!
//! The search is the laws' ([`super::search`]): a point is a natural frequency `w` and
//! a damping ratio `zeta`, written as the engine's knobs by its documentation's formula
//! (`f = w / 2 pi`), so the answer reads as the numbers a user types into the engine.
//! The knobs are set once, for the nominal body and step; the robustness plants run the
//! same knobs on the heavier, lighter or differently stepped body, as a game would.

mod request;
pub use request::EngineRequest;

use super::measure::{worst_of, Cap, Response};
use super::search::{Knobs, Point, Problem};
use super::spec::{check_wish, DesignError, Objective, Requirements, Robustness, Wish};
use super::{solve, Margins};
use crate::analysis::{MetricsOptions, StepMetrics};
use crate::engines::{self, Entry, Intent, Parameter, Prediction, Settings};
use crate::error::in_range;
use core::f64::consts::TAU;

/// One engine tuning question: `entry`'s drive under `settings` on a body of `mass` kg
/// (or kg m^2 when `angular`) stepped every `dt` s, from rest at 0 toward 1 m (1 rad).
#[derive(Clone, Copy, Debug)]
pub struct EngineSpec {
    /// The engine API whose drive is tuned.
    pub entry: &'static Entry,
    /// The engine's settings (substeps, solver, sleep, damping...).
    pub settings: Settings,
    /// Mass, kg, or moment of inertia about the drive's axis, kg m^2.
    pub mass: f64,
    /// The engine's fixed step, s.
    pub dt: f64,
    /// A revolute drive (rad) instead of a prismatic one (m).
    pub angular: bool,
    /// How long each candidate is run, s.
    pub duration: f64,
    /// What the response must do.
    pub requirements: Requirements,
    /// The plants the same knobs must also satisfy.
    pub robustness: Robustness,
    /// Which of the knobs that meet the wish to prefer.
    pub objective: Objective,
}

impl EngineSpec {
    /// `entry` at its default settings, a 1 kg body at `dt`, linear, 10 s runs, no
    /// requirement.
    pub fn new(entry: &'static Entry, dt: f64) -> EngineSpec {
        EngineSpec {
            entry,
            settings: entry.default_settings(),
            mass: 1.0,
            dt,
            angular: false,
            duration: 10.0,
            requirements: Requirements::default(),
            robustness: Robustness::default(),
            objective: Objective::Gentlest,
        }
    }

    /// Checks every field; the error names the first bad one and its value.
    pub fn validate(&self) -> Result<(), DesignError> {
        in_range("mass", self.mass, 1e-6, 1e6)?;
        in_range("dt", self.dt, 1e-5, 0.5)?;
        self.settings.validate()?;
        if self.settings.engine() != self.entry.engine {
            return Err(DesignError(format!(
                "settings belong to another engine than {}",
                self.entry.id
            )));
        }
        check_wish(self.dt, self.duration, &self.requirements, &self.robustness)
    }

    /// The intent a point stands for, on the nominal body and step.
    fn intent(&self, point: Point) -> Intent {
        Intent {
            frequency: point.log_w.exp() / TAU,
            damping_ratio: point.log_zeta.exp(),
            mass: self.mass,
            dt: self.dt,
            angular: self.angular,
        }
    }

    /// The response of `knobs` (written for `point`) on a body of `mass` stepped every
    /// `dt`.
    fn respond(&self, knobs: [f64; 2], point: Point, mass: f64, dt: f64) -> Response {
        let intent = Intent {
            mass,
            dt,
            ..self.intent(point)
        };
        let steps = (self.duration / dt).round() as usize;
        match self.entry.predict(knobs, &intent, &self.settings, steps) {
            Ok(p) => predicted_response(&p, mass, dt),
            Err(_) => Response::DIVERGED,
        }
    }
}

/// The step response of a twin's prediction for a body of `mass` at step `dt`: a run
/// the engine reset or that diverged meets nothing.
pub fn predicted_response(p: &Prediction, mass: f64, dt: f64) -> Response {
    if p.diverged_after.is_some() || p.reset_after.is_some() || p.positions.is_empty() {
        return Response::DIVERGED;
    }
    response_of(&p.positions, mass, dt)
}

/// The step response of an engine's trace `positions` (after each step, from rest at 0
/// toward 1), read as the Lab reads its own; the effort is the net force (or torque)
/// over each step, `m (v_k - v_{k-1}) / dt` with `v_k = (x_k - x_{k-1}) / dt`: what the
/// drive pushed with, averaged over the step, whatever its solver did inside it.
pub fn response_of(positions: &[f64], mass: f64, dt: f64) -> Response {
    let times: Vec<f64> = (1..=positions.len()).map(|k| k as f64 * dt).collect();
    let mut effort = Vec::with_capacity(positions.len());
    let (mut x, mut v) = (0.0, 0.0);
    for &next in positions {
        let v_next = (next - x) / dt;
        effort.push(mass * (v_next - v) / dt);
        (x, v) = (next, v_next);
    }
    match StepMetrics::of(
        &times,
        positions,
        &effort,
        0.0,
        engines::TARGET,
        MetricsOptions::default(),
    ) {
        Ok(m) => Response::of(m),
        Err(_) => Response::DIVERGED,
    }
}

impl Problem for EngineSpec {
    fn wish(&self) -> Wish {
        Wish {
            requirements: self.requirements,
            duration: self.duration,
            objective: self.objective,
        }
    }
    fn dt(&self) -> f64 {
        self.dt
    }
    fn knobs(&self) -> Knobs {
        Knobs {
            pd: true,
            integral: false,
        }
    }
    /// Uncapped: an engine twin's run is short and its own code, not the Lab's.
    fn measure(&self, point: Point, _cap: &Cap) -> Response {
        let knobs = (self.entry.docs)(&self.intent(point));
        if self.entry.check_knobs(knobs).is_err() {
            return Response::DIVERGED;
        }
        worst_of(
            self.robustness
                .plants(self.mass, self.dt)
                .into_iter()
                .map(|(mass, dt)| self.respond(knobs, point, mass, dt)),
        )
    }
    fn asking(&self, requirements: Requirements) -> Self {
        EngineSpec {
            requirements,
            ..*self
        }
    }
}

/// The tuner's answer for one engine API.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct EngineDesign {
    /// The entry's id (`"rapier-acceleration"`, ...).
    pub id: &'static str,
    /// The engine and API, for people.
    pub api: &'static str,
    /// Whether the knobs meet every requirement on every plant.
    pub feasible: bool,
    /// The intent the knobs are written from: natural frequency, Hz.
    pub frequency: f64,
    /// The intent's damping ratio.
    pub damping_ratio: f64,
    /// The engine's parameters, as it names them, with units.
    pub parameters: Vec<Parameter>,
    /// The worst response over the plants, as the twin predicts it.
    pub predicted: Response,
    /// Each requirement's margin against `predicted`.
    pub margins: Margins,
    /// When infeasible: the wish these knobs meet.
    pub nearest: Option<Requirements>,
    /// When infeasible: the requirement missed by the most.
    pub binding: Option<&'static str>,
    /// Candidates measured.
    pub evaluated: usize,
    /// The plot regions the wish forbids, for the page to shade.
    pub forbidden: Vec<super::Forbidden>,
}

/// Tunes `spec.entry`'s drive for the wish; refuses a bad field by name.
pub fn tune_engine(spec: &EngineSpec) -> Result<EngineDesign, DesignError> {
    spec.validate()?;
    let found = solve(spec)?;
    let intent = spec.intent(found.best.point);
    let knobs = (spec.entry.docs)(&intent);
    Ok(EngineDesign {
        id: spec.entry.id,
        api: spec.entry.api,
        feasible: found.feasible,
        frequency: intent.frequency,
        damping_ratio: intent.damping_ratio,
        parameters: spec.entry.parameters(knobs, &intent),
        predicted: found.best.response,
        margins: found.margins,
        nearest: found.nearest,
        binding: found.binding,
        evaluated: found.evaluated,
        forbidden: super::forbidden(&spec.requirements, engines::TARGET),
    })
}

/// The same wish for every engine API at its default settings, in the catalogue's
/// order: `template` gives the body, step, run and wish (its entry and settings are
/// replaced).
pub fn tune_engines(template: &EngineSpec) -> Result<Vec<EngineDesign>, DesignError> {
    engines::entries()
        .iter()
        .map(|entry| {
            tune_engine(&EngineSpec {
                entry,
                settings: entry.default_settings(),
                ..*template
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
