//! What a trace amounts to: the spring-damper it moves as, how it settles, and the
//! events that a spring does not explain (it stopped short, hit a speed cap, diverged).

use super::{spring_fit, SpringFit, UserTrace};
use crate::analysis::{MetricsOptions, StepMetrics};
use core::f64::consts::TAU;

/// A trace holds still when this many samples in a row have the same position, bit for
/// bit: an engine that put the body to sleep, or a speed of zero.
pub const FLAT: usize = 3;

/// Something in a trace that a spring-damper does not explain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TraceEvent {
    /// From `at` s to the end the position does not change, `left` short of the target
    /// (an engine's sleep, or a solver that gave up); `left` is 0 for a trace that held
    /// still on its target.
    Stopped {
        /// When it stopped, s.
        at: f64,
        /// Target minus the final position.
        left: f64,
    },
    /// The speed `speed` (per s) held for at least [`FLAT`] steps in a row while the
    /// trace was far from its target: a cap on the speed.
    SpeedCap {
        /// The capped speed, unit of the position per s.
        speed: f64,
    },
    /// The trace left ten times its step's size from the target at `at` s.
    Diverged {
        /// When, s.
        at: f64,
    },
}

/// What a trace amounts to.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceSummary {
    /// The step, s ([`UserTrace::dt`]).
    pub dt: f64,
    /// The position at the first and last sample.
    pub start: f64,
    /// The position at the last sample.
    pub end: f64,
    /// The target the trace is read against: given, the trace's own target column's last
    /// value, else where the fitted spring comes to rest (a trace that stopped short or
    /// was cut off before it settled still says where it was going), else where it ended.
    pub target: f64,
    /// Natural frequency of the stepped motion's continuous equivalent, Hz; `None` when
    /// no spring-damper fits ([`spring_fit`], over the samples before the trace stopped).
    pub frequency: Option<f64>,
    /// Its damping ratio.
    pub damping_ratio: Option<f64>,
    /// The root mean square of the samples minus that spring-damper's curve, relative to
    /// the step's size (a spring explains a clean trace to 1e-6 and less; a speed cap
    /// leaves 1e-3 and more; measurement noise leaves its own size).
    pub fit_residual: Option<f64>,
    /// The fitted spring-damper itself, with its standard errors: the curve the page draws
    /// under the trace and subtracts from it.
    pub spring: Option<SpringFit>,
    /// When it stays within 2 % of the step around the target, s from the first sample.
    pub settle: Option<f64>,
    /// The largest excursion past the target, % of the step.
    pub overshoot_percent: f64,
    /// What the spring does not explain.
    pub events: Vec<TraceEvent>,
}

/// What `trace` amounts to, read against `target` (or, without one, the trace's target
/// column, the fitted spring's rest, or where it ended).
pub fn amounts_to(trace: &UserTrace, target: Option<f64>) -> TraceSummary {
    let x = &trace.position;
    let (start, end) = (x[0], x[x.len() - 1]);
    let dt = trace.dt;
    // The motion up to where it stops: a held tail is not a spring's.
    let stopped = held_from(x);
    let until = stopped.unwrap_or(x.len());
    let fit = spring_fit(&trace.time[..until], &x[..until]);
    // The rest is trusted where the spring explains the motion to 5 % of its move.
    let rest = fit.filter(|f| {
        let moved = (f.rest - start).abs();
        f.damping_ratio > 0.0 && moved > 0.0 && f.rms < 0.05 * moved
    });
    let target = target
        .or_else(|| trace.target.as_ref().and_then(|t| t.last().copied()))
        .or(rest.map(|f| f.rest))
        .unwrap_or(end);
    let size = (target - start).abs().max(f64::MIN_POSITIVE);
    let metrics = StepMetrics::of(
        &trace.time,
        x,
        &[],
        start,
        target,
        MetricsOptions::default(),
    )
    .ok();
    let mut events = Vec::new();
    if let Some(k) = stopped {
        events.push(TraceEvent::Stopped {
            at: trace.time[k] - trace.time[0],
            left: target - end,
        });
    }
    if let Some(speed) = speed_cap(x, dt, target, size) {
        events.push(TraceEvent::SpeedCap { speed });
    }
    if let Some(k) = x.iter().position(|v| (v - target).abs() > 10.0 * size) {
        events.push(TraceEvent::Diverged {
            at: trace.time[k] - trace.time[0],
        });
    }
    TraceSummary {
        dt,
        start,
        end,
        target,
        frequency: fit.map(|e| e.natural_frequency / TAU),
        damping_ratio: fit.map(|e| e.damping_ratio),
        fit_residual: fit.map(|e| e.rms / size),
        spring: fit,
        settle: metrics
            .and_then(|m| m.settling_time)
            .map(|t| t - trace.time[0]),
        overshoot_percent: metrics.map_or(0.0, |m| m.overshoot_percent),
        events,
    }
}

/// The first sample of the run of equal positions that ends the trace, when it is at
/// least [`FLAT`] long.
pub(super) fn held_from(x: &[f64]) -> Option<usize> {
    let last = x[x.len() - 1];
    let k = x
        .iter()
        .rposition(|v| v.to_bits() != last.to_bits())
        .map_or(0, |k| k + 1);
    (x.len() - k >= FLAT).then_some(k)
}

/// The speed held for [`FLAT`] or more steps in a row (to 1e-9 relative) while more than
/// a tenth of the step from the target, the largest such.
fn speed_cap(x: &[f64], dt: f64, target: f64, size: f64) -> Option<f64> {
    let speeds: Vec<f64> = x.windows(2).map(|w| (w[1] - w[0]) / dt).collect();
    let mut best: Option<f64> = None;
    let mut run = 1;
    for k in 1..speeds.len() {
        let (a, b) = (speeds[k - 1], speeds[k]);
        let far = (x[k] - target).abs() > 0.1 * size;
        if far && b != 0.0 && ((b - a) / b).abs() < 1e-9 {
            run += 1;
            if run >= FLAT {
                best = Some(best.map_or(b.abs(), |s: f64| s.max(b.abs())));
            }
        } else {
            run = 1;
        }
    }
    best
}
