//! Which of forcelab's own laws explains a trace (issue 47: "a trace saved from the Lab's
//! CSV export comes back matched to the law and settings that made it"): every law that
//! drives the plant, under every integrator, run by the Lab itself ([`LabSpec`]) from rest
//! at 0 toward [`TARGET`], its gains fitted to the trace ([`fit_knobs`]) and ranked as
//! the engines' drives are ([`super::explain`]).

use super::amounts::held_from;
use super::explain::{Match, EXACT};
use super::knob_fit::fit_knobs;
use super::{amounts_to, UserTrace};
use crate::catalogue::{LawId, PlantId};
use crate::engines::{Intent, Parameter, TARGET};
use crate::error::Error;
use crate::integrator::Integrator;
use crate::lab::{LabSpec, LawSpec, MAX_STEPS_PER_CALL};
use crate::math;

/// Every law that drives `plant`, under each integrator, its gains fitted to `trace`
/// (the gains the catalogue lists for it: kp and kd, and ki for a PID; a law without
/// gains runs as it is), best first; with `knobs` (the user's gains by the catalogue's
/// keys, `"kp"`, `"kd"`, `"ki"`) only the laws whose gains are all named, held at them.
/// `mass` is the Lab's mass, kg; `target` as [`amounts_to`] reads it. A law whose run the
/// Lab refuses or that diverges before the trace ends is left out. Refused by name as
/// [`super::explain`] is.
pub fn explain_lab(
    trace: &UserTrace,
    plant: PlantId,
    mass: f64,
    target: Option<f64>,
    knobs: Option<&[(&str, f64)]>,
) -> Result<Vec<Match>, Error> {
    let summary = amounts_to(trace, target);
    let size = summary.target - summary.start;
    if size == 0.0 || !size.is_finite() {
        return Err(Error::Unsupported {
            field: "target",
            reason: "the trace ends where it starts: give the target it was driven to",
        });
    }
    crate::error::positive("mass", mass)?;
    let intent = Intent {
        frequency: summary.frequency.unwrap_or(1.0).clamp(1e-3, 1e4),
        damping_ratio: summary.damping_ratio.unwrap_or(1.0).clamp(0.0, 1e3),
        mass,
        dt: trace.dt,
        angular: trace.angular,
    };
    intent.validate()?;
    // The Lab records the state before the first step as its first row.
    let observed: Vec<f64> = trace
        .position
        .iter()
        .map(|x| (x - summary.start) / size * TARGET)
        .collect();
    let moving = held_from(&trace.position).unwrap_or(observed.len());
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
            let run = |k: &[f64]| {
                lab_run(law, plant, integrator, mass, trace.dt, k, observed.len())
                    .map(|x| x.iter().zip(&observed).map(|(p, o)| p - o).collect())
            };
            let start: Vec<f64> = gains
                .iter()
                .map(|g| match g.key {
                    "kp" => start_gains.kp,
                    "kd" => start_gains.kd,
                    _ => g.default * mass,
                })
                .collect();
            let fitted = if let Some(g) = &given {
                g.clone()
            } else if start.is_empty() {
                start
            } else {
                let before = fit_knobs(
                    &|k: &[f64]| run(k).map(|r: Vec<f64>| r[..moving].to_vec()),
                    &start,
                );
                if moving < observed.len() {
                    fit_knobs(&run, &before)
                } else {
                    before
                }
            };
            let Some(r) = run(&fitted) else { continue };
            let scale = size.abs() / TARGET;
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
            });
        }
    }
    out.sort_by(|a, b| a.rms_error.total_cmp(&b.rms_error));
    Ok(out)
}

/// The Lab's run of one law on `plant` from rest at 0 toward [`TARGET`]: `steps`
/// positions, the state before the first step first; `None` when the Lab refuses the
/// gains or the body diverges.
fn lab_run(
    law: LawId,
    plant: PlantId,
    integrator: Integrator,
    mass: f64,
    dt: f64,
    gains: &[f64],
    steps: usize,
) -> Option<Vec<f64>> {
    let gain = |key: &str| {
        law.law()
            .gains
            .iter()
            .position(|g| g.key == key)
            .map_or(0.0, |i| gains[i])
    };
    let spec = LabSpec {
        plant: plant.id().into(),
        mass,
        dt,
        integrator: integrator.id().into(),
        controllers: vec![LawSpec {
            kind: law.id().into(),
            kp: gain("kp"),
            kd: gain("kd"),
            ki: gain("ki"),
            ..LawSpec::default()
        }],
        ..LabSpec::default()
    };
    let mut lab = spec.build().ok()?;
    let mut left = steps.saturating_sub(1);
    while left > 0 {
        let now = left.min(MAX_STEPS_PER_CALL as usize);
        lab.step(now as u32).ok()?;
        left -= now;
    }
    if lab.diverged()[0] {
        return None;
    }
    let x = &lab.trace().x;
    (x.len() == steps && x.iter().all(|v| v.is_finite())).then(|| x.clone())
}

#[cfg(test)]
#[path = "lab_match_tests.rs"]
mod tests;
