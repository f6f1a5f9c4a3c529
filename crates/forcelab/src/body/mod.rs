//! Rigid bodies: state, mass properties and one integration step.

mod body1;
mod body2;
mod body3;

pub use body1::Body1;
pub use body2::Body2;
pub use body3::{implicit_jacobian, Body3, Gyroscopic, UNIT_TOLERANCE};

/// Why a step was refused when its result would not be finite (the body is left as it
/// was): the step, or the force it was given, is too large for the body.
pub const STEP_OVERFLOWS: &str =
    "this step would leave the body at an infinite or NaN state, so it was not taken; lower dt, the gains or the force";

/// Advances a copy of `body` with `advance` and keeps it only if `validate` accepts the
/// result, so no caller ever reads (or draws) a non-finite state from a step that
/// succeeded; a refused step leaves `body` as it was.
fn step_checked<B: Copy>(
    body: &mut B,
    advance: impl FnOnce(&mut B),
    validate: impl Fn(&B) -> Result<(), crate::Error>,
) -> Result<(), crate::Error> {
    let mut next = *body;
    advance(&mut next);
    validate(&next).map_err(|_| crate::Error::Unsupported {
        field: "dt",
        reason: STEP_OVERFLOWS,
    })?;
    *body = next;
    Ok(())
}
