//! The Lab: any controllers in lockstep on identical bodies, under one dt, one
//! integrator and the same disturbances, recorded for plots and metrics. Scenes are
//! data here, so tests and the page load the same runs.

mod any_lab;
mod disturbances;
mod lockstep;
mod plant;
mod plants;
mod spec;

pub use crate::random::SplitMix64;
pub use any_lab::{AnyLab, MAX_STEPS_PER_CALL};
pub use disturbances::Disturbances;
pub use lockstep::{Lab, Lab1, Trace};
pub use plant::{Drive, LawGains, Plant};
pub use plants::{BoxPlant, BoxSlot, CubePlant, CubeSlot, PlanarPlant, PlanarSlot};
pub use spec::{LabSpec, LawSpec, SpecError, MAX_CONTROLLERS, MAX_LAWS, MIN_LAWS};
