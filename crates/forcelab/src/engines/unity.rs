//! Unity (3-D physics): a `ConfigurableJoint`'s `JointDrive` (`xDrive`,
//! `angularXDrive` or `slerpDrive`) on a `Rigidbody`, and an `ArticulationDrive` on an
//! `ArticulationBody`, stepped by the PhysX that Unity ships.
//!
//! Unity cannot run here, so its twin is PhysX's ([`super::physx`]) with Unity's
//! settings and defaults, from Unity's documentation: solver iterations 6 and 1
//! (`Physics.defaultSolverIterations`, `defaultSolverVelocityIterations`), PGS unless
//! the project picks TGS, a body's angular damping 0.05, its spin cap 50 rad/s
//! (`Physics.defaultMaxAngularSpeed`; 7 in projects from before 2022.3), sleep
//! threshold 0.005. `ConfigurableJoint` becomes a `PxD6Joint`: `positionSpring`,
//! `positionDamper` and `maximumForce` are the drive's stiffness, damping and force
//! limit (a force drive unless `useAcceleration`). `ArticulationDrive` becomes a
//! `PxArticulationDrive`; its `target` is in degrees for a rotational drive.
//!
//! What this leaves unchecked, said plainly: Unity 2022 LTS and Unity 6 ship PhysX 4.1,
//! not the 5.6 run in the tests. The two agree on everything a PGS joint drive does
//! (the D6 rows, the spring constants, damping, caps), so the default twin is checked
//! against PhysX 5.6 with Unity's settings. Unity's TGS follows PhysX 4.1.2's source
//! (the spring's bias clamped, its damping applied again in every velocity iteration),
//! which could only be read, not run. Unity's articulations run 4.1's articulation
//! code; their twin is PhysX 5.6's articulation with Unity's settings. Whether Unity
//! sets `eDRIVE_LIMITS_ARE_FORCES` on a joint is not documented: the twin takes
//! PhysX's default (the limit is an impulse per step).

use super::catalogue::{Drive as EntryDrive, Engine, Entry, Settings as AnySettings};
use super::physx::{self, AngularDrive, ArticulationConfig, Config, Solver, MAX_F32};
use super::settings::{choice, settings, Kind};
use super::Intent;

/// What the twin of Unity is checked against, and what it cannot be.
pub const CHECKED_AGAINST: &str =
    "PhysX 5.6.1 (npm physx-js-webidl 2.7.3) with Unity's settings; Unity itself \
                                   (PhysX 4.1) cannot run here";

choice! {
    /// Which `ConfigurableJoint` drive turns the body (`rotationDriveMode`).
    pub enum RotationDrive {
        /// `angularXDrive` (rotationDriveMode X and YZ): PhysX's twist drive.
        AngularX = "angularXDrive",
        /// `slerpDrive` (rotationDriveMode Slerp): PhysX's slerp drive.
        Slerp = "slerpDrive",
    }
}

settings! {
    /// Unity's settings that change how a `ConfigurableJoint` drive moves a `Rigidbody`.
    pub struct Settings {
        /// Project Settings > Physics > Solver Type.
        solver_type: Solver = Solver::Pgs,
            key "solverType", label "solver type (Physics settings)",
            kind Kind::Choice { options: Solver::NAMES },
            note "Projected Gauss Seidel by default: one implicit step over dt. Temporal Gauss Seidel runs the \
                  solver iterations as substeps; Unity's PhysX 4.1 also damps the drive again in each velocity \
                  iteration (modelled from PhysX 4.1's source, not run).";
        /// `Physics.defaultSolverIterations` / `Rigidbody.solverIterations`.
        solver_iterations: u32 = 6,
            key "solverIterations", label "solver iterations (Rigidbody.solverIterations)",
            kind Kind::Count { min: 1, max: 255 },
            note "6 by default; no effect under PGS on a lone drive, the substeps under TGS.";
        /// `Physics.defaultSolverVelocityIterations` / `Rigidbody.solverVelocityIterations`.
        solver_velocity_iterations: u32 = 1,
            key "solverVelocityIterations", label "velocity iterations (Rigidbody.solverVelocityIterations)",
            kind Kind::Count { min: 0, max: 255 },
            note "1 by default; under TGS each one damps the drive a little more in PhysX 4.1.";
        /// `Rigidbody.linearDamping` (`drag` before Unity 6).
        linear_damping: f64 = 0.0,
            key "linearDamping", label "linear damping (Rigidbody.linearDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0 by default; v *= 1 - c dt before the solver.";
        /// `Rigidbody.angularDamping` (`angularDrag` before Unity 6).
        angular_damping: f64 = 0.05,
            key "angularDamping", label "angular damping (Rigidbody.angularDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0.05 by default: a little extra damping on every rotation.";
        /// `Rigidbody.maxAngularVelocity`, rad/s.
        max_angular_velocity: f64 = 50.0,
            key "maxAngularVelocity", label "spin cap (Rigidbody.maxAngularVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "rad/s" },
            note "50 rad/s in Unity 6 and 2022 LTS projects (Physics.defaultMaxAngularSpeed), 7 in projects \
                  from older versions: a 7 rad/s cap visibly slows a brisk angular drive.";
        /// `Rigidbody.sleepThreshold`, m^2/s^2.
        sleep_threshold: f64 = 0.005,
            key "sleepThreshold", label "sleep threshold (Rigidbody.sleepThreshold)",
            kind Kind::Number { min: 0.0, max: 1e6, unit: "m²/s²" },
            note "0.005 by default: a body this slow for about 0.4 s sleeps where it is; 0 keeps it awake.";
        /// `ConfigurableJoint.rotationDriveMode`.
        rotation_drive: RotationDrive = RotationDrive::AngularX,
            key "rotationDrive", label "rotation drive (rotationDriveMode)",
            kind Kind::Choice { options: RotationDrive::NAMES },
            note "angularXDrive pulls on 2 sin(error/2); slerpDrive pulls a quarter as hard near the target \
                  (PhysX's slerp row).";
        /// `JointDrive.maximumForce`.
        maximum_force: f64 = MAX_F32,
            key "maximumForce", label "maximum force (JointDrive.maximumForce)",
            kind Kind::Number { min: 0.0, max: MAX_F32, unit: "N or N m" },
            note "PhysX reads a joint drive's limit as an impulse per step unless told otherwise; Unity does \
                  not say which it asks for, and the twin takes PhysX's default.";
    }
}

settings! {
    /// Unity's settings that change how an `ArticulationDrive` moves an `ArticulationBody`.
    pub struct ArticulationSettings {
        /// Project Settings > Physics > Solver Type.
        solver_type: Solver = Solver::Pgs,
            key "solverType", label "solver type (Physics settings)",
            kind Kind::Choice { options: Solver::NAMES },
            note "Projected Gauss Seidel by default.";
        /// `ArticulationBody.solverIterations`.
        solver_iterations: u32 = 6,
            key "solverIterations", label "solver iterations (ArticulationBody.solverIterations)",
            kind Kind::Count { min: 1, max: 255 },
            note "6 by default; the substeps under TGS.";
        /// `ArticulationBody.solverVelocityIterations`.
        solver_velocity_iterations: u32 = 1,
            key "solverVelocityIterations", label "velocity iterations (ArticulationBody.solverVelocityIterations)",
            kind Kind::Count { min: 0, max: 255 },
            note "1 by default.";
        /// `ArticulationBody.linearDamping`.
        linear_damping: f64 = 0.05,
            key "linearDamping", label "linear damping (ArticulationBody.linearDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0.05 by default on articulation bodies, applied as a force.";
        /// `ArticulationBody.angularDamping`.
        angular_damping: f64 = 0.05,
            key "angularDamping", label "angular damping (ArticulationBody.angularDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0.05 by default, applied as a force.";
        /// `ArticulationBody.maxAngularVelocity`, rad/s.
        max_angular_velocity: f64 = 50.0,
            key "maxAngularVelocity", label "spin cap (ArticulationBody.maxAngularVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "rad/s" },
            note "50 rad/s (Unity 6 documentation; 7 in older pages).";
        /// `ArticulationBody.maxLinearVelocity`, m/s.
        max_linear_velocity: f64 = 100.0,
            key "maxLinearVelocity", label "speed cap (ArticulationBody.maxLinearVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "m/s" },
            note "Unity does not document its default; PhysX's link default (100 m/s) is assumed.";
        /// `ArticulationBody.maxJointVelocity`.
        max_joint_velocity: f64 = 100.0,
            key "maxJointVelocity", label "joint speed cap (ArticulationBody.maxJointVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "m/s or rad/s" },
            note "Unity does not document its default; PhysX's (100) is assumed.";
        /// `ArticulationBody.sleepThreshold`, m^2/s^2.
        sleep_threshold: f64 = 0.005,
            key "sleepThreshold", label "sleep threshold (ArticulationBody.sleepThreshold)",
            kind Kind::Number { min: 0.0, max: 1e6, unit: "m²/s²" },
            note "0.005 by default: a link this slow for about 0.4 s puts the articulation to sleep where it \
                  is; 0 keeps it awake.";
        /// `ArticulationDrive.forceLimit`.
        force_limit: f64 = MAX_F32,
            key "forceLimit", label "force limit (ArticulationDrive.forceLimit)",
            kind Kind::Number { min: 0.0, max: MAX_F32, unit: "N or N m" },
            note "Read by PhysX as an impulse per step unless the articulation's drive limits are forces.";
    }
}

impl Settings {
    /// The PhysX configuration Unity's settings amount to.
    pub(crate) fn physx(&self) -> Config {
        Config {
            solver: self.solver_type,
            position_iterations: self.solver_iterations,
            velocity_iterations: self.solver_velocity_iterations,
            linear_damping: self.linear_damping,
            angular_damping: self.angular_damping,
            max_linear_velocity: physx::Settings::default().max_linear_velocity,
            max_angular_velocity: self.max_angular_velocity,
            sleep_threshold: self.sleep_threshold,
            angular_drive: match self.rotation_drive {
                RotationDrive::AngularX => AngularDrive::Twist,
                RotationDrive::Slerp => AngularDrive::Slerp,
            },
            force_limit: self.maximum_force,
            drive_limits_are_forces: false,
            legacy_tgs: true,
        }
    }
}

impl ArticulationSettings {
    /// The PhysX articulation configuration Unity's settings amount to.
    pub(crate) fn physx(&self) -> ArticulationConfig {
        ArticulationConfig {
            solver: self.solver_type,
            position_iterations: self.solver_iterations,
            velocity_iterations: self.solver_velocity_iterations,
            linear_damping: self.linear_damping,
            angular_damping: self.angular_damping,
            max_linear_velocity: self.max_linear_velocity,
            max_angular_velocity: self.max_angular_velocity,
            max_joint_velocity: self.max_joint_velocity,
            sleep_threshold: self.sleep_threshold,
            force_limit: self.force_limit,
            drive_limits_are_forces: false,
        }
    }
}

/// The variants of the joint twin; the TGS one follows PhysX 4.1 and has no real
/// engine to check against here.
pub fn variants() -> Vec<(&'static str, Settings)> {
    let d = Settings::default();
    vec![
        ("default", d),
        (
            "slerp",
            Settings {
                rotation_drive: RotationDrive::Slerp,
                ..d
            },
        ),
        (
            "spin-cap-7",
            Settings {
                max_angular_velocity: 7.0,
                ..d
            },
        ),
        (
            "tgs",
            Settings {
                solver_type: Solver::Tgs,
                ..d
            },
        ),
    ]
}

/// The variants of the articulation twin.
pub fn articulation_variants() -> Vec<(&'static str, ArticulationSettings)> {
    let d = ArticulationSettings::default();
    vec![
        ("default", d),
        (
            "no-damping",
            ArticulationSettings {
                linear_damping: 0.0,
                angular_damping: 0.0,
                ..d
            },
        ),
    ]
}

/// Unity's two drives as translator entries.
pub(crate) fn entries() -> Vec<Entry> {
    let force = |[stiffness, damping]: [f64; 2], _: &Intent| {
        EntryDrive::Physx(physx::Drive {
            stiffness,
            damping,
            acceleration: false,
        })
    };
    vec![
        Entry {
            id: "unity-configurable-joint",
            engine: Engine::Unity,
            api: "Unity ConfigurableJoint JointDrive (xDrive, angularXDrive, slerpDrive)",
            convention: "force = positionSpring (targetPosition - position) - positionDamper velocity, on the PhysX \
                         D6 drive; targetRotation is a quaternion and Unity's joint frame makes the target read \
                         inverted. useAcceleration (2022.3+) reads the same fields per unit mass.",
            knobs: physx::force_knobs("positionSpring", "positionDamper"),
            docs: physx::docs_force,
            derived: |_, _| Vec::new(),
            drive: force,
            defaults: || AnySettings::Unity(Settings::default()),
            variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Unity(s))).collect(),
        },
        Entry {
            id: "unity-articulation",
            engine: Engine::Unity,
            api: "Unity ArticulationDrive",
            convention: "force = stiffness (target - position) - damping (velocity - targetVelocity). Unity documents \
                         stiffness per metre or per radian, but a rotational drive's target is set in degrees. \
                         Solved by PhysX's articulation solver, implicitly.",
            knobs: physx::force_knobs("stiffness", "damping"),
            docs: physx::docs_force,
            derived: |_, _| Vec::new(),
            drive: force,
            defaults: || AnySettings::UnityArticulation(ArticulationSettings::default()),
            variants: || {
                articulation_variants()
                    .into_iter()
                    .map(|(n, s)| (n, AnySettings::UnityArticulation(s)))
                    .collect()
            },
        },
    ]
}

#[cfg(test)]
mod tests {
    use crate::engines::settings::Value;
    use crate::engines::{entry, Intent};

    /// A 3 Hz drive under TGS with `iterations` velocity iterations (`key`), 30 steps.
    fn tgs(id: &str, key: &str, iterations: f64) -> Vec<f64> {
        let e = entry(id).unwrap();
        let intent = Intent {
            frequency: 3.0,
            damping_ratio: 0.2,
            ..Intent::default()
        };
        let mut s = e.default_settings();
        s.set("solverType", Value::Choice("TGS")).unwrap();
        s.set(key, Value::Number(iterations)).unwrap();
        e.predict((e.docs)(&intent), &intent, &s, 30)
            .unwrap()
            .positions
    }

    /// Unity's TGS is PhysX 4.1.2's, which no engine here runs: its velocity iterations
    /// apply a spring drive's damping term again (the reading of 4.1.2's TGS solver in
    /// `physx`'s module documentation), where PhysX 5.6.1's apply nothing to a spring
    /// (`conclude1DStep`, checked against the real engine). So more velocity iterations
    /// slow a Unity TGS drive and leave a PhysX 5 one as it was; a twin that dropped
    /// the extra damping would show Unity's TGS as PhysX 5's.
    #[test]
    fn unitys_tgs_damps_a_drive_again_in_each_velocity_iteration() {
        let (one, four) = (
            tgs("unity-configurable-joint", "solverVelocityIterations", 1.0),
            tgs("unity-configurable-joint", "solverVelocityIterations", 4.0),
        );
        assert_eq!(
            one[0], four[0],
            "the first step's motion is the position iterations'"
        );
        assert!(four[5] < one[5] - 1e-3, "{} vs {}", four[5], one[5]);
        assert_eq!(
            tgs("physx-drive", "velocityIterations", 1.0),
            tgs("physx-drive", "velocityIterations", 4.0)
        );
    }

    /// The twin against trajectories recorded from PhysX with Unity's settings (`golden/unity.json`).
    #[test]
    fn matches_the_trajectories_recorded_from_the_engine() {
        crate::engines::golden::check(include_str!("golden/unity.json"));
    }
}
