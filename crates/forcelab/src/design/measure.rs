//! One candidate's response, measured exactly as the Lab measures it: the Lab's cube,
//! stepped by the core, read by [`StepMetrics`] (the table the page shows). The tuner's
//! "discrete model" is this run: the body, the law and the integrator at the step, with
//! nothing linearised, so a prediction is what the Lab will show, bit for bit.

use super::spec::DesignSpec;
use crate::analysis::{MetricsOptions, StepMetrics};
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

    /// A run stopped as soon as it could no longer beat the search's best answer (see
    /// [`Cap`]): it meets nothing and is never an answer.
    pub const BEATEN: Response = Response {
        settle: None,
        rise: None,
        overshoot: f64::INFINITY,
        peak_effort: f64::INFINITY,
        error: f64::INFINITY,
        diverged: false,
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

/// The Lab the tuner runs for `gains` on the spec's body of `mass` kg at step `dt`: a
/// target step from 0 to 1 (m, or rad on the box) at t = 0 from rest, the spec's load
/// as a constant force, the law with the spec's options.
pub fn lab_spec(spec: &DesignSpec, gains: LawGains, mass: f64, dt: f64) -> LabSpec {
    LabSpec {
        plant: spec.plant.id().into(),
        mass,
        dt,
        integrator: spec.integrator.id().into(),
        controllers: vec![LawSpec {
            kind: spec.law.id().into(),
            kp: gains.kp,
            kd: gains.kd,
            ki: gains.ki,
            options: spec.options,
        }],
        disturbances: Disturbances {
            target_start: 1.0,
            constant_force: spec.load,
            ..Disturbances::default()
        },
    }
}

/// Bounds past which a run stops early: a search that already holds an answer meeting
/// the wish needs no more of a candidate than the proof that it cannot beat it. Each
/// bound is on a figure that only grows as the run goes on, read off the same samples
/// [`StepMetrics`] reads, so a run it stops would have lost anyway and the search ends
/// on the same answer, bit for bit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cap {
    /// Stop once some |effort| sample exceeds this (N, or N m on the box).
    pub effort: f64,
    /// Stop once the response is out of the 2 % band at a time at or past this, s: its
    /// settle time is then later still.
    pub settle: f64,
    /// Stop once the response passes the target (a step from 0 to 1) by more than this.
    pub overshoot: f64,
}

/// How many steps a capped run takes between looks at its samples.
const LOOK_EVERY: u32 = 16;

impl Cap {
    /// No bound: the whole run.
    pub const NONE: Cap = Cap {
        effort: f64::INFINITY,
        settle: f64::INFINITY,
        overshoot: f64::INFINITY,
    };

    /// Whether these samples (time s, response, effort) show the run cannot come
    /// within the bounds.
    fn exceeded(&self, time: &[f64], x: &[f64], effort: &[f64]) -> bool {
        let band = MetricsOptions::default().settling_band;
        effort.iter().any(|f| f.abs() > self.effort)
            || x.iter().any(|v| v - 1.0 > self.overshoot)
            || time
                .iter()
                .zip(x)
                .any(|(&t, v)| t >= self.settle && (v - 1.0).abs() > band)
    }
}

/// Runs `gains` for the spec's duration on one plant (`mass`, `dt`) and measures it,
/// or stops with [`Response::BEATEN`] once the run exceeds `cap`.
pub fn measure(spec: &DesignSpec, gains: LawGains, mass: f64, dt: f64, cap: &Cap) -> Response {
    let Ok(mut lab) = lab_spec(spec, gains, mass, dt).build() else {
        return Response::DIVERGED;
    };
    // Hundreds of candidates are run: only what the metrics read is kept.
    lab.record_response_only();
    let capped = *cap != Cap::NONE;
    let chunk = if capped {
        LOOK_EVERY
    } else {
        MAX_STEPS_PER_CALL
    };
    let mut left = (spec.duration / dt).round() as u32;
    let mut seen = 0;
    while left > 0 {
        let steps = left.min(chunk);
        if lab.step(steps).is_err() {
            return Response::DIVERGED;
        }
        left -= steps;
        if capped {
            let t = lab.trace();
            if cap.exceeded(&t.time[seen..], &t.x[seen..], &t.force[seen..]) {
                return Response::BEATEN;
            }
            seen = t.x.len();
        }
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
/// first diverging one ends it, since nothing is worse, and so does a beaten one (the
/// family cannot win).
pub fn worst_of(responses: impl IntoIterator<Item = Response>) -> Response {
    let mut worst: Option<Response> = None;
    for r in responses {
        if r.diverged || r == Response::BEATEN {
            return r;
        }
        worst = Some(worst.map_or(r, |w| w.worst(r)));
    }
    worst.unwrap_or(Response::DIVERGED)
}

/// The worst response of `gains` over every plant of the spec, each run stopped at `cap`.
pub fn measure_all(spec: &DesignSpec, gains: LawGains, cap: &Cap) -> Response {
    worst_of(
        plants(spec)
            .into_iter()
            .map(|(m, dt)| measure(spec, gains, m, dt, cap)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A settled run: within every bound below.
    fn fine() -> Response {
        Response {
            settle: Some(0.5),
            rise: Some(0.2),
            overshoot: 0.03,
            peak_effort: 40.0,
            error: 1e-4,
            diverged: false,
        }
    }

    const CAP: Cap = Cap {
        effort: 100.0,
        settle: 1.0,
        overshoot: 0.25,
    };

    #[test]
    fn a_cap_stops_a_run_on_any_one_bound_passed_and_not_at_a_bound_reached() {
        let time = [0.0, 0.5, 1.0];
        let calm = [0.5, 1.05, 1.0];
        let effort = [50.0, -60.0, 10.0];
        assert!(!CAP.exceeded(&time, &calm, &effort));
        // Each bound alone.
        assert!(CAP.exceeded(&time, &calm, &[50.0, -100.5, 10.0]));
        assert!(CAP.exceeded(&time, &[0.5, 1.3, 1.0], &effort));
        assert!(CAP.exceeded(&time, &[0.5, 1.05, 1.03], &effort));
        // Exactly at a bound is allowed: the wish it stands for allows it (effort at its
        // limit, overshoot at its limit), and a response still in the band at the settle
        // time settles in time.
        assert!(!CAP.exceeded(&time, &calm, &[50.0, -100.0, 10.0]));
        assert!(!CAP.exceeded(&time, &[0.5, 1.25, 1.0], &effort));
        assert!(!CAP.exceeded(&[0.0, 0.5, 0.99], &[0.5, 1.05, 0.9], &effort));
        assert!(!Cap::NONE.exceeded(&time, &[0.5, 9.0, 9.0], &[1e300, 0.0, 0.0]));
    }

    #[test]
    fn the_worse_of_two_responses_diverged_if_either_did() {
        let bad = Response::DIVERGED;
        assert!(fine().worst(bad).diverged);
        assert!(bad.worst(fine()).diverged);
        assert!(!fine().worst(fine()).diverged);
        let later = Response {
            settle: Some(0.8),
            ..fine()
        };
        assert_eq!(fine().worst(later).settle, Some(0.8));
        let never = Response {
            settle: None,
            ..fine()
        };
        assert_eq!(later.worst(never).settle, None);
    }

    #[test]
    fn a_run_whose_metrics_diverged_or_whose_effort_is_unbounded_is_a_diverged_response() {
        let m = StepMetrics {
            rise_time: Some(0.2),
            settling_time: Some(0.5),
            overshoot_percent: 3.0,
            steady_state_error: 1e-4,
            iae: 0.1,
            peak_effort: 40.0,
            diverged: false,
        };
        assert_eq!(Response::of(m), fine());
        let blew = StepMetrics {
            diverged: true,
            ..m
        };
        assert_eq!(Response::of(blew), Response::DIVERGED);
        let unbounded = StepMetrics {
            peak_effort: f64::INFINITY,
            ..m
        };
        assert_eq!(Response::of(unbounded), Response::DIVERGED);
    }

    #[test]
    fn a_family_is_its_worst_member_and_ends_at_the_first_beaten_or_diverged_one() {
        let worse = Response {
            overshoot: 0.09,
            ..fine()
        };
        assert_eq!(worst_of([fine(), worse]), fine().worst(worse));
        assert_eq!(
            worst_of([fine(), Response::BEATEN, Response::DIVERGED]),
            Response::BEATEN
        );
        assert_eq!(
            worst_of([fine(), Response::DIVERGED, Response::BEATEN]),
            Response::DIVERGED
        );
        assert_eq!(worst_of([]), Response::DIVERGED);
    }
}
