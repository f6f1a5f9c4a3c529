//! The path a turn takes: the shortest one (about the target's own axis, the short way
//! round) and how far a drive's turn strays from it.

use super::OrientationIntent;
use crate::math;
use crate::rotation::{from_rotation_vector, rotation_vector};
use core::f64::consts::TAU;
use glam::{DQuat, DVec3};

impl OrientationIntent {
    /// The rotation vector of the shortest turn to the target, rad: the target's axis
    /// times its angle wrapped into `[-pi, pi]` (190 degrees is -170 about the same axis).
    pub fn shortest_turn(&self) -> DVec3 {
        rotation_vector(self.target())
    }

    /// `n + 1` orientations evenly along the shortest turn, from the identity to the
    /// target: `exp(s r / 2)` for `s = 0, 1/n, ..., 1`, `r` = [`Self::shortest_turn`].
    pub fn shortest_path(&self, n: usize) -> Vec<DQuat> {
        let r = self.shortest_turn();
        let n = n.max(1);
        (0..=n)
            .map(|k| from_rotation_vector(r * (k as f64 / n as f64)))
            .collect()
    }
}

/// How far a turn strays from the shortest path, rad: the largest distance, over the
/// steps, from a step's orientation `q` to the nearest turn about the target's own axis
/// `a`, `min_t angle(q, exp(t a / 2)) = 2 acos(sqrt(q.w^2 + (q.xyz . a)^2))` (the dot
/// product of `q` with `(cos t/2, a sin t/2)` is largest at that value). 0 for a turn that
/// stays on the great circle, either way round (which way it went is
/// [`turned_about_axis`]'s to say); a step that sets off a hair the wrong way reads a hair,
/// not the angle between two axes of a tiny rotation.
pub fn path_deviation(orientations: &[DQuat], intent: &OrientationIntent) -> f64 {
    let axis = intent.unit_axis();
    orientations
        .iter()
        .map(|q| {
            let along = DVec3::new(q.x, q.y, q.z).dot(axis);
            2.0 * math::acos(math::sqrt(q.w * q.w + along * along).min(1.0))
        })
        .fold(0.0, f64::max)
}

/// The angle turned about the asked axis by the end, degrees, signed and unwrapped over
/// the run (the twist of each step's orientation about the axis,
/// `2 atan2(q.xyz . a, q.w)`, followed step by step): a 190 degree target reads about
/// 190 if the body went the long way round as asked, about -170 if it went the short
/// way. `None` for an empty run.
pub fn turned_about_axis(orientations: &[DQuat], intent: &OrientationIntent) -> Option<f64> {
    let a = intent.unit_axis();
    let twist = |q: &DQuat| 2.0 * math::atan2(DVec3::new(q.x, q.y, q.z).dot(a), q.w);
    let (mut total, mut last) = (0.0, 0.0);
    for q in orientations {
        let t = twist(q);
        let d = t - last;
        total += d - TAU * (d / TAU).round();
        last = t;
    }
    (!orientations.is_empty()).then(|| total.to_degrees())
}

/// How far a turn may stray from the shortest path, rad (30 degrees), and still be read
/// as one motion along it ([`turn_effective`]).
pub const STRAYS: f64 = 30.0 * core::f64::consts::PI / 180.0;

/// The natural frequency (rad/s) and damping ratio a turn shows: the second-order fit
/// ([`crate::analysis::fit::second_order`]) of what is left of the shortest turn along its
/// axis after each step, `e_k = log(target q_k^-1) . a`, over the first [`fit_steps`]
/// steps and before any reset: the steps the discrete-exact numbers are solved over
/// ([`super::exact`]) and the real-engine tests read, so every reading of a turn is the
/// same one. `None` when the turn has too few such steps, no continuous equivalent, or
/// strays more than [`STRAYS`] from the axis (one number along it would mislead).
pub fn turn_effective(
    orientations: &[DQuat],
    resets: &[usize],
    intent: &OrientationIntent,
) -> Option<crate::tuning::Effective> {
    turn_effective_over(orientations, resets, intent, fit_steps(intent))
}

/// [`turn_effective`] over the first `steps` steps and before any reset, whatever the
/// motion does in them: how far it strays is read there too, and nothing after.
pub fn turn_effective_over(
    orientations: &[DQuat],
    resets: &[usize],
    intent: &OrientationIntent,
    steps: usize,
) -> Option<crate::tuning::Effective> {
    let until = resets
        .first()
        .copied()
        .unwrap_or(orientations.len())
        .min(steps)
        .min(orientations.len());
    let left = left_along_axis(&orientations[..until], intent)?;
    crate::analysis::fit::second_order(&left, intent.dt, |_| true)
}

/// How many steps of a turn are read: up to the last step at which the intended motion
/// over the shortest turn's angle `theta` (rad) is still more than
/// [`crate::engines::turn_exact::FIT_BAND`] from the target, `theta |1 - x(t)|`
/// ([`crate::engines::turn_exact::fit_steps_of`]). The count is the intent's, not the
/// motion's, so every drive and every trial of a solve is read on the same samples.
pub fn fit_steps(intent: &OrientationIntent) -> usize {
    let one_axis = crate::engines::Intent {
        frequency: intent.frequency,
        damping_ratio: intent.damping_ratio,
        mass: intent.axis_inertia(),
        dt: intent.dt,
        angular: true,
    };
    crate::engines::turn_exact::fit_steps_of(&one_axis, intent.shortest_turn().length())
}

/// What is left of the shortest turn along its axis after each step, rad, or `None`
/// when the turn strays more than 30 degrees from that axis.
fn left_along_axis(orientations: &[DQuat], intent: &OrientationIntent) -> Option<Vec<f64>> {
    if path_deviation(orientations, intent) > STRAYS {
        return None;
    }
    let target = intent.target();
    let axis = intent.shortest_turn().normalize_or_zero();
    Some(
        orientations
            .iter()
            .map(|&q| rotation_vector(target * q.conjugate()).dot(axis))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_path_wraps_past_half_a_turn_and_ends_on_the_target() {
        let i = OrientationIntent::about([0.0, 0.0, 2.0], 190.0);
        let r = i.shortest_turn();
        assert!((r - DVec3::Z * (-170f64).to_radians()).length() < 1e-12);
        let path = i.shortest_path(8);
        assert_eq!(path.len(), 9);
        assert!(rotation_vector(path[8].conjugate() * i.target()).length() < 1e-12);
        assert_eq!(path_deviation(&path, &i), 0.0);
    }

    #[test]
    fn a_turn_off_the_axis_strays_by_its_distance_to_the_nearest_turn_about_it() {
        // Worked out by search: the nearest of 200,001 turns about z, against the closed form.
        let i = OrientationIntent::about([0.0, 0.0, 1.0], 60.0);
        let q = from_rotation_vector(DVec3::new(0.0, 0.5, 0.5));
        let nearest = (0..=200_000)
            .map(|k| {
                let t = (k as f64 / 100_000.0 - 1.0) * core::f64::consts::PI;
                rotation_vector(q.conjugate() * from_rotation_vector(DVec3::Z * t)).length()
            })
            .fold(f64::INFINITY, f64::min);
        assert!(
            (path_deviation(&[q], &i) - nearest).abs() < 1e-9,
            "{nearest}"
        );
        assert!(nearest > 0.3 && nearest < 0.6);
        // A hair the wrong way round is a hair off the great circle, not half a turn.
        let back = [from_rotation_vector(DVec3::Z * -1e-3)];
        assert_eq!(path_deviation(&back, &i), 0.0);
    }

    #[test]
    fn a_turn_that_is_the_intended_spring_reads_as_its_frequency_and_damping_ratio() {
        // The continuous spring-damper sampled every dt, about the turn's own axis.
        let i = OrientationIntent::about([1.0, 2.0, 2.0], 120.0);
        let (w, z): (f64, f64) = (i.omega(), 0.5);
        let wd = w * (1.0 - z * z).sqrt();
        let theta = i.shortest_turn();
        let turn: Vec<DQuat> = (1..=240)
            .map(|k| {
                let t = k as f64 * i.dt;
                let left = (-z * w * t).exp() * ((wd * t).cos() + z * w / wd * (wd * t).sin());
                from_rotation_vector(theta * (1.0 - left))
            })
            .collect();
        let e = turn_effective(&turn, &[], &i).unwrap();
        assert!((e.natural_frequency / w - 1.0).abs() < 1e-6, "{e:?}");
        assert!((e.damping_ratio - z).abs() < 1e-6, "{e:?}");
        // Over a window, only the window is read: what comes after it (here a jump 80
        // degrees off the axis, which no spring makes) or after a reset changes nothing.
        let n = 60;
        let mut tail = turn[..n].to_vec();
        tail.extend([from_rotation_vector(DVec3::new(1.4, -0.7, 0.0)); 20]);
        assert!(path_deviation(&tail, &i) > STRAYS);
        let within = turn_effective_over(&turn[..n], &[], &i, n).unwrap();
        assert_eq!(turn_effective_over(&tail, &[], &i, n), Some(within));
        assert_eq!(turn_effective_over(&tail, &[n], &i, 200), Some(within));
        // A turn that strays far from the axis has no one number along it.
        let astray = [from_rotation_vector(DVec3::new(0.0, 0.0, 1.0)); 40];
        assert_eq!(
            turn_effective(
                &astray,
                &[],
                &OrientationIntent::about([1.0, 0.0, 0.0], 60.0)
            ),
            None
        );
    }

    #[test]
    fn the_angle_turned_is_followed_past_half_a_turn() {
        let i = OrientationIntent::about([0.0, 0.0, 1.0], 190.0);
        let long: Vec<DQuat> = (1..=19)
            .map(|k| from_rotation_vector(DVec3::Z * (10.0 * k as f64).to_radians()))
            .collect();
        assert!((turned_about_axis(&long, &i).unwrap() - 190.0).abs() < 1e-9);
        // The same turn as an engine that keeps w >= 0 reports it: the quaternion's sign
        // flips past half a turn, and the angle is still followed through it.
        let canonical: Vec<DQuat> = long
            .iter()
            .map(|&q| if q.w < 0.0 { -q } else { q })
            .collect();
        assert_ne!(canonical, long, "the turn crosses the sign flip");
        assert!((turned_about_axis(&canonical, &i).unwrap() - 190.0).abs() < 1e-9);
        assert!((turned_about_axis(&i.shortest_path(17), &i).unwrap() + 170.0).abs() < 1e-9);
        assert_eq!(turned_about_axis(&[], &i), None);
    }
}
