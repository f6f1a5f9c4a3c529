//! A trace a user brings: what their engine did, pasted as text (issue 47). [`read`]
//! turns CSV or JSON, with a header or without, comma, semicolon or tab separated, with
//! a decimal comma, or Unity's `Debug.Log` and Godot's `print` lines of a float or a
//! vector with a time stamp, into samples of time and position (and velocity when given);
//! [`amounts_to`] says what the motion amounts to: the continuous frequency and damping
//! ratio of the stepped motion (the fit the engine twin's tests use), the settle time and
//! overshoot, where it stopped and whether it stopped early.
//!
//! A line that cannot be read is named by its number and its text, never skipped
//! silently; only the lines Unity's console adds around each log (its stack trace) are
//! left out, and counted.

mod amounts;
mod as_code;
mod example;
mod explain;
mod json;
mod knob_fit;
mod lab_match;
mod read;
mod spring;

pub use amounts::{amounts_to, TraceEvent, TraceSummary, FLAT};
pub use as_code::{as_code, differences};
pub use example::{TraceExample, TRACE_EXAMPLE};
pub use explain::{explain, instead, replay, Match, EXACT};
pub use lab_match::explain_lab;
pub use read::{read, MIN_SAMPLES, STEP_TOLERANCE};
pub use spring::{spring_fit, SpringFit};

use core::fmt;

/// The samples of a trace, in the units the user logged them (m or rad, s).
#[derive(Clone, Debug, PartialEq)]
pub struct UserTrace {
    /// The time of each sample, s, strictly increasing.
    pub time: Vec<f64>,
    /// The position (or angle) at each sample.
    pub position: Vec<f64>,
    /// The velocity at each sample, when the trace has a column for it.
    pub velocity: Option<Vec<f64>>,
    /// The target at each sample, when the trace has a column for it (the Lab's CSV).
    pub target: Option<Vec<f64>>,
    /// The step, s: the median of the time differences.
    pub dt: f64,
    /// The largest time difference's distance from `dt`, relative to `dt`, when it is
    /// more than [`STEP_TOLERANCE`]: the step is not uniform and the fit reads it as if it were.
    pub uneven_step: Option<f64>,
    /// The trace is an angle (its header says so): rad and rad/s.
    pub angular: bool,
    /// What was read as the position: a column's name, or a vector's component.
    pub read_as: String,
    /// How many lines were left out as a log's own noise (Unity's stack-trace lines).
    pub skipped_lines: usize,
}

/// Why a trace could not be read: the line (1-based) and its text where one line is at
/// fault, and the reason in a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceError {
    /// The line at fault, 1-based, or `None` when the trace as a whole is.
    pub line: Option<usize>,
    /// That line's text (at most 80 characters of it).
    pub content: String,
    /// Why.
    pub reason: String,
}

impl TraceError {
    pub(super) fn at(line: usize, content: &str, reason: impl Into<String>) -> TraceError {
        let content: String = content.trim().chars().take(80).collect();
        TraceError {
            line: Some(line),
            content,
            reason: reason.into(),
        }
    }

    pub(super) fn whole(reason: impl Into<String>) -> TraceError {
        TraceError {
            line: None,
            content: String::new(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(
                f,
                "trace: line {line} ({:?}): {}",
                self.content, self.reason
            ),
            None => write!(f, "trace: {}", self.reason),
        }
    }
}

impl std::error::Error for TraceError {}
