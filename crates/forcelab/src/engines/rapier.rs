//! Rapier (3-D): a prismatic or revolute joint with
//! `configureMotorPosition(target, stiffness, damping)` on one body joined to a fixed
//! body.
//!
//! Written from the rapier3d crate 0.36.0 (git b716d375), the engine inside npm
//! `@dimforge/rapier3d-compat` 0.21.0; paths relative to its `src/`. A `world.step()`:
//!
//! 0. Sleep (`RigidBodyActivation::update_energy`, island_manager): checked before the
//!    solve from the last step's spin and pose change; after 0.5 s of slow motion the
//!    body is frozen and its motor does not wake it.
//! 1. `num_solver_iterations` substeps (default 4) of `h = dt / n`
//!    (staged_island_solver/init.rs `init_and_solve`): the motor runs at the substep.
//! 2. `MotorModel::combine_coefficients` (joint/motor_model.rs) with the substep:
//!    `erp_inv_dt = k / (h k + c)`, `cfm = 1 / (h^2 k + h c)`; the acceleration-based
//!    model (the default) scales the softness by the row's inverse mass `D = 1/m`.
//! 3. Each substep rebuilds the motor row from the current pose with zero impulse
//!    (joints are not warm-started), solves it once (`solve_generic`), clips the speed
//!    (400 m/s, and spin to `(pi/4) / dt`, staged_island_solver/worker.rs), integrates
//!    (`integrate_linearized`: a rotation turns by `2 atan(h w / 2)`), and solves the
//!    row once more without bias, which changes nothing unless a cap clipped.
//!    Without caps each substep is one backward-Euler step:
//!    `v' = (v - h K e) / (1 + h C + h^2 K)`, `e' = e + h v'`.
//! 4. Body damping `v /= 1 + dt damping`, once per step.

use super::catalogue::{Drive, Engine, Entry, Knob, Settings as AnySettings, Unit};
use super::settings::{settings, Kind};
use super::twin::{cap, f32r, Events, Mode, Model, Plant, BODY_RADIUS};
use super::Intent;
use crate::math;
use core::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

/// The package the twin is checked against in `npm test`.
pub const CHECKED_AGAINST: &str = "npm @dimforge/rapier3d-compat 0.21.0 (rapier3d 0.36.0)";

settings! {
    /// Rapier's settings that change how a joint motor moves one body.
    pub struct Settings {
        /// `IntegrationParameters::num_solver_iterations` (`world.numSolverIterations`).
        num_solver_iterations: u32 = 4,
            key "numSolverIterations", label "solver iterations = substeps (numSolverIterations)",
            kind Kind::Count { min: 1, max: 64 },
            note "Rapier runs this many substeps of dt / n and the motor's backward-Euler step in each: \
                  with 4 (the default) the motor lags and damps much less than one implicit step per dt.";
        /// `RigidBodyDesc::setCanSleep`.
        can_sleep: bool = true,
            key "canSleep", label "body may sleep (setCanSleep)",
            kind Kind::Flag,
            note "On by default: after 0.5 s of slow motion the body is frozen, often short of the \
                  target, and its motor does not wake it.";
        /// `RigidBodyDesc::setLinearDamping`, 1/s.
        linear_damping: f64 = 0.0,
            key "linearDamping", label "body linear damping (setLinearDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0 by default; applied as v / (1 + dt c) once per step.";
        /// `RigidBodyDesc::setAngularDamping`, 1/s.
        angular_damping: f64 = 0.0,
            key "angularDamping", label "body angular damping (setAngularDamping)",
            kind Kind::Number { min: 0.0, max: 1e4, unit: "1/s" },
            note "0 by default; applied as w / (1 + dt c) once per step.";
        /// `IntegrationParameters::num_internal_pgs_iterations`.
        num_internal_pgs_iterations: u32 = 1,
            key "numInternalPgsIterations", label "PGS iterations per substep (numInternalPgsIterations)",
            kind Kind::Count { min: 1, max: 64 },
            note "No effect on a lone motor: its one row is solved exactly by the first iteration.";
    }
}

/// The named variants the twin is checked at against the real engine.
pub fn variants() -> Vec<(&'static str, Settings)> {
    let d = Settings::default();
    vec![
        ("default", d),
        (
            "iterations-1",
            Settings {
                num_solver_iterations: 1,
                ..d
            },
        ),
        (
            "iterations-8",
            Settings {
                num_solver_iterations: 8,
                ..d
            },
        ),
        (
            "no-sleep",
            Settings {
                can_sleep: false,
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

/// Which `MotorModel` the motor uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MotorModel {
    /// `MotorModel::AccelerationBased` (the default): gains per unit mass.
    Acceleration,
    /// `MotorModel::ForceBased`: gains in force units.
    Force,
}

/// A position motor: stiffness and damping in the model's units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motor {
    /// 1/s^2 (acceleration) or N/m, N m/rad (force).
    pub stiffness: f64,
    /// 1/s (acceleration) or N s/m, N m s/rad (force).
    pub damping: f64,
    /// How the gains are read.
    pub model: MotorModel,
}

/// `utils::inv`: 0 for 0.
fn inv(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        1.0 / x
    }
}

/// `smallest_abs_diff_between_angles(a, b)` (utils/mod.rs).
fn smallest_abs_diff(a: f64, b: f64) -> f64 {
    let e = a - b;
    let sign = if e < 0.0 { -1.0 } else { 1.0 };
    let other = e - sign * 2.0 * PI;
    if e.abs() < other.abs() {
        e
    } else {
        other
    }
}

/// The twin of Rapier.
pub(crate) struct Rapier;

/// What Rapier carries between steps for this body.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Position (m) or angle (rad), as read after the step.
    x: f64,
    /// The body's rotation about the axis as a quaternion's `w` and axis part.
    qw: f64,
    qz: f64,
    v: f64,
    sleep_time: f64,
    asleep: bool,
    /// The pose at the last sleep check (`sleep_prev_pose`).
    prev_translation: f64,
    prev_qw: f64,
    prev_qz: f64,
}

/// Rapier's sleep check at the start of a step (`update_energy` with the defaults:
/// 0.05 m/s, `time_until_sleep` 0.5 s, and for a body with a collider a spin gate of
/// pi/2 rad/s); true when the body is, or now falls, asleep.
fn sleep_check(state: &mut State, plant: &Plant) -> bool {
    let spin = if plant.angular { state.v } else { 0.0 };
    let translation = if plant.angular { 0.0 } else { state.x };
    let spin_ok = spin * spin < FRAC_PI_2 * FRAC_PI_2;
    let sin_half = state.qz * state.prev_qw - state.qw * state.prev_qz;
    let drift = (translation - state.prev_translation).abs() + 2.0 * sin_half.abs() * BODY_RADIUS;
    state.prev_translation = translation;
    state.prev_qw = state.qw;
    state.prev_qz = state.qz;
    if spin_ok && drift * 0.5 < 0.05 * plant.dt {
        state.sleep_time = f32r(state.sleep_time + f32r(plant.dt));
    } else {
        state.sleep_time = 0.0;
    }
    state.sleep_time >= 0.5
}

impl Model for Rapier {
    type Drive = Motor;
    type Settings = Settings;
    type State = State;

    fn start(x: f64, v: f64, plant: &Plant, _: &Settings) -> State {
        let (qw, qz) = if plant.angular {
            (math::cos(0.5 * x), math::sin(0.5 * x))
        } else {
            (1.0, 0.0)
        };
        State {
            x,
            qw,
            qz,
            v,
            sleep_time: 0.0,
            asleep: false,
            prev_translation: if plant.angular { 0.0 } else { x },
            prev_qw: qw,
            prev_qz: qz,
        }
    }

    fn step(state: &mut State, motor: &Motor, plant: &Plant, s: &Settings, mode: Mode) -> Events {
        let mut events = Events::default();
        let engine = mode == Mode::Engine;
        let rotating = plant.angular && engine;
        if state.asleep {
            return events;
        }
        if engine && s.can_sleep && sleep_check(state, plant) {
            state.asleep = true;
            events.slept = true;
            return events;
        }
        let n = s.num_solver_iterations;
        let h = plant.dt / n as f64;
        let d = 1.0 / plant.mass;
        let (k, c) = (motor.stiffness, motor.damping);
        let erp_inv_dt = k * inv(h * k + c);
        let cfm = inv(h * h * k + h * c);
        let g = match motor.model {
            MotorModel::Acceleration => d * cfm,
            MotorModel::Force => cfm,
        };
        let inv_lhs = 1.0 / (d + g);
        let limit = if plant.angular {
            FRAC_PI_4 / plant.dt
        } else {
            400.0
        };
        for _ in 0..n {
            let error = if rotating {
                let sign = if state.qw < 0.0 { -1.0 } else { 1.0 };
                let angle = 2.0 * math::asin((sign * state.qz).clamp(-1.0, 1.0));
                smallest_abs_diff(angle, plant.target)
            } else {
                state.x - plant.target
            };
            let rhs = error * erp_inv_dt;
            let mut lambda = 0.0;
            let mut solve_row = |v: &mut f64| {
                let total = lambda + inv_lhs * (*v + rhs - g * lambda);
                *v -= d * (total - lambda);
                lambda = total;
            };
            for _ in 0..s.num_internal_pgs_iterations {
                solve_row(&mut state.v);
            }
            if engine {
                let (v, hit) = cap(state.v, limit);
                state.v = v;
                events.capped |= hit;
            }
            if rotating {
                let a = 0.5 * state.v * h;
                let (w, z) = (state.qw - a * state.qz, state.qz + a * state.qw);
                let norm = math::sqrt(w * w + z * z);
                state.qw = w / norm;
                state.qz = z / norm;
            } else {
                state.x += state.v * h;
            }
            solve_row(&mut state.v);
        }
        let damping = if plant.angular {
            s.angular_damping
        } else {
            s.linear_damping
        };
        state.v /= 1.0 + plant.dt * damping;
        if rotating {
            state.x = 2.0 * math::atan2(state.qz, state.qw);
        }
        events
    }

    fn read(state: &State) -> [f64; 2] {
        [state.x, state.v]
    }
}

fn motor_entry(id: &'static str, model: MotorModel) -> Entry {
    let acceleration = model == MotorModel::Acceleration;
    Entry {
        id,
        engine: Engine::Rapier,
        api: if acceleration {
            "Rapier joint motor (MotorModel::AccelerationBased, the default)"
        } else {
            "Rapier joint motor (MotorModel::ForceBased)"
        },
        convention: if acceleration {
            "configureMotorPosition(target, stiffness, damping): acceleration = stiffness (target - position) + \
             damping (targetVelocity - velocity), scaled by the effective mass; radians for angular axes. \
             Rapier runs it once per substep (4 by default)."
        } else {
            "the same law in force units: retune when the mass changes."
        },
        knobs: [
            Knob {
                name: "stiffness",
                unit: if acceleration {
                    Unit::PerMassStiffness
                } else {
                    Unit::Stiffness
                },
                positive: true,
            },
            Knob {
                name: "damping",
                unit: if acceleration {
                    Unit::PerMassDamping
                } else {
                    Unit::Damping
                },
                positive: false,
            },
        ],
        docs: if acceleration {
            |i: &Intent| {
                let w = i.omega();
                [w * w, 2.0 * i.damping_ratio * w]
            }
        } else {
            |i: &Intent| {
                let g = i.gains();
                [g.kp, g.kd]
            }
        },
        derived: |_, _| Vec::new(),
        defaults: || AnySettings::Rapier(Settings::default()),
        variants: || {
            variants()
                .into_iter()
                .map(|(n, s)| (n, AnySettings::Rapier(s)))
                .collect()
        },
        drive: if acceleration {
            |[stiffness, damping], _| {
                Drive::Rapier(Motor {
                    stiffness,
                    damping,
                    model: MotorModel::Acceleration,
                })
            }
        } else {
            |[stiffness, damping], _| {
                Drive::Rapier(Motor {
                    stiffness,
                    damping,
                    model: MotorModel::Force,
                })
            }
        },
    }
}

/// Rapier's two motor models as translator entries.
pub(crate) fn entries() -> Vec<Entry> {
    vec![
        motor_entry("rapier-acceleration", MotorModel::Acceleration),
        motor_entry("rapier-force", MotorModel::Force),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::discrete::intended_trace_det;
    use crate::testing::ROUND_OFF;

    /// The helper's closed form: the poles of n backward-Euler substeps are
    /// `(1 - h s)^-n` for the roots `s` of `s^2 + C s + K`, so the discrete-exact gains
    /// are `s = (1 - e^{-p h}) / h`, `K = s1 s2`, `C = -(s1 + s2)`; for `zeta < 1` with
    /// `E = e^{zeta w h}`: `K = (1 - 2 E cos(wd h) + E^2) / h^2`, `C = 2 (E cos(wd h) - 1) / h`.
    #[test]
    fn closed_form_discrete_exact_gains() {
        let (f, zeta, dt, n) = (3.0, 0.2, 1.0 / 60.0, 4);
        let h = dt / n as f64;
        let w = 2.0 * PI * f;
        let wd = w * math::sqrt(1.0 - zeta * zeta);
        let e = math::exp(zeta * w * h);
        let k = (1.0 - 2.0 * e * math::cos(wd * h) + e * e) / (h * h);
        let c = 2.0 * (e * math::cos(wd * h) - 1.0) / h;
        let motor = Motor {
            stiffness: k,
            damping: c,
            model: MotorModel::Acceleration,
        };
        let plant = Plant {
            mass: 7.0,
            dt,
            angular: true,
            target: 0.0,
        };
        let a = crate::engines::twin::linear_map::<Rapier>(&motor, &plant, &Settings::default());
        let (t, d) = intended_trace_det(f, zeta, dt).unwrap();
        assert!((a[0][0] + a[1][1] - t).abs() < ROUND_OFF);
        assert!((a[0][0] * a[1][1] - a[0][1] * a[1][0] - d).abs() < ROUND_OFF);
    }

    #[test]
    fn the_acceleration_model_ignores_the_mass_and_the_force_model_does_not() {
        let run = |model, mass| {
            let motor = Motor {
                stiffness: 150.0,
                damping: 20.0,
                model,
            };
            let plant = Plant {
                mass,
                dt: 1.0 / 60.0,
                angular: false,
                target: 1.0,
            };
            crate::engines::twin::run::<Rapier>(&motor, &plant, &Settings::default(), 60).positions
        };
        let (light, heavy) = (
            run(MotorModel::Acceleration, 1.0),
            run(MotorModel::Acceleration, 50.0),
        );
        assert!(light
            .iter()
            .zip(&heavy)
            .all(|(a, b)| (a - b).abs() < ROUND_OFF));
        let (light, heavy) = (run(MotorModel::Force, 1.0), run(MotorModel::Force, 50.0));
        assert!((light[30] - heavy[30]).abs() > 0.1);
    }

    /// The twin against trajectories recorded from Rapier (`golden/rapier.json`).
    #[test]
    fn matches_the_trajectories_recorded_from_the_engine() {
        crate::engines::golden::check(include_str!("golden/rapier.json"));
    }
}
