//! Discrete-exact numbers that hold at the size of the turn.
//!
//! [`super::discrete`] makes a drive's *linear part* have the intended poles. An angular
//! drive that pulls on something other than the angle does not move linearly over a
//! turn: PhysX's twist drive and Unity's angular X drive pull on `2 sin(e/2)`
//! (`PxD6Joint` twist row, `physx/d6.rs`), a slerp drive on `sin(e/2) cos(e/2) / 2`, so on
//! a 1 rad turn the motion's fitted frequency misses the linear answer by 2 to 4 % and
//! its damping ratio by about 1 % (measured on the real PhysX). The size of the turn is
//! part of the intent: here the knobs are solved again so that the motion the engine
//! really makes over the twin's turn (rest at 0 to [`TARGET`]), read with
//! [`fit::second_order`] over the first
//! [`fit_steps`] steps, has the intended frequency and damping ratio. A drive whose turn is linear already keeps its linear answer bit for bit.

use super::{Entry, Intent, Settings, TARGET};
use crate::analysis::fit;
use crate::error::Error;
use crate::math;
use crate::tuning::Effective;

/// The band around the target left out of the fit, rad: inside it an engine's float32
/// rounding is as large as the motion (the real-engine tests read the turn the same way).
pub const FIT_BAND: f64 = 1e-3;

/// A linear answer whose turn fits the intent this closely is kept as it is.
const LINEAR_ENOUGH: f64 = 1e-7;

/// The turn's answer fits the intent this closely (relative frequency, damping ratio).
const ACCEPTED: f64 = 1e-6;

/// The knobs whose turn fits the intent, starting from the linear answer `linear`; the
/// linear answer itself when the turn already fits it, or when a cap, a clamp or sleep
/// ends the free motion too soon for a fit (there the twin's prediction says what the
/// engine does). Refused when no knobs nearby give the intended turn.
pub fn refine(
    entry: &Entry,
    intent: &Intent,
    settings: &Settings,
    linear: [f64; 2],
) -> Result<[f64; 2], Error> {
    let residual = |knobs: [f64; 2]| {
        turn_effective(entry, knobs, intent, settings).map(|e| {
            [
                math::ln(e.natural_frequency / intent.omega()),
                e.damping_ratio - intent.damping_ratio,
            ]
        })
    };
    let Some(r) = residual(linear) else {
        return Ok(linear);
    };
    if norm(r) <= LINEAR_ENOUGH {
        return Ok(linear);
    }
    let valid = |k: [f64; 2]| {
        entry
            .knobs
            .iter()
            .zip(k)
            .all(|(knob, v)| v.is_finite() && (v > 0.0 || (v == 0.0 && !knob.positive)))
    };
    newton(linear, r, residual, valid, F64_TURN).ok_or_else(unreachable)
}

/// The larger of a residual's two parts.
fn norm(r: [f64; 2]) -> f64 {
    r[0].abs().max(r[1].abs())
}

/// How finely [`newton`] works: the relative size of its finite differences, and the
/// residual it accepts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Precision {
    /// A difference's size relative to the unknown.
    pub difference: f64,
    /// The largest residual accepted as an answer.
    pub accepted: f64,
}

/// For motions computed in `f64` (the one-axis twins' turn): differences of 1e-6.
pub(crate) const F64_TURN: Precision = Precision {
    difference: 1e-6,
    accepted: ACCEPTED,
};

/// Two unknowns `k` that make `residual(k)` (a motion's log frequency error and damping
/// ratio error) zero to `precision.accepted`, by Newton's method from `k` (where the
/// residual is `r`) with a Jacobian of forward differences and steps halved until the
/// fit improves and `valid` holds; `None` when no nearby `k` does. Shared by the one-axis
/// turn ([`refine`]) and the orientation drives
/// ([`crate::engines::orientation::exact`]).
pub(crate) fn newton(
    mut k: [f64; 2],
    mut r: [f64; 2],
    residual: impl Fn([f64; 2]) -> Option<[f64; 2]>,
    valid: impl Fn([f64; 2]) -> bool,
    precision: Precision,
) -> Option<[f64; 2]> {
    let enough = precision.accepted;
    for _ in 0..40 {
        if norm(r) <= 1e-9 {
            return Some(k);
        }
        let scale = k[0].abs().max(k[1].abs());
        let mut jac = [[0.0; 2]; 2];
        for i in 0..2 {
            let h = precision.difference * (k[i].abs() + 1e-6 * scale).max(1e-300);
            let mut kh = k;
            kh[i] += h;
            let rh = residual(kh)?;
            jac[0][i] = (rh[0] - r[0]) / h;
            jac[1][i] = (rh[1] - r[1]) / h;
        }
        let det = jac[0][0] * jac[1][1] - jac[0][1] * jac[1][0];
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        let step = [
            (jac[1][1] * r[0] - jac[0][1] * r[1]) / det,
            (jac[0][0] * r[1] - jac[1][0] * r[0]) / det,
        ];
        // Halve the step until the fit improves (and the unknowns stay valid).
        let mut t = 1.0;
        let mut accepted = None;
        for _ in 0..12 {
            let trial = [k[0] - t * step[0], k[1] - t * step[1]];
            if valid(trial) {
                if let Some(rt) = residual(trial) {
                    if norm(rt) < norm(r) {
                        accepted = Some((trial, rt));
                        break;
                    }
                }
            }
            t *= 0.5;
        }
        let Some((next, rn)) = accepted else {
            // No step improves the fit: it has reached its floor.
            return (norm(r) <= enough).then_some(k);
        };
        // Near the fit's floor a step gains little: stop there.
        let stalled = norm(rn) > 0.5 * norm(r) && norm(rn) <= enough;
        k = next;
        r = rn;
        if stalled {
            return Some(k);
        }
    }
    // A long overdamped turn's fit has a floor near 2e-7: far below what any engine or
    // reader can tell apart.
    (norm(r) <= enough).then_some(k)
}

/// The natural frequency and damping ratio of the turn `entry` makes with `knobs` (rest
/// at 0 to [`TARGET`]), read by a fit over its first [`fit_steps`] steps, up to a sleep
/// that comes sooner (a slow approach near the target drops under an engine's
/// threshold); `None` when a cap, a reset or a divergence takes the motion out of the
/// drive's hands, or the fit has no answer.
pub fn turn_effective(
    entry: &Entry,
    knobs: [f64; 2],
    intent: &Intent,
    settings: &Settings,
) -> Option<Effective> {
    let steps = fit_steps(intent);
    let p = entry.predict(knobs, intent, settings, steps).ok()?;
    if p.capped_steps > 0 || p.reset_after.is_some() || p.diverged_after.is_some() {
        return None;
    }
    let until = p
        .asleep_after
        .map_or(steps, |a| a.saturating_sub(1).min(steps));
    fit::second_order(&p.positions, intent.dt, |k| k < until)
}

/// How many steps of a turn the fit reads: up to the last step at which the intended
/// motion (the continuous spring-damper, [`Intent::ideal`]) is still farther than
/// [`FIT_BAND`] from the target. The count is the intent's, not the motion's, so the fit
/// reads the same samples whatever the knobs (a window that moved with the motion would
/// make the fit jump as a sample crossed the band), and a real engine's turn is read on
/// the same samples. At least 16, at most 20,000.
pub fn fit_steps(intent: &Intent) -> usize {
    fit_steps_of(intent, TARGET)
}

/// [`fit_steps`] for a turn of `size` rad (an orientation drive's turn, from rest): the
/// last step at which `size |1 - x(t)|` is more than [`FIT_BAND`], `x` the intended
/// motion toward 1.
pub fn fit_steps_of(intent: &Intent, size: f64) -> usize {
    let (w, z) = (intent.omega(), intent.damping_ratio.max(0.05));
    // Twenty time constants of the slowest decay bound the search: a critically damped
    // error, (1 + w t) e^(-w t), is still 3e-3 after eight (the bound once cut its window
    // short), 4e-8 after twenty.
    let decay = if z < 1.0 {
        z * w
    } else {
        w * (z - math::sqrt(z * z - 1.0))
    };
    let horizon = ((20.0 / decay) / intent.dt).ceil().clamp(16.0, 20_000.0) as usize;
    let last_out = (1..=horizon)
        .rev()
        .find(|&k| size * (intent.ideal(k as f64 * intent.dt) / TARGET - 1.0).abs() > FIT_BAND)
        .unwrap_or(0);
    (last_out + 1).clamp(16, 20_000)
}

fn unreachable() -> Error {
    Error::Unsupported {
        field: "frequency",
        reason: "no setting of this engine's knobs gives this motion over the turn at this step",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::{discrete_exact, entries, entry};

    fn fitted(id: &str, intent: &Intent, knobs: [f64; 2]) -> Effective {
        let e = entry(id).unwrap();
        turn_effective(e, knobs, intent, &e.default_settings()).unwrap()
    }

    /// A turn of `f` Hz, damping ratio `zeta`, on `inertia` kg m^2, stepped every `dt` s.
    const fn turn(f: f64, zeta: f64, inertia: f64, dt: f64) -> Intent {
        Intent {
            frequency: f,
            damping_ratio: zeta,
            mass: inertia,
            dt,
            angular: true,
        }
    }

    /// The three intents issue 45 measured on the real PhysX (2 to 4 % off before).
    const MEASURED: [Intent; 3] = [
        turn(3.5, 0.6, 2.5, 1.0 / 90.0),
        turn(0.8, 1.6, 0.3, 1.0 / 240.0),
        turn(10.0, 1.0, 1.0, 1.0 / 60.0),
    ];

    #[test]
    fn a_turn_is_read_until_its_intended_motion_stays_within_the_band() {
        // Worked out here, not by fit_steps: the last sample at which the intent's own
        // motion is farther than 1e-3 rad from the target, by scanning its closed form
        // (critically damped: (1 + w t) e^(-w t); underdamped: its envelope rings past it).
        for intent in [
            turn(2.0, 1.0, 1.0, 1.0 / 60.0),
            turn(3.0, 0.2, 1.0, 1.0 / 120.0),
            turn(0.8, 1.6, 0.3, 1.0 / 240.0),
        ] {
            let (w, z) = (intent.omega(), intent.damping_ratio);
            let error = |t: f64| {
                if z < 1.0 {
                    let wd = w * (1.0 - z * z).sqrt();
                    (-z * w * t).exp() * ((wd * t).cos() + z * w / wd * (wd * t).sin())
                } else if z == 1.0 {
                    (1.0 + w * t) * (-w * t).exp()
                } else {
                    let r = w * (z * z - 1.0).sqrt();
                    let (s1, s2) = (-z * w + r, -z * w - r);
                    (s2 * (s1 * t).exp() - s1 * (s2 * t).exp()) / (s2 - s1)
                }
            };
            let last = (0..100_000)
                .filter(|&k| error(k as f64 * intent.dt).abs() > FIT_BAND)
                .max()
                .unwrap();
            assert_eq!(fit_steps(&intent), last + 1, "{intent:?}");
        }
    }

    #[test]
    fn every_angular_drive_turns_a_radian_with_the_intended_frequency_and_damping_ratio() {
        for intent in MEASURED {
            let (f, zeta) = (intent.frequency, intent.damping_ratio);
            for e in entries() {
                let s = e.default_settings();
                let Ok(knobs) = discrete_exact(e, &intent, &s) else {
                    continue;
                };
                // A capped turn is the cap's, not the drive's: the twin predicts it.
                let Some(got) = turn_effective(e, knobs, &intent, &s) else {
                    continue;
                };
                assert!(
                    (got.natural_frequency / intent.omega() - 1.0).abs() < 1e-6,
                    "{} at {f} Hz: {got:?}",
                    e.id
                );
                assert!(
                    (got.damping_ratio - zeta).abs() < 1e-6,
                    "{} at {f} Hz: {got:?}",
                    e.id
                );
            }
        }
    }

    #[test]
    fn the_twist_drive_needs_other_numbers_for_a_turn_than_for_its_linear_part() {
        // PhysX's twist drive pulls on 2 sin(e/2): its linear answer turns a radian 2 to
        // 4 % slow; the turn's answer is stiffer.
        let id = "physx-drive";
        let e = entry(id).unwrap();
        let s = e.default_settings();
        for intent in MEASURED {
            let f = intent.frequency;
            let linear = crate::engines::linear_exact(e, &intent, &s).unwrap();
            let miss = fitted(id, &intent, linear).natural_frequency / intent.omega() - 1.0;
            assert!(
                miss < -0.01 && miss > -0.05,
                "{f} Hz: the linear answer's turn is off by {miss}"
            );
            let turn = discrete_exact(e, &intent, &s).unwrap();
            assert!(turn[0] > linear[0], "{f} Hz: {turn:?} against {linear:?}");
        }
    }

    #[test]
    fn a_linear_move_keeps_its_linear_answer_bit_for_bit() {
        for e in entries() {
            let intent = Intent {
                angular: false,
                ..Intent::default()
            };
            let s = e.default_settings();
            if let Ok(linear) = crate::engines::linear_exact(e, &intent, &s) {
                assert_eq!(refine(e, &intent, &s, linear).unwrap(), linear, "{}", e.id);
            }
        }
    }

    #[test]
    fn a_capped_turn_is_left_to_the_twin_with_its_linear_answer() {
        // Jolt caps this stiff turn at its max angular velocity (0.25 pi / dt): the motion
        // is the cap's, so no fit reads it and refine keeps the linear numbers.
        let e = entry("jolt-frequency").unwrap();
        let intent = turn(30.0, 0.2, 1.0, 1.0 / 60.0);
        let s = e.default_settings();
        assert!(turn_effective(e, [30.0, 0.2], &intent, &s).is_none());
        assert_eq!(refine(e, &intent, &s, [30.0, 0.2]).unwrap(), [30.0, 0.2]);
        // Raised out of reach, the same turn is the drive's again and is read.
        let mut free = s;
        free.set(
            "maxAngularVelocity",
            crate::engines::settings::Value::Number(1e4),
        )
        .unwrap();
        assert!(turn_effective(e, [30.0, 0.2], &intent, &free).is_some());
    }

    #[test]
    fn the_search_ends_where_the_turn_fits_far_inside_what_an_engine_can_show() {
        // Newton converges quadratically: an underdamped or critical turn's answer fits to
        // 1e-8 or better, a hundred times tighter than the floor it would accept after a
        // stall (a long overdamped turn's fit has its floor near 2e-7).
        let e = entry("physx-drive").unwrap();
        let s = e.default_settings();
        for intent in MEASURED.into_iter().filter(|i| i.damping_ratio <= 1.0) {
            let knobs = discrete_exact(e, &intent, &s).unwrap();
            let got = turn_effective(e, knobs, &intent, &s).unwrap();
            assert!(
                (got.natural_frequency / intent.omega() - 1.0).abs() < 1e-8
                    && (got.damping_ratio - intent.damping_ratio).abs() < 1e-8,
                "{intent:?}: {got:?}"
            );
        }
    }
}
