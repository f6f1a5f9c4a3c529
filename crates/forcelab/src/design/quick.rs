//! The quick mode: two sliders, as MATLAB's PID Tuner has them ("response time" and
//! "transient behaviour"), written as the explicit requirements the tuner checks. The
//! page's quick sliders call this; the full mode sets the requirements one by one.

use super::spec::{DesignError, Requirements, Robustness};
use crate::error::in_range;

/// The overshoot a robustness of 0 allows, fraction of the step: a lively response.
pub const LIVELY_OVERSHOOT: f64 = 0.10;
/// How far the mass may stray at a robustness of 1: multiplied or divided by this.
pub const ROBUST_MASS_FACTOR: f64 = 2.0;

/// The requirements and robustness two quick sliders stand for.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct QuickWish {
    /// What the response must do.
    pub requirements: Requirements,
    /// The plants the gains must also satisfy.
    pub robustness: Robustness,
}

/// `response_time` (s) is the settle time into the 2 % band; `robustness` in [0, 1]
/// trades liveliness for margin, linearly: the overshoot allowed falls from
/// [`LIVELY_OVERSHOOT`] to 0, and the same gains must also hold for a mass from
/// `m / (1 + r (F - 1))` to `m (1 + r (F - 1))`, `F` = [`ROBUST_MASS_FACTOR`] (a body
/// half or twice as heavy at 1).
pub fn quick_wish(response_time: f64, robustness: f64) -> Result<QuickWish, DesignError> {
    in_range("response_time", response_time, 1e-4, 1e3)?;
    in_range("robustness", robustness, 0.0, 1.0)?;
    let spread = 1.0 + robustness * (ROBUST_MASS_FACTOR - 1.0);
    Ok(QuickWish {
        requirements: Requirements {
            settle: Some(response_time),
            overshoot: Some(LIVELY_OVERSHOOT * (1.0 - robustness)),
            ..Requirements::default()
        },
        robustness: Robustness {
            mass_factors: (1.0 / spread, spread),
            step_range: false,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ends_of_the_robustness_slider() {
        let lively = quick_wish(0.5, 0.0).unwrap();
        assert_eq!(lively.requirements.settle, Some(0.5));
        assert_eq!(lively.requirements.overshoot, Some(LIVELY_OVERSHOOT));
        assert_eq!(lively.robustness.mass_factors, (1.0, 1.0));
        let robust = quick_wish(0.5, 1.0).unwrap();
        assert_eq!(robust.requirements.overshoot, Some(0.0));
        assert_eq!(robust.robustness.mass_factors, (0.5, 2.0));
    }

    #[test]
    fn bad_sliders_are_named() {
        assert!(quick_wish(f64::NAN, 0.5)
            .unwrap_err()
            .0
            .starts_with("response_time"));
        assert!(quick_wish(1.0, 1.5)
            .unwrap_err()
            .0
            .starts_with("robustness"));
    }

    #[test]
    fn a_quick_wish_is_one_the_tuner_can_answer() {
        use crate::catalogue::LawId;
        let q = quick_wish(1.0, 0.5).unwrap();
        let spec = crate::design::DesignSpec {
            requirements: q.requirements,
            robustness: q.robustness,
            ..crate::design::DesignSpec::new(LawId::BackwardPd, 1.0 / 60.0)
        };
        assert!(crate::design::tune(&spec).unwrap().feasible);
    }
}
