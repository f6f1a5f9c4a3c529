//! MuJoCo: a `<position kp kv>` actuator on one slide or hinge joint.
//!
//! Written from google-deepmind/mujoco 3.12.0 (tag 13827e9e) and checked against the
//! PyPI wheel `mujoco` 4.0.0, which gives the same bits on every path shared with 3.12.0
//! (the `discrete` integrator is 4.0.0's, modelled from its documentation and checked
//! against the wheel). MuJoCo computes in `f64`, so the twin agrees to rounding.
//!
//! The actuator force (engine_forward.c `mj_fwdActuation`, gain fixed, bias affine) is
//! `f = kp u - kp q - kv v` with `u = ctrl`; `qacc = f / M`. Every integrator ends with
//! `v' = v + h a`, `q' = q + h v'` (`mj_advance`), and differs in `a`:
//!
//! - `Euler` (the default, `mj_EulerSkip`): `a = f / M`. Only joint damping and the
//!   actuator's `damping` attribute are made implicit, never `kv`: the actuator is
//!   explicit, and diverges once `h^2 kp` passes `4 M - 2 h kv`.
//! - `implicitfast` and `implicit` (`mj_implicitSkip`, `mjd_actuator_vel`): the
//!   velocity derivative `-kv` is implicit, `a = f / (M + h kv)`; `kp` stays explicit,
//!   so both diverge once `h^2 kp > 4 M + 2 h kv`.
//! - `RK4` (`mj_RungeKutta`): classic fourth order on `(q, v)`; `q'` uses the weighted
//!   velocities.
//! - `discrete` (4.0.0): both gains implicit, `a = (f - h kp v) / (M + h kv + h^2 kp)`,
//!   and `a = 0` when the numerator squared is below 1e-15.
//!
//! A state beyond 1e10 (or an acceleration beyond it) makes MuJoCo reset the data
//! (`mj_checkPos`, `mj_checkVel`, `mj_checkAcc`): the body is back at 0, at rest.

use super::catalogue::{Drive, Engine, Entry, Knob, Settings as AnySettings, Unit};
use super::settings::{choice, settings, Kind};
use super::twin::{Events, Mode, Model, Plant};
use super::Intent;
use crate::math;

/// The package the twin is checked against in `npm test`.
pub const CHECKED_AGAINST: &str = "PyPI mujoco 4.0.0";

choice! {
    /// `<option integrator="...">`.
    pub enum Integrator {
        /// `Euler`, the default.
        Euler = "Euler",
        /// `implicitfast`.
        ImplicitFast = "implicitfast",
        /// `implicit`.
        Implicit = "implicit",
        /// `RK4`.
        Rk4 = "RK4",
        /// `discrete` (MuJoCo 4.0).
        Discrete = "discrete",
    }
}

settings! {
    /// MuJoCo's settings that change how a position actuator moves one body.
    pub struct Settings {
        /// `<option integrator>`.
        integrator: Integrator = Integrator::Euler,
            key "integrator", label "integrator (option integrator)",
            kind Kind::Choice { options: Integrator::NAMES },
            note "Euler (the default) applies the actuator's kp and kv explicitly: stiff gains diverge once \
                  omega dt passes about 2. implicitfast and implicit make only kv implicit, so they tolerate \
                  more but still diverge for a large enough kp. discrete (4.0) makes both implicit.";
    }
}

/// The named variants the twin is checked at against the real engine.
pub fn variants() -> Vec<(&'static str, Settings)> {
    [
        ("default", Integrator::Euler),
        ("implicitfast", Integrator::ImplicitFast),
        ("implicit", Integrator::Implicit),
        ("rk4", Integrator::Rk4),
        ("discrete", Integrator::Discrete),
    ]
    .into_iter()
    .map(|(name, integrator)| (name, Settings { integrator }))
    .collect()
}

/// A position actuator's gains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    /// N/m or N m/rad.
    pub kp: f64,
    /// N s/m or N m s/rad.
    pub kv: f64,
}

/// The twin of MuJoCo.
pub(crate) struct Mujoco;

/// `qpos` and `qvel` of the one joint.
#[derive(Clone, Debug)]
pub(crate) struct State {
    q: f64,
    v: f64,
}

/// `mjMAXVAL`: beyond it MuJoCo resets the simulation.
const MAX_VAL: f64 = 1e10;

impl Model for Mujoco {
    type Drive = Position;
    type Settings = Settings;
    type State = State;

    fn start(q: f64, v: f64, _: &Plant, _: &Settings) -> State {
        State { q, v }
    }

    fn step(state: &mut State, a: &Position, plant: &Plant, s: &Settings, mode: Mode) -> Events {
        let engine = mode == Mode::Engine;
        let (m, h, u) = (plant.mass, plant.dt, plant.target);
        let reset = |state: &mut State| {
            *state = State { q: 0.0, v: 0.0 };
            Events {
                reset: true,
                ..Events::default()
            }
        };
        if engine && (state.q.abs() > MAX_VAL || state.v.abs() > MAX_VAL) {
            return reset(state);
        }
        let force = |q: f64, v: f64| a.kp * u - a.kp * q - a.kv * v;
        let f = force(state.q, state.v);
        if s.integrator == Integrator::Rk4 {
            // mj_RungeKutta: stages at (q, v) + h A_j-weighted slopes, weights 1/6, 1/3, 1/3, 1/6.
            let slope = |q: f64, v: f64| (v, force(q, v) * (1.0 / m));
            let (v1, a1) = slope(state.q, state.v);
            if engine && a1.abs() > MAX_VAL {
                return reset(state);
            }
            let (v2, a2) = slope(state.q + 0.5 * h * v1, state.v + 0.5 * h * a1);
            let (v3, a3) = slope(state.q + 0.5 * h * v2, state.v + 0.5 * h * a2);
            let (v4, a4) = slope(state.q + h * v3, state.v + h * a3);
            state.v += h * (a1 / 6.0 + a2 / 3.0 + a3 / 3.0 + a4 / 6.0);
            state.q += h * (v1 / 6.0 + v2 / 3.0 + v3 / 3.0 + v4 / 6.0);
            return Events::default();
        }
        let acc = match s.integrator {
            Integrator::Euler => f * (1.0 / m),
            Integrator::ImplicitFast => f * (1.0 / (m + a.kv * h)),
            Integrator::Implicit => f / (m + a.kv * h),
            Integrator::Discrete => {
                let r = f - h * a.kp * state.v;
                if engine && r * r < 1e-15 {
                    0.0
                } else {
                    r * (1.0 / (m + (h * a.kv + h * h * a.kp)))
                }
            }
            Integrator::Rk4 => unreachable!("stepped above"),
        };
        if engine && acc.abs() > MAX_VAL {
            return reset(state);
        }
        state.v += acc * h;
        state.q += h * state.v;
        Events::default()
    }

    fn read(state: &State) -> [f64; 2] {
        [state.q, state.v]
    }
}

/// MuJoCo's position actuator as a translator entry.
pub(crate) fn entries() -> Vec<Entry> {
    vec![Entry {
        id: "mujoco-position",
        engine: Engine::Mujoco,
        api: "MuJoCo <position> actuator",
        convention: "force = kp (ctrl - q) - kv q'; use kv or dampratio, not both (dampratio counts the joint's \
                     armature in the inertia). Under the default Euler integrator the actuator is explicit, \
                     kv included: stiff settings need integrator=\"implicitfast\" (which makes kv implicit, \
                     not kp) or \"discrete\".",
        knobs: [
            Knob {
                name: "kp",
                unit: Unit::Stiffness,
                positive: true,
            },
            Knob {
                name: "kv",
                unit: Unit::Damping,
                positive: false,
            },
        ],
        docs: |i: &Intent| {
            let g = i.gains();
            [g.kp, g.kd]
        },
        derived: |[kp, kv], i| vec![("dampratio", kv / (2.0 * math::sqrt(kp * i.mass)), Unit::None)],
        defaults: || AnySettings::Mujoco(Settings::default()),
        variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Mujoco(s))).collect(),
        drive: |[kp, kv], _| Drive::Mujoco(Position { kp, kv }),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::discrete::intended_trace_det;
    use crate::engines::twin::linear_map;
    use crate::testing::ROUND_OFF;

    fn plant() -> Plant {
        Plant {
            mass: 1.5,
            dt: 1.0 / 60.0,
            angular: false,
            target: 0.0,
        }
    }

    /// The helper's closed forms for the discrete-exact gains (`p` the intended
    /// determinant, `t` the trace): Euler `kv = M (1 - p) / h`, `kp = M (1 + p - t) / h^2`;
    /// implicit(fast) `kv = M (1/p - 1) / h`, `kp = M (1 + p - t) / (p h^2)`.
    #[test]
    fn closed_form_discrete_exact_gains() {
        let p = plant();
        let (m, h) = (p.mass, p.dt);
        let (t, d) = intended_trace_det(20.0, 0.5, h).unwrap();
        for (integrator, kp, kv) in [
            (
                Integrator::Euler,
                m * (1.0 + d - t) / (h * h),
                m * (1.0 - d) / h,
            ),
            (
                Integrator::ImplicitFast,
                m * (1.0 + d - t) / (d * h * h),
                m * (1.0 / d - 1.0) / h,
            ),
        ] {
            let a = linear_map::<Mujoco>(&Position { kp, kv }, &p, &Settings { integrator });
            assert!((a[0][0] + a[1][1] - t).abs() < ROUND_OFF, "{integrator:?}");
            assert!((a[0][0] * a[1][1] - a[0][1] * a[1][0] - d).abs() < ROUND_OFF);
        }
    }

    /// implicitfast is not stable for every kp: the Jury bound `h^2 kp < 4 M + 2 h kv`.
    #[test]
    fn implicitfast_diverges_past_its_bound() {
        let p = plant();
        let kv = 125.66;
        let critical = (4.0 * p.mass + 2.0 * p.dt * kv) / (p.dt * p.dt);
        let radius = |kp: f64| {
            let a = linear_map::<Mujoco>(
                &Position { kp, kv },
                &p,
                &Settings {
                    integrator: Integrator::ImplicitFast,
                },
            );
            crate::analysis::spectral_radius(a)
        };
        assert!(radius(0.99 * critical) < 1.0);
        assert!(radius(1.01 * critical) > 1.0);
    }

    #[test]
    fn a_diverging_body_is_reset() {
        let plant = Plant {
            target: 1.0,
            ..plant()
        };
        let stiff = Position { kp: 1e5, kv: 10.0 };
        let out = crate::engines::twin::run::<Mujoco>(&stiff, &plant, &Settings::default(), 200);
        assert!(out.reset_after.is_some());
        assert_eq!(out.positions.len(), 200);
    }

    /// The twin against trajectories recorded from MuJoCo (`golden/mujoco.json`).
    #[test]
    fn matches_the_trajectories_recorded_from_the_engine() {
        crate::engines::golden::check(include_str!("golden/mujoco.json"));
    }
}
