//! PhysX turning one rigid body to a target orientation: a `PxRigidDynamic` of mass 1
//! with principal moments `inertia` (`setMassSpaceInertiaTensor`) joined to the world
//! by a `PxD6Joint` (actor0 the world, actor1 the body, identity frames), the three
//! linear axes locked, the three angular axes free, driven by `setDrivePosition` to the
//! target with `eSLERP`, with `eTWIST` + `eSWING`, or (`PxD6AngularDriveConfig::
//! eSWING_TWIST`) with `eTWIST` + `eSWING1` + `eSWING2`; force or acceleration drives.
//!
//! Written from NVIDIA-Omniverse/PhysX tag 107.3-omni-and-physx-5.6.1 (paths relative to
//! `physx/source/`) and checked against npm physx-js-webidl 2.7.3 (PhysX 5.6.1). The twin
//! computes in `f32` in PhysX's order of operations (`px.rs`) and agrees with the engine
//! bit for bit, on every intent, drive and variant; so it follows it also where the
//! motion is chaotic (a twist and swing drive far from its frame), which a twin in `f64`
//! leaves after a hundred steps or so.
//!
//! - **Before the solver** (`DyBodyCoreIntegrator.h bodyCoreComputeUnconstrainedVelocity`):
//!   `w *= max(0, 1 - c dt)` (angular damping `c` 0.05), then the spin cap
//!   `w *= sqrt(max^2 / |w|^2)` past 100 rad/s. Gyroscopic forces are **off** by
//!   default (`PxRigidBodyFlag::eENABLE_GYROSCOPIC_FORCES`; `PxvDynamics.h
//!   PxsBodyCore::init` starts with no flags): a free body keeps its world angular
//!   velocity. With the flag, `DyRigidBodyToSolverBody.cpp copyToSolverBodyData` (and
//!   `DyTGSDynamics.cpp copyToSolverBodyDataStep`) take one explicit step of the
//!   body-frame momentum `L' = L - dt w_b x L`, rescaled to `|L|`, and add
//!   `R (I^-1 L' - w_b)` to `w`.
//! - **The drive rows** ([`rows`]; `physxextensions/src/ExtD6Joint.cpp
//!   D6JointSolverPrep`, `ExtConstraintHelper.h`), from the pose `q` at the step's start:
//!   `q` is taken with `w >= 0` (`applyNeighborhoodOperator`), the target `t` with
//!   `q . t > 0`, and `d = t^-1 q`. `eSLERP`: three rows, Jacobians the rows of
//!   `L(t*) R(q) / 2` (`computeJacobianAxes`, the derivative of `d`'s vector part by the
//!   world angular velocity), errors `-d.xyz`. `eTWIST`: world x, error `-2 d.x`.
//!   `eSWING` (or `eSWING1`, `eSWING2`): world y with error `b.z` and world z with error
//!   `-b.y`, `b = d (1, 0, 0)` (`getBasisVector0`). So twist and swing push about the
//!   joint frame's axes on an error measured in the target's frame: a spring near the
//!   joint frame, none far from it. Each row's unit response is `r = |S J|^2`,
//!   `S = R diag(I)^-1/2 R^T` at the step's start (`DyConstraintSetup.cpp
//!   setupSolverConstraint`, `DyRigidBodyToSolverBody.cpp`); the rows are solved in that
//!   order (`preprocessRows` sorts by hint; the slerp rows are not diagonalised: the
//!   joint lacks `eIMPROVED_SLERP`); the locked linear rows never touch the rotation.
//! - **PGS** (the default; `DyCpuGpu1dConstraint.h compute1dConstraintSolverConstantsPGS`,
//!   `DySolverConstraints.cpp solve1D`, `DySolverControl.cpp solveV_Blocks`): per row
//!   `a = dt (dt k + c)`, `x = 1 / (1 + a r)` (acceleration: `1 / (1 + a)` and the rest
//!   divided by `r`), impulse `f <- (1 - x) f - x a (-J.dw) - x dt k e - x a J.w`,
//!   applied as `dw -= I^-1 J df`: Gauss-Seidel over the rows, 4 position iterations
//!   then `max(1, velocity iterations)` more. The rotation moves with the velocity
//!   after the position iterations (`DySolverCore.cpp saveMotionVelocities`); the body
//!   keeps the one after all of them. `DyBodyCoreIntegrator.h integrateCore`:
//!   `q' = normalize(q cos(h|w|/2) + (w sin(h|w|/2)/|w|, 0) q)` (world `w`).
//! - **TGS** (`DyTGSDynamics.cpp iterativeSolveIsland`, `DyTGSContactPrep.cpp
//!   solve1DStep`, `compute1dConstraintSolverConstantsTGS`): `n` position iterations are
//!   substeps of `h = dt / n`, each solving the rows once, with `x = 1 / (1 + h (h k + c)
//!   r)`, `f <- f + x h (h k + c) J.w - x k h (e - J.theta)` (`theta` the world rotation
//!   the substeps have made), then rotating by `h w` (`integrateCoreStep`); Jacobians and
//!   `S` stay those of the step's start; velocity iterations apply nothing to a spring
//!   (`conclude1DStep`).
//! - **Limits**: each row's accumulated impulse is clamped to `forceLimit` (an impulse:
//!   the joint leaves `eDRIVE_LIMITS_ARE_FORCES` off).
//! - **Sleep** (`DySleep.cpp updateWakeCounter`): from 0.2 s of the 0.4 s wake counter on,
//!   the body-frame motion velocities are summed and `sum_i I_i s_i^2 / 2` compared
//!   with twice the sleep threshold (the joint counts as an interaction).
//!
//! Past 180 degrees the drives see the target's quaternion the short way (its sign is
//! chosen against the body's), so all of them turn the other way round.

mod px;
mod rows;
mod solver;
#[cfg(test)]
mod tests;

pub use rows::{rows, Row};

use super::{OrientationIntent, Prediction3};
use crate::engines::physx::Solver;
use crate::engines::Parameter;
use glam::DQuat;
use px::{Q, V3};
use rows::quat32;
use solver::{step, Body, State};

/// Which `PxD6Drive`s turn the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drives {
    /// `eSLERP` alone.
    Slerp,
    /// `eTWIST` and `eSWING` (the default `PxD6AngularDriveConfig::eLEGACY`).
    TwistSwing,
    /// `eTWIST`, `eSWING1` and `eSWING2` (`PxD6AngularDriveConfig::eSWING_TWIST`).
    TwistSwing1Swing2,
}

/// One PhysX orientation drive: which `PxD6Drive`s, force or acceleration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Joint {
    /// The drives.
    pub drives: Drives,
    /// `PxD6JointDriveFlag::eACCELERATION`: gains per unit inertia.
    pub acceleration: bool,
}

/// Every setting the twin reads, with PhysX's default, as the real-engine harness
/// names them: the settings of a report are these with a variant's changes applied.
pub const DEFAULTS: [(&str, &str); 8] = [
    ("solverType", "PGS"),
    ("positionIterations", "4"),
    ("velocityIterations", "1"),
    ("angularDamping", "0.05"),
    ("maxAngularVelocity", "100"),
    ("sleepThreshold", "0.005"),
    ("forceLimit", "3.4028234663852886e38"),
    ("gyroscopicForces", "false"),
];

/// The named variants the twin is checked at: each a list of changes to [`DEFAULTS`].
pub const VARIANTS: [(&str, &[(&str, &str)]); 10] = [
    ("default", &[]),
    ("tgs", &[("solverType", "TGS")]),
    (
        "tgs-8",
        &[("solverType", "TGS"), ("positionIterations", "8")],
    ),
    ("iterations-1", &[("positionIterations", "1")]),
    ("velocity-iterations-4", &[("velocityIterations", "4")]),
    ("no-damping", &[("angularDamping", "0")]),
    ("spin-cap-5", &[("maxAngularVelocity", "5")]),
    ("no-sleep", &[("sleepThreshold", "0")]),
    ("impulse-limit-0.5", &[("forceLimit", "0.5")]),
    ("gyroscopic", &[("gyroscopicForces", "true")]),
];

/// What the PhysX step reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// `PxSceneDesc::solverType`.
    pub solver: Solver,
    /// `setSolverIterationCounts`: position iterations (TGS substeps).
    pub position_iterations: u32,
    /// `setSolverIterationCounts`: velocity iterations.
    pub velocity_iterations: u32,
    /// `setAngularDamping`, 1/s.
    pub angular_damping: f64,
    /// `setMaxAngularVelocity`, rad/s.
    pub max_angular_velocity: f64,
    /// `setSleepThreshold`, energy per unit mass (m^2/s^2).
    pub sleep_threshold: f64,
    /// `PxD6JointDrive::forceLimit`, an impulse per step (N m s).
    pub force_limit: f64,
    /// `PxRigidBodyFlag::eENABLE_GYROSCOPIC_FORCES`.
    pub gyroscopic: bool,
}

impl Config {
    /// The configuration of [`DEFAULTS`] with `changes` applied. Panics on a key or
    /// value it cannot read: the changes are the twin's own tables.
    pub fn with(changes: &[(&str, &str)]) -> Config {
        let mut c = Config {
            solver: Solver::Pgs,
            position_iterations: 0,
            velocity_iterations: 0,
            angular_damping: 0.0,
            max_angular_velocity: 0.0,
            sleep_threshold: 0.0,
            force_limit: 0.0,
            gyroscopic: false,
        };
        for &(key, value) in DEFAULTS.iter().chain(changes) {
            // The crate's short parser (`crate::decimal`), as Jolt's table.
            let number = || -> f64 {
                crate::decimal::decimal(value).unwrap_or_else(|| panic!("{key} = {value}"))
            };
            match key {
                "solverType" => {
                    c.solver = if value == "TGS" {
                        Solver::Tgs
                    } else {
                        Solver::Pgs
                    }
                }
                "positionIterations" => c.position_iterations = number() as u32,
                "velocityIterations" => c.velocity_iterations = number() as u32,
                "angularDamping" => c.angular_damping = number(),
                "maxAngularVelocity" => c.max_angular_velocity = number(),
                "sleepThreshold" => c.sleep_threshold = number(),
                "forceLimit" => c.force_limit = number(),
                "gyroscopicForces" => c.gyroscopic = value == "true",
                other => panic!("physx: no setting {other}"),
            }
        }
        c
    }
}

/// The drives' names and the moment of inertia each one's force gains are written for:
/// the slerp drive's is the moment about the turn's axis
/// ([`OrientationIntent::axis_inertia`], as the articles' laws take it), twist's the
/// moment about x, one swing drive's the mean of the moments about y and z, `eSWING1`'s
/// and `eSWING2`'s those about y and z.
fn drive_inertias(drives: Drives, intent: &OrientationIntent) -> Vec<([&'static str; 2], f64)> {
    let [ix, iy, iz] = intent.inertia;
    match drives {
        Drives::Slerp => vec![(["stiffness", "damping"], intent.axis_inertia())],
        Drives::TwistSwing => vec![
            (["twist.stiffness", "twist.damping"], ix),
            (["swing.stiffness", "swing.damping"], 0.5 * (iy + iz)),
        ],
        Drives::TwistSwing1Swing2 => vec![
            (["twist.stiffness", "twist.damping"], ix),
            (["swing1.stiffness", "swing1.damping"], iy),
            (["swing2.stiffness", "swing2.damping"], iz),
        ],
    }
}

/// The moment of inertia (kg m^2) the numbers about each principal axis x, y, z are
/// written for ([`super::axes`]): each drive's moment (as [`gains`] writes them) on the axes it
/// pulls about (slerp all three, twist x, swing y and z, `eSWING1` y, `eSWING2` z); an
/// acceleration drive's gains are per unit of the row's inertia, so the body's own.
pub fn written_for(joint: Joint, intent: &OrientationIntent) -> [f64; 3] {
    if joint.acceleration {
        return intent.inertia;
    }
    let moments: Vec<f64> = drive_inertias(joint.drives, intent)
        .into_iter()
        .map(|(_, i)| i)
        .collect();
    match moments[..] {
        [all] => [all; 3],
        [x, yz] => [x, yz, yz],
        [x, y, z] => [x, y, z],
        _ => unreachable!("a D6 joint drives one, two or three angular drives"),
    }
}

/// The gains `(stiffness, damping)` of each drive, in [`parameters`]' order, as the
/// documentation writes them: a force drive `k = I w^2` (N m/rad), `c = 2 zeta w I`
/// (N m s/rad); an acceleration drive `k = w^2` (1/s^2), `c = 2 zeta w` (1/s).
pub fn gains(joint: Joint, intent: &OrientationIntent) -> Vec<(f64, f64)> {
    let w = intent.omega();
    drive_inertias(joint.drives, intent)
        .into_iter()
        .map(|(_, i)| {
            let i = if joint.acceleration { 1.0 } else { i };
            (i * w * w, 2.0 * intent.damping_ratio * w * i)
        })
        .collect()
}

/// The numbers the drives are given, named as the harness reads them.
pub fn parameters(joint: Joint, intent: &OrientationIntent) -> Vec<Parameter> {
    let units = if joint.acceleration {
        ["1/s²", "1/s"]
    } else {
        ["N m/rad", "N m s/rad"]
    };
    let names = drive_inertias(joint.drives, intent);
    let mut out = Vec::new();
    for ((names, _), (k, c)) in names.into_iter().zip(gains(joint, intent)) {
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
    out
}

/// The orientation after each of `steps` steps of `joint` under `config`, from the
/// intent's start (identity, spinning at `spin`), with [`gains`], driven to the intent's
/// target (the world is actor0, so `drivePosition` is the target itself).
pub fn predict(
    joint: Joint,
    config: &Config,
    intent: &OrientationIntent,
    steps: usize,
) -> Prediction3 {
    let setup = Setup {
        drive_target: intent.target(),
        body_first: false,
        gains: gains(joint, intent),
    };
    simulate(joint, config, intent, &setup, steps)
}

/// How the joint is built where the API is not PhysX's own (Unity's).
pub(crate) struct Setup {
    /// The quaternion handed to `setDrivePosition` (normalised there, in `f32`).
    pub drive_target: DQuat,
    /// The body is actor0 and the world actor1.
    pub body_first: bool,
    /// `(stiffness, damping)` per drive, in [`gains`]' order.
    pub gains: Vec<(f64, f64)>,
}

/// [`predict`] for any [`Setup`].
pub(crate) fn simulate(
    joint: Joint,
    config: &Config,
    intent: &OrientationIntent,
    setup: &Setup,
    steps: usize,
) -> Prediction3 {
    let max = config.max_angular_velocity as f32;
    let b = Body {
        inv_inertia: V3::of(intent.inertia).recip(),
        dt: intent.dt as f32,
        target: quat32(setup.drive_target).normalized(),
        gains: setup
            .gains
            .iter()
            .map(|&(k, c)| (k as f32, c as f32))
            .collect(),
        limit: config.force_limit as f32,
        damping: config.angular_damping as f32,
        max_speed_squared: max * max,
        sleep_threshold: config.sleep_threshold as f32,
        body_first: setup.body_first,
    };
    let mut s = State {
        q: Q::IDENTITY,
        w: V3::of(intent.spin),
        asleep: false,
        wake_counter: 20.0f32 * 0.02,
        sum: V3::ZERO,
    };
    let mut out = Prediction3::default();
    for _ in 0..steps {
        if !s.asleep {
            step(&mut s, joint, config, &b);
        }
        let q = s.q;
        out.orientations.push(DQuat::from_xyzw(
            q.x.into(),
            q.y.into(),
            q.z.into(),
            q.w.into(),
        ));
    }
    out
}
