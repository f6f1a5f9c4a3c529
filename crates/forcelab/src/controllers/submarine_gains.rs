//! What the reader may tune in each of article 004's attitude laws, with its name and
//! units: a figure offers a field for a number only when its law reads that number.

use super::SubmarineLaw;

/// One tunable number of a submarine law.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct SubmarineGain {
    /// Which field of `SubmarineAttitude` it sets: `"kp"`, `"ki"`, `"kd"`, or
    /// `"ratePitch"` / `"rateRoll"` (`rate_coefficients.x` / `.z`).
    pub key: &'static str,
    /// Its name on the page.
    pub label: &'static str,
    /// Its unit.
    pub unit: &'static str,
}

const fn gain(key: &'static str, label: &'static str, unit: &'static str) -> SubmarineGain {
    SubmarineGain { key, label, unit }
}

/// The PID's gains as torques per angle error.
const TORQUE_PID: [SubmarineGain; 3] = [
    gain("kp", "kp", "N m/rad"),
    gain("ki", "ki", "N m/(rad s)"),
    gain("kd", "kd", "N m s/rad"),
];

/// The feed-forward's gains as angular accelerations per angle error.
const ACCELERATION_PID: [SubmarineGain; 3] = [
    gain("kp", "kp", "1/s²"),
    gain("ki", "ki", "1/s³"),
    gain("kd", "kd", "1/s"),
];

impl SubmarineLaw {
    /// Every law, in the article's order.
    pub const ALL: [SubmarineLaw; 5] = [
        SubmarineLaw::Proportional,
        SubmarineLaw::ManualDamping,
        SubmarineLaw::Pid,
        SubmarineLaw::PidFeedForward,
        SubmarineLaw::PidFeedForwardAsPrinted,
    ];

    /// The law's name on the page.
    pub fn label(self) -> &'static str {
        match self {
            SubmarineLaw::Proportional => "P only",
            SubmarineLaw::ManualDamping => "P + manual damping",
            SubmarineLaw::Pid => "PID",
            SubmarineLaw::PidFeedForward => "PID + Euler feed-forward",
            SubmarineLaw::PidFeedForwardAsPrinted => "feed-forward as printed",
        }
    }

    /// The numbers this law reads (and so the fields a figure offers for it): P only
    /// reads `kp`; manual damping `kp` and its pitch and roll rate coefficients
    /// (`tau = kp (e - c w)`, c in s); the PIDs `kp`, `ki`, `kd`, as torques or, with
    /// feed-forward, as accelerations.
    pub fn gains(self) -> &'static [SubmarineGain] {
        const P: [SubmarineGain; 1] = [gain("kp", "kp", "N m/rad")];
        const DAMPED: [SubmarineGain; 3] = [
            gain("kp", "kp", "N m/rad"),
            gain("ratePitch", "pitch rate coefficient", "s"),
            gain("rateRoll", "roll rate coefficient", "s"),
        ];
        match self {
            SubmarineLaw::Proportional => &P,
            SubmarineLaw::ManualDamping => &DAMPED,
            SubmarineLaw::Pid => &TORQUE_PID,
            SubmarineLaw::PidFeedForward | SubmarineLaw::PidFeedForwardAsPrinted => {
                &ACCELERATION_PID
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::SubmarineAttitude;
    use super::*;
    use crate::body::Body3;
    use glam::DVec3;

    /// The torque after a few steps of a turning hull under the law, with `key` set to
    /// `value` (the rest at the PID's gains, unclamped).
    fn torque_with(law: SubmarineLaw, key: &str, value: f64) -> DVec3 {
        let mut c = SubmarineAttitude::new(law, 400.0, 200.0, 800.0);
        match key {
            "kp" => c.kp = value,
            "ki" => c.ki = value,
            "kd" => c.kd = value,
            "ratePitch" => c.rate_coefficients.x = value,
            "rateRoll" => c.rate_coefficients.z = value,
            other => panic!("unknown key {other}"),
        }
        c.max_torque = 1e9;
        let mut body = Body3 {
            angular_velocity: DVec3::new(0.3, 0.1, -0.2),
            ..crate::scenario::submarine_hull()
        };
        let mut last = DVec3::ZERO;
        for _ in 0..5 {
            last = c.torque(&body, 0.3, 0.2, 0.02).unwrap().total;
            body.step(DVec3::ZERO, last, 0.02).unwrap();
        }
        last
    }

    #[test]
    fn a_law_lists_exactly_the_numbers_that_change_its_torque() {
        for law in SubmarineLaw::ALL {
            assert!(!law.label().is_empty());
            for key in ["kp", "ki", "kd", "ratePitch", "rateRoll"] {
                let base = torque_with(law, key, 1.0);
                let moved = torque_with(law, key, 3.0);
                let listed = law.gains().iter().any(|g| g.key == key);
                assert_eq!(
                    listed,
                    base != moved,
                    "{}: {key} is {} but {} the torque",
                    law.label(),
                    if listed { "listed" } else { "not listed" },
                    if base != moved {
                        "changes"
                    } else {
                        "does not change"
                    }
                );
            }
        }
    }
}
