#![deny(missing_docs)]
//! # forcelab
//!
//! Controllers that drive physics bodies with forces and torques, and the bodies they
//! drive, in plain `f64` Rust with no platform code: the same crate runs natively and,
//! through `forcelab-wasm`, in the browser, bit for bit.
//!
//! ```
//! use forcelab::{Body1, BackwardPd, Target1};
//!
//! let dt = 1.0 / 60.0;
//! let pd = BackwardPd { kp: 1e6, kd: 10.0 }; // absurdly stiff, still stable
//! let mut cube = Body1::new(0.0, 1.0).unwrap();
//! let target = Target1::at(2.0);
//! for _ in 0..600 {
//!     let force = pd.force(&cube, &target, dt).unwrap().total;
//!     cube.step(force, dt).unwrap();
//! }
//! assert!((cube.x - 2.0).abs() < 1e-6);
//! ```

pub mod analysis;
pub mod angle;
pub mod body;
pub mod catalogue;
pub mod claims;
pub mod controllers;
mod decimal;
pub mod design;
pub mod engines;
pub mod error;
pub mod gain_forms;
pub mod gains;
pub mod golden;
pub mod integrator;
pub mod lab;
pub mod limits;
pub mod math;
pub mod program;
pub mod published;
pub mod random;
pub mod rotation;
pub mod runner;
pub mod scenario;
pub mod scenes;
pub mod schema;
pub mod tuning;
pub mod user_trace;
pub mod world;

#[cfg(test)]
mod testing;

/// The vector and quaternion crate forcelab's 2-D and 3-D types are built on, so a
/// program uses the same version (`forcelab::glam::DVec3`) without naming it again.
pub use glam;

pub use body::{Body1, Body2, Body3, Gyroscopic};
pub use catalogue::LawId;
pub use controllers::{BackwardPd, Controller1, ForwardPd, Spd, Target1, Terms};
pub use error::Error;
pub use integrator::Integrator;
pub use world::{World1, World2, World3};
