//! The path a turn takes: the shortest one (about the target's own axis, the short way
//! round) and how far a drive's turn strays from it.

use super::OrientationIntent;
use crate::math;
use crate::rotation::{from_rotation_vector, rotation_vector};
use core::f64::consts::TAU;
use glam::{DQuat, DVec3};

/// Below this turn (rad) a rotation's axis is rounding, not direction: left out.
const AXIS_FLOOR: f64 = 1e-3;

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

/// How far a turn strays from the shortest path, rad: the largest angle between the
/// axis of a step's orientation (its rotation vector from the identity) and the
/// shortest turn's axis, over the steps turned by more than 1e-3 rad. 0 for a turn that
/// stays on the shortest path; a turn that set off the other way round reads pi.
pub fn path_deviation(orientations: &[DQuat], intent: &OrientationIntent) -> f64 {
    let axis = intent.shortest_turn().normalize_or_zero();
    orientations
        .iter()
        .map(|&q| rotation_vector(q))
        .filter(|r| r.length() > AXIS_FLOOR)
        .map(|r| r.normalize().dot(axis).clamp(-1.0, 1.0).acos())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn intent(axis: [f64; 3], degrees: f64) -> OrientationIntent {
        OrientationIntent {
            axis,
            degrees,
            ..OrientationIntent::default()
        }
    }

    #[test]
    fn the_shortest_path_wraps_past_half_a_turn_and_ends_on_the_target() {
        let i = intent([0.0, 0.0, 2.0], 190.0);
        let r = i.shortest_turn();
        assert!((r - DVec3::Z * (-170f64).to_radians()).length() < 1e-12);
        let path = i.shortest_path(8);
        assert_eq!(path.len(), 9);
        assert!(rotation_vector(path[8].conjugate() * i.target()).length() < 1e-12);
        assert_eq!(path_deviation(&path, &i), 0.0);
    }

    #[test]
    fn a_turn_about_another_axis_strays_by_the_angle_between_the_axes() {
        let i = intent([0.0, 0.0, 1.0], 60.0);
        let off = [from_rotation_vector(DVec3::new(0.0, 0.5, 0.5))];
        assert!((path_deviation(&off, &i) - core::f64::consts::FRAC_PI_4).abs() < 1e-12);
    }

    #[test]
    fn the_angle_turned_is_followed_past_half_a_turn() {
        let i = intent([0.0, 0.0, 1.0], 190.0);
        let long: Vec<DQuat> = (1..=19)
            .map(|k| from_rotation_vector(DVec3::Z * (10.0 * k as f64).to_radians()))
            .collect();
        assert!((turned_about_axis(&long, &i).unwrap() - 190.0).abs() < 1e-9);
        assert!((turned_about_axis(&i.shortest_path(17), &i).unwrap() + 170.0).abs() < 1e-9);
        assert_eq!(turned_about_axis(&[], &i), None);
    }
}
