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

/// The D6 drive row for the pose `x`: its Jacobian along the body's axis and the error
/// it pulls on (`ExtD6Joint.cpp D6JointSolverPrep`). In [`Mode::Linear`] the rows are
/// taken at the target: `eTWIST` is `(1, x* - x)`, `eSLERP` `(1/2, (x* - x)/2)`.
fn drive_row(x: f64, target: f64, angular: bool, drive: AngularDrive, mode: Mode) -> (f64, f64) {
    if !angular {
        return (1.0, target - x);
    }
    let d = if mode == Mode::Engine {
        let d = x - target;
        d - TAU * (d / TAU).round()
    } else {
        x - target
    };
    match (drive, mode) {
        (AngularDrive::Twist, Mode::Engine) => (1.0, -2.0 * math::sin(0.5 * d)),
        (AngularDrive::Twist, Mode::Linear) => (1.0, -d),
        (AngularDrive::Slerp, Mode::Engine) => (0.5 * math::cos(0.5 * d), -math::sin(0.5 * d)),
        (AngularDrive::Slerp, Mode::Linear) => (0.5, -0.5 * d),
    }
}

/// The spring row's solver constants (`compute1dConstraintSolverConstantsPGS` and
/// its TGS twin) for a step `h` and unit response `r`: `(x, velocity multiplier, bias
/// per unit error, impulse multiplier)`.
fn spring_constants(k: f64, c: f64, h: f64, r: f64, acceleration: bool) -> (f64, f64, f64, f64) {
    let a = h * (h * k + c);
    if acceleration {
        let x = 1.0 / (1.0 + a);
        (x, -x * a / r, -x * k * h / r, 1.0 - x)
    } else {
        let x = 1.0 / (1.0 + a * r);
        (x, -x * a, -x * k * h, 1.0 - x)
    }
}

/// The twin of a PhysX D6 joint drive.
pub(crate) struct Physx;

/// What PhysX carries between steps for the body.
#[derive(Clone, Debug)]
pub(crate) struct State {
    x: f64,
    v: f64,
    asleep: bool,
    sleep: Sleep,
}

/// The wake counter of one body or link (`DySleep.cpp sleepCheck` for a rigid body,
/// `Sc::BodySim::updateWakeCounter` for an articulation link), in `f32` as PhysX keeps
/// it.
#[derive(Clone, Debug)]
pub(crate) struct Sleep {
    wake_counter: f64,
    velocity_sum: f64,
}

impl Sleep {
    /// A body just created: `sWakeCounterOnCreation = 20 * 0.02` s.
    fn new() -> Sleep {
        Sleep {
            wake_counter: f32r(20.0 * 0.02),
            velocity_sum: 0.0,
        }
    }

    /// One step's check with the velocity `v` the solver reports; `cluster` is 1 plus
    /// the body's counted interactions (a D6 joint counts, an articulation joint does
    /// not). True when the counter has run out: the body goes to sleep.
    fn check(&mut self, v: f64, dt: f64, threshold: f64, cluster: f64) -> bool {
        const RESET_TIME: f32 = 20.0 * 0.02; // wakeCounterResetTime
        let reset_time = RESET_TIME as f64;
        let dt = f32r(dt);
        let threshold_cluster = f32r(cluster * f32r(threshold));
        if self.wake_counter < f32r(reset_time * 0.5) || self.wake_counter < dt {
            self.velocity_sum = f32r(self.velocity_sum + v);
            let energy = f32r(0.5 * self.velocity_sum * self.velocity_sum);
            if energy >= threshold_cluster {
                let factor = if threshold_cluster == 0.0 {
                    2.0
                } else {
                    (energy / threshold_cluster).min(2.0)
                };
                self.wake_counter =
                    f32r(f32r(factor * 0.5 * reset_time) + f32r(dt * (cluster - 1.0)));
                self.velocity_sum = 0.0;
                return false;
            }
        }
        self.wake_counter = f32r(self.wake_counter - dt).max(0.0);
        if self.wake_counter == 0.0 {
            self.velocity_sum = 0.0;
            return true;
        }
        false
    }
}

impl Model for Physx {
    type Drive = Drive;
    type Settings = Config;
    type State = State;

    fn start(x: f64, v: f64, _: &Plant, _: &Config) -> State {
        State {
            x,
            v,
            asleep: false,
            sleep: Sleep::new(),
        }
    }

    fn step(state: &mut State, d: &Drive, plant: &Plant, s: &Config, mode: Mode) -> Events {
        let mut events = Events::default();
        if state.asleep {
            return events;
        }
        let engine = mode == Mode::Engine;
        let (m, dt) = (plant.mass, plant.dt);
        let (damping, limit) = if plant.angular {
            (s.angular_damping, s.max_angular_velocity)
        } else {
            (s.linear_damping, s.max_linear_velocity)
        };
        let mut v = state.v * (1.0 - damping * dt).max(0.0);
        if engine {
            let (capped, hit) = cap(v, limit);
            v = capped;
            events.capped = hit;
        }
        let (j, e) = drive_row(state.x, plant.target, plant.angular, s.angular_drive, mode);
        let r = j * j / m;
        let (k, c) = (d.stiffness, d.damping);
        let max_impulse = match (engine, s.drive_limits_are_forces) {
            (false, _) => f64::INFINITY,
            (true, true) => s.force_limit * dt,
            (true, false) => s.force_limit,
        };
        let clamp = |f: f64| f.clamp(-max_impulse, max_impulse);
        let x0 = state.x;
        let sleep_velocity;
        match s.solver {
            Solver::Pgs => {
                let (x, vel_mul, _, imp_mul) = spring_constants(k, c, dt, r, d.acceleration);
                let b = -dt * k * e;
                let constant = if d.acceleration { x * b / r } else { x * b } + (-j * v) * vel_mul;
                let (mut applied, mut dv) = (0.0, 0.0);
                for _ in 0..s.position_iterations + s.velocity_iterations {
                    let f = clamp(applied * imp_mul + vel_mul * (-j * dv) + constant);
                    dv -= j * (f - applied) / m;
                    applied = f;
                }
                v += dv;
                state.x += v * dt;
                sleep_velocity = v;
            }
            Solver::Tgs => {
                let n = s.position_iterations;
                let h = dt / n as f64;
                let (_, vel_mul, bias_k, _) = spring_constants(k, c, h, r, d.acceleration);
                let (mut moved, mut applied) = (0.0, 0.0);
                for _ in 0..n {
                    let mut bias = bias_k * (e - j * moved);
                    if s.legacy_tgs {
                        let max_bias = if plant.angular { 1.5 } else { 15.0 } / dt / r;
                        bias = bias.clamp(-max_bias, max_bias);
                    }
                    let f = clamp(applied + vel_mul * (-j * v) + bias);
                    v -= j * (f - applied) / m;
                    applied = f;
                    state.x += v * h;
                    moved += v * h;
                }
                if s.legacy_tgs {
                    for _ in 0..s.velocity_iterations {
                        let f = clamp(applied + vel_mul * (-j * v));
                        v -= j * (f - applied) / m;
                        applied = f;
                    }
                }
                sleep_velocity = (state.x - x0) / dt;
            }
        }
        state.v = v;
        // The body and its D6 joint, which counts as one interaction: a cluster of 2.
        if engine
            && state
                .sleep
                .check(sleep_velocity, dt, s.sleep_threshold, 2.0)
        {
            state.asleep = true;
            state.v = 0.0;
            events.slept = true;
        }
        events
    }

    fn read(state: &State) -> [f64; 2] {
        [state.x, state.v]
    }
}

/// The twin of a PhysX articulation drive.
pub(crate) struct PhysxArticulation;

/// The link's joint position and speed.
#[derive(Clone, Debug)]
pub(crate) struct JointState {
    q: f64,
    v: f64,
    asleep: bool,
    /// The counter ran out last step: the articulation runs this one more step, then
    /// sleeps (measured on the real engine: it freezes one step after a rigid body
    /// would).
    falling_asleep: bool,
    sleep: Sleep,
}

impl Model for PhysxArticulation {
    type Drive = Drive;
    type Settings = ArticulationConfig;
    type State = JointState;

    fn start(q: f64, v: f64, _: &Plant, _: &ArticulationConfig) -> JointState {
        JointState {
            q,
            v,
            asleep: false,
            falling_asleep: false,
            sleep: Sleep::new(),
        }
    }

    fn step(
        state: &mut JointState,
        d: &Drive,
        plant: &Plant,
        s: &ArticulationConfig,
        mode: Mode,
    ) -> Events {
        let mut events = Events::default();
        if state.asleep {
            return events;
        }
        let engine = mode == Mode::Engine;
        let (m, dt) = (plant.mass, plant.dt);
        let q0 = state.q;
        let (damping, link_cap) = if plant.angular {
            (s.angular_damping, s.max_angular_velocity)
        } else {
            (s.linear_damping, s.max_linear_velocity)
        };
        let mut v = state.v;
        let over = if engine && v.abs() > link_cap {
            events.capped = true;
            1.0 - link_cap / v.abs()
        } else {
            0.0
        };
        v -= (damping.min(1.0 / dt) * dt + over) * v;
        let r = 1.0 / m;
        let cfm = if plant.angular { 0.0 } else { 0.025 / m };
        let recip = 1.0 / (r + cfm);
        let e = plant.target - state.q;
        let tgs = s.solver == Solver::Tgs;
        let h = if tgs {
            dt / s.position_iterations as f64
        } else {
            dt
        };
        let (k, c) = (d.stiffness, d.damping);
        let a = h * (h * k + c);
        let (x, vel_mul, bias) = if d.acceleration {
            let x = 1.0 / (1.0 + a);
            (x, -x * a * recip, k * x * recip * h)
        } else {
            let x = 1.0 / (1.0 + a * r);
            (x, -x * a, k * x * h)
        };
        let imp_mul = if tgs { 1.0 } else { 1.0 - x };
        let constant = bias * e;
        let max_impulse = match (engine, s.drive_limits_are_forces) {
            (false, _) => f64::INFINITY,
            (true, true) => s.force_limit * dt,
            (true, false) => s.force_limit,
        };
        let (mut acc, mut dq) = (0.0, 0.0);
        let mut solve = |v: &mut f64, velocity_iteration: bool, dq: f64, events: &mut Events| {
            let unclamped = if tgs && velocity_iteration {
                acc
            } else {
                acc * imp_mul + *v * vel_mul + constant - dq * bias
            };
            let f = unclamped.clamp(-max_impulse, max_impulse);
            *v += (f - acc) * r;
            acc = f;
            if engine && v.abs() > s.max_joint_velocity {
                let capped = s.max_joint_velocity.copysign(*v);
                *v += (capped - *v) * recip * r;
                events.capped = true;
            }
        };
        if tgs {
            for _ in 0..s.position_iterations {
                solve(&mut v, false, dq, &mut events);
                state.q += v * h;
                dq += v * h;
            }
            for _ in 0..s.velocity_iterations {
                solve(&mut v, true, dq, &mut events);
            }
        } else {
            for i in 0..s.position_iterations + s.velocity_iterations {
                solve(&mut v, i >= s.position_iterations, dq, &mut events);
            }
            state.q += v * dt;
        }
        state.v = v;
        // Sc::ArticulationSim::sleepCheck: each link's counter, the fixed root's runs
        // out on its own; an articulation joint is no counted interaction (cluster 1).
        let sleep_velocity = if tgs { (state.q - q0) / dt } else { v };
        if engine && state.falling_asleep {
            state.asleep = true;
            state.v = 0.0;
            events.slept = true;
        } else if engine
            && state
                .sleep
                .check(sleep_velocity, dt, s.sleep_threshold, 1.0)
        {
            state.falling_asleep = true;
        }
        events
    }

    fn read(state: &JointState) -> [f64; 2] {
        [state.q, state.v]
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::discrete::intended_trace_det;
    use crate::engines::twin::{linear_map, run};

    fn plant(angular: bool) -> Plant {
        Plant {
            mass: 2.0,
            dt: 1.0 / 60.0,
            angular,
            target: 0.0,
        }
    }

    /// The helper's closed form for PGS (`d` the damping factor, `D = M + dt c + dt^2 k`):
    /// `A = [[1 - dt^2 k/D, dt M d/D], [-dt k/D, M d/D]]`, and its inverse for the
    /// intended trace `t` and determinant `p`:
    /// `k = M d (1 + p - t) / (p dt^2)`, `c = M (d t - p (1 + d)) / (p dt)`.
    #[test]
    fn pgs_is_one_backward_euler_step_and_its_gains_invert_in_closed_form() {
        let p = plant(true);
        let cfg = Config::from(&Settings::default());
        let (dt, m, d) = (p.dt, p.mass, 1.0 - 0.05 * p.dt);
        let (t, det) = intended_trace_det(3.0, 0.2, dt).unwrap();
        let k = m * d * (1.0 + det - t) / (det * dt * dt);
        let c = m * (d * t - det * (1.0 + d)) / (det * dt);
        let drive = Drive {
            stiffness: k,
            damping: c,
            acceleration: false,
        };
        let a = linear_map::<Physx>(&drive, &p, &cfg);
        assert!((a[0][0] + a[1][1] - t).abs() < 1e-12, "{a:?}");
        assert!((a[0][0] * a[1][1] - a[0][1] * a[1][0] - det).abs() < 1e-12);
    }

    #[test]
    fn a_force_slerp_drive_is_a_quarter_as_stiff_as_twist_near_the_target() {
        let p = plant(true);
        let drive = Drive {
            stiffness: 400.0,
            damping: 0.0,
            acceleration: false,
        };
        let twist = Config::from(&Settings::default());
        let slerp = Config {
            angular_drive: AngularDrive::Slerp,
            ..twist
        };
        let (a, b) = (
            linear_map::<Physx>(&drive, &p, &twist),
            linear_map::<Physx>(&drive, &p, &slerp),
        );
        // The velocity gained from a unit error: dt k / D, with k a quarter for slerp.
        let dt = p.dt;
        let pull = |k: f64| dt * k / (p.mass + dt * dt * k);
        assert!((-a[1][0] - pull(400.0)).abs() < 1e-12);
        assert!((-b[1][0] - pull(100.0)).abs() < 1e-12);
    }

    #[test]
    fn the_drive_limit_is_an_impulse_per_step_by_default() {
        let p = Plant {
            target: 1.0,
            ..plant(false)
        };
        let stiff = Drive {
            stiffness: 1e6,
            damping: 0.0,
            acceleration: false,
        };
        let cfg = Config {
            force_limit: 0.5,
            sleep_threshold: 0.0,
            ..Config::from(&Settings::default())
        };
        let out = run::<Physx>(&stiff, &p, &cfg, 3);
        // 0.5 N s on 2 kg: 0.25 m/s more every step.
        let v1 = out.positions[0] / p.dt;
        assert!((v1 - 0.25).abs() < 1e-12, "{v1}");
        let forces = Config {
            drive_limits_are_forces: true,
            ..cfg
        };
        let out = run::<Physx>(&stiff, &p, &forces, 1);
        assert!((out.positions[0] / p.dt - 0.25 * p.dt).abs() < 1e-12);
    }

    /// The twin against trajectories recorded from PhysX (`golden/physx.json`).
    #[test]
    fn matches_the_trajectories_recorded_from_the_engine() {
        crate::engines::golden::check(include_str!("golden/physx.json"));
    }
}
