//! An engine tuning question as the page writes it: the entry's id as text, every
//! field optional.

use super::EngineSpec;
use crate::design::spec::{DesignError, Objective, Requirements, Robustness};
use crate::engines;

/// `{ engine, mass, dt, angular, duration, requirements, robustness, objective }`;
/// defaults: Unity's ConfigurableJoint, 1 kg, 1/60 s, linear, 10 s, no requirement.
/// The engine's settings are its defaults; a caller may replace them after `to_spec`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct EngineRequest {
    /// The engine API's id (`"rapier-acceleration"`, ...).
    pub engine: String,
    /// Mass, kg, or moment of inertia, kg m^2.
    pub mass: f64,
    /// The engine's step, s.
    pub dt: f64,
    /// A revolute drive instead of a prismatic one.
    pub angular: bool,
    /// Run length, s.
    pub duration: f64,
    /// What the response must do.
    pub requirements: Requirements,
    /// The plants the knobs must also satisfy.
    pub robustness: Robustness,
    /// `"gentlest"` (default) or `"fastest"`.
    pub objective: Objective,
}

impl Default for EngineRequest {
    fn default() -> Self {
        let entry = &engines::entries()[0];
        let s = EngineSpec::new(entry, 1.0 / 60.0);
        EngineRequest {
            engine: entry.id.into(),
            mass: s.mass,
            dt: s.dt,
            angular: s.angular,
            duration: s.duration,
            requirements: s.requirements,
            robustness: s.robustness,
            objective: s.objective,
        }
    }
}

impl EngineRequest {
    /// The question with its engine found; an unknown id is named with the choices.
    pub fn to_spec(&self) -> Result<EngineSpec, DesignError> {
        let entry = engines::entry(&self.engine).ok_or_else(|| {
            DesignError(crate::error::not_one_of(
                "engine",
                &self.engine,
                engines::entries().iter().map(|e| e.id),
            ))
        })?;
        Ok(EngineSpec {
            entry,
            settings: entry.default_settings(),
            mass: self.mass,
            dt: self.dt,
            angular: self.angular,
            duration: self.duration,
            requirements: self.requirements,
            robustness: self.robustness,
            objective: self.objective,
        })
    }
}
