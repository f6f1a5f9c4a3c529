//! The Lab: any controllers in lockstep on identical bodies, under one dt, one
//! integrator and the same disturbances, recorded for plots and metrics. Scenes are
//! data here, so tests and the page load the same runs.

mod any_lab;
mod box_plant;
mod card_map;
mod defaults;
#[cfg(test)]
mod disturbance_tests;
mod disturbances;
mod lockstep;
mod options;
mod plant;
mod plants;
#[cfg(all(test, feature = "serde"))]
mod schema_tests;
mod spec;
mod step_windows;
mod trace;

pub use crate::random::SplitMix64;
pub use crate::runner::{advance, CubeSlot, Cubes, Drive, Stepper, DIVERGED};
pub use any_lab::{AnyLab, MAX_STEPS_PER_CALL};
pub use box_plant::{BoxLaw, BoxPlant, BoxSlot};
pub use card_map::{CardMap, MapMarker};
pub use defaults::{LabDefaults, SwitchedOn, DT_60, LAB_DEFAULTS};
pub use disturbances::Disturbances;
pub use lockstep::{Lab, Lab1};
pub use options::{AntiWindupMode, LawOptions};
pub use plant::{LawGains, Plant};
pub use plants::{CubePlant, PlanarPlant, PlanarSlot};
pub use spec::{LabSpec, LawSpec, SpecError, MAX_CONTROLLERS, MAX_LAWS, MIN_LAWS};
pub use step_windows::StepResponse;
pub use trace::Trace;

/// The Lab's data as the page types it (`web/src/core/types.ts`, `npm run core-data`):
/// every type here that crosses to the page as JSON.
pub const TS_TYPES: [&crate::schema::TsType; 7] = [
    &Disturbances::TS,
    &LawSpec::TS,
    &LabSpec::TS,
    &SwitchedOn::TS,
    &LabDefaults::TS,
    &crate::analysis::StepMetrics::TS,
    &StepResponse::TS,
];
