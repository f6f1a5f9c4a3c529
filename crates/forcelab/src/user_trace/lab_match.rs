//! Which of forcelab's own laws explains a trace (issue 47: "a trace saved from the Lab's
//! CSV export comes back matched to the law and settings that made it"): every law that
//! drives the plant, under every integrator, run as the Lab's cube runs it from rest at 0
//! toward [`TARGET`] ([`run_law`]), its gains fitted to the trace ([`fit_knobs`]) and ranked as
//! the engines' drives are ([`super::explain`]).

use super::amounts::held_from;
use super::explain::{Match, EXACT};
use super::knob_fit::fit_knobs;
use super::{TraceSummary, UserTrace};
use crate::analysis::fit::second_order;
use crate::catalogue::{LawId, PlantId};
use crate::engines::{run_law, ArticleSettings, Intent, Law, Parameter, TARGET};
use crate::error::Error;
use crate::integrator::Integrator;
use crate::math;
use core::f64::consts::TAU;

/// Every law that drives the Lab's cube, under each integrator, its gains fitted to `trace`
/// (the gains the catalogue lists for it: kp and kd, and ki for a PID; a law without
/// gains runs as it is), best first; with `knobs` (the user's gains by the catalogue's
/// keys, `"kp"`, `"kd"`, `"ki"`) only the laws whose gains are all named, held at them.
/// `mass` is the Lab's mass, kg; `target` as [`super::amounts_to`] reads it. A law whose run the
/// Lab refuses or that diverges before the trace ends is left out. Refused by name as
/// [`super::explain`] is, and a turn (the Lab's box turns a 3-D body, which these runs
/// are not) by the field `trace`.
pub fn explain_lab(
    trace: &UserTrace,
    mass: f64,
    target: Option<f64>,
    knobs: Option<&[(&str, f64)]>,
) -> Result<Vec<Match>, Error> {
    let (summary, size) = super::explain::moved(trace, target)?;
    explain_lab_read(trace, &summary, size, mass, target, knobs)
}

/// [`explain_lab`] for a trace already read ([`super::explain::moved`]): `explain` hands
/// it the summary it made, so the spring is fitted once.
pub(super) fn explain_lab_read(
    trace: &UserTrace,
    summary: &TraceSummary,
    size: f64,
    mass: f64,
    target: Option<f64>,
    knobs: Option<&[(&str, f64)]>,
) -> Result<Vec<Match>, Error> {
    crate::error::positive("mass", mass)?;
    if trace.angular {
        return Err(Error::Unsupported {
            field: "trace",
            reason: "the Lab's laws are matched on its cube; a turn of its 3-D box is not",
        });
    }
    let plant = PlantId::Cube;
    let intent = super::explain::intent_of(summary, mass, trace.dt, false)?;
    // The Lab records the state before the first step as its first row.
    let observed: Vec<f64> = trace
        .position
        .iter()
        .map(|x| (x - summary.start) / size * TARGET)
        .collect();
    let moving = held_from(&trace.position).unwrap_or(observed.len());
    let free_target = target.is_none() && trace.target.is_none();
    let start_gains = intent.gains();
    let mut out = Vec::new();
    for law in LawId::driving(plant) {
        let gains = law.law().gains;
        let given: Option<Vec<f64>> = match knobs {
            Some(named) => {
                let values: Option<Vec<f64>> = gains
                    .iter()
                    .map(|g| named.iter().find(|(n, _)| *n == g.key).map(|(_, v)| *v))
                    .collect();
                match values {
                    Some(v) if !v.is_empty() => Some(v),
                    // Not this law's gains: the user did not run this law.
                    _ => continue,
                }
            }
            None => None,
        };
        for integrator in Integrator::ALL {
            // The gains, then the target's scale when the trace does not say its target.
            let n = gains.len();
            let split = |p: &[f64]| -> (Vec<f64>, f64) {
                let (k, s) = match &given {
                    Some(g) => (g.clone(), if free_target { p[0] } else { 1.0 }),
                    None => (p[..n].to_vec(), if free_target { p[n] } else { 1.0 }),
                };
                (k, s)
            };
            let run = |p: &[f64], upto: usize| {
                let (k, s) = split(p);
                lab_run(law, plant, integrator, mass, trace.dt, &k, observed.len()).map(|x| {
                    x.iter()
                        .zip(&observed[..upto])
                        .map(|(p, o)| p - o / s)
                        .collect::<Vec<f64>>()
                })
            };
            let mut first: Vec<f64> = match &given {
                Some(_) => Vec::new(),
                None => gains
                    .iter()
                    .map(|g| match g.key {
                        "kp" => start_gains.kp,
                        "kd" => start_gains.kd,
                        _ => g.default * mass,
                    })
                    .collect(),
            };
            if free_target {
                first.push(1.0);
            }
            let found = if first.is_empty() {
                first
            } else {
                fit_knobs(&|p: &[f64]| run(p, moving), &first)
            };
            let Some(r) = run(&found, observed.len()) else {
                continue;
            };
            let (fitted, s) = split(&found);
            let scale = (size * s).abs() / TARGET;
            let rms = math::sqrt(r.iter().map(|e| e * e).sum::<f64>() / r.len() as f64);
            let max = r.iter().fold(0.0f64, |m, e| m.max(e.abs()));
            let parameters: Vec<Parameter> = gains
                .iter()
                .zip(&fitted)
                .map(|(g, v)| Parameter {
                    name: g.key,
                    value: *v,
                    unit: g.unit,
                })
                .collect();
            let knob = |key: &str| {
                parameters
                    .iter()
                    .find(|p| p.name == key)
                    .map_or(0.0, |p| p.value)
            };
            out.push(Match {
                id: law.id(),
                variant: integrator.id(),
                changed: if integrator == Integrator::default() {
                    Vec::new()
                } else {
                    vec!["integrator"]
                },
                knobs: [knob("kp"), knob("kd")],
                parameters,
                rms_error: rms * scale,
                max_error: max * scale,
                exact: rms <= EXACT * TARGET,
                target: summary.start + size * s,
            });
        }
    }
    out.sort_by(|a, b| a.rms_error.total_cmp(&b.rms_error));
    Ok(out)
}

/// What to set instead for a Lab match: its law's gains (under its integrator) whose
/// stepped motion has the wanted natural frequency and damping ratio, read by the fit the
/// engine twin's tests use ([`second_order`]) on the run from rest, as the engines'
/// discrete-exact numbers are: the gains are found by the same fit of knobs, on the two
/// residuals `ln(f / f*)` and `zeta - zeta*`; an integral gain starts, and stays, at 0.
/// Refused by the field `want` when no gains of the law give that motion at this step
/// (to 1e-6), and by `drive` for a law without gains or a match that is not a Lab law.
pub(super) fn instead_lab(m: &Match, intent: &Intent) -> Result<Vec<Parameter>, Error> {
    let unknown = Error::Unsupported {
        field: "drive",
        reason: "no drive of the twin or law of the Lab has this id and variant",
    };
    let law = LawId::from_id(m.id).ok_or(unknown)?;
    let integrator = Integrator::from_id(m.variant).ok_or(unknown)?;
    let gains = law.law().gains;
    if gains.is_empty() {
        return Err(Error::Unsupported {
            field: "drive",
            reason: "this law takes no gains: it has nothing to set",
        });
    }
    let (w, z) = (intent.omega(), intent.damping_ratio);
    // Long enough to read the motion, short of where it has settled to rounding.
    let steps = (2.0 * TAU / w / intent.dt).ceil().clamp(30.0, 2000.0) as usize;
    let g = intent.gains();
    let start: Vec<f64> = gains
        .iter()
        .map(|gain| match gain.key {
            "kp" => g.kp,
            // A wanted damping ratio of 0 may still need some kd at a finite step.
            "kd" => g.kd.max(1e-3 * math::sqrt(g.kp * intent.mass)),
            _ => 0.0,
        })
        .collect();
    let misses = |k: &[f64]| {
        let x = lab_run(
            law,
            PlantId::Cube,
            integrator,
            intent.mass,
            intent.dt,
            k,
            steps,
        )?;
        let e = second_order(&x, intent.dt, |i| (x[i] - TARGET).abs() > 1e-9 * TARGET)?;
        Some(vec![math::ln(e.natural_frequency / w), e.damping_ratio - z])
    };
    let fitted = fit_knobs(&misses, &start);
    let off = misses(&fitted).map_or(f64::INFINITY, |r| r[0].abs().max(r[1].abs()));
    if off > 1e-6 {
        return Err(Error::Unsupported {
            field: "want",
            reason: "no gains of this law give that motion at this step",
        });
    }
    Ok(gains
        .iter()
        .zip(&fitted)
        .map(|(gain, v)| Parameter {
            name: gain.key,
            value: *v,
            unit: gain.unit,
        })
        .collect())
}

/// A Lab match's run (`m.id` a law, `m.variant` an integrator, its gains in
/// `m.parameters`) from rest at 0 toward [`TARGET`], `steps` positions; `None` when it is
/// not one or the Lab refuses it.
pub(super) fn replay_lab(
    m: &Match,
    dt: f64,
    mass: f64,
    angular: bool,
    steps: usize,
) -> Option<Vec<f64>> {
    let law = LawId::from_id(m.id)?;
    let integrator = Integrator::from_id(m.variant)?;
    let plant = if angular { PlantId::Box } else { PlantId::Cube };
    let gains: Vec<f64> = law
        .law()
        .gains
        .iter()
        .map(|g| {
            m.parameters
                .iter()
                .find(|p| p.name == g.key)
                .map_or(0.0, |p| p.value)
        })
        .collect();
    lab_run(law, plant, integrator, mass, dt, &gains, steps)
}

/// The gain `key` (`"kp"`, `"kd"`, `"ki"`) among `gains`, given in the order the law's
/// catalogue entry lists them; 0 for a gain the law does not take.
fn gain_of(law: LawId, gains: &[f64], key: &str) -> f64 {
    law.law()
        .gains
        .iter()
        .position(|g| g.key == key)
        .map_or(0.0, |i| gains[i])
}

/// The Lab's run of one law from rest at 0 toward [`TARGET`]: `steps` positions, the
/// state before the first step first; `None` when the law refuses the gains or the body
/// diverges. The engines' twin of forcelab's laws runs it ([`run_law`]: the Lab's cube
/// step for step, which the tests hold it to), so the page's engines module needs no Lab.
fn lab_run(
    law: LawId,
    plant: PlantId,
    integrator: Integrator,
    mass: f64,
    dt: f64,
    gains: &[f64],
    steps: usize,
) -> Option<Vec<f64>> {
    let gain = |key: &str| gain_of(law, gains, key);
    let p = run_law(
        Law {
            kind: law,
            kp: gain("kp"),
            kd: gain("kd"),
            ki: gain("ki"),
        },
        ArticleSettings { integrator },
        mass,
        dt,
        plant != PlantId::Cube,
        steps.saturating_sub(1),
    )
    .ok()?;
    let x: Vec<f64> = core::iter::once(0.0).chain(p.positions).collect();
    (x.len() == steps && x.iter().all(|v| v.is_finite())).then_some(x)
}

#[cfg(test)]
#[path = "lab_match_tests.rs"]
mod tests;
