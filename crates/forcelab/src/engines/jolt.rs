//! Jolt Physics: a `SliderConstraint` or `HingeConstraint` motor in
//! `EMotorState::Position` with a `SpringSettings` spring, on one body joined to
//! `Body::sFixedToWorld`.
//!
//! Written from JoltPhysics at commit 3b47ec39 (the source of v5.6.0, which npm
//! `jolt-physics` 1.1.0 builds); paths relative to `Jolt/Physics/`. Per
//! `PhysicsSystem::Update(dt, collisionSteps)`, each of the `n` collision steps of
//! `h = dt / n`:
//!
//! 1. `MotionProperties::ApplyForceTorqueAndDragInternal` (Body/MotionProperties.inl):
//!    `v *= max(0, 1 - damping h)` (default damping 0.05 1/s), then the speed caps.
//! 2. `SliderConstraint`/`HingeConstraint::CalculateMotorConstraintProperties` from the
//!    pose at the start of the step, `C = x - x*` (the hinge's angle error centred on
//!    zero), and `SpringPart::CalculateSpringPropertiesWithStiffnessAndDamping`:
//!    softness `g = 1 / (h (c + h k))`, bias `b = h k g C`, effective mass
//!    `1 / (1/m + g)`; in `FrequencyAndDamping` mode `k = m w^2`, `c = 2 m zeta w` with
//!    the constraint's effective mass `m`.
//! 3. `SolveVelocityConstraint`: one soft row is solved exactly by the first of the
//!    velocity steps (the warm start is absorbed by the softness term):
//!    `lambda = -(v + b) / (1/m + g)`, `v += lambda / m`. Without caps this is backward
//!    Euler, `v' = (m v - h k C) / (m + h c + h^2 k)`.
//! 4. `PhysicsSystem::JobIntegrateVelocity`: the caps again, then `x += h v`
//!    (`Body::AddRotationStep` skips a rotation of 1e-6 rad or less).
//! 5. Position steps: "Motor operates on velocities only"; the joint's other rows
//!    have no error, so nothing changes.
//! 6. Last collision step only, `PhysicsSystem::CheckSleepAndUpdateBounds` and
//!    `Body::UpdateSleepStateInternal`: three points of the body (its centre and two
//!    points on its surface) are wrapped in growing spheres; once every sphere stays
//!    within 0.015 m for 0.5 s the body is deactivated, its velocity zeroed, and a
//!    motor does not wake it.

use super::catalogue::{Drive, Engine, Entry, Knob, Settings as AnySettings, Unit};
use super::settings::{settings, Kind};
use super::twin::{cap, f32r, Events, Mode, Model, Plant, BODY_RADIUS};
use super::Intent;
use core::f64::consts::{PI, TAU};

/// The package the twin is checked against in `npm test`.
pub const CHECKED_AGAINST: &str = "npm jolt-physics 1.1.0 (JoltPhysics v5.6.0)";

settings! {
    /// Jolt's settings that change how a motor moves one body.
    pub struct Settings {
        /// `PhysicsSystem::Update`'s `inCollisionSteps`.
        collision_steps: u32 = 1,
            key "collisionSteps", label "collision steps per update (inCollisionSteps)",
            kind Kind::Count { min: 1, max: 64 },
            note "Each update runs this many sub-steps of dt / n; the motor's backward-Euler step then \
                  lags less and damps less. The sleep timer still counts only one sub-step per update.";
        /// `BodyCreationSettings::mLinearDamping`, 1/s.
        linear_damping: f64 = 0.05,
            key "linearDamping", label "body linear damping (mLinearDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "Every body carries 0.05 1/s by default, applied as v *= 1 - 0.05 h before the motor: \
                  a slightly slower, more damped response than the spring alone.";
        /// `BodyCreationSettings::mAngularDamping`, 1/s.
        angular_damping: f64 = 0.05,
            key "angularDamping", label "body angular damping (mAngularDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "The same for rotation: 0.05 1/s unless set to 0.";
        /// `BodyCreationSettings::mMaxLinearVelocity`, m/s.
        max_linear_velocity: f64 = 500.0,
            key "maxLinearVelocity", label "speed cap (mMaxLinearVelocity)",
            kind Kind::Number { min: 0.0, max: 1e9, unit: "m/s" },
            note "Speeds above 500 m/s are clipped before and after the motor.";
        /// `BodyCreationSettings::mMaxAngularVelocity`, rad/s.
        max_angular_velocity: f64 = f32r(0.25 * PI * 60.0),
            key "maxAngularVelocity", label "spin cap (mMaxAngularVelocity)",
            kind Kind::Number { min: 0.0, max: 1e9, unit: "rad/s" },
            note "Spin is clipped to 0.25 pi 60 = 47.1 rad/s (a quarter turn per 60 Hz step): a stiff \
                  angular drive at a fine step hits it.";
        /// `BodyCreationSettings::mAllowSleeping` (and `PhysicsSettings::mAllowSleeping`).
        allow_sleeping: bool = true,
            key "allowSleeping", label "bodies may sleep (mAllowSleeping)",
            kind Kind::Flag,
            note "On by default: once the body has moved less than 0.015 m (at its centre and surface) \
                  for 0.5 s it is frozen, short of the target, and its motor does not wake it.";
        /// `PhysicsSettings::mNumVelocitySteps`.
        num_velocity_steps: u32 = 10,
            key "numVelocitySteps", label "velocity iterations (mNumVelocitySteps)",
            kind Kind::Count { min: 1, max: 255 },
            note "No effect on a lone drive: its one soft row is solved exactly by the first iteration. \
                  It matters when constraints share bodies.";
    }
}

/// The named variants the twin is checked at against the real engine.
pub fn variants() -> Vec<(&'static str, Settings)> {
    let d = Settings::default();
    vec![
        ("default", d),
        (
            "no-sleep",
            Settings {
                allow_sleeping: false,
                ..d
            },
        ),
        (
            "no-damping",
            Settings {
                linear_damping: 0.0,
                angular_damping: 0.0,
                ..d
            },
        ),
        (
            "collision-steps-2",
            Settings {
                collision_steps: 2,
                ..d
            },
        ),
        (
            "velocity-steps-1",
            Settings {
                num_velocity_steps: 1,
                ..d
            },
        ),
    ]
}

/// A `SpringSettings` in one of its modes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spring {
    /// `ESpringMode::FrequencyAndDamping`: `mFrequency` (Hz) and `mDamping` (a ratio).
    FrequencyAndDamping {
        /// Hz.
        frequency: f64,
        /// Damping ratio.
        damping: f64,
    },
    /// `ESpringMode::StiffnessAndDamping`: `mStiffness` (N/m) and `mDamping` (N s/m).
    StiffnessAndDamping {
        /// N/m or N m/rad.
        stiffness: f64,
        /// N s/m or N m s/rad.
        damping: f64,
    },
}

impl Spring {
    /// `SpringPart::CalculateSpringPropertiesWithSettings`: stiffness and damping in
    /// force units for a row of effective mass `m`. The engine stores the knobs as
    /// `f32`; the linear map keeps them exact, so a search over knobs sees a smooth map.
    fn stiffness_damping(self, m: f64, mode: Mode) -> (f64, f64) {
        let stored = |x: f64| if mode == Mode::Engine { f32r(x) } else { x };
        match self {
            Spring::FrequencyAndDamping { frequency, damping } => {
                let w = TAU * stored(frequency);
                (m * w * w, 2.0 * m * stored(damping) * w)
            }
            Spring::StiffnessAndDamping { stiffness, damping } => {
                (stored(stiffness), stored(damping))
            }
        }
    }
}

/// The twin of Jolt.
pub(crate) struct Jolt;

/// One growing sphere of the sleep test (`MotionProperties::mSleepTestSpheres`).
#[derive(Clone, Copy, Debug, Default)]
struct Sphere {
    centre: [f64; 3],
    radius: f64,
}

/// `Body::UpdateSleepStateInternal`'s state: three growing spheres around the body's
/// sleep test points and the time they have stayed small, all in `f32` as Jolt keeps
/// them. Shared with the orientation twin ([`super::orientation::jolt`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SleepTest {
    spheres: [Sphere; 3],
    timer: f64,
}

impl SleepTest {
    /// `MotionProperties::ResetSleepTestSpheres`: spheres of radius 0 at `points` (m).
    pub(crate) fn new(points: [[f64; 3]; 3]) -> Self {
        SleepTest {
            spheres: points.map(|centre| Sphere {
                centre,
                radius: 0.0,
            }),
            timer: 0.0,
        }
    }

    /// `Body::UpdateSleepStateInternal` with `Sphere::EncapsulatePoint`, in `f32` as Jolt
    /// computes it, for the points (m, `f32`) at the end of a step of `h` s: whether the
    /// body may sleep now. A sphere grown past 0.015 m restarts the test.
    pub(crate) fn update(&mut self, points: [[f64; 3]; 3], h: f64) -> bool {
        const THRESHOLD: f64 = 0.03; // PhysicsSettings::mPointVelocitySleepThreshold, m/s
        const TIME_BEFORE_SLEEP: f64 = 0.5; // PhysicsSettings::mTimeBeforeSleep, s
        let max_move = f32r(f32r(THRESHOLD) * TIME_BEFORE_SLEEP);
        for (sphere, p) in self.spheres.iter_mut().zip(points) {
            let d = [0, 1, 2].map(|j| f32r(p[j] - sphere.centre[j]));
            let dsq = f32r(f32r(f32r(d[0] * d[0]) + f32r(d[1] * d[1])) + f32r(d[2] * d[2]));
            if dsq > f32r(sphere.radius * sphere.radius) {
                let dl = f32r(crate::math::sqrt(dsq));
                let grown = f32r(0.5 * f32r(sphere.radius + dl));
                let t = f32r(f32r(grown - sphere.radius) / dl);
                for (c, dj) in sphere.centre.iter_mut().zip(d) {
                    *c = f32r(*c + f32r(t * dj));
                }
                sphere.radius = grown;
            }
            if sphere.radius > max_move {
                *self = SleepTest::new(points);
                return false;
            }
        }
        self.timer = f32r(self.timer + h);
        self.timer >= f32r(TIME_BEFORE_SLEEP)
    }
}

/// What Jolt carries between updates for this body.
#[derive(Clone, Debug)]
pub(crate) struct State {
    x: f64,
    v: f64,
    asleep: bool,
    sleep: SleepTest,
}

/// `Body::GetSleepTestPoints` for a sphere: its centre and two surface points (along
/// the body's x and z axes), in `f32`.
fn sleep_points(x: f64, angular: bool) -> [[f64; 3]; 3] {
    if angular {
        let r = BODY_RADIUS;
        [
            [0.0; 3],
            [
                f32r(r * crate::math::cos(x)),
                f32r(r * crate::math::sin(x)),
                0.0,
            ],
            [0.0, 0.0, f32r(r)],
        ]
    } else {
        [[f32r(x), 0.0, 0.0]; 3]
    }
}

impl Model for Jolt {
    type Drive = Spring;
    type Settings = Settings;
    type State = State;

    fn start(x: f64, v: f64, plant: &Plant, _: &Settings) -> State {
        State {
            x,
            v,
            asleep: false,
            sleep: SleepTest::new(sleep_points(x, plant.angular)),
        }
    }

    fn step(state: &mut State, spring: &Spring, plant: &Plant, s: &Settings, mode: Mode) -> Events {
        let mut events = Events::default();
        if state.asleep {
            return events;
        }
        let engine = mode == Mode::Engine;
        let n = s.collision_steps;
        let h = f32r(f32r(plant.dt) / n as f64);
        let m = plant.mass;
        let (damping, limit) = if plant.angular {
            (s.angular_damping, s.max_angular_velocity)
        } else {
            (s.linear_damping, s.max_linear_velocity)
        };
        let mut clip = |v: f64| {
            if !engine {
                return v;
            }
            let (v, hit) = cap(v, limit);
            events.capped |= hit;
            v
        };
        let (k, c) = spring.stiffness_damping(m, mode);
        for i in 0..n {
            state.v = clip(state.v * (1.0 - damping * h).max(0.0));
            let mut error = state.x - plant.target;
            if plant.angular && engine {
                error -= TAU * (error / TAU).round(); // CenterAngleAroundZero
            }
            let softness = 1.0 / (h * (c + h * k));
            let bias = h * k * softness * error;
            let lambda = -(state.v + bias) / (1.0 / m + softness);
            state.v = clip(state.v + lambda / m);
            if !(plant.angular && engine) || (state.v * h).abs() > 1e-6 {
                state.x += state.v * h;
            }
            if engine
                && i + 1 == n
                && s.allow_sleeping
                && state.sleep.update(sleep_points(state.x, plant.angular), h)
            {
                state.asleep = true;
                state.v = 0.0;
                events.slept = true;
            }
        }
        events
    }

    fn read(state: &State) -> [f64; 2] {
        [state.x, state.v]
    }
}

/// Jolt's two spring modes as translator entries.
pub(crate) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            id: "jolt-frequency",
            engine: Engine::Jolt,
            api: "Jolt SpringSettings (ESpringMode::FrequencyAndDamping)",
            convention: "a soft constraint like Box2D's; mDamping is a damping ratio in this mode. The body's \
                         default damping (0.05 1/s) and sleeping also shape the motion.",
            knobs: [
                Knob {
                    name: "mFrequency",
                    unit: Unit::Hertz,
                    positive: true,
                },
                Knob {
                    name: "mDamping",
                    unit: Unit::None,
                    positive: false,
                },
            ],
            docs: |i: &Intent| [i.frequency, i.damping_ratio],
            derived: |_, _| Vec::new(),
            defaults: || AnySettings::Jolt(Settings::default()),
            variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Jolt(s))).collect(),
            drive: |[frequency, damping], _| {
                Drive::Jolt(Spring::FrequencyAndDamping { frequency, damping })
            },
        },
        Entry {
            id: "jolt-stiffness",
            engine: Engine::Jolt,
            api: "Jolt SpringSettings (ESpringMode::StiffnessAndDamping)",
            convention: "the same spring in force units; here mDamping is a damping coefficient, not a ratio: \
                         the same field name means different things in the two modes.",
            knobs: [
                Knob {
                    name: "mStiffness",
                    unit: Unit::Stiffness,
                    positive: true,
                },
                Knob {
                    name: "mDamping",
                    unit: Unit::Damping,
                    positive: false,
                },
            ],
            docs: |i: &Intent| {
                let g = i.gains();
                [g.kp, g.kd]
            },
            derived: |_, _| Vec::new(),
            defaults: || AnySettings::Jolt(Settings::default()),
            variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Jolt(s))).collect(),
            drive: |[stiffness, damping], _| {
                Drive::Jolt(Spring::StiffnessAndDamping { stiffness, damping })
            },
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::discrete::intended_trace_det;
    use crate::testing::ROUND_OFF;

    fn plant(angular: bool) -> Plant {
        Plant {
            mass: 2.0,
            dt: 1.0 / 60.0,
            angular,
            target: 1.0,
        }
    }

    /// The linear map read off the step is the closed form of one backward-Euler step
    /// with the body's damping factor `d` in front:
    /// `A = [[1 - h^2 k/D, h m d/D], [-h k/D, m d/D]]`, `D = m + h c + h^2 k`.
    #[test]
    fn the_linear_map_is_backward_euler_after_the_damping() {
        let p = plant(false);
        let s = Settings::default();
        let spring = Spring::StiffnessAndDamping {
            stiffness: 300.0,
            damping: 10.0,
        };
        let a = crate::engines::twin::linear_map::<Jolt>(&spring, &p, &s);
        let h = f32r(p.dt);
        let (k, c, m) = (300.0, 10.0, 2.0);
        let d = 1.0 - 0.05 * h;
        let den = m + h * c + h * h * k;
        let closed = [
            [1.0 - h * h * k / den, h * m * d / den],
            [-h * k / den, m * d / den],
        ];
        for r in 0..2 {
            for col in 0..2 {
                assert!(
                    (a[r][col] - closed[r][col]).abs() < ROUND_OFF,
                    "{a:?} vs {closed:?}"
                );
            }
        }
    }

    /// The helper's closed form for the discrete-exact stiffness and damping:
    /// `k = m d (1 - S + P) / (P h^2)`, `c = m (d (S/P - 1) - 1) / h`.
    #[test]
    fn closed_form_discrete_exact_gains_give_the_intended_poles() {
        let (f, zeta) = (3.0, 0.2);
        let p = plant(false);
        let s = Settings {
            allow_sleeping: false,
            ..Settings::default()
        };
        let h = f32r(p.dt);
        let (trace, det) = intended_trace_det(f, zeta, h).unwrap();
        let d = 1.0 - 0.05 * h;
        let k = p.mass * d * (1.0 - trace + det) / (det * h * h);
        let c = p.mass * (d * (trace / det - 1.0) - 1.0) / h;
        let spring = Spring::StiffnessAndDamping {
            stiffness: k,
            damping: c,
        };
        // f32r rounds the knobs as Jolt stores them: compare at float precision.
        let a = crate::engines::twin::linear_map::<Jolt>(&spring, &p, &s);
        let tr = a[0][0] + a[1][1];
        let dt = a[0][0] * a[1][1] - a[0][1] * a[1][0];
        assert!(
            (tr - trace).abs() < 1e-6 && (dt - det).abs() < 1e-6,
            "{tr} {dt}"
        );
    }

    #[test]
    fn a_body_at_rest_on_target_falls_asleep_after_half_a_second() {
        let p = plant(true);
        let s = Settings::default();
        let spring = Spring::FrequencyAndDamping {
            frequency: 2.0,
            damping: 1.0,
        };
        let mut state = Jolt::start(1.0, 0.0, &p, &s);
        let mut slept = None;
        for k in 1..=60 {
            if Jolt::step(&mut state, &spring, &p, &s, Mode::Engine).slept {
                slept = Some(k);
            }
        }
        // 30 updates of float32(1/60) reach 0.5 s.
        assert_eq!(slept, Some(30));
    }

    /// The twin against trajectories recorded from Jolt (`golden/jolt.json`).
    #[test]
    fn matches_the_trajectories_recorded_from_the_engine() {
        crate::engines::golden::check(include_str!("golden/jolt.json"));
    }
}
