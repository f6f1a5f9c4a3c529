//! What the tuner is asked: the plant, the step, the law and the wish, checked by name.

use crate::catalogue::{LawId, PlantId};
use crate::error::{finite, in_range, non_negative, positive, Error};
use crate::integrator::Integrator;
use crate::lab::LawOptions;
use core::fmt;

/// Why a tuning question was refused, as the sentence a page shows next to the field
/// ("mass must be a finite number, got NaN", "law must drive the cube, got ...").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DesignError(pub String);

impl fmt::Display for DesignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<Error> for DesignError {
    fn from(e: Error) -> Self {
        DesignError(e.to_string())
    }
}

/// The longest run the tuner measures, s: a settle time is looked for within it.
pub const MAX_DURATION: f64 = 120.0;
/// The most steps one measured run may take (duration / dt, the halved step included):
/// the search measures a few hundred to a thousand candidates, so this keeps an answer
/// under about a second in a browser (10 s at 600 Hz is 6,000 steps).
pub const MAX_RUN_STEPS: f64 = 6_000.0;

/// The requirements on the response to a step of the target from 0 to 1 (m, or rad for
/// a turn) from rest. Each is an upper bound; `None` leaves it free.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Requirements {
    /// Settling time into the 2 % band and staying there, s.
    pub settle: Option<f64>,
    /// Rise time from 10 % to 90 % of the step, s.
    pub rise: Option<f64>,
    /// Largest excursion past the target, as a fraction of the step (0.05 = 5 %).
    pub overshoot: Option<f64>,
    /// Largest |force| (N, or torque N m) the controller may ask for.
    pub max_effort: Option<f64>,
    /// Largest |target - x| at the end of the run under the load, m (or rad).
    pub max_error: Option<f64>,
}

/// How far the plant may be from the one tuned for: every requirement must also hold
/// at these masses and steps with the same gains.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Robustness {
    /// The mass multiplied by each end of `[low, high]` (1, 1: the nominal mass only).
    pub mass_factors: (f64, f64),
    /// Also at `dt / 2` and `2 dt`.
    pub step_range: bool,
}

impl Robustness {
    /// The `(mass, dt)` pairs a body of `mass` stepped every `dt` must also be run at,
    /// the nominal one first: each end of the mass range that is not 1, then the step
    /// halved and doubled when asked.
    pub fn plants(&self, mass: f64, dt: f64) -> Vec<(f64, f64)> {
        let mut out = vec![(mass, dt)];
        let (low, high) = self.mass_factors;
        for factor in [low, high] {
            if factor != 1.0 {
                out.push((mass * factor, dt));
            }
        }
        if self.step_range {
            out.push((mass, dt / 2.0));
            out.push((mass, dt * 2.0));
        }
        out
    }
}

impl Default for Robustness {
    fn default() -> Self {
        Robustness {
            mass_factors: (1.0, 1.0),
            step_range: false,
        }
    }
}

/// What the tuner prefers among the gains that meet a wish.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Objective {
    /// The smallest peak effort, then the fastest settle: the gentlest gains that do
    /// the job (the default: a stiff drive is what breaks when the plant changes).
    #[default]
    Gentlest,
    /// The fastest settle, then the smallest peak effort: what a law can do at best.
    Fastest,
}

/// The requirements and the run they are measured over: all the verdict needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wish {
    /// What the response must do.
    pub requirements: Requirements,
    /// How long each candidate is run, s (a response must settle within it).
    pub duration: f64,
    /// Which of the gains that meet the wish to prefer.
    pub objective: Objective,
}

/// One tuning question: `law` on one of the Lab's bodies (the cube, the plate, whose
/// response is its x, or the box turning about its tilted axis under torque, with the
/// box's 3-D inertia) of `mass` kg stepped by `integrator` every `dt` s, under a
/// constant `load` (N, or on the box the torque `load I_a / m` as the Lab applies it)
/// pushing it away, measured over `duration` s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DesignSpec {
    /// The body (the Lab's plant) the law drives.
    pub plant: PlantId,
    /// The law to tune (any law of the catalogue that drives `plant`).
    pub law: LawId,
    /// The law's settings beyond its gains (a PID's clamps, a window), run with every
    /// candidate as the Lab runs them.
    pub options: LawOptions,
    /// The body's mass, kg.
    pub mass: f64,
    /// The physics step, s.
    pub dt: f64,
    /// How the body is stepped.
    pub integrator: Integrator,
    /// A constant force on the body, N (0: none).
    pub load: f64,
    /// How long each candidate is run and measured, s.
    pub duration: f64,
    /// What the response must do.
    pub requirements: Requirements,
    /// The plants the same gains must also satisfy.
    pub robustness: Robustness,
    /// Which of the gains that meet the wish to prefer.
    pub objective: Objective,
}

impl DesignSpec {
    /// `law` on a 1 kg cube at `dt`, semi-implicit Euler, no load, 10 s runs, no
    /// requirement.
    pub fn new(law: LawId, dt: f64) -> DesignSpec {
        DesignSpec {
            plant: PlantId::Cube,
            law,
            options: LawOptions::NONE,
            mass: 1.0,
            dt,
            integrator: Integrator::SemiImplicitEuler,
            load: 0.0,
            duration: 10.0,
            requirements: Requirements::default(),
            robustness: Robustness::default(),
            objective: Objective::Gentlest,
        }
    }

    /// The requirements, the run length and the objective.
    pub fn wish(&self) -> Wish {
        Wish {
            requirements: self.requirements,
            duration: self.duration,
            objective: self.objective,
        }
    }

    /// Checks every field; the error names the first bad one and its value.
    pub fn validate(&self) -> Result<(), DesignError> {
        if !self.law.drives(self.plant) {
            return Err(DesignError(format!(
                "law must drive the {}, got \"{}\"",
                self.plant.id(),
                self.law.id()
            )));
        }
        self.options
            .check(self.law)
            .map_err(|e| DesignError(format!("options.{e}")))?;
        in_range("mass", self.mass, 1e-6, 1e6)?;
        in_range("dt", self.dt, 1e-5, 0.5)?;
        in_range("load", self.load, -1e9, 1e9)?;
        check_wish(self.dt, self.duration, &self.requirements, &self.robustness)
    }
}

/// Checks the run length against the step (and the finest step the robustness asks
/// for), each requirement, and the mass range; the error names the first bad field.
pub(crate) fn check_wish(
    dt: f64,
    duration: f64,
    requirements: &Requirements,
    robustness: &Robustness,
) -> Result<(), DesignError> {
    let finest = if robustness.step_range { dt / 2.0 } else { dt };
    let longest = MAX_DURATION.min(MAX_RUN_STEPS * finest);
    in_range("duration", duration, 10.0 * dt, longest)?;
    let r = requirements;
    for (field, value) in [("settle", r.settle), ("rise", r.rise)] {
        if let Some(v) = value {
            positive(field, v)?;
            in_range(field, v, 0.0, duration)?;
        }
    }
    if let Some(v) = r.overshoot {
        non_negative("overshoot", v)?;
        finite("overshoot", v)?;
    }
    if let Some(v) = r.max_effort {
        positive("max_effort", v)?;
    }
    if let Some(v) = r.max_error {
        non_negative("max_error", v)?;
    }
    let (low, high) = robustness.mass_factors;
    in_range("mass_factors.low", low, 0.01, 1.0)?;
    in_range("mass_factors.high", high, 1.0, 100.0)?;
    Ok(())
}

/// A tuning question as the page and the command line write it: ids as text, every
/// field optional (`{ plant, law, mass, dt, integrator, load, duration, requirements,
/// robustness, objective }`; defaults: the cube, 1 kg, 1/60 s, semi-implicit Euler, no
/// load, 10 s).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct DesignRequest {
    /// The plant's id (`"cube"`, `"plate"`, `"box"`).
    pub plant: String,
    /// The law's id (`"backward-pd"`, ...).
    pub law: String,
    /// The law's settings beyond its gains, as in a Lab config's controller.
    pub options: LawOptions,
    /// Mass, kg.
    pub mass: f64,
    /// Step, s.
    pub dt: f64,
    /// The integrator's id.
    pub integrator: String,
    /// Constant force, N.
    pub load: f64,
    /// Run length, s.
    pub duration: f64,
    /// What the response must do.
    pub requirements: Requirements,
    /// The plants the gains must also satisfy.
    pub robustness: Robustness,
    /// `"gentlest"` (default) or `"fastest"`.
    pub objective: Objective,
}

impl Default for DesignRequest {
    fn default() -> Self {
        let s = DesignSpec::new(LawId::BackwardPd, 1.0 / 60.0);
        DesignRequest {
            plant: s.plant.id().into(),
            law: s.law.id().into(),
            options: s.options,
            mass: s.mass,
            dt: s.dt,
            integrator: s.integrator.id().into(),
            load: s.load,
            duration: s.duration,
            requirements: s.requirements,
            robustness: s.robustness,
            objective: s.objective,
        }
    }
}

impl DesignRequest {
    /// The question with its ids read; an unknown id is named with the choices.
    pub fn to_spec(&self) -> Result<DesignSpec, DesignError> {
        let plant = PlantId::parse(&self.plant).map_err(DesignError)?;
        let law = LawId::parse("law", &self.law, &LawId::driving(plant))
            .map_err(|e| DesignError(e.to_string()))?;
        let integrator = Integrator::parse(&self.integrator).map_err(DesignError)?;
        Ok(DesignSpec {
            plant,
            law,
            options: self.options,
            mass: self.mass,
            dt: self.dt,
            integrator,
            load: self.load,
            duration: self.duration,
            requirements: self.requirements,
            robustness: self.robustness,
            objective: self.objective,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_robust_wish_runs_the_nominal_plant_first_then_each_mass_end_then_each_step_end() {
        let none = Robustness::default();
        assert_eq!(none.plants(2.0, 0.01), [(2.0, 0.01)]);
        let both = Robustness {
            mass_factors: (0.5, 2.0),
            step_range: true,
        };
        assert_eq!(
            both.plants(2.0, 0.01),
            [
                (2.0, 0.01),
                (1.0, 0.01),
                (4.0, 0.01),
                (2.0, 0.005),
                (2.0, 0.02)
            ]
        );
        // An end at 1 is the nominal plant, run once.
        let heavier = Robustness {
            mass_factors: (1.0, 3.0),
            step_range: false,
        };
        assert_eq!(heavier.plants(2.0, 0.01), [(2.0, 0.01), (6.0, 0.01)]);
    }
}
