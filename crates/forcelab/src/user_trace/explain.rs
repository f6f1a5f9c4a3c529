//! Which engine settings explain a trace (issue 47, item 3): every drive of the engine at
//! its defaults and at each named settings variant of the twin, its two knobs fitted to
//! the trace by Gauss-Newton (or held at the numbers the user set), ranked by the root
//! mean square of what is left between the twin's run and the trace.
//!
//! The twin steps a body at rest from 0 toward [`TARGET`]; a trace from `start` toward
//! `target` is scaled onto that step. A linear drive's motion scales with the step, so
//! the fit is exact for it; what acts on absolute speeds or distances (a sleep threshold,
//! a speed cap) matches exactly only for a trace whose step is [`TARGET`] (1 m or 1 rad).

use super::amounts::held_from;
use super::knob_fit::fit_knobs;
use super::{amounts_to, TraceSummary, UserTrace};
use crate::engines::{entries, entry, Engine, Entry, Intent, Parameter, Settings, TARGET};
use crate::error::Error;
use crate::math;

/// One explanation of a trace: a drive at a settings variant with its knobs.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    /// The drive's id (`"box2d-v3"`).
    pub id: &'static str,
    /// `"default"` or the variant's name.
    pub variant: &'static str,
    /// The settings the variant changes from the engine's defaults.
    pub changed: Vec<&'static str>,
    /// The knobs fitted (or given), in the engine's own units.
    pub knobs: [f64; 2],
    /// The knobs with their names and units, and the derived parameters.
    pub parameters: Vec<Parameter>,
    /// Root mean square of twin minus trace, in the trace's units.
    pub rms_error: f64,
    /// The largest |twin - trace|, in the trace's units.
    pub max_error: f64,
    /// The twin's run is the trace to an engine's float precision: `rms_error` at most
    /// [`EXACT`] of the move. Every exact match explains the trace equally; settings that
    /// differ between them (a spin cap on a linear move, a body damping the fitted knobs
    /// absorb) do not show in this trace.
    pub exact: bool,
    /// Where this explanation drives the body, in the trace's units: the target given (or
    /// the trace's own), or, without one, the target fitted with the knobs.
    pub target: f64,
}

/// How long before a trace holds still its knobs stop being fitted, s: the longest of the
/// engines' sleep timers (PhysX about 0.4 s of slow motion, Box2D's and Jolt's 0.5 s).
const SLEEP_TIMER: f64 = 0.5;

/// The root mean square error, relative to the move, below which a match explains a
/// trace exactly: an engine in `f32` leaves about 1e-7 of the move between two ways of
/// writing the same step, the twin about 1e-6 of it from the real engines
/// (`tests/engines/twin.test.mjs`), so 1e-5 separates what the float precision leaves
/// from a setting that moves the body differently.
pub const EXACT: f64 = 1e-5;

/// Every drive of `engine` at every settings variant, its knobs fitted to `trace`, best
/// first (for forcelab itself, the articles' parameterisations and, on a straight move,
/// every law of the Lab's cube under every integrator, [`super::explain_lab`]); with `knobs` (the user's numbers by the engine's names, `"hertz"`,
/// `"dampingRatio"`, ...) only the drives whose two knobs are both named, held at them. `mass` is the body's mass (kg), or moment of inertia
/// (kg m^2) when `angular`; `target` as [`amounts_to`] reads it. Refused by name when the
/// trace has no step to read (`target` equal to the start) or the intent is out of range.
pub fn explain(
    trace: &UserTrace,
    engine: Engine,
    mass: f64,
    angular: bool,
    target: Option<f64>,
    knobs: Option<&[(&str, f64)]>,
) -> Result<Vec<Match>, Error> {
    let (summary, size) = moved(trace, target)?;
    let intent = intent_of(&summary, mass, trace.dt, angular)?;
    // A trace whose first sample is its start logged the state before the first step.
    let skip = usize::from(trace.position[0] == summary.start);
    let observed: Vec<f64> = trace.position[skip..]
        .iter()
        .map(|x| (x - summary.start) / size * TARGET)
        .collect();
    // The knobs are fitted to the motion before the trace held still: an engine's sleep
    // ends a run at a step that jumps with the knobs, which a fit cannot follow; the
    // knobs are then refined on the whole trace, which judges each explanation.
    // A run that sleeps slightly sooner than the trace did would break that window, so it
    // ends half a second before the stop (the engines' sleep timers are 0.4 to 0.5 s),
    // keeping at least half the motion.
    // Without a target (none given, no column for it), where the trace was going is fitted
    // too: the spring's rest estimates it, and a drive that is not a linear spring (a
    // twist drive pulls on 2 sin(e/2)) comes to rest elsewhere than a spring's curve says.
    let free_target = target.is_none() && trace.target.is_none();
    let moving = held_from(&trace.position).map_or(observed.len(), |k| {
        let stop = k.saturating_sub(skip);
        let margin = (SLEEP_TIMER / trace.dt).ceil() as usize;
        stop.saturating_sub(margin).max(stop / 2)
    });
    let mut out = Vec::new();
    for entry in entries().iter().filter(|e| e.engine == engine) {
        let given = match knobs {
            Some(named) => {
                let value = |k: usize| {
                    named
                        .iter()
                        .find(|(n, _)| *n == entry.knobs[k].name)
                        .map(|(_, v)| *v)
                };
                match (value(0), value(1)) {
                    (Some(a), Some(b)) => Some([a, b]),
                    // Not this drive's names: the user did not set this drive.
                    _ => continue,
                }
            }
            None => None,
        };
        for (variant, settings) in entry.variants() {
            let start = match given {
                Some(k) => k,
                None => entry.docs_knobs(&intent)?,
            };
            let run = |k: [f64; 2], s: f64, upto: usize| {
                residuals(entry, &intent, &settings, &observed[..upto], k, s)
            };
            // The unknowns: the knobs unless given, and the target's scale unless known.
            let unknowns = |p: &[f64]| -> ([f64; 2], f64) {
                match (given, free_target) {
                    (None, true) => ([p[0], p[1]], p[2]),
                    (None, false) => ([p[0], p[1]], 1.0),
                    (Some(k), true) => (k, p[0]),
                    (Some(k), false) => (k, 1.0),
                }
            };
            let first: Vec<f64> = match (given, free_target) {
                (None, true) => vec![start[0], start[1], 1.0],
                (None, false) => start.to_vec(),
                (Some(_), true) => vec![1.0],
                (Some(_), false) => Vec::new(),
            };
            let solve = |from: &[f64], upto: usize| {
                if from.is_empty() {
                    return Vec::new();
                }
                fit_knobs(
                    &|p: &[f64]| {
                        let (k, s) = unknowns(p);
                        run(k, s, upto)
                    },
                    from,
                )
            };
            let before = solve(&first, moving);
            // Then the whole trace: near a stop the run moves too little to fix the knobs
            // alone (PhysX's turns, 2 of 108 real runs, came second without it).
            let found = if moving < observed.len() {
                solve(&before, observed.len())
            } else {
                before
            };
            let (fitted, s) = unknowns(&found);
            let Some(r) = run(fitted, s, observed.len()) else {
                continue;
            };
            let rms = math::sqrt(r.iter().map(|e| e * e).sum::<f64>() / r.len() as f64);
            let max = r.iter().fold(0.0f64, |m, e| m.max(e.abs()));
            // In the trace's units: the twin's move of TARGET is the trace's of `size * s`.
            let scale = (size * s).abs() / TARGET;
            out.push(Match {
                id: entry.id,
                variant,
                changed: settings.changed(),
                knobs: fitted,
                parameters: entry.parameters(fitted, &intent),
                rms_error: rms * scale,
                max_error: max * scale,
                exact: rms <= EXACT * TARGET,
                target: summary.start + size * s,
            });
        }
    }
    if engine == Engine::Forcelab && !angular {
        out.extend(super::lab_match::explain_lab_read(
            trace, &summary, size, mass, target, knobs,
        )?);
    }
    out.sort_by(|a, b| a.rms_error.total_cmp(&b.rms_error));
    Ok(out)
}

/// What `trace` amounts to read against `target`, and the size of its move (target minus
/// start); refused by the field `target` when it did not move (nothing to scale onto the
/// twin's step). Read once for every explanation.
pub(super) fn moved(trace: &UserTrace, target: Option<f64>) -> Result<(TraceSummary, f64), Error> {
    let summary = amounts_to(trace, target);
    let size = summary.target - summary.start;
    if size == 0.0 || !size.is_finite() {
        return Err(Error::Unsupported {
            field: "target",
            reason: "the trace ends where it starts: give the target it was driven to",
        });
    }
    Ok((summary, size))
}

/// The intent a trace's explanations are run at: the spring it amounts to (1 Hz,
/// critically damped, where none fits), on `mass` stepped every `dt`. Only Bloom's knobs
/// read its frequency (their time scale); every drive reads the mass and the step.
pub(super) fn intent_of(
    summary: &TraceSummary,
    mass: f64,
    dt: f64,
    angular: bool,
) -> Result<Intent, Error> {
    let intent = Intent {
        frequency: summary.frequency.unwrap_or(1.0).clamp(1e-3, 1e4),
        damping_ratio: summary.damping_ratio.unwrap_or(1.0).clamp(0.0, 1e3),
        mass,
        dt,
        angular,
    };
    intent.validate()?;
    Ok(intent)
}

/// The match `m`'s run at the trace's samples, in the trace's units: what the page draws
/// over the trace. `mass`, `angular` and `target` as [`explain`] was given them. Refused
/// by name for a match no drive or law of the twin has.
pub fn replay(
    trace: &UserTrace,
    m: &Match,
    mass: f64,
    angular: bool,
    target: Option<f64>,
) -> Result<Vec<f64>, Error> {
    let summary = amounts_to(trace, target);
    let n = trace.position.len();
    let unknown = Error::Unsupported {
        field: "match",
        reason: "no drive of the twin or law of the Lab has this id and variant",
    };
    let run = match entry(m.id) {
        Some(entry) => {
            let settings = entry.variant(m.variant).ok_or(unknown)?;
            let intent = intent_of(&summary, mass, trace.dt, angular)?;
            let p = entry.predict(m.knobs, &intent, &settings, n - 1)?;
            core::iter::once(0.0).chain(p.positions).collect()
        }
        None => super::lab_match::replay_lab(m, trace.dt, mass, angular, n).ok_or(unknown)?,
    };
    let size = m.target - summary.start;
    Ok(run
        .iter()
        .map(|p| summary.start + p / TARGET * size)
        .collect())
}

/// What to set instead (issue 47, item 4): the knobs that make `m`'s drive, at its
/// settings, on a body of `mass` (kg, or kg m^2 when `angular`) stepped every `dt`, the
/// spring-damper of `frequency` (Hz) and `damping_ratio` the user wanted: the twin's
/// discrete-exact numbers ([`crate::engines::discrete_exact`]), named with their units.
/// Refused, naming the field, as those are (a step too coarse for the frequency, a knob
/// the engine does not accept). For a law of the Lab, the gains whose run is the wanted
/// spring (`lab_match::instead_lab`).
pub fn instead(
    m: &Match,
    frequency: f64,
    damping_ratio: f64,
    mass: f64,
    angular: bool,
    dt: f64,
) -> Result<Vec<Parameter>, Error> {
    let unknown = Error::Unsupported {
        field: "drive",
        reason: "no drive of the twin has this id and settings variant",
    };
    let intent = Intent {
        frequency,
        damping_ratio,
        mass,
        dt,
        angular,
    };
    intent.validate()?;
    let Some(entry) = entry(m.id) else {
        return super::lab_match::instead_lab(m, &intent);
    };
    let settings = entry.variant(m.variant).ok_or(unknown)?;
    let knobs = crate::engines::discrete_exact(entry, &intent, &settings)?;
    Ok(entry.parameters(knobs, &intent))
}

/// The twin's run with `knobs` minus `observed / scale` (the trace scaled onto the twin's
/// move with its target's scale fitted), or `None` when the twin refuses the knobs or
/// stops short of the trace (it diverged).
fn residuals(
    entry: &Entry,
    intent: &Intent,
    settings: &Settings,
    observed: &[f64],
    knobs: [f64; 2],
    scale: f64,
) -> Option<Vec<f64>> {
    entry.check_knobs(knobs).ok()?;
    let run = entry
        .predict(knobs, intent, settings, observed.len())
        .ok()?;
    if run.positions.len() < observed.len() {
        return None;
    }
    Some(
        run.positions
            .iter()
            .zip(observed)
            .map(|(p, o)| p - o / scale)
            .collect(),
    )
}

#[cfg(test)]
#[path = "explain_tests.rs"]
mod tests;
