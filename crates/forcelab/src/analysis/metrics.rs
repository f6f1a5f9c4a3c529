use crate::error::{finite, positive, Error};

/// How [`StepMetrics::of`] reads a trace.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct MetricsOptions {
    /// The settling band as a fraction of the step size (0.02 = 2 %).
    pub settling_band: f64,
    /// A trace whose |value| passes this (or is not finite) has diverged.
    pub divergence_limit: f64,
}

impl Default for MetricsOptions {
    /// A 2 % band; divergence beyond 1e9.
    fn default() -> Self {
        MetricsOptions {
            settling_band: 0.02,
            divergence_limit: 1e9,
        }
    }
}

/// Step-response figures of a sampled trace `y(t_k)` that starts at `start` and should
/// reach `target`. Times in s; the effort in the unit of the effort samples.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct StepMetrics {
    /// Time from 10 % to 90 % of the step, s (`None` if it never got to 90 %).
    pub rise_time: Option<f64>,
    /// Time after which the trace stays within the band around the target, s (`None`
    /// if it leaves the band at the last sample).
    pub settling_time: Option<f64>,
    /// Largest excursion past the target, % of the step (0 if none).
    pub overshoot_percent: f64,
    /// |target - y| at the last sample.
    pub steady_state_error: f64,
    /// Integral of |target - y| dt (trapezoid), unit of y times s.
    pub iae: f64,
    /// Largest |effort| seen.
    pub peak_effort: f64,
    /// The trace left `divergence_limit` or became non-finite.
    pub diverged: bool,
}

impl StepMetrics {
    /// Its shape on the page (`types.ts`), held to serde's by `lab::schema_tests`.
    pub const TS: crate::schema::TsType = crate::schema::TsType {
        name: "Metrics",
        rust: "analysis::StepMetrics",
        doc: "Step-response figures of one body's run",
        fields: &[
            crate::schema::field("riseTime", "number | null", "From 10 % to 90 % of the step, s; null: it never got to 90 %."),
            crate::schema::field("settlingTime", "number | null", "After which it stays within the band around the target, s; null: it leaves the band at the end."),
            crate::schema::field("overshootPercent", "number", "The largest excursion past the target, % of the step."),
            crate::schema::field("steadyStateError", "number", "|target - response| at the end."),
            crate::schema::field("iae", "number", "The integral of |target - response| dt."),
            crate::schema::field("peakEffort", "number", "The largest |effort|."),
            crate::schema::field("diverged", "boolean", "The run left the divergence limit or became non-finite."),
        ],
    };

    /// Reads `values` sampled at `times` (same length, increasing), with `effort` the
    /// force or torque at each sample (may be empty).
    pub fn of(
        times: &[f64],
        values: &[f64],
        effort: &[f64],
        start: f64,
        target: f64,
        options: MetricsOptions,
    ) -> Result<StepMetrics, Error> {
        finite("start", start)?;
        finite("target", target)?;
        positive("settling_band", options.settling_band)?;
        positive("divergence_limit", options.divergence_limit)?;
        if times.len() != values.len() || times.is_empty() {
            return Err(Error::OutOfRange {
                field: "values",
                value: values.len() as f64,
                min: times.len().max(1) as f64,
                max: times.len().max(1) as f64,
            });
        }
        let step = target - start;
        let diverged = values
            .iter()
            .any(|v| !v.is_finite() || v.abs() > options.divergence_limit);
        let peak_effort = effort.iter().fold(0.0f64, |m, e| {
            if e.is_finite() {
                m.max(e.abs())
            } else {
                f64::INFINITY
            }
        });
        let last_error = (target - values[values.len() - 1]).abs();
        if diverged || step == 0.0 {
            return Ok(StepMetrics {
                rise_time: None,
                settling_time: if step == 0.0 && !diverged {
                    Some(0.0)
                } else {
                    None
                },
                overshoot_percent: 0.0,
                steady_state_error: if diverged { f64::INFINITY } else { last_error },
                iae: if diverged {
                    f64::INFINITY
                } else {
                    iae(times, values, target)
                },
                peak_effort,
                diverged,
            });
        }
        // Progress along the step: 0 at the start, 1 on the target.
        let progress = |v: f64| (v - start) / step;
        let crossing = |level: f64| -> Option<f64> {
            let mut prev = (times[0], progress(values[0]));
            if prev.1 >= level {
                return Some(prev.0);
            }
            for (&t, &v) in times.iter().zip(values).skip(1) {
                let p = progress(v);
                if p >= level {
                    let frac = (level - prev.1) / (p - prev.1);
                    return Some(prev.0 + frac * (t - prev.0));
                }
                prev = (t, p);
            }
            None
        };
        let rise_time = match (crossing(0.1), crossing(0.9)) {
            (Some(a), Some(b)) => Some(b - a),
            _ => None,
        };
        let band = options.settling_band;
        let settling_time = match values
            .iter()
            .rposition(|&v| (progress(v) - 1.0).abs() > band)
        {
            None => Some(times[0]),
            Some(k) if k + 1 < values.len() => Some(times[k + 1]),
            Some(_) => None,
        };
        let peak = values
            .iter()
            .map(|&v| progress(v))
            .fold(f64::NEG_INFINITY, f64::max);
        Ok(StepMetrics {
            rise_time,
            settling_time,
            overshoot_percent: ((peak - 1.0) * 100.0).max(0.0),
            steady_state_error: last_error,
            iae: iae(times, values, target),
            peak_effort,
            diverged,
        })
    }
}

fn iae(times: &[f64], values: &[f64], target: f64) -> f64 {
    times
        .windows(2)
        .zip(values.windows(2))
        .map(|(t, v)| 0.5 * ((target - v[0]).abs() + (target - v[1]).abs()) * (t[1] - t[0]))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math;
    use crate::testing::{ALGEBRA_TOL, ROUND_OFF};

    /// The unit step response of `w^2 / (s^2 + 2 zeta w s + w^2)`, under-damped.
    fn second_order(zeta: f64, w: f64, t: f64) -> f64 {
        let wd = w * math::sqrt(1.0 - zeta * zeta);
        let phi = math::acos(zeta);
        1.0 - math::exp(-zeta * w * t) * math::sin(wd * t + phi) / math::sqrt(1.0 - zeta * zeta)
    }

    fn sample(zeta: f64, w: f64) -> (Vec<f64>, Vec<f64>) {
        let times: Vec<f64> = (0..200_000).map(|k| k as f64 * 1e-4).collect();
        let values = times.iter().map(|&t| second_order(zeta, w, t)).collect();
        (times, values)
    }

    #[test]
    fn overshoot_of_a_second_order_system_matches_the_formula() {
        for zeta in [0.1, 0.3, 0.5, 0.7] {
            let (t, y) = sample(zeta, 5.0);
            let m = StepMetrics::of(&t, &y, &[], 0.0, 1.0, MetricsOptions::default()).unwrap();
            let expected =
                100.0 * math::exp(-core::f64::consts::PI * zeta / math::sqrt(1.0 - zeta * zeta));
            assert!(
                (m.overshoot_percent - expected).abs() < 0.01 * expected,
                "zeta {zeta}: {} vs {expected}",
                m.overshoot_percent
            );
        }
    }

    #[test]
    fn settling_and_rise_time_match_the_exponential_envelope() {
        // First order y = 1 - e^{-t/tau}: rise 10-90 % = tau ln 9; 2 % settling = tau ln 50.
        let tau = 0.4;
        let times: Vec<f64> = (0..100_000).map(|k| k as f64 * 1e-4).collect();
        let values: Vec<f64> = times.iter().map(|&t| 1.0 - math::exp(-t / tau)).collect();
        let m = StepMetrics::of(&times, &values, &[], 0.0, 1.0, MetricsOptions::default()).unwrap();
        assert!((m.rise_time.unwrap() - tau * math::ln(9.0)).abs() < 1e-3);
        assert!((m.settling_time.unwrap() - tau * math::ln(50.0)).abs() < 1e-3);
        assert!((m.iae - tau * (1.0 - math::exp(-10.0 / tau))).abs() < 1e-4);
        assert_eq!(m.overshoot_percent, 0.0);
        assert!(!m.diverged);
    }

    #[test]
    fn a_trace_at_the_divergence_limit_has_not_passed_it_and_a_step_of_nothing_is_settled() {
        let t = [0.0, 1.0, 2.0];
        let options = MetricsOptions::default();
        let at = StepMetrics::of(&t, &[0.0, 1e9, -1e9], &[], 0.0, 1.0, options).unwrap();
        assert!(!at.diverged, "{at:?}");
        // Start on the target: settled from the start; a run that left the bounds is not.
        let none = StepMetrics::of(&t, &[1.0, 1.0, 1.0], &[], 1.0, 1.0, options).unwrap();
        assert_eq!((none.settling_time, none.diverged), (Some(0.0), false));
        let away = StepMetrics::of(&t, &[1.0, 2e9, 1.0], &[], 1.0, 1.0, options).unwrap();
        assert_eq!((away.settling_time, away.diverged), (None, true));
    }

    #[test]
    fn flags_divergence_and_works_downward() {
        let t = [0.0, 1.0, 2.0];
        let m = StepMetrics::of(
            &t,
            &[0.0, 1e3, f64::NAN],
            &[1.0, -7.0, 2.0],
            0.0,
            1.0,
            MetricsOptions::default(),
        )
        .unwrap();
        assert!(m.diverged);
        assert_eq!(m.peak_effort, 7.0);
        let down = StepMetrics::of(
            &t,
            &[2.0, 0.9, 1.0],
            &[],
            2.0,
            1.0,
            MetricsOptions::default(),
        )
        .unwrap();
        assert!((down.overshoot_percent - 10.0).abs() < ALGEBRA_TOL);
        assert_eq!(down.settling_time, Some(2.0));
    }

    #[test]
    fn rise_time_interpolates_between_samples() {
        // A ramp sampled each second: 10 % is passed at 0.2 s, 90 % at 1.8 s.
        let m = StepMetrics::of(
            &[0.0, 1.0, 2.0],
            &[0.0, 0.5, 1.0],
            &[],
            0.0,
            1.0,
            MetricsOptions::default(),
        )
        .unwrap();
        assert!(
            (m.rise_time.unwrap() - 1.6).abs() < ROUND_OFF,
            "{:?}",
            m.rise_time
        );
    }

    #[test]
    fn rise_reads_the_first_crossings_and_settling_the_last_exit() {
        // The trace passes 90 %, falls back under 10 %, overshoots and comes back: the
        // rise is from the first 10 % crossing (0.2 s) to the first 90 % one (1 + 0.4 /
        // 0.45 s), the settle the sample after the last one out of the 2 % band (6 s),
        // the overshoot the highest peak (5 %). Up and down alike.
        let times: Vec<f64> = (0..9).map(f64::from).collect();
        let up = [0.0, 0.5, 0.95, 0.05, 0.95, 1.05, 0.99, 1.0, 1.0];
        for (start, target, sign) in [(0.0, 1.0, 1.0), (1.0, 0.0, -1.0)] {
            let values: Vec<f64> = up.iter().map(|u| start + sign * u).collect();
            let m = StepMetrics::of(
                &times,
                &values,
                &[],
                start,
                target,
                MetricsOptions::default(),
            )
            .unwrap();
            let rise = 1.0 + 0.4 / 0.45 - 0.2;
            assert!((m.rise_time.unwrap() - rise).abs() < ALGEBRA_TOL, "{m:?}");
            assert_eq!(m.settling_time, Some(6.0), "{m:?}");
            assert!((m.overshoot_percent - 5.0).abs() < ALGEBRA_TOL, "{m:?}");
        }
    }

    #[test]
    fn a_finite_trace_past_the_limit_has_diverged() {
        let m = StepMetrics::of(
            &[0.0, 1.0],
            &[0.0, 2e9],
            &[],
            0.0,
            1.0,
            MetricsOptions::default(),
        )
        .unwrap();
        assert!(m.diverged);
        let calm = StepMetrics::of(
            &[0.0, 1.0],
            &[0.0, 1.0],
            &[],
            0.0,
            1.0,
            MetricsOptions::default(),
        )
        .unwrap();
        assert!(!calm.diverged);
    }

    #[test]
    fn refuses_values_that_do_not_match_the_times() {
        let err = StepMetrics::of(
            &[0.0, 1.0],
            &[0.0],
            &[],
            0.0,
            1.0,
            MetricsOptions::default(),
        )
        .unwrap_err();
        assert_eq!(err.field(), "values");
        let empty =
            StepMetrics::of(&[], &[], &[], 0.0, 1.0, MetricsOptions::default()).unwrap_err();
        assert_eq!(empty.field(), "values");
    }
}
