//! A joint's range of motion: the stops an elbow or a knee cannot bend past, as a hard
//! stop in the ideal chain, and the settings they make impossible (a start or a target
//! outside them) refused by name.

use super::MAX_LINKS;
use crate::error::{finite, Error};

/// A revolute joint's range, rad: its angle stays within `[min, max]`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct JointLimit {
    /// The lowest angle, rad.
    pub min: f64,
    /// The highest angle, rad; above `min`.
    pub max: f64,
}

impl JointLimit {
    /// Holds the joint within its range as a hard, inelastic stop: an angle past an end
    /// is put on that end and its rate into the stop removed (`q = min, qd = max(qd, 0)`
    /// below; `q = max, qd = min(qd, 0)` above), so the stop absorbs the motion into it
    /// and a joint pulled away from it leaves freely. Within the range nothing changes.
    /// Engines make a stop soft or impulsive (MuJoCo's `solref`, PhysX's limit
    /// constraint); this is the ideal one their joints approach.
    pub fn stop(&self, q: &mut f64, qd: &mut f64) {
        if *q < self.min {
            *q = self.min;
            *qd = qd.max(0.0);
        } else if *q > self.max {
            *q = self.max;
            *qd = qd.min(0.0);
        }
    }

    /// Whether `q` (rad) lies within the range, its ends included.
    pub fn holds(&self, q: f64) -> bool {
        (self.min..=self.max).contains(&q)
    }
}

/// The names of each joint's limit, for errors that say which joint is wrong.
pub(super) const LIMIT: [&str; MAX_LINKS] = [
    "limits[0]",
    "limits[1]",
    "limits[2]",
    "limits[3]",
    "limits[4]",
];

/// Checks one limit per joint (`dofs` of them), each finite with `min < max`, or none
/// at all (every joint free); the error names `limits` for a count, `limits[i]` for a
/// range that cannot be.
pub(super) fn check_limits(limits: &[Option<JointLimit>], dofs: usize) -> Result<(), Error> {
    if !limits.is_empty() && limits.len() != dofs {
        return Err(Error::OutOfRange {
            field: "limits",
            value: limits.len() as f64,
            min: dofs as f64,
            max: dofs as f64,
        });
    }
    for (i, limit) in limits.iter().enumerate() {
        if let Some(l) = limit {
            finite(LIMIT[i], l.min)?;
            finite(LIMIT[i], l.max)?;
            if l.min >= l.max {
                return Err(Error::Unsupported {
                    field: LIMIT[i],
                    reason: "a joint's lowest angle (min) must be below its highest (max)",
                });
            }
        }
    }
    Ok(())
}

/// Per joint, the names `field[i]` for the fields a chain checks against its limits.
pub(super) fn indexed(field: &'static str) -> Option<&'static [&'static str; MAX_LINKS]> {
    const START: [&str; MAX_LINKS] = ["start[0]", "start[1]", "start[2]", "start[3]", "start[4]"];
    const TARGET: [&str; MAX_LINKS] = [
        "target[0]",
        "target[1]",
        "target[2]",
        "target[3]",
        "target[4]",
    ];
    const Q: [&str; MAX_LINKS] = ["q[0]", "q[1]", "q[2]", "q[3]", "q[4]"];
    match field {
        "start" => Some(&START),
        "target" => Some(&TARGET),
        "q" => Some(&Q),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_keeps_the_angle_on_its_end_and_absorbs_the_rate_into_it() {
        let l = JointLimit {
            min: -1.0,
            max: 2.0,
        };
        let at = |q: f64, qd: f64| {
            let (mut q, mut qd) = (q, qd);
            l.stop(&mut q, &mut qd);
            (q, qd)
        };
        assert_eq!(at(0.5, -3.0), (0.5, -3.0), "within: untouched");
        assert_eq!(at(-1.0, -3.0), (-1.0, -3.0), "on the end: untouched");
        assert_eq!(at(-1.2, -3.0), (-1.0, 0.0), "past min, moving in");
        assert_eq!(at(-1.2, 0.5), (-1.0, 0.5), "past min, leaving");
        assert_eq!(at(2.5, 4.0), (2.0, 0.0), "past max, moving in");
        assert_eq!(at(2.5, -0.5), (2.0, -0.5), "past max, leaving");
        assert!(l.holds(-1.0) && l.holds(2.0) && !l.holds(2.000001) && !l.holds(f64::NAN));
    }

    #[test]
    fn limits_that_cannot_be_are_named() {
        let ok = Some(JointLimit {
            min: -1.0,
            max: 1.0,
        });
        assert!(check_limits(&[], 3).is_ok());
        assert!(check_limits(&[ok, None, ok], 3).is_ok());
        assert_eq!(check_limits(&[ok], 3).unwrap_err().field(), "limits");
        let flat = Some(JointLimit { min: 1.0, max: 1.0 });
        assert_eq!(
            check_limits(&[ok, flat], 2).unwrap_err().field(),
            "limits[1]"
        );
        let nan = Some(JointLimit {
            min: f64::NAN,
            max: 1.0,
        });
        assert_eq!(
            check_limits(&[nan, ok], 2).unwrap_err().field(),
            "limits[0]"
        );
    }
}
