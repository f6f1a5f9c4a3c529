//! Article 001's windowed PID as printed, the twin of [`WindowedPid`] that the Lab runs
//! beside it: the same class with the listing's window integral.

use super::windowed_pid::{windowed_step, WINDOWED_MEMORY, WINDOWED_SETTINGS};
use super::WindowedPid;
use crate::error::Error;
use crate::program::{Program, Statement::*, Text};
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

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit
/// tests hold it to by running it against the core.
pub(crate) const PROGRAM: Program = Program {
    source: &[Text::Words(
        "crates/forcelab/src/controllers/windowed_pid_as_printed.rs (article 001 as printed: the Simpson sum divided by 3 dt)",
    )],
    settings: WINDOWED_SETTINGS,
    memory: WINDOWED_MEMORY,
    step: windowed_step![
        Let("sum", "0.0"),
        For(
            "j",
            "1",
            "n - 1",
            &[If("j % 2 == 1", &[Set("sum", "sum + 4.0 * errors[j]")], &[])],
        ),
        For(
            "j",
            "2",
            "n - 1",
            &[If("j % 2 == 0", &[Set("sum", "sum + 2.0 * errors[j]")], &[])],
        ),
        Set("sum", "sum + errors[0]"),
        Set("sum", "sum + errors[n - 1]"),
        Let("integral", "sum / (3.0 * dt)"),
    ],
};
