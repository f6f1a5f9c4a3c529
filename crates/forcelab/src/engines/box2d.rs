//! Box2D v3: a prismatic or revolute joint with `enableSpring`, `hertz`,
//! `dampingRatio` and a `targetTranslation` / `targetAngle`, on one body joined to a
//! static body.
//!
//! Written from erincatto/box2d at commit 3a4f0da8 (v3.1.1-18), the version npm
//! `box2d3-wasm` 5.2.0 builds. `b2World_Step(world, dt, subStepCount)` runs `n`
//! sub-steps of `h = dt / n`; the spring's soft coefficients come from
//! `b2MakeSoft(hertz, dampingRatio, h)` (solver.h). Each sub-step
//! (`b2SolverStep`, solver.c):
//!
//! 1. `b2IntegrateVelocitiesTask`: `v /= 1 + h damping`; the linear speed cap
//!    (400 m/s) and, unless `allowFastRotation`, the rotation cap `|w| <= (pi/4) / dt`.
//! 2. Warm start: the spring impulse accumulated so far is applied again.
//! 3. Solve (`b2SolvePrismaticJoint` / `b2SolveRevoluteJoint`, the `enableSpring`
//!    block): `dI = -massScale M (v + biasRate C) - impulseScale lambda`.
//! 4. `b2IntegratePositionsTask`: `x += h v`; a rotation advances by `atan(h w)`
//!    (`b2IntegrateRotation`).
//! 5. Relax: the same spring row again, at the new position ("real spring ... applied
//!    even during relax"): Box2D's soft spring acts twice per sub-step.
//!
//! After the sub-steps `b2FinalizeBodiesTask` tests for sleep: a body slower than
//! 0.05 m/s (at its surface for rotation) for 0.5 s is frozen. The joint angle is read
//! with Box2D's own `b2Atan2` approximation (error up to 2.8e-5 rad), which sets where
//! the revolute spring settles.

use super::catalogue::{Drive, Engine, Entry, Knob, Settings as AnySettings, Unit};
use super::settings::{settings, Kind};
use super::twin::{cap, f32r, Events, Mode, Model, Plant, BODY_RADIUS};
use super::Intent;
use crate::math;

/// The package the twin is checked against in `npm test`.
pub const CHECKED_AGAINST: &str = "npm box2d3-wasm 5.2.0 (Box2D v3.1.1-18, commit 3a4f0da8)";

/// Box2D's pi (`B2_PI`, math_functions.h), which its caps use: written to 12 digits
/// there, so it is not `core::f64::consts::PI`.
#[allow(clippy::approx_constant)]
const B2_PI: f64 = 3.14159265359;

settings! {
    /// Box2D's settings that change how a joint spring moves one body.
    pub struct Settings {
        /// `b2World_Step`'s `subStepCount`.
        sub_step_count: u32 = 4,
            key "subStepCount", label "sub-steps (b2World_Step subStepCount)",
            kind Kind::Count { min: 1, max: 64 },
            note "Box2D has no default here; its documentation and samples use 4. Each sub-step of dt / n \
                  solves the spring, moves the body and solves the spring again (the relax pass), which adds \
                  damping: fewer sub-steps, more damping.";
        /// `b2WorldDef::enableSleep`.
        enable_sleep: bool = true,
            key "enableSleep", label "sleeping (b2WorldDef enableSleep)",
            kind Kind::Flag,
            note "On by default: a body slower than its sleep threshold for 0.5 s is frozen where it is, \
                  often a little short of the target.";
        /// `b2BodyDef::sleepThreshold`, m/s.
        sleep_threshold: f64 = 0.05,
            key "sleepThreshold", label "sleep threshold (b2BodyDef sleepThreshold)",
            kind Kind::Number { min: 0.0, max: 1e6, unit: "m/s" },
            note "The speed (of the body's surface, for rotation) below which the sleep timer runs.";
        /// `b2BodyDef::allowFastRotation`.
        allow_fast_rotation: bool = false,
            key "allowFastRotation", label "allow fast rotation (b2BodyDef allowFastRotation)",
            kind Kind::Flag,
            note "Off by default: spin is clipped to a quarter turn per step, (pi/4) / dt, which a stiff \
                  angular spring at a coarse step reaches.";
        /// `b2BodyDef::linearDamping`, 1/s.
        linear_damping: f64 = 0.0,
            key "linearDamping", label "body linear damping (b2BodyDef linearDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0 by default; applied as v / (1 + h c) every sub-step.";
        /// `b2BodyDef::angularDamping`, 1/s.
        angular_damping: f64 = 0.0,
            key "angularDamping", label "body angular damping (b2BodyDef angularDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0 by default; applied as w / (1 + h c) every sub-step.";
        /// `b2WorldDef::maximumLinearSpeed`, m/s.
        maximum_linear_speed: f64 = 400.0,
            key "maximumLinearSpeed", label "speed cap (b2WorldDef maximumLinearSpeed)",
            kind Kind::Number { min: 0.0, max: 1e9, unit: "m/s" },
            note "Speeds above 400 m/s are clipped every sub-step.";
        /// `b2WorldDef::enableWarmStarting`.
        enable_warm_starting: bool = true,
            key "enableWarmStarting", label "warm starting (b2WorldDef enableWarmStarting)",
            kind Kind::Flag,
            note "No effect on a lone spring: the impulse carried over cancels exactly in the soft step.";
    }
}

/// The named variants the twin is checked at against the real engine.
pub fn variants() -> Vec<(&'static str, Settings)> {
    let d = Settings::default();
    vec![
        ("default", d),
        (
            "sub-steps-1",
            Settings {
                sub_step_count: 1,
                ..d
            },
        ),
        (
            "sub-steps-8",
            Settings {
                sub_step_count: 8,
                ..d
            },
        ),
        (
            "no-sleep",
            Settings {
                enable_sleep: false,
                ..d
            },
        ),
        (
            "fast-rotation",
            Settings {
                allow_fast_rotation: true,
                sub_step_count: 8,
                ..d
            },
        ),
        (
            "damping-0.5",
            Settings {
                linear_damping: 0.5,
                angular_damping: 0.5,
                ..d
            },
        ),
    ]
}

/// A joint spring: `hertz` (Hz) and `dampingRatio`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spring {
    /// Hz.
    pub hertz: f64,
    /// Damping ratio.
    pub damping_ratio: f64,
}

/// `b2MakeSoft(hertz, zeta, h)` (solver.h): `(biasRate, massScale, impulseScale)` with
/// `w = 2 pi hertz`, `a1 = 2 zeta + h w`, `a2 = h w a1`, `a3 = 1 / (1 + a2)`:
/// `biasRate = w / a1`, `massScale = a2 a3`, `impulseScale = a3`.
fn make_soft(hertz: f64, zeta: f64, h: f64) -> (f64, f64, f64) {
    if hertz == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let omega = 2.0 * B2_PI * hertz;
    let a1 = 2.0 * zeta + h * omega;
    let a2 = h * omega * a1;
    let a3 = 1.0 / (1.0 + a2);
    (omega / a1, a2 * a3, a3)
}

/// `b2Atan2` (math_functions.c): Box2D's polynomial arctangent.
fn b2_atan2(y: f64, x: f64) -> f64 {
    if x == 0.0 && y == 0.0 {
        return 0.0;
    }
    let (ax, ay) = (x.abs(), y.abs());
    let a = ax.min(ay) / ax.max(ay);
    let (s, c) = (a * a, a * a * a);
    let q = s * s;
    let mut r = 0.024840285 * q + 0.18681418;
    let t = -0.094097948 * q - 0.33213072;
    r = r * s + t;
    r = r * c + a;
    if ay > ax {
        r = 1.57079637 - r;
    }
    if x < 0.0 {
        r = 3.14159274 - r;
    }
    if y < 0.0 {
        r = -r;
    }
    r
}

/// A rotation as Box2D keeps it: cosine and sine.
#[derive(Clone, Copy, Debug)]
struct Rot {
    c: f64,
    s: f64,
}

impl Rot {
    const IDENTITY: Rot = Rot { c: 1.0, s: 0.0 };

    fn normalized(self) -> Rot {
        let mag = math::sqrt(self.s * self.s + self.c * self.c);
        let inv = if mag > 0.0 { 1.0 / mag } else { 0.0 };
        Rot {
            c: self.c * inv,
            s: self.s * inv,
        }
    }

    /// `b2MulRot(self, r)`.
    fn mul(self, r: Rot) -> Rot {
        Rot {
            c: self.c * r.c - self.s * r.s,
            s: self.s * r.c + self.c * r.s,
        }
    }

    /// `b2IntegrateRotation(self, da)`: `(c - da s, s + da c)`, normalised.
    fn integrate(self, da: f64) -> Rot {
        Rot {
            c: self.c - da * self.s,
            s: self.s + da * self.c,
        }
        .normalized()
    }
}

/// The twin of Box2D.
pub(crate) struct Box2d;

/// What Box2D carries between steps for this body and joint.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Position (m) or angle (rad), as read after the step.
    x: f64,
    /// The body's rotation (angular drives).
    q: Rot,
    v: f64,
    /// The joint's accumulated spring impulse (`springImpulse`).
    lambda: f64,
    sleep_time: f64,
    asleep: bool,
}

impl Model for Box2d {
    type Drive = Spring;
    type Settings = Settings;
    type State = State;

    fn start(x: f64, v: f64, _: &Plant, _: &Settings) -> State {
        State {
            x,
            q: Rot {
                c: math::cos(x),
                s: math::sin(x),
            },
            v,
            lambda: 0.0,
            sleep_time: 0.0,
            asleep: false,
        }
    }

    fn step(state: &mut State, spring: &Spring, plant: &Plant, s: &Settings, mode: Mode) -> Events {
        let mut events = Events::default();
        if state.asleep {
            return events;
        }
        let engine = mode == Mode::Engine;
        let rotating = plant.angular && engine;
        let n = s.sub_step_count.max(1);
        let h = plant.dt / n as f64;
        let inv_dt = 1.0 / plant.dt;
        let axial_mass = plant.mass;
        let (bias_rate, mass_scale, impulse_scale) =
            make_soft(spring.hertz, spring.damping_ratio, h);
        let mut lambda = if s.enable_warm_starting {
            state.lambda
        } else {
            0.0
        };
        let mut v = state.v;
        let (x0, q0) = (state.x, state.q);
        let mut dp = 0.0;
        let mut dq = Rot::IDENTITY;
        let solve_spring = |v: &mut f64, lambda: &mut f64, dp: f64, dq: Rot| {
            let error = if rotating {
                let q = dq.mul(q0);
                let e = b2_atan2(q.s, q.c) - plant.target;
                e - 2.0 * B2_PI * (e / (2.0 * B2_PI)).round() // b2UnwindAngle
            } else {
                x0 + dp - plant.target
            };
            let impulse =
                -mass_scale * axial_mass * (*v + bias_rate * error) - impulse_scale * *lambda;
            *lambda += impulse;
            *v += impulse / axial_mass;
        };
        let damping = if plant.angular {
            s.angular_damping
        } else {
            s.linear_damping
        };
        for _ in 0..n {
            v /= 1.0 + h * damping;
            if engine {
                let limit = if plant.angular {
                    if s.allow_fast_rotation {
                        f64::INFINITY
                    } else {
                        0.25 * B2_PI * inv_dt
                    }
                } else {
                    s.maximum_linear_speed
                };
                let (capped, hit) = cap(v, limit);
                v = capped;
                events.capped |= hit;
            }
            v += lambda / axial_mass; // warm start
            solve_spring(&mut v, &mut lambda, dp, dq);
            if rotating {
                dq = dq.integrate(h * v);
            } else {
                dp += h * v;
            }
            solve_spring(&mut v, &mut lambda, dp, dq); // relax
        }
        state.v = v;
        state.lambda = lambda;
        if rotating {
            state.q = dq.mul(q0).normalized();
            state.x = math::atan2(state.q.s, state.q.c);
        } else {
            state.x = x0 + dp;
        }
        if engine {
            let r = BODY_RADIUS;
            let (speed, moved) = if plant.angular {
                (v.abs() * r, dq.s.abs() * r)
            } else {
                (v.abs(), dp.abs())
            };
            let sleep_velocity = speed.max(0.5 * inv_dt * moved);
            if !s.enable_sleep || sleep_velocity > f32r(s.sleep_threshold) {
                state.sleep_time = 0.0;
            } else {
                state.sleep_time = f32r(state.sleep_time + f32r(plant.dt));
            }
            if s.enable_sleep && state.sleep_time >= 0.5 {
                state.asleep = true;
                events.slept = true;
            }
        }
        events
    }

    fn read(state: &State) -> [f64; 2] {
        [state.x, state.v]
    }
}

/// Box2D's joint spring as a translator entry.
pub(crate) fn entries() -> Vec<Entry> {
    vec![Entry {
        id: "box2d-v3",
        engine: Engine::Box2d,
        api: "Box2D v3 joint spring (enableSpring = true)",
        convention: "a soft constraint that pulls toward the joint's target: Box2D builds the stiffness from \
                     hertz and the joint's effective mass, so mass never appears; hertz is cycles per second, \
                     not rad/s. Each sub-step applies the spring twice (solve and relax).",
        knobs: [
            Knob {
                name: "hertz",
                unit: Unit::Hertz,
                positive: true,
            },
            Knob {
                name: "dampingRatio",
                unit: Unit::None,
                positive: false,
            },
        ],
        docs: |i: &Intent| [i.frequency, i.damping_ratio],
        derived: |_, _| Vec::new(),
        defaults: || AnySettings::Box2d(Settings::default()),
        variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Box2d(s))).collect(),
        drive: |[hertz, damping_ratio], _| {
            Drive::Box2d(Spring {
                hertz,
                damping_ratio,
            })
        },
    }]
}

#[cfg(test)]
#[path = "box2d_tests.rs"]
mod tests;
