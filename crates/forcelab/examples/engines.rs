//! The engine twin for one intent: every engine API's parameters (the documentation's
//! formula and the discrete-exact ones), at the engine's default settings and at each
//! named variant, with the response the twin predicts.
//!
//! ```text
//! cargo run -p forcelab --release --example engines -- [--json] [--frequency F]
//!     [--damping-ratio Z] [--mass M] [--dt DT] [--angular] [--seconds S]
//! ```
//!
//! Defaults: 2 Hz, critically damped, 1 kg, 1/60 s, linear, 2 s. With `--json` it
//! prints an array with one object per entry and variant: `id`, `engine`, `api`,
//! `variant`, `isDefault`, `settings` (every setting's value), `changed` (the keys that
//! differ from the engine's defaults), `parameters`, `effective` (the frequency in Hz
//! and damping ratio the stepped drive shows with them), `predicted` (the position after
//! each step), `events` (`asleepAfter`, `cappedSteps`, `resetAfter`, `divergedAfter`:
//! the step after which the engine put the body to sleep, how many steps a speed cap
//! clipped, when it reset a diverged body, when the trace left 1e12), `discreteExact`
//! (parameters, or null), `discreteExactError` (why not, or null), `predictedExact`,
//! `exactEvents` and `fitSteps` (for a turn, the steps its discrete-exact numbers were
//! fitted over, or null). The real-engine tests in `tests/engines` read exactly this.
use forcelab::engines::settings::Value;
use forcelab::engines::{entries, report, Intent, Parameter, Prediction, TwinReport};
use std::fmt::Write;
use std::process::ExitCode;

#[path = "shared/json.rs"]
mod json;
use json::{number, optional, parameters, string};

const USAGE: &str =
    "usage: engines [--json] [--frequency HZ] [--damping-ratio Z] [--mass KG] [--dt S] \
                     [--angular] [--seconds S]";

/// The command line, or a message naming the flag that could not be read.
fn parse(args: &[String]) -> Result<(Intent, f64, bool), String> {
    let mut intent = Intent::default();
    let (mut seconds, mut json) = (2.0, false);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut number = |name: &str| -> Result<f64, String> {
            let text = it
                .next()
                .ok_or_else(|| format!("{name} needs a number after it"))?;
            text.parse::<f64>()
                .map_err(|_| format!("{name} must be a number, got {text:?}"))
        };
        match flag.as_str() {
            "--json" => json = true,
            "--angular" => intent.angular = true,
            "--frequency" => intent.frequency = number("--frequency")?,
            "--damping-ratio" => intent.damping_ratio = number("--damping-ratio")?,
            "--mass" => intent.mass = number("--mass")?,
            "--dt" => intent.dt = number("--dt")?,
            "--seconds" => seconds = number("--seconds")?,
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown flag {other:?}\n{USAGE}")),
        }
    }
    let flag = |field: &str| match field {
        "damping_ratio" => "--damping-ratio".to_string(),
        f => format!("--{f}"),
    };
    intent
        .validate()
        .map_err(|e| format!("{}: {e}", flag(e.field())))?;
    if !(seconds > 0.0 && seconds / intent.dt <= 1e6) {
        return Err(format!(
            "--seconds must be above 0 and at most 1e6 steps long, got {seconds}"
        ));
    }
    Ok((intent, seconds, json))
}

fn events(out: &mut String, p: &Prediction) {
    out.push_str("{\"asleepAfter\":");
    optional(out, p.asleep_after);
    write!(out, ",\"cappedSteps\":{}", p.capped_steps).unwrap();
    out.push_str(",\"resetAfter\":");
    optional(out, p.reset_after);
    out.push_str(",\"divergedAfter\":");
    optional(out, p.diverged_after);
    out.push('}');
}

fn positions(out: &mut String, p: &Prediction) {
    out.push('[');
    for (i, x) in p.positions.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        number(out, *x);
    }
    out.push(']');
}

fn json(r: &TwinReport, settings: &[(&'static str, Value)]) -> String {
    let mut o = String::from("{\"id\":");
    string(&mut o, r.id);
    o.push_str(",\"engine\":");
    string(&mut o, r.engine.id());
    o.push_str(",\"api\":");
    string(&mut o, r.api);
    o.push_str(",\"variant\":");
    string(&mut o, r.variant);
    write!(o, ",\"isDefault\":{}", r.changed.is_empty()).unwrap();
    o.push_str(",\"settings\":{");
    for (i, (key, value)) in settings.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        string(&mut o, key);
        o.push(':');
        match value {
            Value::Number(x) => number(&mut o, *x),
            Value::Flag(b) => write!(o, "{b}").unwrap(),
            Value::Choice(c) => string(&mut o, c),
        }
    }
    o.push_str("},\"changed\":[");
    for (i, key) in r.changed.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        string(&mut o, key);
    }
    o.push_str("],\"parameters\":");
    parameters(&mut o, &r.parameters);
    o.push_str(",\"effective\":");
    match r.effective {
        Some(e) => {
            o.push_str("{\"frequency\":");
            number(&mut o, e.natural_frequency / std::f64::consts::TAU);
            o.push_str(",\"dampingRatio\":");
            number(&mut o, e.damping_ratio);
            o.push('}');
        }
        None => o.push_str("null"),
    }
    o.push_str(",\"predicted\":");
    positions(&mut o, &r.predicted);
    o.push_str(",\"events\":");
    events(&mut o, &r.predicted);
    o.push_str(",\"discreteExact\":");
    match &r.discrete_exact {
        Ok(ps) => parameters(&mut o, ps),
        Err(_) => o.push_str("null"),
    }
    o.push_str(",\"discreteExactError\":");
    match &r.discrete_exact {
        Ok(_) => o.push_str("null"),
        Err(why) => string(&mut o, why),
    }
    o.push_str(",\"predictedExact\":");
    match &r.predicted_exact {
        Some(p) => positions(&mut o, p),
        None => o.push_str("null"),
    }
    o.push_str(",\"exactEvents\":");
    match &r.predicted_exact {
        Some(p) => events(&mut o, p),
        None => o.push_str("null"),
    }
    o.push_str(",\"fitSteps\":");
    match r.fit_steps {
        Some(n) => write!(o, "{n}").unwrap(),
        None => o.push_str("null"),
    }
    o.push('}');
    o
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (intent, seconds, as_json) = match parse(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let steps = (seconds / intent.dt).round().max(1.0) as usize;
    let mut rows = Vec::new();
    for entry in entries() {
        for (variant, settings) in entry.variants() {
            match report(entry, &intent, variant, &settings, steps) {
                Ok(r) => rows.push((r, settings.values())),
                Err(e) => {
                    eprintln!("{} ({variant}): {e}", entry.id);
                    return ExitCode::from(1);
                }
            }
        }
    }
    if as_json {
        let all: Vec<String> = rows.iter().map(|(r, s)| json(r, s)).collect();
        println!("[{}]", all.join(","));
        return ExitCode::SUCCESS;
    }
    let show = |ps: &[Parameter]| {
        ps.iter()
            .map(|p| format!("{} = {:.6} {}", p.name, p.value, p.unit))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (r, _) in &rows {
        let shows = match r.effective {
            Some(e) => format!(
                "{:.3} Hz, zeta {:.3}",
                e.natural_frequency / std::f64::consts::TAU,
                e.damping_ratio
            ),
            None => "no continuous equivalent".to_string(),
        };
        println!(
            "{:<26} {:<20} docs: {}  (shows {shows})",
            r.id,
            r.variant,
            show(&r.parameters)
        );
        match &r.discrete_exact {
            Ok(ps) => println!("{:<47} exact: {}", "", show(ps)),
            Err(why) => println!("{:<47} exact: none ({why})", ""),
        }
    }
    ExitCode::SUCCESS
}
