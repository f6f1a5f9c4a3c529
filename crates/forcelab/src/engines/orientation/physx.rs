//! PhysX turning one rigid body to a target orientation: a `PxRigidDynamic` of mass 1
//! with principal moments `inertia` (`setMassSpaceInertiaTensor`) joined to the world
//! by a `PxD6Joint` (actor0 the world, actor1 the body, identity frames), the three
//! linear axes locked, the three angular axes free, driven by `setDrivePosition` to the
//! target with `eSLERP`, with `eTWIST` + `eSWING`, or (`PxD6AngularDriveConfig::
//! eSWING_TWIST`) with `eTWIST` + `eSWING1` + `eSWING2`; force or acceleration drives.
//!
//! Written from NVIDIA-Omniverse/PhysX tag 107.3-omni-and-physx-5.6.1 (paths relative to
//! `physx/source/`) and checked against npm physx-js-webidl 2.7.3 (PhysX 5.6.1):
//!
//! - **Before the solver** (`DyBodyCoreIntegrator.h bodyCoreComputeUnconstrainedVelocity`):
//!   `w *= max(0, 1 - c dt)` (angular damping `c` 0.05), then the spin cap
//!   `w *= sqrt(max^2 / |w|^2)` past 100 rad/s. Gyroscopic forces are **off** by
//!   default (`PxRigidBodyFlag::eENABLE_GYROSCOPIC_FORCES`, `PxsRigidCore` starts with no
//!   flags): a free body keeps its world angular velocity. With the flag,
//!   `DyRigidBodyToSolverBody.cpp copyToSolverBodyData` (and `DyTGSDynamics.cpp
//!   copyToSolverBodyDataStep`) take one explicit step of the body-frame momentum
//!   `L' = L - dt w_b x L`, rescaled to `|L|`, and add `R (I^-1 L' - w_b)` to `w`.
//! - **The drive rows** (`ExtD6Joint.cpp D6JointSolverPrep`, `ExtConstraintHelper.h`),
//!   from the pose `q` at the step's start: `q` is taken with `w >= 0`
//!   (`applyNeighborhoodOperator`), the target `t` with `q . t > 0`, and
//!   `d = t^-1 q`. `eSLERP`: three rows, Jacobians the rows of `L(t*) R(q) / 2`
//!   (`computeJacobianAxes`, the derivative of `d`'s vector part by the world angular
//!   velocity), errors `-d.xyz`. `eTWIST`: world x, error `-2 d.x`. `eSWING` (or
//!   `eSWING1`, `eSWING2`): world y with error `b.z` and world z with error `-b.y`,
//!   `b = d (1, 0, 0)` (`getBasisVector0`). Each row's unit response is
//!   `r = |S J|^2`, `S = R diag(I)^-1/2 R^T` the world inverse-inertia root at the
//!   step's start (`DyConstraintSetup.cpp setupSolverConstraint`); the rows are solved
//!   in that order, the slerp rows unsorted and undiagonalised (`preprocessRows`: the
//!   joint lacks `eIMPROVED_SLERP`); the locked linear rows never touch the rotation.
//! - **PGS** (the default; `DyCpuGpu1dConstraint.h compute1dConstraintSolverConstantsPGS`,
//!   `DySolverConstraints.cpp solve1D`, `DySolverControl.cpp solveV_Blocks`): per row
//!   `a = dt (dt k + c)`, `x = 1 / (1 + a r)` (acceleration: `1 / (1 + a)` and the rest
//!   divided by `r`), impulse `f <- (1 - x) f - x a (-J.dw) - x dt k e - x a J.w`,
//!   applied as `dw -= I^-1 J df`: Gauss-Seidel over the rows, 4 position iterations
//!   then `max(1, velocity iterations)` more. The rotation moves with the velocity
//!   after the position iterations (`DySolverCore.cpp saveMotionVelocities`); the body
//!   keeps the one after all of them. `integrateCore`:
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

use super::{OrientationIntent, Prediction3};
use crate::engines::physx::Solver;
use crate::engines::twin::f32r;
use crate::engines::Parameter;
use crate::math;
use glam::{DMat3, DQuat, DVec3};

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
            let number = || -> f64 { value.parse().unwrap_or_else(|_| panic!("{key} = {value}")) };
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

/// One drive row: its world Jacobian, the error it pulls on, and which drive's gains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// `J`, rad per rad of world rotation.
    pub axis: DVec3,
    /// The geometric error (`Px1DConstraint::geometricError`).
    pub error: f64,
    /// Index into [`gains`].
    pub drive: usize,
}

/// `computeJacobianAxes(qa, qb)`: the rows of `L(qa*) R(qb) / 2`.
fn jacobian_axes(qa: DQuat, qb: DQuat) -> [DVec3; 3] {
    let (wa, wb) = (qa.w, qb.w);
    let (va, vb) = (DVec3::new(qa.x, qa.y, qa.z), DVec3::new(qb.x, qb.y, qb.z));
    let c = vb * wa + va * wb;
    let d = wa * wb - va.dot(vb);
    [
        (va * vb.x + vb * va.x + DVec3::new(d, c.z, -c.y)) * 0.5,
        (va * vb.y + vb * va.y + DVec3::new(-c.z, d, c.x)) * 0.5,
        (va * vb.z + vb * va.z + DVec3::new(c.y, -c.x, d)) * 0.5,
    ]
}

/// The drive rows at the pose `q` for the target `target`, in the solver's order.
pub fn rows(drives: Drives, q: DQuat, target: DQuat) -> Vec<Row> {
    let q = if q.w < 0.0 { -q } else { q };
    let t = if q.dot(target) > 0.0 { target } else { -target };
    let d = t.conjugate() * q;
    match drives {
        Drives::Slerp => {
            let axes = jacobian_axes(t, q);
            let e = [-d.x, -d.y, -d.z];
            (0..3)
                .map(|i| Row {
                    axis: axes[i],
                    error: e[i],
                    drive: 0,
                })
                .collect()
        }
        Drives::TwistSwing | Drives::TwistSwing1Swing2 => {
            let (x2, w2) = (d.x * 2.0, d.w * 2.0);
            let b = DVec3::new(
                d.w * w2 - 1.0 + d.x * x2,
                d.z * w2 + d.y * x2,
                -d.y * w2 + d.z * x2,
            );
            let two = usize::from(drives == Drives::TwistSwing1Swing2);
            vec![
                Row {
                    axis: DVec3::X,
                    error: -2.0 * d.x,
                    drive: 0,
                },
                Row {
                    axis: DVec3::Y,
                    error: b.z,
                    drive: 1,
                },
                Row {
                    axis: DVec3::Z,
                    error: -b.y,
                    drive: 1 + two,
                },
            ]
        }
    }
}

/// `S = R diag(I)^-1/2 R^T` (`Cm::transformInertiaTensor` of the root inverse inertia).
fn sqrt_inv_inertia(q: DQuat, inertia: DVec3) -> DMat3 {
    let r = DMat3::from_quat(q);
    let s = DVec3::ONE / DVec3::new(inertia.x.sqrt(), inertia.y.sqrt(), inertia.z.sqrt());
    r * DMat3::from_diagonal(s) * r.transpose()
}

/// `q' = normalize((w s, 0) q + q cos)`, `s = sin(h|w|/2) / |w|` (`integrateCore`).
fn integrate(q: DQuat, w: DVec3, h: f64) -> DQuat {
    let speed = w.length();
    if speed == 0.0 {
        return q;
    }
    let (w, speed) = if speed > 1e7 {
        (w / speed * 1e7, 1e7)
    } else {
        (w, speed)
    };
    let half = h * speed * 0.5;
    let (s, c) = (math::sin(half) / speed, math::cos(half));
    let v = w * s;
    (DQuat::from_xyzw(v.x, v.y, v.z, 0.0) * q + q * c).normalize()
}

/// The body's state between steps.
#[derive(Clone, Copy, Debug)]
struct State {
    q: DQuat,
    w: DVec3,
    asleep: bool,
    wake_counter: f64,
    sum: DVec3,
}

/// One row's solver numbers (`SolverConstraint1D` / `SolverConstraint1DStep`).
struct Solved {
    /// `J`.
    axis: DVec3,
    /// `velMultiplier`: impulse per unit of row velocity `-J.w`.
    velocity: f64,
    /// PGS: `constant` (the spring's pull and the start's velocity). TGS: `biasScale`.
    constant: f64,
    /// PGS: `impulseMultiplier`. TGS: the row's error `e`.
    keep: f64,
    /// The impulse accumulated this step.
    applied: f64,
}

/// The body-frame motion velocity summed for sleep, and its wake counter (`f32`).
fn sleep_check(s: &mut State, motion: DVec3, c: &Config, intent: &OrientationIntent) -> bool {
    const RESET: f64 = 0.4;
    let reset = f32r(RESET);
    let dt = f32r(intent.dt);
    let threshold = f32r(2.0 * f32r(c.sleep_threshold));
    if s.wake_counter < f32r(reset * 0.5) || s.wake_counter < dt {
        let local = s.q.conjugate() * motion;
        s.sum = DVec3::new(
            f32r(s.sum.x + local.x),
            f32r(s.sum.y + local.y),
            f32r(s.sum.z + local.z),
        );
        let energy = f32r(0.5 * (s.sum * s.sum).dot(DVec3::from(intent.inertia)));
        if energy >= threshold {
            let factor = if threshold == 0.0 {
                2.0
            } else {
                (energy / threshold).min(2.0)
            };
            s.wake_counter = f32r(f32r(factor * 0.5 * reset) + dt);
            s.sum = DVec3::ZERO;
            return false;
        }
    }
    s.wake_counter = f32r(s.wake_counter - dt).max(0.0);
    if s.wake_counter == 0.0 {
        s.sum = DVec3::ZERO;
        return true;
    }
    false
}

/// One `simulate(dt)`.
fn step(s: &mut State, joint: Joint, c: &Config, intent: &OrientationIntent, target: DQuat) {
    let dt = intent.dt;
    let inertia = DVec3::from(intent.inertia);
    let mut w = s.w * (1.0 - c.angular_damping * dt).max(0.0);
    let max = c.max_angular_velocity;
    if w.length_squared() > max * max {
        w *= math::sqrt(max * max / w.length_squared());
    }
    if c.gyroscopic {
        let local = s.q.conjugate() * w;
        let momentum = inertia * local;
        let next = momentum - dt * local.cross(momentum);
        let norm = next.length();
        let next = if norm > 0.0 {
            next * (momentum.length() / norm)
        } else {
            DVec3::ZERO
        };
        w += s.q * (next / inertia - local);
    }
    let sqrt_inv = sqrt_inv_inertia(s.q, inertia);
    let inv = sqrt_inv * sqrt_inv;
    let gains = gains(joint, intent);
    let n = c.position_iterations.max(1);
    let tgs = c.solver == Solver::Tgs;
    let h = if tgs { dt / f64::from(n) } else { dt };
    let mut rows: Vec<Solved> = rows(joint.drives, s.q, target)
        .into_iter()
        .map(|row| {
            let r = (sqrt_inv * row.axis).length_squared();
            let (k, damping) = gains[row.drive];
            let a = h * (h * k + damping);
            let (x, per) = if joint.acceleration {
                (1.0 / (1.0 + a), 1.0 / r)
            } else {
                (1.0 / (1.0 + a * r), 1.0)
            };
            let velocity = -x * a * per;
            let (constant, keep) = if tgs {
                (-x * k * h * per, row.error)
            } else {
                // b = -dt k e, and the velocity at the start as a bias (initJointSpeed).
                (
                    x * per * (-dt * k * row.error) + velocity * -row.axis.dot(w),
                    1.0 - x,
                )
            };
            Solved {
                axis: row.axis,
                velocity,
                constant,
                keep,
                applied: 0.0,
            }
        })
        .collect();
    let limit = c.force_limit;
    let motion = if tgs {
        let (mut turned, mut dq) = (DVec3::ZERO, DQuat::IDENTITY);
        for _ in 0..n {
            for row in rows.iter_mut() {
                let bias = row.constant * (row.keep - row.axis.dot(turned));
                let f = (row.applied + row.velocity * -row.axis.dot(w) + bias).clamp(-limit, limit);
                w -= inv * row.axis * (f - row.applied);
                row.applied = f;
            }
            dq = integrate(dq, w, h);
            turned += w * h;
        }
        s.q = (dq * s.q).normalize();
        s.w = w;
        turned / dt
    } else {
        let mut dw = DVec3::ZERO;
        let mut sweep = |dw: &mut DVec3| {
            for row in rows.iter_mut() {
                let f = (row.keep * row.applied + row.velocity * -row.axis.dot(*dw) + row.constant)
                    .clamp(-limit, limit);
                *dw -= inv * row.axis * (f - row.applied);
                row.applied = f;
            }
        };
        for _ in 0..n {
            sweep(&mut dw);
        }
        let motion = w + dw;
        for _ in 0..c.velocity_iterations.max(1) {
            sweep(&mut dw);
        }
        s.q = integrate(s.q, motion, dt);
        s.w = w + dw;
        motion
    };
    if sleep_check(s, motion, c, intent) {
        s.asleep = true;
        s.w = DVec3::ZERO;
    }
}

/// The orientation after each of `steps` steps of `joint` under `config`, from the
/// intent's start (identity, spinning at `spin`), with [`gains`].
pub fn predict(
    joint: Joint,
    config: &Config,
    intent: &OrientationIntent,
    steps: usize,
) -> Prediction3 {
    let target = intent.target();
    let mut s = State {
        q: DQuat::IDENTITY,
        w: intent.spin.into(),
        asleep: false,
        wake_counter: f32r(20.0 * 0.02),
        sum: DVec3::ZERO,
    };
    let mut out = Prediction3::default();
    for _ in 0..steps {
        if !s.asleep {
            step(&mut s, joint, config, intent, target);
        }
        out.orientations.push(s.q);
    }
    out
}
