//! What a trace from your engine amounts to (issue 47, items 1, 2 and 6 in part).
//!
//! ```text
//! cargo run -p forcelab --release --example fit -- --json --trace FILE [--target X]
//! ```
//!
//! Reads FILE (`-` for standard input) as `forcelab::user_trace::read` does: CSV or JSON,
//! with or without a header, comma, semicolon or tab separated, a decimal comma, Unity's
//! `Debug.Log` or Godot's `print` lines of a float or a vector with a time stamp. With
//! `--json` it prints one object: `dt` (s), `samples`, `readAs`, `angular`, `unevenStep`
//! (the largest step's distance from `dt`, relative, or `null`), `skippedLines`, `start`,
//! `end`, `target`, `frequency` (Hz), `dampingRatio`, `fitResidual`, `settle` (s, or
//! `null`), `overshoot` (% of the step), `events` (`stopped` with `at` and `left`,
//! `speedCap` with `speed`, `diverged` with `at`). `--target X` reads the trace against X
//! (else its target column, else where it ended). A bad line is named with its number and
//! text, a bad flag by its name; exit status 2. Matching the engine's settings
//! (`--engine`, `--mass`, `--parameters`: issue 47, item 3) is not built yet, and those
//! flags say so.
use forcelab::user_trace::{amounts_to, read, TraceEvent, TraceSummary, UserTrace};
use std::process::ExitCode;

#[path = "shared/json.rs"]
#[allow(dead_code)] // its writer of optional counts is the other commands'
mod json;
use json::{number, string};

/// What the command line asks.
#[derive(Debug, PartialEq)]
struct Options {
    trace: String,
    target: Option<f64>,
    json: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let (mut trace, mut target, mut json) = (None, None, false);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--json" => json = true,
            "--trace" => trace = Some(it.next().ok_or("--trace needs a file (- for standard input)")?.clone()),
            "--target" => {
                let text = it.next().ok_or("--target needs a number")?;
                let x: f64 = text.parse().map_err(|_| format!("--target must be a number, got {text:?}"))?;
                if !x.is_finite() {
                    return Err(format!("--target must be finite, got {text:?}"));
                }
                target = Some(x);
            }
            f @ ("--engine" | "--mass" | "--angular" | "--parameters") => {
                return Err(format!("{f}: matching an engine's settings to the trace is not built yet (issue 47, item 3)"))
            }
            other => return Err(format!("unknown flag {other:?}; usage: fit [--json] --trace FILE [--target X]")),
        }
    }
    Ok(Options {
        trace: trace.ok_or("--trace FILE is required (- for standard input)")?,
        target,
        json,
    })
}

fn optional(o: &mut String, x: Option<f64>) {
    match x {
        Some(x) => number(o, x),
        None => o.push_str("null"),
    }
}

fn to_json(t: &UserTrace, s: &TraceSummary) -> String {
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
    for (name, x) in [
        ("frequency", s.frequency),
        ("dampingRatio", s.damping_ratio),
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
    o.push_str("]}");
    o
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
    if options.json {
        println!("{}", to_json(&trace, &s));
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
            o,
            Options {
                trace: "a.csv".into(),
                target: Some(2.0),
                json: true
            }
        );
        let err = |s: &str| parse(&args(s)).unwrap_err();
        assert!(err("--json").contains("--trace FILE is required"));
        assert!(err("--trace a --target x").contains("\"x\""));
        assert!(err("--trace a --target NaN").contains("finite"));
        assert!(err("--trace a --engine box2d-v3").starts_with("--engine: "));
        assert!(err("--wobble").contains("unknown flag"));
    }
}
