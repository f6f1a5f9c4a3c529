//! The gain translator and the engine twin.
//!
//! **The translator** writes one intent (natural frequency, damping ratio, mass or
//! inertia, step) as the parameters each engine's spring drive takes, with units and
//! sign conventions. Behind every entry is the continuous spring-damper
//! `m x'' = k (x* - x) - c x'` with `w = 2 pi f`, `k = m w^2`, `c = 2 m zeta w`.
//!
//! **The twin** says what the engine really does with those numbers: one module per
//! engine ([`unity`], [`physx`], [`box2d`], [`jolt`], [`rapier`], [`mujoco`]) writes
//! the engine's own discrete step of the drive, from its source, with the settings that
//! change the motion and their real defaults (substeps, solver, integrator, body
//! damping, speed caps, sleeping). `npm test` runs the real engines from their registry
//! packages and finds them equal to the twin's prediction (1e-4 m on a 1 m step, 1e-3
//! rad on 1 rad), and each module's unit tests check its step against a trajectory
//! recorded from the real engine.
//!
//! **Discrete-exact gains**: the docs' formula gives the continuous spring, which an
//! engine's step does not reproduce (backward Euler lags and damps; an explicit step
//! rings and can diverge). [`discrete_exact`] solves for the knobs that make the
//! *stepped* motion have the intended frequency and damping ratio at this step and
//! these settings ([`discrete`]), or says why none exist.

mod articles;
pub mod box2d;
mod catalogue;
#[cfg(test)]
mod defaults;
pub mod discrete;
#[cfg(test)]
mod golden;
pub mod jolt;
pub mod mujoco;
pub mod mujoco_chain;
pub mod orientation;
pub mod physx;
pub mod physx_chain;
pub mod rapier;
pub mod settings;
pub mod turn_exact;
pub mod twin;
pub mod unity;

pub use articles::{run_law, Law, Settings as ArticleSettings};
pub use catalogue::{entries, entry, Engine, Entry, Knob, Settings, Unit};
pub use twin::{Prediction, BODY_RADIUS, TARGET};

use crate::error::{non_negative, positive, Error};
use crate::tuning::{Effective, Gains};
use core::f64::consts::TAU;

/// What the reader wants: how fast and how damped, on what body, at what step.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Intent {
    /// Natural frequency `f`, Hz.
    pub frequency: f64,
    /// Damping ratio `zeta`: 1 critical, below overshoots.
    pub damping_ratio: f64,
    /// Mass (kg), or moment of inertia (kg m^2) when `angular`.
    pub mass: f64,
    /// The engine's fixed step, s.
    pub dt: f64,
    /// A rotational drive (units per radian) instead of a linear one (per metre).
    pub angular: bool,
}

impl Default for Intent {
    /// 2 Hz, critically damped, 1 kg, 60 Hz, linear.
    fn default() -> Self {
        Intent {
            frequency: 2.0,
            damping_ratio: 1.0,
            mass: 1.0,
            dt: 1.0 / 60.0,
            angular: false,
        }
    }
}

impl Intent {
    /// Checks the numbers; the error names the field and the value. The step may be
    /// at most 1 s and the frequency at most 1e4 Hz, the range engines are used in.
    pub fn validate(&self) -> Result<(), Error> {
        positive("frequency", self.frequency)?;
        crate::error::in_range("frequency", self.frequency, 0.0, 1e4)?;
        non_negative("damping_ratio", self.damping_ratio)?;
        crate::error::in_range("damping_ratio", self.damping_ratio, 0.0, 1e3)?;
        positive("mass", self.mass)?;
        crate::error::in_range("mass", self.mass, 0.0, 1e9)?;
        positive("dt", self.dt)?;
        crate::error::in_range("dt", self.dt, 0.0, 1.0)?;
        Ok(())
    }

    /// The angular natural frequency `w = 2 pi f`, rad/s.
    pub fn omega(&self) -> f64 {
        TAU * self.frequency
    }

    /// The force gains `k = m w^2`, `c = 2 m zeta w`.
    pub fn gains(&self) -> Gains {
        let w = self.omega();
        Gains {
            kp: self.mass * w * w,
            kd: 2.0 * self.mass * self.damping_ratio * w,
        }
    }

    /// The continuous spring-damper's position at time `t` (s), from rest at 0 toward
    /// [`TARGET`]: `1 - e^{-zeta w t} (cos(wd t) + zeta w / wd sin(wd t))` below
    /// critical, `1 - (1 + w t) e^{-w t}` at it, and the two-exponential form above.
    pub fn ideal(&self, t: f64) -> f64 {
        let (w, z) = (self.omega(), self.damping_ratio);
        let m = crate::math::exp;
        let response = if z < 1.0 {
            let wd = w * crate::math::sqrt(1.0 - z * z);
            m(-z * w * t) * (crate::math::cos(wd * t) + z * w / wd * crate::math::sin(wd * t))
        } else if z == 1.0 {
            (1.0 + w * t) * m(-w * t)
        } else {
            let r = w * crate::math::sqrt(z * z - 1.0);
            let (s1, s2) = (-z * w + r, -z * w - r);
            (s2 * m(s1 * t) - s1 * m(s2 * t)) / (s2 - s1)
        };
        TARGET * (1.0 - response)
    }
}

/// One named parameter of an engine, with its value and unit.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Parameter {
    /// The field or argument, as the engine spells it.
    pub name: &'static str,
    /// Its value.
    pub value: f64,
    /// Its unit ("" for a pure number).
    pub unit: &'static str,
}

/// The intent written for one engine API, as its documentation's formula gives it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct EngineGains {
    /// A stable identifier (`"unity-articulation"`, `"box2d-v3"`, ...).
    pub id: &'static str,
    /// The engine.
    pub engine: Engine,
    /// The engine and the API, for people.
    pub api: &'static str,
    /// The parameters to set.
    pub parameters: Vec<Parameter>,
    /// The engine's law with its signs, and any unit trap.
    pub convention: &'static str,
    /// The force gains the parameters amount to (N/m or N m/rad, N s/m or N m s/rad).
    pub kp: f64,
    /// See `kp`.
    pub kd: f64,
}

/// Every engine's parameters for `intent` by its documentation's formula, in the
/// catalogue's order.
pub fn translate(intent: &Intent) -> Result<Vec<EngineGains>, Error> {
    intent.validate()?;
    let Gains { kp, kd } = intent.gains();
    Ok(entries()
        .iter()
        .map(|e| EngineGains {
            id: e.id,
            engine: e.engine,
            api: e.api,
            parameters: e.parameters((e.docs)(intent), intent),
            convention: e.convention,
            kp,
            kd,
        })
        .collect())
}

/// The knobs that make `entry`'s stepped drive, at `intent.dt` under `settings`, have
/// the intent's natural frequency and damping ratio: its linear part's poles
/// ([`linear_exact`]), and for a turn, the motion over the twin's turn of
/// [`TARGET`] rad read by a fit ([`turn_exact`]: a drive that pulls on `2 sin(e/2)`
/// needs other numbers for a 1 rad turn than for its linear part). Refused, with the
/// reason, when the step is too coarse for the frequency, when the engine would need a
/// knob it does not accept (a negative damping: its step already damps more than the
/// intent), or when no knobs reach the poles or the turn.
pub fn discrete_exact(
    entry: &Entry,
    intent: &Intent,
    settings: &Settings,
) -> Result<[f64; 2], Error> {
    let linear = linear_exact(entry, intent, settings)?;
    if intent.angular {
        turn_exact::refine(entry, intent, settings, linear)
    } else {
        Ok(linear)
    }
}

/// The knobs that give `entry`'s stepped drive's linear part (no caps, sleep or clamps,
/// small turns) the intent's poles at `intent.dt` under `settings` (see [`discrete`]).
/// Refused as [`discrete_exact`] is.
pub fn linear_exact(
    entry: &Entry,
    intent: &Intent,
    settings: &Settings,
) -> Result<[f64; 2], Error> {
    intent.validate()?;
    let target = discrete::intended_trace_det(intent.frequency, intent.damping_ratio, intent.dt)?;
    let start = (entry.docs)(intent);
    let map = |knobs: [f64; 2]| {
        if !knobs.iter().all(|k| k.is_finite()) {
            return None;
        }
        entry.linear_map(knobs, intent, settings).ok()
    };
    let unreachable = Error::Unsupported {
        field: "frequency",
        reason: "no setting of this engine's knobs gives these poles at this step",
    };
    let knobs = discrete::solve(map, start, target).ok_or(unreachable)?;
    for (knob, value) in entry.knobs.iter().zip(knobs) {
        if value < 0.0 || (knob.positive && value == 0.0) {
            return Err(Error::Unsupported {
                field: knob.name,
                reason: "would have to be negative: at this step the engine already damps more than the \
                         intent asks",
            });
        }
    }
    let shown = map(knobs).and_then(|m| discrete::effective(m, intent.dt));
    match shown {
        Some(e)
            if (e.natural_frequency - intent.omega()).abs() <= 1e-6 * intent.omega()
                && (e.damping_ratio - intent.damping_ratio).abs() <= 1e-6 =>
        {
            Ok(knobs)
        }
        _ => Err(unreachable),
    }
}

/// The natural frequency (rad/s) and damping ratio that `entry`'s stepped drive shows
/// with these knobs and settings: for a turn, its motion over the turn read by a fit
/// ([`turn_exact::turn_effective`], what the discrete-exact numbers are solved for),
/// unless a cap takes the turn over; otherwise its linear map's poles. `None` when it has
/// no continuous equivalent (it diverges, or flips sign every step).
pub fn effective(
    entry: &Entry,
    knobs: [f64; 2],
    intent: &Intent,
    settings: &Settings,
) -> Result<Option<Effective>, Error> {
    let linear = discrete::effective(entry.linear_map(knobs, intent, settings)?, intent.dt);
    if intent.angular && linear.is_some() {
        if let Some(turn) = turn_exact::turn_effective(entry, knobs, intent, settings) {
            return Ok(Some(turn));
        }
    }
    Ok(linear)
}

/// Everything the twin says about one entry under one settings variant.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct TwinReport {
    /// The entry's id.
    pub id: &'static str,
    /// The engine.
    pub engine: Engine,
    /// The API, for people.
    pub api: &'static str,
    /// The variant's name (`"default"` for the engine's defaults).
    pub variant: &'static str,
    /// The settings' keys whose values differ from the defaults.
    pub changed: Vec<&'static str>,
    /// The parameters by the documentation's formula.
    pub parameters: Vec<Parameter>,
    /// What the stepped drive shows with them.
    pub effective: Option<Effective>,
    /// The engine's response with them.
    pub predicted: Prediction,
    /// The discrete-exact parameters, or why there are none.
    pub discrete_exact: Result<Vec<Parameter>, String>,
    /// For a turn, how many steps of it the discrete-exact numbers were fitted over
    /// ([`turn_exact::fit_steps`]): a real engine's turn is read over the same steps.
    pub fit_steps: Option<usize>,
    /// The engine's response with the discrete-exact parameters.
    pub predicted_exact: Option<Prediction>,
    /// The frequency and damping ratio the discrete-exact knobs show ([`effective`]),
    /// solved once here with them.
    pub exact_effective: Option<Effective>,
}

/// The twin's report on `entry` under `settings` (named `variant`) for `intent` over
/// `steps` steps.
pub fn report(
    entry: &Entry,
    intent: &Intent,
    variant: &'static str,
    settings: &Settings,
    steps: usize,
) -> Result<TwinReport, Error> {
    intent.validate()?;
    let docs = (entry.docs)(intent);
    let exact = discrete_exact(entry, intent, settings);
    Ok(TwinReport {
        id: entry.id,
        engine: entry.engine,
        api: entry.api,
        variant,
        changed: settings.changed(),
        parameters: entry.parameters(docs, intent),
        effective: effective(entry, docs, intent, settings)?,
        predicted: entry.predict(docs, intent, settings, steps)?,
        predicted_exact: match exact {
            Ok(k) => Some(entry.predict(k, intent, settings, steps)?),
            Err(_) => None,
        },
        exact_effective: match exact {
            Ok(k) => effective(entry, k, intent, settings)?,
            Err(_) => None,
        },
        discrete_exact: exact
            .map(|k| entry.parameters(k, intent))
            .map_err(|e| e.to_string()),
        fit_steps: intent.angular.then(|| turn_exact::fit_steps(intent)),
    })
}

#[cfg(test)]
mod tests;
