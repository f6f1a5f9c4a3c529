//! Disturbances a scene applies at a set time (a target that jumps, a sideswipe, a
//! load step, a nudge): a time in the settings rather than a call from the page, so
//! that a run with its disturbances replays bit for bit from its settings alone. A page
//! that disturbs "now" sets the time to now; the run so far is the same either way.

use crate::error::{finite, non_negative, Error};

/// Whether the event at `at` seconds (none: never) fires at the start of step number
/// `step` (counted from 0) of a run stepped by `dt`: the step whose start is nearest
/// `at`, i.e. `step == round(at / dt)`.
pub fn fires(at: Option<f64>, step: u64, dt: f64) -> bool {
    at.is_some_and(|t| (t / dt).round() == step as f64)
}

/// Checks an event time, s: none, or zero or more (the error names `field`).
pub fn check_at(field: &'static str, at: Option<f64>) -> Result<(), Error> {
    if let Some(t) = at {
        finite(field, t)?;
        non_negative(field, t)?;
    }
    Ok(())
}

/// The error for a setting a running scene cannot change (the page then starts over).
pub fn from_the_start(field: &'static str) -> Error {
    Error::Unsupported {
        field,
        reason: "this can change only from the start of a run",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_fires_once_at_the_step_nearest_its_time() {
        let dt = 1.0 / 60.0;
        let at = Some(0.5);
        let hits: Vec<u64> = (0..100).filter(|&s| fires(at, s, dt)).collect();
        assert_eq!(hits, vec![30]);
        assert!(!(0..100).any(|s| fires(None, s, dt)));
        // A time written from the page's clock (a sum of steps) finds its own step.
        let clock = (0..47).fold(0.0, |t, _| t + dt);
        assert_eq!(
            (0..100)
                .filter(|&s| fires(Some(clock), s, dt))
                .collect::<Vec<_>>(),
            vec![47]
        );
    }

    #[test]
    fn a_bad_time_is_named() {
        assert_eq!(
            check_at("jump_at", Some(-1.0)).unwrap_err().field(),
            "jump_at"
        );
        assert_eq!(
            check_at("jump_at", Some(f64::NAN)).unwrap_err().field(),
            "jump_at"
        );
        assert!(check_at("jump_at", None).is_ok());
    }
}
