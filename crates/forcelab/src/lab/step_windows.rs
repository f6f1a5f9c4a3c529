//! Which part of a Lab run each target step owns. A step response's metrics only mean
//! something against one target: with a second target step (1 m -> 0 at 3 s) the run
//! holds two step responses, and measuring the whole run against the final target
//! reads the first as no step at all (rise "not reached", settle 0). So the run is cut
//! at the second step and each part measured on its own, its times from its step.

use super::{Disturbances, Trace};
use crate::analysis::{MetricsOptions, StepMetrics};

/// One step of the target and how each body answered it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct StepResponse {
    /// When the target stepped, s from the start (0 for the first step; for a later one
    /// the disturbance's time: the step that starts at or just before it applies it).
    pub at: f64,
    /// Where the response started: the bodies' start for the first step, the target
    /// before the jump for a later one (m, or rad).
    pub from: f64,
    /// The target the metrics measure against: its position at the end of this part of
    /// the run (m, or rad).
    pub to: f64,
    /// Each body's metrics over this part of the run, times measured from the start of
    /// the step that applied the jump (within one step of `at`): the same clock as the
    /// first step's, so a mirrored step reads the same rise and settle.
    pub metrics: Vec<StepMetrics>,
}

impl StepResponse {
    /// Its shape on the page (`types.ts`), held to serde's by `lab::schema_tests`.
    pub const TS: crate::schema::TsType = crate::schema::TsType {
        name: "StepResponse",
        rust: "lab::StepResponse",
        doc: "One step of the target and each body's metrics for it (times from `at`)",
        fields: &[
            crate::schema::field(
                "at",
                "number",
                "When the target stepped, s (0 for the first step).",
            ),
            crate::schema::field(
                "from",
                "number",
                "Where the response started: the bodies' start, or the target before the jump.",
            ),
            crate::schema::field("to", "number", "The target the metrics measure against."),
            crate::schema::field("metrics", "Metrics[]", "Each body's, in order."),
        ],
    };
}

/// The rows of `trace` each step owns, as `(first row, last row)` inclusive: the whole
/// run when the target steps once; with `target_step`, once the run has passed it, the
/// rows up to the step and the rows from it (the row at the step time belongs to
/// both: the end of the first response, the start of the second).
pub(super) fn step_rows(
    trace: &Trace,
    disturbances: &Disturbances,
    dt: f64,
) -> Vec<(usize, usize)> {
    let last = trace.time.len().saturating_sub(1);
    let Some((at, _)) = disturbances.target_step else {
        return vec![(0, last)];
    };
    // The jump happens in the step that starts at `at` (with the runner's slack for a
    // clock summed from many steps): it starts at the last row at or before `at`.
    let slack = 1e-9 * dt;
    let split = trace
        .time
        .iter()
        .rposition(|&t| t <= at + slack)
        .unwrap_or(0);
    if split == 0 || split >= last {
        // A step at 0 is the first step; a step not reached yet has not happened.
        return vec![(0, last)];
    }
    vec![(0, split), (split, last)]
}

/// Step responses of the `n` bodies of `trace` (row-major `x` and `force`), one per
/// part of [`step_rows`]; `stopped[k]` marks body `k` as diverged throughout.
pub(super) fn step_responses(
    trace: &Trace,
    disturbances: &Disturbances,
    dt: f64,
    stopped: &[bool],
) -> Vec<StepResponse> {
    let n = stopped.len();
    step_rows(trace, disturbances, dt)
        .into_iter()
        .enumerate()
        .map(|(part, (first, last))| {
            let t0 = if part == 0 { 0.0 } else { trace.time[first] };
            let at = match disturbances.target_step {
                Some((at, _)) if part > 0 => at,
                _ => 0.0,
            };
            let times: Vec<f64> = trace.time[first..=last].iter().map(|t| t - t0).collect();
            let to = trace.target.get(last).copied().unwrap_or(0.0);
            let from = if part == 0 {
                trace.x.first().copied().unwrap_or(0.0)
            } else {
                trace.target[first]
            };
            let metrics = (0..n)
                .map(|k| {
                    let column = |s: &[f64]| -> Vec<f64> {
                        s.iter()
                            .skip(first * n + k)
                            .step_by(n)
                            .take(last + 1 - first)
                            .copied()
                            .collect()
                    };
                    let xs = column(&trace.x);
                    let fs = column(&trace.force);
                    let start = xs.first().copied().unwrap_or(0.0);
                    let mut m =
                        StepMetrics::of(&times, &xs, &fs, start, to, MetricsOptions::default())
                            .unwrap_or(StepMetrics {
                                rise_time: None,
                                settling_time: None,
                                overshoot_percent: 0.0,
                                steady_state_error: f64::INFINITY,
                                iae: f64::INFINITY,
                                peak_effort: f64::INFINITY,
                                diverged: true,
                            });
                    m.diverged |= stopped[k];
                    m
                })
                .collect();
            StepResponse {
                at,
                from,
                to,
                metrics,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{Disturbances, Lab1};
    use crate::catalogue::LawId;
    use crate::controllers::Controller1;
    use crate::integrator::Integrator;

    /// The Lab's defaults (two PDs at kp 400, kd 40 on 1 kg, dt 1/60 s) with the
    /// target stepping back from 1 m to 0 at 3 s, run for 6 s.
    fn two_steps() -> Lab1 {
        let cs = [LawId::ForwardPd, LawId::BackwardPd]
            .iter()
            .map(|&k| Controller1::new(k, 400.0, 40.0, 1.0).unwrap())
            .collect();
        let d = Disturbances {
            target_step: Some((3.0, 0.0)),
            ..Disturbances::default()
        };
        let mut lab = Lab1::new(cs, 1.0, 1.0 / 60.0, Integrator::SemiImplicitEuler, d).unwrap();
        lab.step(360);
        lab
    }

    /// A second target step is a second step response, not the end of the first: both
    /// settle within a second here, so neither may read "not reached" or settle at 0.
    #[test]
    fn a_second_target_step_is_measured_as_a_step_of_its_own() {
        let lab = two_steps();
        let steps = lab.step_responses();
        assert_eq!(steps.len(), 2, "{steps:?}");
        let (first, second) = (&steps[0], &steps[1]);
        assert_eq!((first.at, first.from, first.to), (0.0, 0.0, 1.0));
        assert_eq!(second.at, 3.0);
        assert_eq!((second.from, second.to), (1.0, 0.0));
        for step in &steps {
            for m in &step.metrics {
                let rise = m.rise_time.expect("each step rises");
                let settle = m.settling_time.expect("each step settles");
                assert!(rise > 0.05 && rise < 1.0, "{m:?}");
                assert!(settle > rise && settle < 1.0, "{m:?}");
                assert!(m.iae > 0.05 && m.iae < 0.5, "{m:?}");
                assert!(m.steady_state_error < 1e-3, "{m:?}");
                assert!(!m.diverged);
            }
        }
        // The first step's metrics are what `metrics` reports.
        assert_eq!(lab.metrics(), first.metrics);
        // Both steps are the same response, mirrored: the same rise and settle.
        for (a, b) in first.metrics.iter().zip(&second.metrics) {
            assert!((a.rise_time.unwrap() - b.rise_time.unwrap()).abs() < 1e-6);
            assert!((a.settling_time.unwrap() - b.settling_time.unwrap()).abs() < 1e-6);
        }
    }

    /// Before the run reaches the second step, and without one, the run is one step
    /// measured against the final target, as before.
    #[test]
    fn one_step_until_the_second_happens() {
        let cs = vec![Controller1::new(LawId::ForwardPd, 400.0, 40.0, 1.0).unwrap()];
        let d = Disturbances {
            target_step: Some((3.0, 0.0)),
            ..Disturbances::default()
        };
        let mut lab = Lab1::new(cs, 1.0, 1.0 / 60.0, Integrator::SemiImplicitEuler, d).unwrap();
        lab.step(170);
        assert_eq!(lab.step_responses().len(), 1);
        assert!(lab.metrics()[0].settling_time.unwrap() > 0.05);
        let mut plain = Lab1::new(
            vec![Controller1::new(LawId::ForwardPd, 400.0, 40.0, 1.0).unwrap()],
            1.0,
            1.0 / 60.0,
            Integrator::SemiImplicitEuler,
            Disturbances::default(),
        )
        .unwrap();
        plain.step(170);
        assert_eq!(plain.metrics(), lab.metrics());
    }
}
