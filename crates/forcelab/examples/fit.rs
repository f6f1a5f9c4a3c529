//! What a trace from your engine amounts to (issue 47, items 1, 2 and 6 in part).
//!
//! ```text
//! cargo run -p forcelab --release --example fit -- --json --trace FILE [--target X] \
//!     [--engine ID] [--mass M] [--angular] [--parameters NAME=VALUE,...] [--want HZ,ZETA]
//! ```
//!
//! Reads FILE (`-` for standard input) as `forcelab::user_trace::read` does: CSV or JSON,
//! with or without a header, comma, semicolon or tab separated, a decimal comma, Unity's
//! `Debug.Log` or Godot's `print` lines of a float or a vector with a time stamp. With
//! `--json` it prints one object: `dt` (s), `samples`, `readAs`, `angular`, `unevenStep`
//! (the largest step's distance from `dt`, relative, or `null`), `skippedLines`, `start`,
//! `end`, `target` (given, else the trace's target column, else where the fitted spring
//! comes to rest, else where it ended), `frequency` (Hz) and `frequencyError` (its standard
//! error), `dampingRatio` and `dampingRatioError`, `fitResidual`, `settle` (s, or
//! `null`), `overshoot` (% of the step), `events` (`stopped` with `at` and `left`,
//! `speedCap` with `speed`, `diverged` with `at`). `--target X` reads the trace against X
//! (else its target column, else where it ended). With `--engine ID` (`unity`, `physx`,
//! `box2d`, `jolt`, `rapier`, `mujoco`, `forcelab`) also `matches`: every drive of that
//! engine at every settings variant of its twin, its two knobs fitted to the trace
//! (`forcelab::user_trace::explain`; with `--parameters` the drives whose knobs those
//! names are, held at those values), best first: `{ id, variant, changed, settings (the
//! changed settings with their values), differences (a sentence each), parameters,
//! rmsError, maxError, exact, target }` (`target`: where the explanation drives the body,
//! fitted with the knobs when the trace does not say; `exact`: the twin's run is the trace to an engine's float
//! precision, `forcelab::user_trace::EXACT`), on a body of `--mass` (kg, or kg m^2 with `--angular` or a trace whose
//! column is an angle; 1 by
//! default). With `--want HZ,ZETA` each match also says what to set instead for that
//! spring-damper at its settings (`instead`: the discrete-exact parameters, or
//! `insteadRefused` with the reason). A bad line is named with its number and text, a bad flag by its name; exit
//! status 2.
use forcelab::engines::settings::Value;
use forcelab::engines::{Engine, Parameter};
use forcelab::user_trace::{
    amounts_to, differences, explain, read, Match, TraceEvent, TraceSummary, UserTrace,
};
use std::process::ExitCode;

#[path = "shared/json.rs"]
mod json;
use json::{number, parameters, string, strings};

/// What the command line asks.
#[derive(Debug, PartialEq)]
struct Options {
    trace: String,
    target: Option<f64>,
    json: bool,
    engine: Option<Engine>,
    mass: f64,
    angular: bool,
    parameters: Option<Vec<(String, f64)>>,
    want: Option<(f64, f64)>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let (mut trace, mut target, mut json) = (None, None, false);
    let (mut engine, mut mass, mut angular, mut parameters) = (None, 1.0f64, false, None);
    let mut want = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--json" => json = true,
            "--trace" => {
                trace = Some(
                    it.next()
                        .ok_or("--trace needs a file (- for standard input)")?
                        .clone(),
                )
            }
            "--target" => {
                let text = it.next().ok_or("--target needs a number")?;
                let x: f64 = text
                    .parse()
                    .map_err(|_| format!("--target must be a number, got {text:?}"))?;
                if !x.is_finite() {
                    return Err(format!("--target must be finite, got {text:?}"));
                }
                target = Some(x);
            }
            "--engine" => {
                let id = it.next().ok_or("--engine needs an engine's id")?;
                let names: Vec<&str> = Engine::ALL.iter().map(|e| e.id()).collect();
                engine = Some(*Engine::ALL.iter().find(|e| e.id() == id).ok_or_else(|| {
                    format!(
                        "--engine: no engine {id:?}; the engines are {}",
                        names.join(", ")
                    )
                })?);
            }
            "--mass" => {
                let text = it.next().ok_or("--mass needs a number")?;
                mass = text
                    .parse()
                    .map_err(|_| format!("--mass must be a number, got {text:?}"))?;
                if !(mass > 0.0 && mass.is_finite()) {
                    return Err(format!("--mass must be above 0 and finite, got {text:?}"));
                }
            }
            "--angular" => angular = true,
            "--want" => {
                let text = it.next().ok_or("--want needs HZ,ZETA")?;
                let parts: Vec<f64> = text
                    .split(',')
                    .map(|p| p.trim().parse::<f64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("--want must be HZ,ZETA, got {text:?}"))?;
                match parts[..] {
                    [f, z] if f > 0.0 && f.is_finite() && z >= 0.0 && z.is_finite() => {
                        want = Some((f, z))
                    }
                    _ => {
                        return Err(format!(
                        "--want must be HZ,ZETA with HZ above 0 and ZETA 0 or more, got {text:?}"
                    ))
                    }
                }
            }
            "--parameters" => {
                let text = it.next().ok_or("--parameters needs NAME=VALUE,...")?;
                let mut named = Vec::new();
                for pair in text.split(',') {
                    let (name, value) = pair
                        .split_once('=')
                        .ok_or_else(|| format!("--parameters: {pair:?} is not NAME=VALUE"))?;
                    let v: f64 = value.trim().parse().map_err(|_| {
                        format!("--parameters: {name} must be a number, got {value:?}")
                    })?;
                    if !v.is_finite() {
                        return Err(format!(
                            "--parameters: {name} must be finite, got {value:?}"
                        ));
                    }
                    named.push((name.trim().to_string(), v));
                }
                parameters = Some(named);
            }
            other => {
                return Err(format!(
                    "unknown flag {other:?}; usage: fit [--json] --trace FILE [--target X]"
                ))
            }
        }
    }
    if parameters.is_some() && engine.is_none() {
        return Err("--parameters name an engine's numbers: give --engine too".into());
    }
    if want.is_some() && engine.is_none() {
        return Err("--want says what to set in an engine: give --engine too".into());
    }
    Ok(Options {
        trace: trace.ok_or("--trace FILE is required (- for standard input)")?,
        target,
        json,
        engine,
        mass,
        angular,
        parameters,
        want,
    })
}

fn optional(o: &mut String, x: Option<f64>) {
    match x {
        Some(x) => number(o, x),
        None => o.push_str("null"),
    }
}

/// What to set instead for each match, when a spring was wanted.
type Instead = Option<Vec<Result<Vec<Parameter>, String>>>;

fn to_json(
    t: &UserTrace,
    s: &TraceSummary,
    matches: Option<&[Match]>,
    instead: &Instead,
) -> String {
    let mut o = String::from("{\"dt\":");
    number(&mut o, s.dt);
    o.push_str(&format!(",\"samples\":{},\"readAs\":", t.time.len()));
    string(&mut o, &t.read_as);
    o.push_str(&format!(",\"angular\":{},\"unevenStep\":", t.angular));
    optional(&mut o, t.uneven_step);
    o.push_str(&format!(",\"skippedLines\":{}", t.skipped_lines));
    for (name, x) in [("start", s.start), ("end", s.end), ("target", s.target)] {
        o.push_str(&format!(",\"{name}\":"));
        number(&mut o, x);
    }
    let error = |f: fn(&forcelab::user_trace::SpringFit) -> f64| s.spring.as_ref().map(f);
    for (name, x) in [
        ("frequency", s.frequency),
        (
            "frequencyError",
            error(|f| f.natural_frequency_error / core::f64::consts::TAU),
        ),
        ("dampingRatio", s.damping_ratio),
        ("dampingRatioError", error(|f| f.damping_ratio_error)),
        ("fitResidual", s.fit_residual),
        ("settle", s.settle),
    ] {
        o.push_str(&format!(",\"{name}\":"));
        optional(&mut o, x);
    }
    o.push_str(",\"overshoot\":");
    number(&mut o, s.overshoot_percent);
    o.push_str(",\"events\":[");
    for (i, e) in s.events.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        let (kind, fields) = match *e {
            TraceEvent::Stopped { at, left } => ("stopped", vec![("at", at), ("left", left)]),
            TraceEvent::SpeedCap { speed } => ("speedCap", vec![("speed", speed)]),
            TraceEvent::Diverged { at } => ("diverged", vec![("at", at)]),
        };
        o.push_str(&format!("{{\"kind\":\"{kind}\""));
        for (name, x) in fields {
            o.push_str(&format!(",\"{name}\":"));
            number(&mut o, x);
        }
        o.push('}');
    }
    o.push(']');
    if let Some(matches) = matches {
        o.push_str(",\"matches\":[");
        for (i, m) in matches.iter().enumerate() {
            if i > 0 {
                o.push(',');
            }
            o.push_str("{\"id\":");
            string(&mut o, m.id);
            o.push_str(",\"variant\":");
            string(&mut o, m.variant);
            o.push_str(",\"changed\":");
            strings(&mut o, &m.changed);
            o.push_str(",\"settings\":{");
            for (k, (key, value)) in settings_of(m).iter().enumerate() {
                if k > 0 {
                    o.push(',');
                }
                string(&mut o, key);
                o.push(':');
                match value {
                    Value::Number(x) => number(&mut o, *x),
                    Value::Flag(b) => o.push_str(&format!("{b}")),
                    Value::Choice(c) => string(&mut o, c),
                }
            }
            o.push_str("},\"differences\":");
            let said = differences(m);
            strings(&mut o, &said.iter().map(String::as_str).collect::<Vec<_>>());
            o.push_str(",\"parameters\":");
            parameters(&mut o, &m.parameters);
            o.push_str(",\"rmsError\":");
            number(&mut o, m.rms_error);
            o.push_str(",\"maxError\":");
            number(&mut o, m.max_error);
            o.push_str(&format!(",\"exact\":{}", m.exact));
            o.push_str(",\"target\":");
            number(&mut o, m.target);
            match instead.as_ref().map(|all| &all[i]) {
                Some(Ok(p)) => {
                    o.push_str(",\"instead\":");
                    parameters(&mut o, p);
                }
                Some(Err(e)) => {
                    o.push_str(",\"insteadRefused\":");
                    string(&mut o, e);
                }
                None => {}
            }
            o.push('}');
        }
        o.push(']');
    }
    o.push('}');
    o
}

/// The settings a match changes from the defaults, with their values (a Lab law's:
/// its integrator).
fn settings_of(m: &Match) -> Vec<(&'static str, Value)> {
    match forcelab::engines::entry(m.id).and_then(|e| e.variant(m.variant)) {
        Some(s) => s
            .values()
            .into_iter()
            .filter(|(k, _)| m.changed.contains(k))
            .collect(),
        None => vec![("integrator", Value::Choice(m.variant))],
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let text = if options.trace == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map(|_| s)
    } else {
        std::fs::read_to_string(&options.trace)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("--trace {:?}: {e}", options.trace);
            return ExitCode::from(2);
        }
    };
    let trace = match read(&text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", options.trace);
            return ExitCode::from(2);
        }
    };
    let s = amounts_to(&trace, options.target);
    let named: Option<Vec<(&str, f64)>> = options
        .parameters
        .as_ref()
        .map(|p| p.iter().map(|(n, v)| (n.as_str(), *v)).collect());
    let matches = match options.engine {
        Some(engine) => match explain(
            &trace,
            engine,
            options.mass,
            options.angular || trace.angular,
            options.target,
            named.as_deref(),
        ) {
            Ok(m) => Some(m),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let instead: Instead = options.want.map(|(f, z)| {
        matches
            .iter()
            .flatten()
            .map(|m| {
                forcelab::user_trace::instead(
                    m,
                    f,
                    z,
                    options.mass,
                    options.angular || trace.angular,
                    trace.dt,
                )
                .map_err(|e| e.to_string())
            })
            .collect()
    });
    if options.json {
        println!("{}", to_json(&trace, &s, matches.as_deref(), &instead));
    } else {
        let f = |x: Option<f64>, unit: &str| x.map_or("-".to_string(), |x| format!("{x:.4}{unit}"));
        println!(
            "{} samples every {} s ({}): {} at damping ratio {}, settles in {}, {:.2} % past the target {}",
            trace.time.len(),
            s.dt,
            trace.read_as,
            f(s.frequency, " Hz"),
            f(s.damping_ratio, ""),
            f(s.settle, " s"),
            s.overshoot_percent,
            s.target
        );
        for e in &s.events {
            println!("  {e:?}");
        }
        for m in matches.iter().flatten().take(5) {
            let knobs: Vec<String> = m
                .parameters
                .iter()
                .take(2)
                .map(|p| format!("{} {:.6} {}", p.name, p.value, p.unit))
                .collect();
            println!(
                "  {:<28} {:<16} rms {:.3e}, max {:.3e}: {}",
                m.id,
                m.variant,
                m.rms_error,
                m.max_error,
                knobs.join(", ")
            );
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_are_read_and_bad_ones_named() {
        let o = parse(&args("--json --trace a.csv --target 2")).unwrap();
        assert_eq!(
            (o.trace.as_str(), o.target, o.json, o.engine),
            ("a.csv", Some(2.0), true, None)
        );
        let o = parse(&args(
            "--trace a --engine box2d --mass 2 --parameters hertz=3,dampingRatio=0.5",
        ))
        .unwrap();
        assert_eq!((o.engine, o.mass), (Some(Engine::Box2d), 2.0));
        assert_eq!(o.parameters.unwrap()[1], ("dampingRatio".to_string(), 0.5));
        let err = |s: &str| parse(&args(s)).unwrap_err();
        assert!(err("--json").contains("--trace FILE is required"));
        assert!(err("--trace a --target x").contains("\"x\""));
        assert!(err("--trace a --target NaN").contains("finite"));
        assert!(err("--trace a --engine box2d-v3").starts_with("--engine: no engine"));
        assert!(err("--trace a --mass 0").starts_with("--mass"));
        assert!(err("--trace a --engine jolt --parameters k").contains("NAME=VALUE"));
        assert!(err("--trace a --parameters a=1").contains("--engine"));
        assert!(err("--trace a --engine jolt --want 2").contains("HZ,ZETA"));
        assert!(err("--trace a --want 2,1").contains("--engine"));
        let o = parse(&args("--trace a --engine jolt --want 2,0.7")).unwrap();
        assert_eq!(o.want, Some((2.0, 0.7)));
        assert!(err("--wobble").contains("unknown flag"));
    }
}
