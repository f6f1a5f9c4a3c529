//! One candidate's response, measured exactly as the Lab measures it: the Lab's cube,
//! stepped by the core, read by [`StepMetrics`] (the table the page shows). The tuner's
//! "discrete model" is this run: the body, the law and the integrator at the step, with
//! nothing linearised, so a prediction is what the Lab will show, bit for bit.

use super::spec::DesignSpec;
use crate::analysis::StepMetrics;
use crate::catalogue::PlantId;
use crate::lab::{Disturbances, LabSpec, LawGains, LawSpec, MAX_STEPS_PER_CALL};

/// The response figures the requirements are checked on (times in s, effort in N).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Response {
    /// Settling time into the 2 % band (`None`: not settled by the end of the run).
    pub settle: Option<f64>,
    /// Rise time, 10 % to 90 % (`None`: never reached 90 %).
    pub rise: Option<f64>,
    /// Largest excursion past the target, fraction of the step.
    pub overshoot: f64,
    /// Largest |force| the controller asked for, N.
    pub peak_effort: f64,
    /// |target - x| at the end of the run, m.
    pub error: f64,
    /// The run diverged (or the law refused its state).
    pub diverged: bool,
}

impl Response {
    /// The response of a run that diverged: worse than any requirement.
    pub const DIVERGED: Response = Response {
        settle: None,
        rise: None,
        overshoot: f64::INFINITY,
        peak_effort: f64::INFINITY,
        error: f64::INFINITY,
        diverged: true,
    };

    /// The worse of two responses, requirement by requirement (a plant family's
    /// response is its worst member's).
    pub fn worst(self, other: Response) -> Response {
        let later = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.max(b)),
            _ => None,
        };
        Response {
            settle: later(self.settle, other.settle),
            rise: later(self.rise, other.rise),
            overshoot: self.overshoot.max(other.overshoot),
            peak_effort: self.peak_effort.max(other.peak_effort),
            error: self.error.max(other.error),
            diverged: self.diverged || other.diverged,
        }
    }

    /// The figures the requirements read, from the metrics of a run.
    pub(crate) fn of(m: StepMetrics) -> Response {
        if m.diverged || !m.peak_effort.is_finite() {
            return Response::DIVERGED;
        }
        Response {
            settle: m.settling_time,
            rise: m.rise_time,
            overshoot: m.overshoot_percent / 100.0,
            peak_effort: m.peak_effort,
            error: m.steady_state_error,
            diverged: false,
        }
    }
}

/// The Lab the tuner runs for `gains` on a cube of `mass` kg at step `dt`: a target step
/// from 0 to 1 m at t = 0 from rest, the spec's load as a constant force.
pub fn lab_spec(spec: &DesignSpec, gains: LawGains, mass: f64, dt: f64) -> LabSpec {
    LabSpec {
        plant: PlantId::Cube.id().into(),
        mass,
        dt,
        integrator: spec.integrator.id().into(),
        controllers: vec![LawSpec {
            kind: spec.law.id().into(),
            kp: gains.kp,
            kd: gains.kd,
            ki: gains.ki,
        }],
        disturbances: Disturbances {
            target_start: 1.0,
            constant_force: spec.load,
            ..Disturbances::default()
        },
    }
}

/// Runs `gains` for the spec's duration on one plant (`mass`, `dt`) and measures it.
pub fn measure(spec: &DesignSpec, gains: LawGains, mass: f64, dt: f64) -> Response {
    let Ok(mut lab) = lab_spec(spec, gains, mass, dt).build() else {
        return Response::DIVERGED;
    };
    // Hundreds of candidates are run: only what the metrics read is kept.
    lab.record_response_only();
    let mut left = (spec.duration / dt).round() as u32;
    while left > 0 {
        let steps = left.min(MAX_STEPS_PER_CALL);
        if lab.step(steps).is_err() {
            return Response::DIVERGED;
        }
        left -= steps;
    }
    if lab.failures().iter().any(Option::is_some) {
        return Response::DIVERGED;
    }
    lab.metrics()
        .first()
        .copied()
        .map_or(Response::DIVERGED, Response::of)
}

/// The plants the gains must satisfy: `(mass, dt)` pairs, the nominal one first.
pub fn plants(spec: &DesignSpec) -> Vec<(f64, f64)> {
    spec.robustness.plants(spec.mass, spec.dt)
}

/// The worst of `responses` (a plant family's response is its worst member's); the
/// first diverging one ends it, since nothing is worse.
pub fn worst_of(responses: impl IntoIterator<Item = Response>) -> Response {
    let mut worst: Option<Response> = None;
    for r in responses {
        if r.diverged {
            return Response::DIVERGED;
        }
        worst = Some(worst.map_or(r, |w| w.worst(r)));
    }
    worst.unwrap_or(Response::DIVERGED)
}

/// The worst response of `gains` over every plant of the spec.
pub fn measure_all(spec: &DesignSpec, gains: LawGains) -> Response {
    worst_of(
        plants(spec)
            .into_iter()
            .map(|(m, dt)| measure(spec, gains, m, dt)),
    )
}
