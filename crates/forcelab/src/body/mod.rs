//! Rigid bodies: state, mass properties and one integration step.

mod body1;
mod body2;
mod body3;

pub use body1::Body1;
pub use body2::Body2;
pub use body3::{implicit_jacobian, Body3, Gyroscopic, UNIT_TOLERANCE};
