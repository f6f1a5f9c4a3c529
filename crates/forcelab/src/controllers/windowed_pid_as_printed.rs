//! Article 001's windowed PID as printed, the twin of [`WindowedPid`] that the Lab runs
//! beside it: the same class with the listing's window integral.

use super::WindowedPid;
use crate::error::Error;
use crate::published::simpson_as_printed;

/// Article 001's `PIDController` as printed: a [`WindowedPid`] (same window, same
/// derivative, same warm-up) whose window integral is
/// [`simpson_as_printed`] (the listing's `/= 3 dt`, `1/dt^2` times too large).
#[derive(Clone, Debug, PartialEq)]
pub struct WindowedPidAsPrinted(pub WindowedPid);

impl WindowedPidAsPrinted {
    /// The printed class with these gains, window 7, `dt = 0.01`, plant gain 1.
    pub fn new(kp: f64, ki: f64, kd: f64) -> Self {
        WindowedPidAsPrinted(WindowedPid::new(kp, ki, kd))
    }

    /// `AddSample` then `GetLastOutput`.
    pub fn add_sample(&mut self, error: f64) -> Result<f64, Error> {
        Ok(self
            .0
            .add_sample_integrating_with(error, simpson_as_printed)?
            .total)
    }
}
