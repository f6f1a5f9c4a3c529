//! NVIDIA PhysX 5: a `PxD6Joint` drive (`eX`, `eTWIST` or `eSLERP`) on one
//! `PxRigidDynamic` joined to the world, and a `PxArticulationDrive` on one link of a
//! fixed-base `PxArticulationReducedCoordinate`.
//!
//! Written from NVIDIA-Omniverse/PhysX tag 107.3-omni-and-physx-5.6.1 (SDK 5.6.1), the
//! version npm `physx-js-webidl` 2.7.3 reports; paths relative to `physx/source/`.
//!
//! **Before the solver**, once per `simulate(dt)`
//! (`DyBodyCoreIntegrator.h bodyCoreComputeUnconstrainedVelocity`): `v *= max(0, 1 -
//! damping dt)` (a rigid body's angular damping is 0.05 by default), then the speed
//! cap (angular 100 rad/s by default).
//!
//! **The drive row** (`ExtD6Joint.cpp D6JointSolverPrep`, `ExtConstraintHelper.h`) is
//! built once per step from the start pose. It pulls on `x* - x` for `eX`, on
//! `2 sin((x* - x)/2)` for `eTWIST`, and for `eSLERP` on `sin((x* - x)/2)` with a
//! Jacobian of `cos(d/2) / 2`: a force-mode slerp drive is a quarter as stiff as the
//! twist drive near the target. With the row's unit response `r = J^2 / m`,
//! `DyCpuGpu1dConstraint.h compute1dConstraintSolverConstantsPGS` gives the implicit
//! spring: `a = h (h k + c)`, `x = 1 / (1 + a r)` (or `1 / (1 + a)` with
//! `eACCELERATION_SPRING`).
//!
//! **PGS** (the default): every position and velocity iteration applies the same row;
//! it lands on its fixed point in the first, so the iteration counts change nothing
//! and the step is one backward-Euler step over `dt`:
//! `v' = (m v + dt k e) / (m + dt c + dt^2 k)`.
//! **TGS**: the position iterations are substeps of `h = dt / n`
//! (`DyTGSDynamics.cpp`), the row's error measured once per step and advanced with the
//! motion; the velocity iterations apply nothing to a spring in 5.6.1
//! (`conclude1DStep`). PhysX 4.1.2, which Unity ships, still applies the spring's
//! damping term in each velocity iteration and clamps the spring's bias: the twin
//! models that from the 4.1.2 source for Unity's TGS, which cannot be run here.
//!
//! **The force limit** of a joint drive is an impulse per step unless
//! `PxConstraintFlag::eDRIVE_LIMITS_ARE_FORCES` is set (the joint's constructor
//! overwrites the flag that says otherwise).
//!
//! **Sleep** (`DySleep.cpp sleepCheck`): the wake counter starts at 0.4 s; once it is
//! below 0.2 s the velocities are summed, and when their energy (per unit mass) stays
//! below twice the sleep threshold (the joint counts as an interaction) the counter
//! runs out and the body is frozen.
//!
//! **Articulations** (`DyFeatherstoneArticulation.cpp`, `DyCpuGpuArticulation.h`): the
//! drive pulls on `x* - x` exactly; the link's damping (0.05 on both) and speed caps
//! (100 m/s, 50 rad/s) act as forces before the solve; a prismatic joint's row is
//! softened by `0.025 / m`; the joint speed is clamped to 100.

use super::catalogue::{Drive as EntryDrive, Engine, Entry, Knob, Settings as AnySettings, Unit};
use super::settings::{choice, settings, Kind};
use super::twin::{cap, f32r, Events, Mode, Model, Plant};
use super::Intent;
use crate::math;
use core::f64::consts::TAU;

/// The package the twin is checked against in `npm test`.
pub const CHECKED_AGAINST: &str = "npm physx-js-webidl 2.7.3 (PhysX 5.6.1)";

/// `PX_MAX_F32`: a drive's default force limit.
pub const MAX_F32: f64 = 3.4028234663852886e38;

choice! {
    /// `PxSceneDesc::solverType`.
    pub enum Solver {
        /// `PxSolverType::ePGS`, the default.
        Pgs = "PGS",
        /// `PxSolverType::eTGS`.
        Tgs = "TGS",
    }
}

choice! {
    /// Which D6 drive turns the body.
    pub enum AngularDrive {
        /// `PxD6Drive::eTWIST`: pulls on `2 sin(error / 2)`.
        Twist = "TWIST",
        /// `PxD6Drive::eSLERP`: pulls on `sin(error / 2)` through `cos(error / 2) / 2`.
        Slerp = "SLERP",
    }
}

settings! {
    /// PhysX's settings that change how a D6 joint drive moves one rigid body.
    pub struct Settings {
        /// `PxSceneDesc::solverType`.
        solver_type: Solver = Solver::Pgs,
            key "solverType", label "solver (PxSceneDesc solverType)",
            kind Kind::Choice { options: Solver::NAMES },
            note "PGS (the default) steps the drive as one implicit step over dt. TGS runs the position \
                  iterations as substeps of dt / n: the drive lags and damps less.";
        /// Position iterations (`setSolverIterationCounts`).
        position_iterations: u32 = 4,
            key "positionIterations", label "position iterations (setSolverIterationCounts)",
            kind Kind::Count { min: 1, max: 255 },
            note "No effect under PGS on a lone drive (its row is solved in the first iteration); under TGS \
                  they are the substeps.";
        /// Velocity iterations (`setSolverIterationCounts`).
        velocity_iterations: u32 = 1,
            key "velocityIterations", label "velocity iterations (setSolverIterationCounts)",
            kind Kind::Count { min: 0, max: 255 },
            note "No effect on a spring drive in PhysX 5.";
        /// `PxRigidBody::setLinearDamping`, 1/s.
        linear_damping: f64 = 0.0,
            key "linearDamping", label "body linear damping (setLinearDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0 by default; applied as v *= 1 - c dt before the solver.";
        /// `PxRigidBody::setAngularDamping`, 1/s.
        angular_damping: f64 = 0.05,
            key "angularDamping", label "body angular damping (setAngularDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0.05 by default: a rotating body loses 0.05 dt of its spin every step before the drive \
                  acts, a little more damping than the drive's own.";
        /// `PxRigidBody::setMaxLinearVelocity`, m/s.
        max_linear_velocity: f64 = 1e16,
            key "maxLinearVelocity", label "speed cap (setMaxLinearVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "m/s" },
            note "Effectively none by default (1e16 m/s).";
        /// `PxRigidBody::setMaxAngularVelocity`, rad/s.
        max_angular_velocity: f64 = 100.0,
            key "maxAngularVelocity", label "spin cap (setMaxAngularVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "rad/s" },
            note "100 rad/s by default, applied before the solver.";
        /// `PxRigidDynamic::setSleepThreshold`, m^2/s^2 (energy per unit mass).
        sleep_threshold: f64 = 0.005,
            key "sleepThreshold", label "sleep threshold (setSleepThreshold)",
            kind Kind::Number { min: 0.0, max: 1e6, unit: "m²/s²" },
            note "5e-5 times the squared speed scale (10 m/s) by default. A body this slow for about 0.4 s \
                  is put to sleep where it is, often short of the target; 0 keeps it awake.";
        /// The D6 drive that turns the body.
        angular_drive: AngularDrive = AngularDrive::Twist,
            key "angularDrive", label "angular drive (PxD6Drive)",
            kind Kind::Choice { options: AngularDrive::NAMES },
            note "eTWIST pulls on 2 sin(error/2); eSLERP pulls on sin(error/2) through cos(error/2)/2, so a \
                  force-mode slerp drive is a quarter as stiff near the target.";
        /// `PxD6JointDrive::forceLimit`.
        force_limit: f64 = MAX_F32,
            key "forceLimit", label "drive limit (PxD6JointDrive forceLimit)",
            kind Kind::Number { min: 0.0, max: MAX_F32, unit: "N s or N m s" },
            note "An impulse per step, not a force, unless driveLimitsAreForces is set: the joint's \
                  constructor clears that flag.";
        /// `PxConstraintFlag::eDRIVE_LIMITS_ARE_FORCES`.
        drive_limits_are_forces: bool = false,
            key "driveLimitsAreForces", label "limits are forces (eDRIVE_LIMITS_ARE_FORCES)",
            kind Kind::Flag,
            note "Off by default: the limit above caps the impulse of a step.";
    }
}

settings! {
    /// PhysX's settings that change how an articulation drive moves one link.
    pub struct ArticulationSettings {
        /// `PxSceneDesc::solverType`.
        solver_type: Solver = Solver::Pgs,
            key "solverType", label "solver (PxSceneDesc solverType)",
            kind Kind::Choice { options: Solver::NAMES },
            note "PGS (the default): one implicit step over dt. TGS: the position iterations are substeps.";
        /// Position iterations (`setSolverIterationCounts`).
        position_iterations: u32 = 4,
            key "positionIterations", label "position iterations (setSolverIterationCounts)",
            kind Kind::Count { min: 1, max: 255 },
            note "No effect under PGS; the substeps under TGS.";
        /// Velocity iterations (`setSolverIterationCounts`).
        velocity_iterations: u32 = 1,
            key "velocityIterations", label "velocity iterations (setSolverIterationCounts)",
            kind Kind::Count { min: 0, max: 255 },
            note "Under PGS they solve the drive again (no change at its fixed point); under TGS they apply \
                  nothing.";
        /// `PxArticulationLink::setLinearDamping`, 1/s.
        linear_damping: f64 = 0.05,
            key "linearDamping", label "link linear damping (setLinearDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0.05 by default on articulation links (0 on rigid bodies), applied as a force.";
        /// `PxArticulationLink::setAngularDamping`, 1/s.
        angular_damping: f64 = 0.05,
            key "angularDamping", label "link angular damping (setAngularDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0.05 by default, applied as a force.";
        /// `PxArticulationLink::setMaxLinearVelocity`, m/s.
        max_linear_velocity: f64 = 100.0,
            key "maxLinearVelocity", label "link speed cap (setMaxLinearVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "m/s" },
            note "100 m/s by default, applied as a force.";
        /// `PxArticulationLink::setMaxAngularVelocity`, rad/s.
        max_angular_velocity: f64 = 50.0,
            key "maxAngularVelocity", label "link spin cap (setMaxAngularVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "rad/s" },
            note "50 rad/s by default (100 on rigid bodies): a stiff drive at a fine step reaches it.";
        /// `PxArticulationJointReducedCoordinate::setMaxJointVelocity`.
        max_joint_velocity: f64 = 100.0,
            key "maxJointVelocity", label "joint speed cap (setMaxJointVelocity)",
            kind Kind::Number { min: 0.0, max: 1e30, unit: "m/s or rad/s" },
            note "100 by default, enforced by an impulse after each drive solve.";
        /// `PxArticulationReducedCoordinate::setSleepThreshold`, m^2/s^2.
        sleep_threshold: f64 = 0.005,
            key "sleepThreshold", label "sleep threshold (setSleepThreshold)",
            kind Kind::Number { min: 0.0, max: 1e6, unit: "m²/s²" },
            note "0.005 by default: once the link has been this slow for about 0.4 s the articulation sleeps \
                  where it is; 0 keeps it awake.";
        /// `PxArticulationDrive::maxForce`.
        force_limit: f64 = MAX_F32,
            key "forceLimit", label "drive limit (PxArticulationDrive maxForce)",
            kind Kind::Number { min: 0.0, max: MAX_F32, unit: "N s or N m s" },
            note "An impulse per step unless eDRIVE_LIMITS_ARE_FORCES is set on the articulation.";
        /// `PxArticulationFlag::eDRIVE_LIMITS_ARE_FORCES`.
        drive_limits_are_forces: bool = false,
            key "driveLimitsAreForces", label "limits are forces (eDRIVE_LIMITS_ARE_FORCES)",
            kind Kind::Flag,
            note "Off by default.";
    }
}

/// The named variants the D6 twin is checked at against the real engine.
pub fn variants() -> Vec<(&'static str, Settings)> {
    let d = Settings::default();
    vec![
        ("default", d),
        (
            "tgs",
            Settings {
                solver_type: Solver::Tgs,
                ..d
            },
        ),
        (
            "no-sleep",
            Settings {
                sleep_threshold: 0.0,
                ..d
            },
        ),
        (
            "slerp",
            Settings {
                angular_drive: AngularDrive::Slerp,
                ..d
            },
        ),
        (
            "no-damping",
            Settings {
                angular_damping: 0.0,
                ..d
            },
        ),
        (
            "tgs-8",
            Settings {
                solver_type: Solver::Tgs,
                position_iterations: 8,
                sleep_threshold: 0.0,
                ..d
            },
        ),
        (
            "impulse-limit-0.05",
            Settings {
                force_limit: 0.05,
                sleep_threshold: 0.0,
                ..d
            },
        ),
    ]
}

/// The named variants the articulation twin is checked at.
pub fn articulation_variants() -> Vec<(&'static str, ArticulationSettings)> {
    let d = ArticulationSettings::default();
    vec![
        ("default", d),
        (
            "tgs",
            ArticulationSettings {
                solver_type: Solver::Tgs,
                ..d
            },
        ),
        (
            "no-damping",
            ArticulationSettings {
                linear_damping: 0.0,
                angular_damping: 0.0,
                ..d
            },
        ),
        (
            "no-sleep",
            ArticulationSettings {
                sleep_threshold: 0.0,
                ..d
            },
        ),
    ]
}

/// A drive's numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drive {
    /// N/m or N m/rad (force drive), 1/s^2 (acceleration drive).
    pub stiffness: f64,
    /// N s/m or N m s/rad (force drive), 1/s (acceleration drive).
    pub damping: f64,
    /// `isAcceleration` / `PxArticulationDriveType::eACCELERATION`: gains per unit
    /// mass (inertia).
    pub acceleration: bool,
}

/// Everything the PhysX step reads, whichever API set it (PhysX's own or Unity's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Config {
    pub solver: Solver,
    pub position_iterations: u32,
    pub velocity_iterations: u32,
    pub linear_damping: f64,
    pub angular_damping: f64,
    pub max_linear_velocity: f64,
    pub max_angular_velocity: f64,
    pub sleep_threshold: f64,
    pub angular_drive: AngularDrive,
    pub force_limit: f64,
    pub drive_limits_are_forces: bool,
    /// PhysX 4.1.2's TGS (Unity's): the spring's bias clamped, its damping applied again
    /// in each velocity iteration.
    pub legacy_tgs: bool,
}

impl From<&Settings> for Config {
    fn from(s: &Settings) -> Config {
        Config {
            solver: s.solver_type,
            position_iterations: s.position_iterations,
            velocity_iterations: s.velocity_iterations,
            linear_damping: s.linear_damping,
            angular_damping: s.angular_damping,
            max_linear_velocity: s.max_linear_velocity,
            max_angular_velocity: s.max_angular_velocity,
            sleep_threshold: s.sleep_threshold,
            angular_drive: s.angular_drive,
            force_limit: s.force_limit,
            drive_limits_are_forces: s.drive_limits_are_forces,
            legacy_tgs: false,
        }
    }
}

/// Everything the articulation step reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ArticulationConfig {
    pub solver: Solver,
    pub position_iterations: u32,
    pub velocity_iterations: u32,
    pub linear_damping: f64,
    pub angular_damping: f64,
    pub max_linear_velocity: f64,
    pub max_angular_velocity: f64,
    pub max_joint_velocity: f64,
    pub sleep_threshold: f64,
    pub force_limit: f64,
    pub drive_limits_are_forces: bool,
}

impl From<&ArticulationSettings> for ArticulationConfig {
    fn from(s: &ArticulationSettings) -> ArticulationConfig {
        ArticulationConfig {
            solver: s.solver_type,
            position_iterations: s.position_iterations,
            velocity_iterations: s.velocity_iterations,
            linear_damping: s.linear_damping,
            angular_damping: s.angular_damping,
            max_linear_velocity: s.max_linear_velocity,
            max_angular_velocity: s.max_angular_velocity,
            max_joint_velocity: s.max_joint_velocity,
            sleep_threshold: s.sleep_threshold,
            force_limit: s.force_limit,
            drive_limits_are_forces: s.drive_limits_are_forces,
        }
    }
}

mod articulation;
mod d6;
#[cfg(test)]
mod tests;

pub(crate) use articulation::PhysxArticulation;
pub(crate) use d6::Physx;
use d6::Sleep;

/// The knobs of a force drive and of an acceleration drive.
pub(crate) fn force_knobs(stiffness: &'static str, damping: &'static str) -> [Knob; 2] {
    [
        Knob {
            name: stiffness,
            unit: Unit::Stiffness,
            positive: true,
        },
        Knob {
            name: damping,
            unit: Unit::Damping,
            positive: false,
        },
    ]
}

/// The force gains `k = m w^2`, `c = 2 m zeta w`, as the engines' docs write them.
pub(crate) fn docs_force(i: &Intent) -> [f64; 2] {
    let g = i.gains();
    [g.kp, g.kd]
}

/// PhysX's drives as translator entries.
pub(crate) fn entries() -> Vec<Entry> {
    let force = |[stiffness, damping]: [f64; 2], _: &Intent| {
        EntryDrive::Physx(Drive {
            stiffness,
            damping,
            acceleration: false,
        })
    };
    vec![
        Entry {
            id: "physx-drive",
            engine: Engine::Physx,
            api: "PhysX PxD6JointDrive (force drive)",
            convention: "force = stiffness (targetPosition - position) + damping (targetVelocity - velocity), \
                         radians for angular drives; the drive is an implicit spring inside the solver. The twist \
                         drive pulls on 2 sin(error/2), the slerp drive a quarter as hard.",
            knobs: force_knobs("stiffness", "damping"),
            docs: docs_force,
            derived: |_, _| Vec::new(),
            drive: force,
            defaults: || AnySettings::Physx(Settings::default()),
            variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Physx(s))).collect(),
        },
        Entry {
            id: "physx-drive-acceleration",
            engine: Engine::Physx,
            api: "PhysX PxD6JointDrive (isAcceleration = true)",
            convention: "the same law per unit mass (or inertia): the solver multiplies by the effective mass, so \
                         one setting serves any body.",
            knobs: [
                Knob {
                    name: "stiffness",
                    unit: Unit::PerMassStiffness,
                    positive: true,
                },
                Knob {
                    name: "damping",
                    unit: Unit::PerMassDamping,
                    positive: false,
                },
            ],
            docs: |i: &Intent| {
                let w = i.omega();
                [w * w, 2.0 * i.damping_ratio * w]
            },
            derived: |_, _| Vec::new(),
            drive: |[stiffness, damping], _| {
                EntryDrive::Physx(Drive {
                    stiffness,
                    damping,
                    acceleration: true,
                })
            },
            defaults: || AnySettings::Physx(Settings::default()),
            variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Physx(s))).collect(),
        },
        Entry {
            id: "physx-articulation",
            engine: Engine::Physx,
            api: "PhysX PxArticulationDrive (eFORCE) on a reduced-coordinate articulation",
            convention: "force = stiffness (target - position) - damping velocity in joint space, radians for a \
                         revolute joint (no sine: the error is exact). Links carry 0.05 damping and cap spin at \
                         50 rad/s by default.",
            knobs: force_knobs("stiffness", "damping"),
            docs: docs_force,
            derived: |_, _| Vec::new(),
            drive: force,
            defaults: || AnySettings::PhysxArticulation(ArticulationSettings::default()),
            variants: || {
                articulation_variants()
                    .into_iter()
                    .map(|(n, s)| (n, AnySettings::PhysxArticulation(s)))
                    .collect()
            },
        },
    ]
}
