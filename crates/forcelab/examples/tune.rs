//! Tune for me, from the command line: the gains of a catalogue law that meet a wish
//! about the response to a target step from 0 to 1 m from rest (`forcelab::design`).
//!
//! ```text
//! cargo run -p forcelab --release --example tune -- --json --law backward-pd \
//!     --mass 1 --dt 0.016666666666666666 --settle 0.3 --overshoot 0 --max-effort 200
//! ```
//!
//! Flags: `--law ID` (required), `--plant cube|plate|box` (cube; on the box the step is
//! a turn of 1 rad about its tilted axis and the effort a torque), `--mass KG` (1), `--dt S` (1/60), `--integrator ID`
//! (semi-implicit-euler), `--settle S`, `--rise S`, `--overshoot FRACTION`,
//! `--max-effort N`, `--max-error M`, `--load N` (a constant force), `--mass-range
//! LOW,HIGH` (the mass multiplied by each), `--step-range` (also at dt/2 and 2 dt),
//! `--duration S` (10), `--fastest` (of the gains that meet the wish, the fastest
//! rather than the gentlest), `--json` (one JSON object instead of a sentence). A bad
//! flag or value is named, with exit status 2.
//!
//! `--engine ID` tunes an engine API's own spring drive instead of a law (its twin,
//! at its default settings; `--angular` for a revolute drive): the answer's `gains` are
//! the engine's parameters as it names them. `--law`, `--plant`, `--integrator` and
//! `--load` do not apply to an engine and are refused with it.

use forcelab::catalogue::{LawId, PlantId};
use forcelab::design::{
    tune, tune_engine, Design, DesignSpec, EngineDesign, EngineSpec, Objective, Requirements,
    Response,
};
use forcelab::engines;
use forcelab::Integrator;
use serde_json::{json, Value};

/// The flags that take a value, and the field of the core's errors each one sets.
const VALUED: [(&str, &str); 14] = [
    ("--law", "law"),
    ("--plant", "plant"),
    ("--engine", "engine"),
    ("--mass", "mass"),
    ("--dt", "dt"),
    ("--integrator", "integrator"),
    ("--settle", "settle"),
    ("--rise", "rise"),
    ("--overshoot", "overshoot"),
    ("--max-effort", "max_effort"),
    ("--max-error", "max_error"),
    ("--load", "load"),
    ("--mass-range", "mass_factors"),
    ("--duration", "duration"),
];

fn main() {
    match run(std::env::args().skip(1).collect()) {
        Ok(text) => println!("{text}"),
        Err(message) => {
            eprintln!("tune: {message}");
            std::process::exit(2);
        }
    }
}

fn number(flag: &str, text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .map_err(|_| format!("{flag} must be a number, got \"{text}\""))
}

fn run(args: Vec<String>) -> Result<String, String> {
    let mut json_out = false;
    let mut law = None;
    let mut engine = None;
    let mut angular = false;
    let mut law_only = Vec::new();
    let mut spec = DesignSpec::new(LawId::BackwardPd, 1.0 / 60.0);
    let mut r = Requirements::default();
    let mut k = 0;
    while k < args.len() {
        let flag = args[k].as_str();
        match flag {
            "--json" => json_out = true,
            "--step-range" => spec.robustness.step_range = true,
            "--fastest" => spec.objective = Objective::Fastest,
            "--angular" => angular = true,
            _ if VALUED.iter().any(|(f, _)| *f == flag) => {
                let value = args
                    .get(k + 1)
                    .ok_or_else(|| format!("{flag} needs a value"))?;
                k += 1;
                if matches!(flag, "--law" | "--plant" | "--integrator" | "--load") {
                    law_only.push(flag);
                }
                match flag {
                    "--engine" => {
                        engine = Some(engines::entry(value).ok_or_else(|| {
                            forcelab::error::not_one_of(
                                "--engine",
                                value,
                                engines::entries().iter().map(|e| e.id),
                            )
                        })?)
                    }
                    "--law" => law = Some(value.as_str()),
                    "--plant" => {
                        spec.plant =
                            PlantId::parse(value).map_err(|e| e.replacen("plant", "--plant", 1))?
                    }
                    "--integrator" => {
                        spec.integrator = Integrator::parse(value)
                            .map_err(|e| e.replacen("integrator", "--integrator", 1))?
                    }
                    "--mass-range" => {
                        let (low, high) = value.split_once(',').ok_or_else(|| {
                            format!("--mass-range must be LOW,HIGH, got \"{value}\"")
                        })?;
                        spec.robustness.mass_factors = (number(flag, low)?, number(flag, high)?);
                    }
                    _ => {
                        let v = number(flag, value)?;
                        match flag {
                            "--mass" => spec.mass = v,
                            "--dt" => spec.dt = v,
                            "--settle" => r.settle = Some(v),
                            "--rise" => r.rise = Some(v),
                            "--overshoot" => r.overshoot = Some(v),
                            "--max-effort" => r.max_effort = Some(v),
                            "--max-error" => r.max_error = Some(v),
                            "--load" => spec.load = v,
                            _ => spec.duration = v,
                        }
                    }
                }
            }
            _ => {
                let known: Vec<&str> = VALUED.iter().map(|(f, _)| *f).collect();
                return Err(format!(
                    "unknown flag \"{flag}\": the flags are --json, --step-range, --fastest, --angular, {}",
                    known.join(", ")
                ));
            }
        }
        k += 1;
    }
    spec.requirements = r;
    if let Some(entry) = engine {
        if let Some(flag) = law_only.first() {
            return Err(format!(
                "{flag} does not apply with --engine: an engine's drive is its own law and step"
            ));
        }
        let e = EngineSpec {
            entry,
            settings: entry.default_settings(),
            mass: spec.mass,
            dt: spec.dt,
            angular,
            duration: spec.duration,
            requirements: spec.requirements,
            robustness: spec.robustness,
            objective: spec.objective,
        };
        let design = tune_engine(&e).map_err(|e| with_flag(&e.to_string()))?;
        return Ok(if json_out {
            engine_json(&e, &design).to_string()
        } else {
            engine_sentence(&e, &design)
        });
    }
    if angular {
        return Err("--angular applies to an --engine's drive only".into());
    }
    let law = law.ok_or("--law is required (a law id of the catalogue, e.g. backward-pd)")?;
    spec.law =
        LawId::parse("--law", law, &LawId::driving(spec.plant)).map_err(|e| e.to_string())?;
    let design = tune(&spec).map_err(|e| with_flag(&e.to_string()))?;
    Ok(if json_out {
        to_json(&spec, &design).to_string()
    } else {
        sentence(&spec, &design)
    })
}

/// The core's message with the flag that set its field in front ("--max-effort:
/// max_effort must be ...").
fn with_flag(message: &str) -> String {
    for (flag, field) in VALUED {
        if message.starts_with(field) {
            return format!("{flag}: {message}");
        }
    }
    message.to_string()
}

fn response(r: &Response) -> Value {
    json!({
        "settle": r.settle,
        "rise": r.rise,
        "overshoot": r.overshoot,
        "peakEffort": r.peak_effort,
        "error": r.error,
        "diverged": r.diverged,
    })
}

fn requirements(r: &Requirements) -> Value {
    json!({
        "settle": r.settle,
        "rise": r.rise,
        "overshoot": r.overshoot,
        "maxEffort": r.max_effort,
        "maxError": r.max_error,
    })
}

fn margins(m: &forcelab::design::Margins) -> Value {
    json!({
        "settle": m.settle, "rise": m.rise, "overshoot": m.overshoot,
        "maxEffort": m.max_effort, "maxError": m.max_error,
    })
}

fn engine_json(spec: &EngineSpec, d: &EngineDesign) -> Value {
    let gains: serde_json::Map<String, Value> = d
        .parameters
        .iter()
        .map(|p| (p.name.to_string(), json!(p.value)))
        .collect();
    let parameters: Vec<Value> = d
        .parameters
        .iter()
        .map(|p| json!({ "name": p.name, "value": p.value, "unit": p.unit }))
        .collect();
    json!({
        "feasible": d.feasible,
        "engine": d.id,
        "api": d.api,
        "mass": spec.mass,
        "dt": spec.dt,
        "angular": spec.angular,
        "frequency": d.frequency,
        "dampingRatio": d.damping_ratio,
        "gains": gains,
        "parameters": parameters,
        "predicted": response(&d.predicted),
        "margins": margins(&d.margins),
        "nearest": d.nearest.as_ref().map(requirements),
        "binding": d.binding,
        "evaluated": d.evaluated,
    })
}

fn engine_sentence(spec: &EngineSpec, d: &EngineDesign) -> String {
    let set: Vec<String> = d
        .parameters
        .iter()
        .map(|p| {
            format!(
                "{} = {:.6}{}{}",
                p.name,
                p.value,
                if p.unit.is_empty() { "" } else { " " },
                p.unit
            )
        })
        .collect();
    let head = if d.feasible {
        format!("{}: {} meet the wish", d.api, set.join(", "))
    } else {
        format!(
            "{}: nothing meets the wish; {} binds. Nearest: {}",
            d.api,
            d.binding.unwrap_or("settle"),
            set.join(", ")
        )
    };
    format!(
        "{head}\n{}",
        summary(&d.predicted, d.evaluated, spec.angular)
    )
}

fn summary(p: &Response, evaluated: usize, angular: bool) -> String {
    let time = |t: Option<f64>| t.map_or("never".into(), |t| format!("{t:.3} s"));
    let (effort, length) = if angular { ("N m", "rad") } else { ("N", "m") };
    format!(
        "settle {}, rise {}, overshoot {:.2} %, peak effort {:.3} {effort}, final error {:.2e} {length} ({evaluated} candidates)",
        time(p.settle),
        time(p.rise),
        p.overshoot * 100.0,
        p.peak_effort,
        p.error,
    )
}

fn to_json(spec: &DesignSpec, d: &Design) -> Value {
    let mut gains = serde_json::Map::new();
    for g in spec.law.law().gains {
        let v = match g.key {
            "kp" => d.gains.kp,
            "kd" => d.gains.kd,
            _ => d.gains.ki,
        };
        gains.insert(g.key.into(), json!(v));
    }
    json!({
        "feasible": d.feasible,
        "law": spec.law.id(),
        "plant": spec.plant.id(),
        "mass": spec.mass,
        "dt": spec.dt,
        "integrator": spec.integrator.id(),
        "gains": gains,
        "predicted": response(&d.predicted),
        "margins": margins(&d.margins),
        "poles": d.poles.as_ref().map(|p| p.iter().map(|z| [z.re, z.im]).collect::<Vec<_>>()),
        "nearest": d.nearest.as_ref().map(requirements),
        "binding": d.binding,
        "evaluated": d.evaluated,
    })
}

fn sentence(spec: &DesignSpec, d: &Design) -> String {
    let g = d.gains;
    let head = if d.feasible {
        format!(
            "{}: kp {:.6} N/m, kd {:.6} N s/m, ki {:.6} N/(m s) meet the wish",
            spec.law.id(),
            g.kp,
            g.kd,
            g.ki
        )
    } else {
        format!(
            "{}: nothing meets the wish; {} binds. Nearest: kp {:.6}, kd {:.6}, ki {:.6}",
            spec.law.id(),
            d.binding.unwrap_or("settle"),
            g.kp,
            g.kd,
            g.ki
        )
    };
    format!("{head}\n{}", summary(&d.predicted, d.evaluated, false))
}

#[cfg(test)]
mod tests {
    use super::run;
    use serde_json::Value;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    fn json(text: &str) -> Value {
        serde_json::from_str(&run(args(text)).unwrap()).unwrap()
    }

    #[test]
    fn a_law_answers_with_its_catalogue_gains() {
        let out = json("--json --law backward-pd --settle 0.5 --overshoot 0");
        assert_eq!(out["feasible"], true);
        assert!(out["gains"]["kp"].as_f64().unwrap() > 0.0);
        assert!(out["gains"].get("ki").is_none());
        assert!(out["predicted"]["settle"].as_f64().unwrap() <= 0.5);
    }

    #[test]
    fn a_pid_answers_with_its_integral_pole_and_the_box_with_a_torque() {
        // Under a load, only the integral brings the error to zero.
        let pid = json("--json --law pid --settle 3 --load 2 --max-error 0.001");
        assert_eq!(pid["feasible"], true);
        assert!(pid["gains"]["ki"].as_f64().unwrap() > 0.0);
        // Two poles of the body, the integral's and the derivative's delay.
        let poles = pid["poles"].as_array().unwrap();
        assert_eq!(poles.len(), 4);
        assert!(poles
            .iter()
            .all(|z| z[0].as_f64().unwrap().hypot(z[1].as_f64().unwrap()) < 1.0));
        let turn = json("--json --plant box --law backward-pd-as-printed --settle 1.5");
        assert_eq!(turn["plant"], "box");
        assert!(turn["poles"].is_null());
        assert!(turn["predicted"]["settle"].as_f64().unwrap() <= 1.5);
    }

    #[test]
    fn an_engine_answers_with_its_own_parameters() {
        let out = json("--json --engine box2d-v3 --settle 0.5 --overshoot 0.01");
        assert_eq!(out["feasible"], true);
        assert!(out["gains"]["hertz"].as_f64().unwrap() > 0.0);
        assert!(out["gains"]["dampingRatio"].as_f64().unwrap() > 0.0);
        assert!(out["predicted"]["overshoot"].as_f64().unwrap() <= 0.01);
        let angular = json("--json --engine rapier-force --angular --settle 0.6");
        assert_eq!(angular["angular"], true);
        assert!(angular["gains"]["stiffness"].as_f64().unwrap() > 0.0);
    }

    #[test]
    fn bad_flags_are_named() {
        let err = |text: &str| run(args(text)).unwrap_err();
        assert!(err("--engine nope").starts_with("--engine must be one of"));
        assert!(err("--engine jolt-frequency --law pd").starts_with("--law does not apply"));
        assert!(err("--law pd --angular").contains("--angular"));
        assert!(err("--law pd --settle x").starts_with("--settle must be a number"));
        assert!(err("--law backward-pd --max-effort -1").starts_with("--max-effort"));
        assert!(err("--engine box2d-v3 --mass 0").starts_with("--mass"));
        assert!(err("--law pd --wobble").contains("unknown flag \"--wobble\""));
        assert!(err("--settle 1").contains("--law is required"));
        assert!(err("--law windowed-pid --plant box").starts_with("--law must be one of"));
        assert!(err("--law pd --plant boat").starts_with("--plant must be one of"));
        assert!(err("--engine box2d-v3 --plant box").starts_with("--plant does not apply"));
    }
}
