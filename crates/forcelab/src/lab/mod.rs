//! The Lab: any controllers in lockstep on identical bodies, under one dt, one
//! integrator and the same disturbances, recorded for plots and metrics. Scenes are
//! data here, so tests and the page load the same runs.

mod disturbances;
mod lab1;
mod random;

pub use disturbances::Disturbances;
pub use lab1::{Lab1, Trace1};
pub use random::SplitMix64;
