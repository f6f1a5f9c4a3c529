//! Tune for me, from the command line: the gains of a catalogue law that meet a wish
//! about the response to a target step from 0 to 1 m from rest (`forcelab::design`).
//!
//! ```text
//! cargo run -p forcelab --release --example tune -- --json --law backward-pd \
//!     --mass 1 --dt 0.016666666666666666 --settle 0.3 --overshoot 0 --max-effort 200
//! ```
//!
//! Flags: `--law ID` (required), `--mass KG` (1), `--dt S` (1/60), `--integrator ID`
//! (semi-implicit-euler), `--settle S`, `--rise S`, `--overshoot FRACTION`,
//! `--max-effort N`, `--max-error M`, `--load N` (a constant force), `--mass-range
//! LOW,HIGH` (the mass multiplied by each), `--step-range` (also at dt/2 and 2 dt),
//! `--duration S` (10), `--json` (one JSON object instead of a sentence). A bad flag or
//! value is named, with exit status 2.

use forcelab::catalogue::{LawId, PlantId};
use forcelab::design::{tune, Design, DesignSpec, Requirements, Response};
use forcelab::Integrator;
use serde_json::{json, Value};

/// The flags that take a value, and the field of the core's errors each one sets.
const VALUED: [(&str, &str); 12] = [
    ("--law", "law"),
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
    let mut spec = DesignSpec::new(LawId::BackwardPd, 1.0 / 60.0);
    let mut r = Requirements::default();
    let mut k = 0;
    while k < args.len() {
        let flag = args[k].as_str();
        match flag {
            "--json" => json_out = true,
            "--step-range" => spec.robustness.step_range = true,
            _ if VALUED.iter().any(|(f, _)| *f == flag) => {
                let value = args
                    .get(k + 1)
                    .ok_or_else(|| format!("{flag} needs a value"))?;
                k += 1;
                match flag {
                    "--law" => {
                        law = Some(
                            LawId::parse("--law", value, &LawId::driving(PlantId::Cube))
                                .map_err(|e| e.to_string())?,
                        )
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
                    "unknown flag \"{flag}\": the flags are --json, --step-range, {}",
                    known.join(", ")
                ));
            }
        }
        k += 1;
    }
    spec.law = law.ok_or("--law is required (a law id of the catalogue, e.g. backward-pd)")?;
    spec.requirements = r;
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
    let m = d.margins;
    json!({
        "feasible": d.feasible,
        "law": spec.law.id(),
        "mass": spec.mass,
        "dt": spec.dt,
        "integrator": spec.integrator.id(),
        "gains": gains,
        "predicted": response(&d.predicted),
        "margins": {
            "settle": m.settle, "rise": m.rise, "overshoot": m.overshoot,
            "maxEffort": m.max_effort, "maxError": m.max_error,
        },
        "poles": d.poles.map(|p| p.map(|z| [z.re, z.im])),
        "nearest": d.nearest.as_ref().map(requirements),
        "binding": d.binding,
        "evaluated": d.evaluated,
    })
}

fn sentence(spec: &DesignSpec, d: &Design) -> String {
    let g = d.gains;
    let p = d.predicted;
    let time = |t: Option<f64>| t.map_or("never".into(), |t| format!("{t:.3} s"));
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
    format!(
        "{head}\nsettle {}, rise {}, overshoot {:.2} %, peak effort {:.3} N, final error {:.2e} m ({} candidates)",
        time(p.settle),
        time(p.rise),
        p.overshoot * 100.0,
        p.peak_effort,
        p.error,
        d.evaluated
    )
}
