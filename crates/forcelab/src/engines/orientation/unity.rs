//! Unity turning a `Rigidbody` to a target orientation with a `ConfigurableJoint` to the
//! world: angular motions free, linear ones locked, default `axis` (1, 0, 0) and
//! `secondaryAxis` (0, 1, 0), so the joint's frame is the body's; `rotationDriveMode`
//! `Slerp` (`slerpDrive`) or `XAndYZ` (`angularXDrive` and `angularYZDrive`), force
//! drives (`positionSpring`, `positionDamper`), or acceleration drives with
//! `JointDrive.useAcceleration` (Unity 2022.3 and later: PhysX's `eACCELERATION` flag).
//!
//! Unity cannot run here. It steps a `ConfigurableJoint` as a PhysX `PxD6Joint` with the
//! **body as actor0** and the connected body (here the world) as actor1, `slerpDrive`
//! as `eSLERP`, `angularXDrive` as `eTWIST`, `angularYZDrive` as `eSWING`, and
//! `targetRotation` as the drive pose's rotation: actor1's frame seen from actor0's. So
//! the twin is [`super::physx`]'s with the actors swapped (its rows turn with the body)
//! and Unity's settings (crate::engines::unity: 6 position and 1 velocity iteration,
//! spin cap 50 rad/s, 7 in projects from before 2022.3, angular damping 0.05, sleep
//! threshold 0.005); the test runs it on PhysX 5.6.1 set up that way. Unity 2022 LTS
//! and 6 ship PhysX 4.1, whose PGS joint drive is the same; its TGS is not, and is
//! left out.
//!
//! **The conversion.** `targetRotation` is the rotation of the joint's frame (the body's)
//! seen from the world's, inverted: to turn a body that starts at the identity to the
//! world rotation `target`,
//!
//! ```text
//! joint.targetRotation = Quaternion.Inverse(target);
//! ```
//!
//! (generally `Inverse(jointSpace) * Inverse(target) * start * jointSpace`, the form
//! Unity users write from the joint's start rotation and axes).

use super::physx::{self, Config, Drives, Joint, Setup};
use super::{OrientationIntent, Prediction3};
use crate::engines::Parameter;

/// Every setting the Unity twin reads, with Unity's default, under Unity's names
/// (`useAcceleration` is each `JointDrive`'s, the others the body's and the project's).
pub const DEFAULTS: [(&str, &str); 8] = [
    ("solverType", "PGS"),
    ("solverIterations", "6"),
    ("solverVelocityIterations", "1"),
    ("angularDamping", "0.05"),
    ("maxAngularVelocity", "50"),
    ("sleepThreshold", "0.005"),
    ("maximumForce", "3.4028234663852886e38"),
    ("useAcceleration", "false"),
];

/// The named variants the Unity twin is checked at (changes to [`DEFAULTS`]).
pub const VARIANTS: [(&str, &[(&str, &str)]); 5] = [
    ("default", &[]),
    ("use-acceleration", &[("useAcceleration", "true")]),
    ("spin-cap-7", &[("maxAngularVelocity", "7")]),
    ("no-damping", &[("angularDamping", "0")]),
    ("no-sleep", &[("sleepThreshold", "0")]),
];

/// The PhysX configuration Unity's settings, changed by `changes`, amount to.
pub fn config(changes: &[(&str, &str)]) -> Config {
    let physx: Vec<(&str, &str)> = DEFAULTS
        .iter()
        .chain(changes)
        // The drive's own flag is the joint's, not the scene's ([`acceleration`]).
        .filter(|(key, _)| *key != "useAcceleration")
        .map(|&(key, value)| {
            let key = match key {
                "solverIterations" => "positionIterations",
                "solverVelocityIterations" => "velocityIterations",
                "maximumForce" => "forceLimit",
                other => other,
            };
            (key, value)
        })
        .collect();
    Config::with(&physx)
}

/// Whether Unity's settings changed by `changes` make the drives acceleration drives
/// (`JointDrive.useAcceleration`).
pub fn acceleration(changes: &[(&str, &str)]) -> bool {
    changes
        .iter()
        .rev()
        .find(|(key, _)| *key == "useAcceleration")
        .is_some_and(|(_, value)| *value == "true")
}

/// `targetRotation` for the intent: `Quaternion.Inverse(target)`.
pub fn target_rotation(intent: &OrientationIntent) -> glam::DQuat {
    intent.target().conjugate()
}

/// The drives' field names and the moments their gains are written for, as
/// [`physx::gains`] writes PhysX's: slerp the moment about the turn's axis, X the
/// moment about x, YZ the mean of those about y and z.
fn fields(drives: Drives) -> &'static [[&'static str; 2]] {
    match drives {
        Drives::Slerp => &[["slerpDrive.positionSpring", "slerpDrive.positionDamper"]],
        _ => &[
            [
                "angularXDrive.positionSpring",
                "angularXDrive.positionDamper",
            ],
            [
                "angularYZDrive.positionSpring",
                "angularYZDrive.positionDamper",
            ],
        ],
    }
}

fn joint(drives: Drives, acceleration: bool) -> Joint {
    Joint {
        drives,
        acceleration,
    }
}

/// The moment of inertia (kg m^2) the numbers about each principal axis are written
/// for: PhysX's drives' ([`physx::written_for`]): as force drives slerp the turn's
/// axis's on all three, X's on x, YZ's mean on y and z; as acceleration drives the
/// body's own.
pub fn written_for(drives: Drives, acceleration: bool, intent: &OrientationIntent) -> [f64; 3] {
    physx::written_for(joint(drives, acceleration), intent)
}

/// The numbers a Unity user sets: each drive's `positionSpring` and `positionDamper`,
/// as force drives `k = I w^2` (N m/rad), `c = 2 zeta w I` (N m s/rad), with
/// `useAcceleration` `k = w^2` (1/s^2), `c = 2 zeta w` (1/s); and `targetRotation`.
pub fn parameters(
    drives: Drives,
    acceleration: bool,
    intent: &OrientationIntent,
) -> Vec<Parameter> {
    let units = if acceleration {
        ["1/s²", "1/s"]
    } else {
        ["N m/rad", "N m s/rad"]
    };
    let mut out = Vec::new();
    for (names, (k, c)) in fields(drives)
        .iter()
        .zip(physx::gains(joint(drives, acceleration), intent))
    {
        out.push(Parameter {
            name: names[0],
            value: k,
            unit: units[0],
        });
        out.push(Parameter {
            name: names[1],
            value: c,
            unit: units[1],
        });
    }
    let r = target_rotation(intent);
    let names = [
        "targetRotation.w",
        "targetRotation.x",
        "targetRotation.y",
        "targetRotation.z",
    ];
    for (name, value) in names.into_iter().zip([r.w, r.x, r.y, r.z]) {
        out.push(Parameter {
            name,
            value,
            unit: "",
        });
    }
    out
}

/// The orientation after each of `steps` steps under Unity's settings changed by
/// `changes`, from the intent's start.
pub fn predict(
    drives: Drives,
    changes: &[(&str, &str)],
    intent: &OrientationIntent,
    steps: usize,
) -> Prediction3 {
    let joint = joint(drives, acceleration(changes));
    let setup = Setup {
        drive_target: target_rotation(intent),
        body_first: true,
        gains: physx::gains(joint, intent),
    };
    physx::simulate(joint, &config(changes), intent, &setup, steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unitys_names_become_physxs_settings() {
        let d = config(&[]);
        assert_eq!((d.position_iterations, d.velocity_iterations), (6, 1));
        assert_eq!(d.max_angular_velocity, 50.0);
        assert_eq!(config(&[("maximumForce", "2")]).force_limit, 2.0);
        assert_eq!(config(VARIANTS[2].1).max_angular_velocity, 7.0);
        assert!(!acceleration(&[]) && acceleration(VARIANTS[1].1));
        assert_eq!(
            config(VARIANTS[1].1),
            d,
            "useAcceleration is the joint's alone"
        );
    }

    /// `targetRotation = Inverse(target)` brings the body to the world target under the
    /// slerp drive. The X and YZ drives push about the body's own axes (it is actor0) on
    /// an error whose rate is the world angular velocity: they agree at the start and
    /// part as the body turns, so like PhysX's own twist and swing they are a spring
    /// only for small turns (20 degrees) and none for 120 degrees about (1, 2, 2).
    #[test]
    fn the_inverse_target_rotation_brings_the_body_to_the_world_target() {
        let (near, far) = (
            OrientationIntent::about([0.0, 1.0, 0.3], 20.0),
            OrientationIntent::about([1.0, 2.0, 2.0], 120.0),
        );
        let left = |drives, i: &OrientationIntent| {
            let p = predict(drives, &[("sleepThreshold", "0")], i, 240);
            *p.angle_to(i.target()).last().unwrap()
        };
        assert!(left(Drives::Slerp, &near) < 1e-3);
        assert!(left(Drives::Slerp, &far) < 1e-3);
        assert!(left(Drives::TwistSwing, &near) < 1e-3);
        assert!(left(Drives::TwistSwing, &far) > 60f64.to_radians());
    }

    /// With a spherical body the slerp drive is the same spring whichever actor the body
    /// is: Unity's run and PhysX's own agree to f32's rounding grown over the turn.
    #[test]
    fn a_round_body_turns_alike_as_actor0_or_actor1() {
        let i = OrientationIntent {
            inertia: [2.0; 3],
            ..OrientationIntent::about([1.0, 2.0, 2.0], 120.0)
        };
        let same = [("maxAngularVelocity", "100"), ("solverIterations", "4")];
        let unity = predict(Drives::Slerp, &same, &i, 120);
        let physx = physx::predict(joint(Drives::Slerp, false), &Config::with(&[]), &i, 120);
        for (a, b) in unity.orientations.iter().zip(&physx.orientations) {
            let miss = crate::rotation::rotation_vector(a.conjugate() * *b).length();
            assert!(miss < 1e-4, "{miss}");
        }
    }
}
