//! What one set of numbers does about each principal axis of the body.
//!
//! Every drive's numbers are the formula `k = I w^2`, `c = 2 zeta w I` at some moment
//! `W_i` per principal axis ([`OrientationReport::written_for`]). Where one stiffness
//! pulls about axes whose moments differ (PhysX's and Unity's slerp drive, one swing
//! drive for y and z, Jolt's stiffness mode, the articles' scalar gains), the spring is
//! not the same about every axis: as a continuous spring `I_i th'' = -k th - c th'`, the
//! frequency about axis `i` is `f sqrt(W_i / I_i)` and the damping ratio
//! `zeta sqrt(W_i / I_i)`, stiffer and more damped about a lighter axis. What each drive
//! pulls on changes that again (PhysX's slerp drive pulls on the quaternion's imaginary
//! part along its derivative's axes: a quarter of the spring for small turns), so the
//! springs are read from the twin ([`axis_springs`]): a small turn about each axis alone,
//! with the drive given exactly the numbers it has for the intent. The numbers that give
//! the asked spring about every axis are the formula per axis at the body's own moments
//! ([`even_gains`]); [`even_alternative`] names a drive of the same engine whose springs
//! are the same about every axis.

use super::{report, report_one, turn_effective_over, OrientationIntent, OrientationReport};
use crate::error::Error;
use core::f64::consts::TAU;

/// One spring-damper as a turn shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Spring {
    /// Natural frequency, Hz.
    pub frequency: f64,
    /// Damping ratio (1 is critical).
    pub damping_ratio: f64,
    /// How many steps of the turn it was read over.
    pub steps: usize,
}

/// The small-turn spring about each principal axis x, y, z as the twin turns it, `None`
/// for an axis whose turn no fit reads (it resets, strays, or has no continuous
/// equivalent).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AxisSprings(pub [Option<Spring>; 3]);

/// The turn each axis's spring is read on, degrees: small enough that what every drive
/// pulls on is its angle to 1e-4 (`2 sin(e / 2) = e (1 - e^2 / 24)`).
pub const PROBE_DEGREES: f64 = 2.0;

/// Springs closer than this (relative) are the same, the real-engine tests' tolerance.
pub const SAME: f64 = 0.01;

impl AxisSprings {
    /// Whether every axis has the same spring (to [`SAME`]): `None` when no axis's turn
    /// reads as one; an axis that does not read where another does is not the same.
    pub fn even(&self) -> Option<bool> {
        let [x, ..] = self.0;
        if self.0.iter().all(Option::is_none) {
            return None;
        }
        let same = |a: f64, b: f64| (a / b - 1.0).abs() < SAME;
        Some(self.0.iter().all(|s| match (s, x) {
            (Some(s), Some(x)) => {
                same(s.frequency, x.frequency) && same(s.damping_ratio, x.damping_ratio)
            }
            _ => false,
        }))
    }
}

/// The springs drive `id` at settings `variant`, given its numbers for `intent`, makes
/// about each principal axis: the second-order fit of a [`PROBE_DEGREES`] turn from rest
/// about that axis alone, read as [`super::turn_effective`] reads a turn. The probe is
/// the intent about that axis at the frequency and damping ratio that hand the drive the
/// same numbers: the intent's own where its numbers do not depend on the turn's axis,
/// `f sqrt(W_i / I_i)` and `zeta sqrt(W_i / I_i)` where they are written for the turn's
/// axis; checked, not assumed. Refused by name (`drive`) for an unknown drive.
pub fn axis_springs(
    intent: &OrientationIntent,
    id: &str,
    variant: &str,
) -> Result<AxisSprings, Error> {
    let base = report_one(intent, 0, id, variant)?;
    let mut out = [None; 3];
    for (i, read) in out.iter_mut().enumerate() {
        let probe = probe(intent, &base, i)?;
        let steps = super::fit_steps(&probe);
        let run = report_one(&probe, steps, id, variant)?.predicted;
        *read =
            turn_effective_over(&run.orientations, &run.resets, &probe, steps).map(|e| Spring {
                frequency: e.natural_frequency / TAU,
                damping_ratio: e.damping_ratio,
                steps,
            });
    }
    Ok(AxisSprings(out))
}

/// The intent of a small turn about principal axis `i` on which the drive of `base` is
/// given the numbers it has for `intent`.
fn probe(
    intent: &OrientationIntent,
    base: &OrientationReport,
    i: usize,
) -> Result<OrientationIntent, Error> {
    let mut axis = [0.0; 3];
    axis[i] = 1.0;
    let about = OrientationIntent {
        axis,
        degrees: PROBE_DEGREES,
        spin: [0.0; 3],
        ..*intent
    };
    let scale = (base.written_for[i] / intent.inertia[i]).sqrt();
    let scaled = about.asking(intent.frequency * scale, intent.damping_ratio * scale);
    for candidate in [about, scaled] {
        let numbers = report_one(&candidate, 0, base.drive.id, base.variant)?.parameters;
        if same_numbers(&numbers, &base.parameters) {
            return Ok(candidate);
        }
    }
    Err(Error::Unsupported {
        field: "drive",
        reason: "its numbers change with the turn's axis in a way no probe reproduces",
    })
}

/// Whether two lists of a drive's numbers are the same, the target's own left out.
fn same_numbers(a: &[super::Parameter], b: &[super::Parameter]) -> bool {
    let gains =
        |p: &&super::Parameter| !p.name.starts_with("target") && !p.name.starts_with("ctrl");
    a.len() == b.len()
        && a.iter()
            .filter(gains)
            .zip(b.iter().filter(gains))
            .all(|(p, q)| {
                p.name == q.name && (p.value - q.value).abs() <= 1e-12 * q.value.abs().max(1.0)
            })
}

/// The gains per principal axis that make the intent's spring about each:
/// `k_i = I_i w^2` (N m/rad), `c_i = 2 zeta w I_i` (N m s/rad).
pub fn even_gains(intent: &OrientationIntent) -> ([f64; 3], [f64; 3]) {
    let w = intent.omega();
    let i = intent.inertia;
    (
        i.map(|i| i * w * w),
        i.map(|i| 2.0 * intent.damping_ratio * w * i),
    )
}

/// `(id, variant)` of the first drive of `id`'s engine whose numbers are written for the
/// body's own moments and whose springs are the same about every axis ([`axis_springs`])
/// for `intent`: `id` at `variant` itself when its are, else `id` at other settings, else
/// another drive, at `variant`'s settings where it has them; `None` when the engine has
/// none (the articles' laws take one gain for every axis).
pub fn even_alternative(
    intent: &OrientationIntent,
    id: &str,
    variant: &str,
) -> Result<Option<(&'static str, &'static str)>, Error> {
    let all = report(intent, 0)?;
    let engine = all
        .iter()
        .find(|r| r.drive.id == id && r.variant == variant)
        .map(|r| r.drive.engine);
    // A drive whose numbers are written for other moments than the body's is uneven
    // before anything pulls on them; only the others are turned.
    let own = |r: &OrientationReport| own_moments(r, intent);
    // The drive asked about first, then its other settings, then its engine's other
    // drives at the same settings, then the rest, each in the page's order (ranked by
    // passes: a sort would add its code to the page's build for four ranks).
    let rank =
        |r: &OrientationReport| 2 * u8::from(r.drive.id != id) + u8::from(r.variant != variant);
    for pass in 0..4 {
        let candidates = all
            .iter()
            .filter(|r| Some(r.drive.engine) == engine && own(r) && rank(r) == pass);
        for r in candidates {
            if axis_springs(intent, r.drive.id, r.variant)?.even() == Some(true) {
                return Ok(Some((r.drive.id, r.variant)));
            }
        }
    }
    Ok(None)
}

/// Whether `r`'s numbers are written for the body's own moments about every axis.
fn own_moments(r: &OrientationReport, intent: &OrientationIntent) -> bool {
    (0..3).all(|i| (r.written_for[i] / intent.inertia[i] - 1.0).abs() < 1e-12)
}

/// A drive of the lineup at one settings variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DriveAt {
    /// The drive's id.
    pub id: &'static str,
    /// `"default"` or the variant's name.
    pub variant: &'static str,
}

/// What one drive's numbers do about each principal axis, and what to do when that is
/// not the same about every axis.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct AxisStatement {
    /// The spring about x, y and z ([`axis_springs`]).
    pub springs: AxisSprings,
    /// Whether they are the same ([`AxisSprings::even`]).
    pub even: Option<bool>,
    /// When they are not: a drive of the same engine whose are ([`even_alternative`]).
    pub alternative: Option<DriveAt>,
    /// When they are not and the drive's numbers are written for other moments than the
    /// body's: per-axis stiffness (N m/rad) and damping (N m s/rad) that give the intent's
    /// spring about every axis ([`even_gains`]). A drive already written for the body's
    /// moments (the submarine, which leaves yaw free) has nothing to gain from them.
    pub even_gains: Option<([f64; 3], [f64; 3])>,
}

/// [`AxisStatement`] of drive `id` at `variant` given its numbers for `intent` (for
/// discrete-exact or tuned numbers, the intent at the frequency and damping ratio handed
/// to its formula). Refused by name (`drive`) for an unknown drive.
pub fn statement(
    intent: &OrientationIntent,
    id: &str,
    variant: &str,
) -> Result<AxisStatement, Error> {
    let springs = axis_springs(intent, id, variant)?;
    let even = springs.even();
    let uneven = even == Some(false);
    let own = own_moments(&report_one(intent, 0, id, variant)?, intent);
    Ok(AxisStatement {
        springs,
        even,
        alternative: if uneven {
            even_alternative(intent, id, variant)?.map(|(id, variant)| DriveAt { id, variant })
        } else {
            None
        },
        even_gains: (uneven && !own).then(|| even_gains(intent)),
    })
}

#[cfg(test)]
#[path = "axes_tests.rs"]
mod tests;
