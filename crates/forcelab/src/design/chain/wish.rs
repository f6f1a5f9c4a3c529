//! What a reader wishes of the arm holding a pose: how soon every joint settles, how far
//! any joint may swing past its target, and how hard any joint may be pushed; checked by
//! name.

use super::super::spec::{
    check_wish, DesignError, Requirements, Robustness, MAX_DURATION, MAX_RUN_STEPS,
};
use crate::error::{non_negative, positive};

/// The wish for the arm's lift to its pose (every bound optional; `None` leaves it free,
/// and a settle left free must still happen within the run).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ArmWish {
    /// Settling time, s: from then on every joint stays within
    /// [`crate::scenes::ARM_SETTLED`] (0.02 rad) of its target, the arm scene's own band.
    pub settle: Option<f64>,
    /// Largest overshoot of any joint, as a fraction of that joint's own move
    /// `|q*_i - q0_i|` (0.05 = 5 %): how far it swings past its target in the direction
    /// it was moving, `max_k max(0, (q_i,k - q*_i) sign(q*_i - q0_i)) / |q*_i - q0_i|`.
    /// A joint that is not asked to move (`|q*_i - q0_i|` below 1e-9 rad) counts its
    /// largest `|q_i - q*_i|` in rad instead, as if its move were 1 rad.
    pub overshoot: Option<f64>,
    /// Largest `|tau_i|` any joint may be driven with at any step, N m.
    pub max_torque: Option<f64>,
}

impl ArmWish {
    /// The wish chapter 12's tuner opens on: settled within 1 s, no joint more than 5 %
    /// past its target, no joint pushed past 1,000 N m. On the default arm at 60 Hz the
    /// whole-chain SPD meets it (its peak torque about 730 N m) and PD per joint cannot.
    pub const FIGURE: ArmWish = ArmWish {
        settle: Some(1.0),
        overshoot: Some(0.05),
        max_torque: Some(1000.0),
    };

    /// Checks every bound against a run of `seconds` s at step `dt` (the run itself at
    /// least 10 steps and at most the one-body tuner's longest, 6,000 steps or 120 s);
    /// the error names the first bad one (`seconds`, `settle`, `overshoot`,
    /// `max_torque`) and its value.
    pub fn check(&self, dt: f64, seconds: f64) -> Result<(), DesignError> {
        // The one-body tuner's bounds on a run, named as the arm names its run.
        crate::error::in_range(
            "seconds",
            seconds,
            10.0 * dt,
            MAX_DURATION.min(MAX_RUN_STEPS * dt),
        )?;
        if let Some(v) = self.settle {
            positive("settle", v)?;
            crate::error::in_range("settle", v, 0.0, seconds)?;
        }
        if let Some(v) = self.overshoot {
            non_negative("overshoot", v)?;
        }
        if let Some(v) = self.max_torque {
            positive("max_torque", v)?;
        }
        check_wish(dt, seconds, &self.requirements(), &Robustness::default())
    }

    /// The wish as the one-body tuner's requirements (the peak torque is its effort).
    pub fn requirements(&self) -> Requirements {
        Requirements {
            settle: self.settle,
            overshoot: self.overshoot,
            max_effort: self.max_torque,
            ..Requirements::default()
        }
    }

    /// The arm's wish from the one-body tuner's requirements (rise and error dropped).
    pub fn of(r: &Requirements) -> ArmWish {
        ArmWish {
            settle: r.settle,
            overshoot: r.overshoot,
            max_torque: r.max_effort,
        }
    }
}
