//! Rigid bodies: state, mass properties and one integration step.

mod body1;
mod body2;
mod body3;
pub mod chain;

pub use body1::Body1;
pub use body2::Body2;
pub use body3::{implicit_jacobian, Body3, Gyroscopic, UNIT_TOLERANCE};

/// Why a step was refused when its result would not be finite (the body is left as it
/// was): the step, or the force it was given, is too large for the body.
pub const STEP_OVERFLOWS: &str =
    "this step would leave the body at an infinite or NaN state, so it was not taken; lower dt, the gains or the force";

/// Advances a copy of `body` with `advance` and keeps it only if `finite` says its
/// state is finite, so no caller ever reads (or draws) a non-finite state from a step
/// that succeeded; a refused step leaves `body` as it was. (Only the state can change in
/// a step, so only the state is checked: this runs per body per step.)
fn step_checked<B: Copy>(
    body: &mut B,
    advance: impl FnOnce(&mut B),
    finite: impl Fn(&B) -> bool,
) -> Result<(), crate::Error> {
    let mut next = *body;
    advance(&mut next);
    if !finite(&next) {
        return Err(crate::Error::Unsupported {
            field: "dt",
            reason: STEP_OVERFLOWS,
        });
    }
    *body = next;
    Ok(())
}
