//! The Lab: any controllers in lockstep on identical bodies, under one dt, one
//! integrator and the same disturbances, recorded for plots and metrics. Scenes are
//! data here, so tests and the page load the same runs.

mod disturbances;
mod lockstep;
mod plant;
mod plants;

pub use crate::random::SplitMix64;
pub use disturbances::Disturbances;
pub use lockstep::{Lab, Lab1, Trace};
pub use plant::{Drive, LawGains, Plant};
pub use plants::{BoxPlant, BoxSlot, CubePlant, CubeSlot, PlanarPlant, PlanarSlot};
