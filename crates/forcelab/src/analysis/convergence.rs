//! Article 003's graph: how long Bloom's implicit PD with the minimum-velocity snap
//! really takes to land on a resting target, against the `time_scale` it was asked for.

use crate::controllers::ImplicitPd;
use crate::error::{in_range, positive, Error};

/// The sweep's settings. Distances are in the article's units (pixels, say); the
/// minimum velocity is in the same units per second.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ConvergenceSpec {
    /// Start distances from the target (start and target at rest).
    pub distances: Vec<f64>,
    /// The `time_scale` values (s) to try.
    pub time_scales: Vec<f64>,
    /// Physics step, s.
    pub dt: f64,
    /// The snap's minimum velocity, distance units per s.
    pub min_velocity: f64,
    /// Give up after this many seconds.
    pub max_time: f64,
}

impl Default for ConvergenceSpec {
    /// The article's distances 160, 320, 480, 640; time scales 0.1 to 2 s in steps of
    /// 0.1; `dt = 1/60 s` (a 60 Hz game); a minimum velocity of 10 units/s (a few
    /// pixels per frame at 60 Hz feels like "stopped"); `k = d = 1`.
    fn default() -> Self {
        ConvergenceSpec {
            distances: vec![160.0, 320.0, 480.0, 640.0],
            time_scales: (1..=20).map(|k| k as f64 * 0.1).collect(),
            dt: 1.0 / 60.0,
            min_velocity: 10.0,
            max_time: 30.0,
        }
    }
}

/// One series of the graph: a start distance and, per time scale, the time to land
/// (`None` if it did not land within `max_time`).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ConvergenceSeries {
    /// Start distance.
    pub distance: f64,
    /// `(time_scale, time to converge)` pairs, s.
    pub points: Vec<(f64, Option<f64>)>,
}

/// The most steps one (distance, time scale) run may take: `max_time / dt` at most.
pub const MAX_STEPS_PER_RUN: f64 = 200_000.0;

/// Seconds to land for every start distance and time scale: see [`ConvergenceSpec`].
/// Runs the sweep with `k = d = 1`. Refuses specs that would take more than
/// `MAX_STEPS_PER_RUN` steps per run.
pub fn convergence_sweep(spec: &ConvergenceSpec) -> Result<Vec<ConvergenceSeries>, Error> {
    positive("dt", spec.dt)?;
    positive("min_velocity", spec.min_velocity)?;
    positive("max_time", spec.max_time)?;
    // Bounded work: a tiny dt or a long max_time would otherwise hang the page.
    in_range(
        "dt",
        spec.dt,
        spec.max_time / MAX_STEPS_PER_RUN,
        spec.max_time,
    )?;
    in_range("distances.len", spec.distances.len() as f64, 0.0, 64.0)?;
    in_range("time_scales.len", spec.time_scales.len() as f64, 0.0, 256.0)?;
    spec.distances
        .iter()
        .map(|&distance| {
            let points = spec
                .time_scales
                .iter()
                .map(|&time_scale| {
                    let pd = ImplicitPd {
                        k: 1.0,
                        d: 1.0,
                        time_scale,
                        min_velocity: spec.min_velocity,
                    };
                    Ok((
                        time_scale,
                        pd.time_to_converge(0.0, distance, spec.dt, spec.max_time)?,
                    ))
                })
                .collect::<Result<Vec<_>, Error>>()?;
            Ok(ConvergenceSeries { distance, points })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_run_lands_and_longer_time_scales_take_longer() {
        let series = convergence_sweep(&ConvergenceSpec::default()).unwrap();
        assert_eq!(series.len(), 4);
        for s in &series {
            let times: Vec<f64> = s.points.iter().map(|p| p.1.expect("lands")).collect();
            assert!(times.windows(2).all(|w| w[1] >= w[0] - 1e-9), "{:?}", times);
        }
        // Farther starts take a little longer at the same time scale.
        let at = |k: usize| series[k].points[9].1.unwrap();
        assert!(at(3) >= at(0));
    }
}
