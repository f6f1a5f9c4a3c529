//! Jolt Physics turning one free body to a target orientation with a constraint's
//! angular motors in `EMotorState::Position`, the body joined at its centre of mass to
//! `Body::sFixedToWorld`, identity frames (constraint space = the body's frame at rest
//! = the world's), no gravity, mass 1 and principal moments `intent.inertia` given
//! through `MassProperties` (`EOverrideMassProperties::MassAndInertiaProvided`):
//!
//! - **`SwingTwistConstraint`**, twist axis x and plane axis z on both bodies (so
//!   `mConstraintToBody1 = mConstraintToBody2 = 1`), its limits as open as Jolt allows:
//!   `mNormalHalfConeAngle = mPlaneHalfConeAngle = pi`, `mTwistMinAngle = -pi`,
//!   `mTwistMaxAngle = pi` (`SwingTwistConstraintPart::SetLimits` then flags every axis
//!   `Free`, past 179.5 degrees, and no limit row is ever built); swing and twist motors
//!   in `Position` with the same spring.
//! - **`SixDOFConstraint`**, translations `MakeFixedAxis`, rotations `MakeFreeAxis`
//!   (`IsRotationConstrained()` is false: no swing-twist part at all), the three
//!   rotation motors in `Position` with the same spring.
//!
//! Both are given the target with `SetTargetOrientationCS(target)`: the rotation of
//! body 2's constraint frame in body 1's, here the body's orientation in the world
//! (`SetTargetOrientationBS(q)` is `SetTargetOrientationCS(c1^* q c2)`, the same with
//! identity frames). With open limits `ClampSwingTwist` leaves it alone.
//!
//! Written from JoltPhysics at commit 3b47ec39, as the one-axis twin was (the source of
//! npm `jolt-physics` 1.1.0, [`super::super::jolt::CHECKED_AGAINST`]: the mirror's newest
//! tag is v5.5.0 and its `Core.h` still reads 5.5.1, but the npm build's bindings carry
//! this commit's `ESpringMode::MassNormalizedStiffnessAndDamping` and
//! `EMotorState::PositionAndVelocity`), paths under `Jolt/Physics/`. Each `PhysicsSystem::Update(dt, n)` runs `n` collision steps
//! of `h = f32(dt) / n` (`PhysicsSystem::Update`); each step:
//!
//! 1. `PhysicsSystem::JobApplyGravity`: only when `mApplyGyroscopicForce` (false by
//!    default in `BodyCreationSettings`), `MotionProperties::ApplyGyroscopicForceInternal`:
//!    body-frame momentum `L = I w_b`, `L' = L - h w_b x L` rescaled to `|L|`,
//!    `w = R I^-1 L'`. Then `ApplyForceTorqueAndDragInternal` (Body/MotionProperties.inl):
//!    `w *= max(0, 1 - h mAngularDamping)` (0.05 1/s) and `ClampAngularVelocity`
//!    (`|w| <= mMaxAngularVelocity = 0.25 pi 60 = 47.1 rad/s`, whatever the step).
//!    Without the gyroscopic force the world angular velocity of a free body stays
//!    constant: a spinning start neither precesses nor tumbles.
//! 2. `SwingTwistConstraint::SetupVelocityConstraint` / `SixDOFConstraint::
//!    SetupVelocityConstraint` (identical here), from the pose `q` at the step's start:
//!    `target' = q.target > 0 ? target : -target` (the short way round: a 190 degree
//!    target is reached as -170), `diff = q^* target'`, per body axis `i` the error
//!    `C_i = -2 diff.xyz_i` (`2 sin(theta/2) n_i`, not the angle) on a row about the
//!    world axis `a_i = R(q) e_i`. `AngleConstraintPart::CalculateInverseEffectiveMass`:
//!    `1/m_i = a_i . I_w^-1 a_i = 1/I_i`; `SpringPart::CalculateSpringPropertiesWith*`:
//!    `FrequencyAndDamping` `k = m_i w^2`, `c = 2 m_i zeta w` (`w = 2 pi f`);
//!    `StiffnessAndDamping` `k`, `c` as given; softness `g = 1 / (h (c + h k))`, bias
//!    `b = h k g C_i`, effective mass `1 / (1/m_i + g)`.
//! 3. `PhysicsSystem::JobSolveVelocityConstraints`: warm start, then up to
//!    `mNumVelocitySteps` (10) passes of `AngleConstraintPart::SolveVelocityConstraint`
//!    (twist/x, then y, then z; the point constraint has no lever arm and never
//!    touches the rotation). The rows' axes are the principal axes, so
//!    `a_j . I_w^-1 a_i = 0`: the rows do not couple, the first pass solves each
//!    exactly whatever the warm start, and the body-frame rate is backward Euler,
//!    `w_i' = (I_i w_i - h k C_i) / (I_i + h c + h^2 k)`. The motor's torque limits
//!    (`MotorSettings::mMin/MaxTorqueLimit`, `-+FLT_MAX` by default) clamp each row's
//!    accumulated impulse to `h [min, max]`; uncoupled, the clamped row is the exact
//!    impulse clamped, again whatever the warm start.
//! 4. `PhysicsSystem::JobIntegrateVelocity`: `ClampAngularVelocity`, then
//!    `Body::AddRotationStep`: `q' = normalize(exp(h w) q)` (world frame, the exact
//!    rotation of `h |w|` about `w`), skipped when `h |w| <= 1e-6`.
//! 5. `JobSolvePositionConstraints` (2 steps, Baumgarte 0.2): motors have no position
//!    pass; `SwingTwistConstraintPart::SolvePositionConstraint` acts only on a clamped
//!    swing or twist (never, with open limits, but for `f32` rounding of a swing at
//!    exactly 180 degrees) and the point constraint has no error: nothing moves.
//! 6. Last collision step only: `PhysicsSystem::CheckSleepAndUpdateBounds`, the sleep
//!    test of [`crate::engines::jolt`] on the sphere's points (centre, `0.5 R e_x`,
//!    `0.5 R e_z`, `Body::GetSleepTestPoints`); once asleep the body stays put.
//!
//! The twin computes in `f64` with Jolt's stored `f32` inputs (step, inertia, spring
//! knobs, caps) and its `f32` sleep test; Jolt computes in `f32`: the two agree to a few
//! 1e-7 rad.

use super::{OrientationIntent, Prediction3};
use crate::engines::jolt::SleepTest;
use crate::engines::twin::f32r;
use crate::engines::Parameter;
use crate::engines::BODY_RADIUS;
use core::f64::consts::TAU;
use glam::{DQuat, DVec3};

/// The constraint whose motors turn the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// `SwingTwistConstraint`, open limits, swing and twist motors.
    SwingTwist,
    /// `SixDOFConstraint`, translations fixed, rotations free, three rotation motors.
    SixDof,
}

/// Every Jolt setting that changes how the motors turn the body, as the report and
/// the real-engine harness (tests/engines/real/jolt-orientation.mjs) spell them, with
/// Jolt's defaults.
pub const DEFAULTS: [(&str, &str); 8] = [
    // SpringSettings::mMode of every motor (MotorSettings' default spring is
    // FrequencyAndDamping, 2 Hz, ratio 1).
    ("springMode", "FrequencyAndDamping"),
    // PhysicsSystem::Update's inCollisionSteps.
    ("collisionSteps", "1"),
    // PhysicsSettings::mNumVelocitySteps: one suffices, the rows do not couple.
    ("numVelocitySteps", "10"),
    // BodyCreationSettings::mAngularDamping, 1/s.
    ("angularDamping", "0.05"),
    // BodyCreationSettings::mMaxAngularVelocity, rad/s (0.25 pi 60).
    ("maxAngularVelocity", "47.1238898"),
    // MotorSettings::SetTorqueLimit on every motor, N m (mMaxTorqueLimit = FLT_MAX,
    // mMinTorqueLimit = -FLT_MAX).
    ("maxTorqueLimit", "3.40282347e38"),
    // BodyCreationSettings::mAllowSleeping.
    ("allowSleeping", "true"),
    // BodyCreationSettings::mApplyGyroscopicForce.
    ("applyGyroscopicForce", "false"),
];

/// The named variants the twin is checked at: the settings each changes from
/// [`DEFAULTS`].
pub const VARIANTS: [(&str, &[(&str, &str)]); 9] = [
    ("default", &[]),
    ("stiffness", &[("springMode", "StiffnessAndDamping")]),
    ("no-sleep", &[("allowSleeping", "false")]),
    ("no-damping", &[("angularDamping", "0")]),
    ("collision-steps-2", &[("collisionSteps", "2")]),
    ("velocity-steps-1", &[("numVelocitySteps", "1")]),
    ("gyroscopic", &[("applyGyroscopicForce", "true")]),
    ("spin-cap-5", &[("maxAngularVelocity", "5")]),
    ("torque-limit-10", &[("maxTorqueLimit", "10")]),
];

/// `ESpringMode`: how a motor's `SpringSettings` are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpringMode {
    /// `mFrequency` (Hz) and `mDamping` (a ratio), scaled by each row's effective mass.
    FrequencyAndDamping,
    /// `mStiffness` (N m/rad) and `mDamping` (N m s/rad), the same on every row.
    StiffnessAndDamping,
}

/// [`DEFAULTS`] with some changed, read into numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The motors' spring mode.
    pub spring_mode: SpringMode,
    /// Collision steps per update.
    pub collision_steps: u32,
    /// Velocity iterations (at least 1; more change nothing here).
    pub velocity_steps: u32,
    /// Angular damping, 1/s.
    pub angular_damping: f64,
    /// Spin cap, rad/s.
    pub max_angular_velocity: f64,
    /// Each motor's torque limit, N m (`-limit` to `limit`).
    pub max_torque_limit: f64,
    /// Whether the body may sleep.
    pub allow_sleeping: bool,
    /// Whether the gyroscopic force is applied.
    pub gyroscopic: bool,
}

impl Settings {
    /// [`DEFAULTS`] with `changes` applied. Panics on an unknown key or a value that
    /// does not read (the variants are constants, checked by a unit test).
    pub fn with(changes: &[(&str, &str)]) -> Settings {
        let mut s = Settings {
            spring_mode: SpringMode::FrequencyAndDamping,
            collision_steps: 1,
            velocity_steps: 10,
            angular_damping: 0.0,
            max_angular_velocity: 0.0,
            max_torque_limit: 0.0,
            allow_sleeping: true,
            gyroscopic: false,
        };
        for &(key, value) in DEFAULTS.iter().chain(changes) {
            // The crate's short parser, not str::parse: the standard one's tables would
            // be a tenth of the orientation door (`crate::decimal`).
            let number = || crate::decimal::decimal(value).expect("a number");
            let flag = || value.parse::<bool>().expect("true or false");
            match key {
                "springMode" => {
                    s.spring_mode = match value {
                        "FrequencyAndDamping" => SpringMode::FrequencyAndDamping,
                        "StiffnessAndDamping" => SpringMode::StiffnessAndDamping,
                        other => panic!("spring mode {other}"),
                    }
                }
                "collisionSteps" => s.collision_steps = value.parse().expect("a count"),
                "numVelocitySteps" => s.velocity_steps = value.parse().expect("a count"),
                "angularDamping" => s.angular_damping = number(),
                "maxAngularVelocity" => s.max_angular_velocity = number(),
                "maxTorqueLimit" => s.max_torque_limit = number(),
                "allowSleeping" => s.allow_sleeping = flag(),
                "applyGyroscopicForce" => s.gyroscopic = flag(),
                other => panic!("no Jolt setting {other}"),
            }
        }
        assert!(s.collision_steps >= 1 && s.velocity_steps >= 1);
        s
    }
}

/// The spring every motor is given. `FrequencyAndDamping`: `mFrequency = f` (Hz),
/// `mDamping = zeta`; Jolt scales them by each row's effective mass, here the principal
/// moment, so every axis alone is the intended spring. `StiffnessAndDamping`:
/// `mStiffness = I_a w^2` (N m/rad), `mDamping = 2 zeta w I_a` (N m s/rad) with `I_a` =
/// [`OrientationIntent::axis_inertia`], the articles' gains: a `SwingTwistConstraint`
/// has one spring for both swing axes, so per-axis gains cannot be written there, and
/// this way both constraints get the same numbers and the turn's own axis the intended
/// spring.
pub fn parameters(intent: &OrientationIntent, mode: SpringMode) -> Vec<Parameter> {
    let (w, ia) = (intent.omega(), intent.axis_inertia());
    let p = |name, value, unit| Parameter { name, value, unit };
    match mode {
        SpringMode::FrequencyAndDamping => vec![
            p("mFrequency", intent.frequency, "Hz"),
            p("mDamping", intent.damping_ratio, ""),
        ],
        SpringMode::StiffnessAndDamping => vec![
            p("mStiffness", ia * w * w, "N m/rad"),
            p("mDamping", 2.0 * intent.damping_ratio * w * ia, "N m s/rad"),
        ],
    }
}

/// The moment of inertia (kg m^2) the spring about each principal axis is written for
/// ([`super::axes`]): in frequency mode Jolt scales the spring by each row's effective
/// mass, the body's own moment; in stiffness mode one spring for the turn's axis,
/// [`OrientationIntent::axis_inertia`], pulls about all three.
pub fn written_for(intent: &OrientationIntent, mode: SpringMode) -> [f64; 3] {
    match mode {
        SpringMode::FrequencyAndDamping => intent.inertia,
        SpringMode::StiffnessAndDamping => [intent.axis_inertia(); 3],
    }
}

/// `Body::GetSleepTestPoints` of the sphere (its local bounds' extent is the radius on
/// every axis; the lowest component is taken as y): the centre and the points at
/// `BODY_RADIUS` along the body's x and z axes, in `f32`.
fn sleep_points(q: DQuat) -> [[f64; 3]; 3] {
    let at = |axis: DVec3| (q * axis * BODY_RADIUS).to_array().map(f32r);
    [[0.0; 3], at(DVec3::X), at(DVec3::Z)]
}

/// `ClampAngularVelocity`: `w` scaled down to `limit` when longer.
fn clamp(w: DVec3, limit: f64) -> DVec3 {
    let squared = w.length_squared();
    if squared > limit * limit {
        w * (limit / squared.sqrt())
    } else {
        w
    }
}

/// The body's state between steps.
struct Body {
    q: DQuat,
    w: DVec3,
    asleep: bool,
    sleep: SleepTest,
}

/// One collision step of `h` (module doc, 1 to 5).
fn collision_step(b: &mut Body, m: &Motor, s: &Settings, h: f64) {
    let inertia = m.inertia;
    if s.gyroscopic {
        let wb = b.q.conjugate() * b.w;
        let l = inertia * wb;
        let stepped = l - h * wb.cross(l);
        let squared = stepped.length_squared();
        let l2 = if squared > 0.0 {
            stepped * (l.length_squared() / squared).sqrt()
        } else {
            DVec3::ZERO
        };
        b.w = b.q * (l2 / inertia);
    }
    let cap = f32r(s.max_angular_velocity);
    b.w = clamp(b.w * (1.0 - f32r(s.angular_damping) * h).max(0.0), cap);
    let target = if b.q.dot(m.target) > 0.0 {
        m.target
    } else {
        -m.target
    };
    let diff = b.q.conjugate() * target;
    let error = -2.0 * DVec3::new(diff.x, diff.y, diff.z);
    let limit = h * f32r(s.max_torque_limit);
    let mut wb = (b.q.conjugate() * b.w).to_array();
    for (i, rate) in wb.iter_mut().enumerate() {
        let mass = inertia[i];
        let (k, c) = match m.mode {
            SpringMode::FrequencyAndDamping => {
                let omega = TAU * m.knobs[0];
                (mass * omega * omega, 2.0 * mass * m.knobs[1] * omega)
            }
            SpringMode::StiffnessAndDamping => (m.knobs[0], m.knobs[1]),
        };
        let softness = 1.0 / (h * (c + h * k));
        let bias = h * k * softness * error[i];
        let impulse = (-(*rate + bias) / (1.0 / mass + softness)).clamp(-limit, limit);
        *rate += impulse / mass;
    }
    b.w = clamp(b.q * DVec3::from(wb), cap);
    let turn = b.w * h;
    let angle = turn.length();
    if angle > 1e-6 {
        b.q = (DQuat::from_axis_angle(turn / angle, angle) * b.q).normalize();
    }
}

/// The motors' spring, read as Jolt stores it.
struct Motor {
    mode: SpringMode,
    knobs: [f64; 2],
    inertia: DVec3,
    target: DQuat,
}

/// The orientation after each of `steps` updates of `constraint` under `settings`, from
/// the intent's start (identity, `spin` in the world frame), with [`parameters`].
/// Both constraints step alike (module doc); they differ only in the API.
pub fn predict(
    _constraint: Constraint,
    settings: &Settings,
    intent: &OrientationIntent,
    steps: usize,
) -> Prediction3 {
    let knobs = parameters(intent, settings.spring_mode);
    let motor = Motor {
        mode: settings.spring_mode,
        knobs: [f32r(knobs[0].value), f32r(knobs[1].value)],
        inertia: DVec3::from(intent.inertia.map(f32r)),
        target: intent.target(),
    };
    let n = settings.collision_steps;
    let h = f32r(f32r(intent.dt) / f64::from(n));
    let mut body = Body {
        q: DQuat::IDENTITY,
        w: DVec3::from(intent.spin),
        asleep: false,
        sleep: SleepTest::new(sleep_points(DQuat::IDENTITY)),
    };
    let mut out = Prediction3::default();
    for _ in 0..steps {
        if !body.asleep {
            for _ in 0..n {
                collision_step(&mut body, &motor, settings, h);
            }
            if settings.allow_sleeping && body.sleep.update(sleep_points(body.q), h) {
                body.asleep = true;
                body.w = DVec3::ZERO;
            }
        }
        out.orientations.push(body.q);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rotation::rotation_vector;
    use core::f64::consts::PI;

    /// `BodyCreationSettings::mMaxAngularVelocity`'s default, `0.25 pi 60` rad/s.
    const DEFAULT_CAP: f64 = 0.25 * PI * 60.0;

    #[test]
    fn every_variant_reads_and_the_defaults_are_jolts() {
        let d = Settings::with(&[]);
        assert_eq!(d.spring_mode, SpringMode::FrequencyAndDamping);
        assert_eq!((d.collision_steps, d.velocity_steps), (1, 10));
        assert_eq!(f32r(d.max_angular_velocity), f32r(DEFAULT_CAP));
        assert!(d.allow_sleeping && !d.gyroscopic);
        for (name, changes) in VARIANTS {
            let s = Settings::with(changes);
            assert_eq!(s == d, name == "default", "{name}");
            assert_eq!(
                super::super::with_changes(&DEFAULTS, changes).len(),
                DEFAULTS.len()
            );
        }
    }

    #[test]
    fn without_the_gyroscopic_force_a_free_spin_keeps_its_world_axis() {
        // No spring to speak of, no damping, no sleep: a long thin body spun about a
        // tilted axis turns about that fixed axis at a fixed rate; with the gyroscopic
        // force its rate and its axis move, its momentum's length stays.
        let intent = OrientationIntent {
            frequency: 1e-9,
            damping_ratio: 0.0,
            spin: [0.3, 0.2, 0.4],
            ..OrientationIntent::default()
        };
        let free = |gyroscopic| Settings {
            angular_damping: 0.0,
            allow_sleeping: false,
            gyroscopic,
            ..Settings::with(&[])
        };
        let p = predict(Constraint::SixDof, &free(false), &intent, 60);
        let turned = rotation_vector(p.orientations[59]);
        let spin = DVec3::from(intent.spin);
        let h = f32r(intent.dt);
        assert!((turned - spin * 60.0 * h).length() < 1e-6, "{turned}");
        let g = predict(Constraint::SixDof, &free(true), &intent, 60);
        assert!(rotation_vector(g.orientations[59]).angle_between(spin) > 0.05);
    }

    #[test]
    fn a_target_past_half_a_turn_is_reached_the_short_way() {
        let intent = OrientationIntent {
            axis: [0.0, 0.0, 1.0],
            degrees: 190.0,
            ..OrientationIntent::default()
        };
        let p = predict(Constraint::SwingTwist, &Settings::with(&[]), &intent, 10);
        assert!(rotation_vector(p.orientations[9]).z < 0.0);
    }

    #[test]
    fn the_rows_are_backward_euler_on_each_principal_axis() {
        // One step from rest of a turn about x, no damping: w' = -h k C / (I + h c + h^2 k)
        // with C = -2 sin(theta/2), k = I w^2, c = 2 I zeta w.
        let intent = OrientationIntent {
            axis: [1.0, 0.0, 0.0],
            degrees: 40.0,
            ..OrientationIntent::default()
        };
        let s = Settings {
            angular_damping: 0.0,
            ..Settings::with(&[])
        };
        let p = predict(Constraint::SwingTwist, &s, &intent, 1);
        let (h, i, w) = (f32r(intent.dt), 1.0, TAU * 2.0);
        let (k, c) = (i * w * w, 2.0 * i * w);
        let rate = h * k * 2.0 * 20f64.to_radians().sin() / (i + h * c + h * h * k);
        assert!((rotation_vector(p.orientations[0]).x - rate * h).abs() < 1e-12);
    }

    #[test]
    fn a_settled_body_falls_asleep_before_its_turn_stops_by_itself() {
        // Awake, the body stops too, once a step turns it 1e-6 rad or less
        // (Body::AddRotationStep); asleep it stops earlier, and for good.
        let intent = OrientationIntent::default();
        let still = |changes| {
            let p = predict(Constraint::SixDof, &Settings::with(changes), &intent, 300);
            let last = p.orientations[299];
            p.orientations.iter().position(|&q| q == last).unwrap()
        };
        let (asleep, awake) = (still(VARIANTS[0].1), still(VARIANTS[2].1));
        assert!(asleep + 20 < awake, "{asleep} {awake}");
    }

    #[test]
    fn a_torque_limited_motor_saturates_swings_past_and_lands_later() {
        // 10 N m on the long thin body: the demanded torque, near 1000 N m at the start,
        // is clamped on each body axis (so the light x axis turns fastest and the path
        // curves), and so is the damping that would stop it: the body passes 16 degrees
        // from the target, swings 40 degrees beyond it and settles only after 4 s.
        let intent = OrientationIntent::default();
        let s = Settings::with(VARIANTS[8].1);
        assert_eq!(s.max_torque_limit, 10.0);
        let p = predict(Constraint::SwingTwist, &s, &intent, 360);
        let left = p.angle_to(intent.target());
        let (closest, _) = left[..120]
            .iter()
            .enumerate()
            .fold((0, f64::MAX), |b, (k, &a)| if a < b.1 { (k, a) } else { b });
        let beyond = left[closest..].iter().cloned().fold(0.0, f64::max);
        assert!(beyond > left[closest] + 20f64.to_radians(), "{beyond}");
        assert!(left[359] < 0.1f64.to_radians(), "{}", left[359]);
    }
}
