//! Discrete-exact numbers for an orientation drive: what to hand it so that the turn it
//! really makes has the frequency and damping ratio asked.
//!
//! Every drive's numbers are its documentation's formula (`k = I w^2`, `c = 2 zeta I w`
//! per axis, or the engine's own form of it) applied to the intent's frequency and
//! damping ratio. The turn that follows is not that spring-damper: the step discretises
//! it, a drive pulls on `2 sin(e/2)`, `sin(e/2) cos(e/2) / 2` or a quaternion component
//! rather than the angle, and a body whose moments differ couples the axes (the
//! gyroscopic term). Measured on chapter 11's turn with the formula's numbers, PhysX's
//! force slerp drive turns at 0.8 Hz when 2 Hz was asked. Here the frequency and damping
//! ratio handed to the formula are solved again, by Newton's method on the twin's own
//! turn ([`crate::engines::turn_exact`]'s solver), until the motion along the shortest
//! turn's axis, fitted over the first [`super::fit_steps`] steps ([`super::turn_effective_over`]),
//! has the intended frequency and damping ratio to 1e-5. The size and axis of the turn
//! are part of the intent: the numbers hold for this turn, and the fit says how well a
//! second-order motion describes it.

use super::{
    fit_steps, path_deviation, report_one, report_where, turn_effective_over, OrientationIntent,
    OrientationReport, STRAYS,
};
use crate::engines::turn_exact::{newton, Precision};
use crate::error::Error;
use crate::gains::Effective;
use crate::math;

/// How finely the solve works: most engines step in `f32`, whose rounding moves a fitted
/// frequency by about 1e-6 from one trial to the next (measured on Rapier's motors), so
/// the differences are 1e-4 of the unknown and an answer within 1e-5 is accepted: the
/// frequency and damping ratio to a thousandth of a percent, a hundred times finer
/// than the real-engine tests require.
const PRECISION: Precision = Precision {
    difference: 1e-4,
    accepted: 1e-5,
};

/// The numbers that make one drive turn as asked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactNumbers {
    /// The frequency (Hz) handed to the drive's documented formula in place of the
    /// intent's.
    pub frequency: f64,
    /// The damping ratio handed to the formula in place of the intent's.
    pub damping_ratio: f64,
    /// The motion along the turn's axis at those numbers, fitted over [`super::fit_steps`]
    /// steps: the intent's frequency (rad/s, relative) and damping ratio within 1e-5.
    pub fitted: Effective,
}

/// The frequency and damping ratio to hand drive `id` at settings `variant` (names as in
/// [`super::report`]) so that its turn of `intent` fits the intent's. Refused, naming the
/// field, for an unknown drive or variant, and (as `frequency`) when no numbers nearby
/// give that motion: a turn that strays more than 30 degrees from its axis, resets,
/// never leaves the band, or that no spring-damper describes.
pub fn solve(intent: &OrientationIntent, id: &str, variant: &str) -> Result<ExactNumbers, Error> {
    intent.validate()?;
    let steps = fit_steps(intent);
    report_one(intent, 0, id, variant)?;
    let fitted = |k: [f64; 2]| -> Option<Effective> {
        let run = at(intent, k, steps, id, variant).ok()?;
        let p = &run.predicted;
        // A turn the engine resets or that overflows is no spring, whatever came before.
        if !p.resets.is_empty() || p.diverged_after.is_some() {
            return None;
        }
        turn_effective_over(&p.orientations, &p.resets, intent, steps)
    };
    let omega = intent.omega();
    let residual = |k: [f64; 2]| {
        fitted(k).map(|e| {
            [
                math::ln(e.natural_frequency / omega),
                e.damping_ratio - intent.damping_ratio,
            ]
        })
    };
    let start = [intent.frequency, intent.damping_ratio];
    // A trial with no valid frequency or damping ratio has no residual (the intent
    // refuses it), so Newton's method never steps onto it: nothing more to check here.
    let solved = residual(start)
        .and_then(|r| newton(start, r, residual, |_| true, PRECISION))
        .and_then(|k| fitted(k).map(|e| (k, e)));
    let Some((k, e)) = solved else {
        let documented = at(intent, start, steps, id, variant)?.predicted;
        return Err(Error::Unsupported {
            field: "frequency",
            reason: why_not(intent, &documented),
        });
    };
    Ok(ExactNumbers {
        frequency: k[0],
        damping_ratio: k[1],
        fitted: e,
    })
}

/// Why no numbers make a drive's turn the intended spring-damper, read from its turn at
/// the documented numbers over the solve's window.
fn why_not(intent: &OrientationIntent, turn: &super::Prediction3) -> &'static str {
    if !turn.resets.is_empty() || turn.diverged_after.is_some() {
        "the turn is reset or diverges before it arrives"
    } else if path_deviation(&turn.orientations, intent) > STRAYS {
        "the turn strays more than 30 degrees from the shortest path: no one frequency along it describes it"
    } else {
        "no numbers near the documented ones make this turn that spring-damper at this step"
    }
}

/// Drive `id` at `variant` over `steps` steps of `intent`, handed the frequency `k[0]`
/// and damping ratio `k[1]` in place of the intent's.
fn at(
    intent: &OrientationIntent,
    k: [f64; 2],
    steps: usize,
    id: &str,
    variant: &str,
) -> Result<OrientationReport, Error> {
    report_one(&intent.asking(k[0], k[1]), steps, id, variant)
}

/// Which numbers each drive is handed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbers {
    /// Its documentation's formula at the intent's frequency and damping ratio.
    Documented,
    /// Its discrete-exact numbers for the turn ([`solve`]) where they exist.
    Exact,
}

/// One drive at one settings variant, with the numbers it was handed.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactReport {
    /// The drive run with the numbers of `numbers` when it is `Some(Ok)`, with the
    /// intent's otherwise.
    pub report: OrientationReport,
    /// The solved numbers, or why there are none; `None` for documented numbers, or a
    /// drive not kept (not stepped either).
    pub numbers: Option<Result<ExactNumbers, Error>>,
}

/// [`super::report_where`] with each kept drive and variant handed `numbers`: with
/// [`Numbers::Exact`], its discrete-exact numbers ([`solve`]) where they exist, its
/// `parameters` the engine's at those numbers and its `predicted` turn the one they give.
pub fn report_exact(
    intent: &OrientationIntent,
    steps: usize,
    keep: impl Fn(&str, &str) -> bool,
    numbers: Numbers,
) -> Result<Vec<ExactReport>, Error> {
    exact_kept(intent, steps, &keep, numbers)
}

/// [`report_exact`] through one `dyn` filter, as [`super::report_where`] does.
fn exact_kept(
    intent: &OrientationIntent,
    steps: usize,
    keep: &dyn Fn(&str, &str) -> bool,
    numbers: Numbers,
) -> Result<Vec<ExactReport>, Error> {
    let documented = report_where(intent, steps, keep)?;
    Ok(documented
        .into_iter()
        .map(|report| {
            if numbers == Numbers::Documented || !keep(report.drive.id, report.variant) {
                return ExactReport {
                    report,
                    numbers: None,
                };
            }
            let solved = solve(intent, report.drive.id, report.variant);
            let report = match solved {
                Ok(n) => at(
                    intent,
                    [n.frequency, n.damping_ratio],
                    steps,
                    report.drive.id,
                    report.variant,
                )
                .unwrap_or(report),
                Err(_) => report,
            };
            ExactReport {
                report,
                numbers: Some(solved),
            }
        })
        .collect())
}

#[cfg(test)]
#[path = "exact_tests.rs"]
mod tests;
