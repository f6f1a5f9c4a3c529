//! What a wish forbids, drawn: the regions of the response plot (and of the effort
//! plot) a response that meets the wish never enters, for the page to shade behind the
//! curves. A restatement of the requirements in the plots' own axes, nothing more.

use super::spec::Requirements;
use crate::analysis::MetricsOptions;

/// One forbidden rectangle, open where a bound is `None`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Forbidden {
    /// `"response"` (position, m or rad) or `"effort"` (force, N or N m).
    pub plot: &'static str,
    /// The requirement it stands for (`"overshoot"`, `"settle"`, `"max_effort"`).
    pub requirement: &'static str,
    /// From this time, s.
    pub from: f64,
    /// Up to this time, s (`None`: to the end of the run).
    pub to: Option<f64>,
    /// Above this value (`None`: from minus infinity).
    pub low: Option<f64>,
    /// Below this value (`None`: to plus infinity).
    pub high: Option<f64>,
}

/// The regions `requirements` forbid to the response to a step from 0 to `target` at
/// t = 0: above `target (1 + overshoot)` at any time; outside the settling band
/// (`MetricsOptions::default().settling_band` of the step) after the settle time; and
/// beyond `±max_effort` on the effort plot.
pub fn forbidden(requirements: &Requirements, target: f64) -> Vec<Forbidden> {
    let band = MetricsOptions::default().settling_band * target.abs();
    let region = |plot, requirement, from, low, high| Forbidden {
        plot,
        requirement,
        from,
        to: None,
        low,
        high,
    };
    let mut out = Vec::new();
    if let Some(o) = requirements.overshoot {
        out.push(region(
            "response",
            "overshoot",
            0.0,
            Some(target * (1.0 + o)),
            None,
        ));
    }
    if let Some(s) = requirements.settle {
        out.push(region("response", "settle", s, Some(target + band), None));
        out.push(region("response", "settle", s, None, Some(target - band)));
    }
    if let Some(f) = requirements.max_effort {
        out.push(region("effort", "max_effort", 0.0, Some(f), None));
        out.push(region("effort", "max_effort", 0.0, None, Some(-f)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_requirement_forbids_its_regions() {
        let r = Requirements {
            settle: Some(0.5),
            overshoot: Some(0.05),
            max_effort: Some(40.0),
            ..Requirements::default()
        };
        let f = forbidden(&r, 1.0);
        assert_eq!(f.len(), 5);
        assert_eq!(f[0].low, Some(1.05));
        assert_eq!((f[1].from, f[1].low), (0.5, Some(1.02)));
        assert_eq!((f[2].from, f[2].high), (0.5, Some(0.98)));
        assert_eq!(
            (f[3].plot, f[3].low, f[4].high),
            ("effort", Some(40.0), Some(-40.0))
        );
        assert!(forbidden(&Requirements::default(), 1.0).is_empty());
    }

    #[test]
    fn the_regions_scale_with_the_step() {
        // A step to 2: the overshoot and the 2 % band are fractions of the step.
        let r = Requirements {
            settle: Some(0.5),
            overshoot: Some(0.25),
            ..Requirements::default()
        };
        let f = forbidden(&r, 2.0);
        assert_eq!(f[0].low, Some(2.5));
        assert_eq!((f[1].low, f[2].high), (Some(2.04), Some(1.96)));
    }
}
