//! Rigid bodies: state, mass properties and one integration step.

mod body1;

pub use body1::Body1;
