//! The orientation twin for one intent: every engine's 3-D rotation drive and every
//! article's torque law, at the engine's defaults and at each named variant, turning a
//! free body from the identity to a target orientation.
//!
//! ```text
//! cargo run -p forcelab --release --example orientation -- --json --frequency F \
//!     --damping-ratio Z --inertia IX,IY,IZ --target AX,AY,AZ,DEGREES --dt DT \
//!     [--target-quaternion W,X,Y,Z] [--spin WX,WY,WZ] [--seconds S] \
//!     [--numbers documented|exact] [--settle S] [--overshoot DEGREES] [--max-torque NM]
//! ```
//!
//! Defaults: 2 Hz, critically damped, moments 1, 4, 4.5 kg m^2, 120 degrees about
//! (1, 2, 2), 1/60 s, at rest, 2 s. With `--json` it prints an array with one object per
//! drive and variant: `id`, `engine`, `api`, `variant`, `isDefault`, `settings`,
//! `changed`, `parameters`, `predicted` (the orientation after each step as
//! `[w, x, y, z]`), `events` (`resets`: the steps at which the engine reset a diverged
//! simulation; `divergedAfter`: the step at which a law overflowed), `numbers`. With
//! `--numbers exact` each drive is handed its discrete-exact numbers for this turn
//! (`forcelab::engines::orientation::exact`) where they exist: `numbers` is `"exact"`
//! and `asked` the frequency and damping ratio handed to its formula (`parameters` and
//! `predicted` are at those), or `"documented"` with `exactRefused` saying why not;
//! `fitSteps` is how many steps the numbers were solved over. With any of `--settle`,
//! `--overshoot`, `--max-torque` (a wish: within 2 degrees of the target by S s, at most
//! DEGREES past it, at most NM of net torque), each drive at its engine's defaults is
//! tuned for the wish over the run (`forcelab::design::orientation`): its `parameters` and
//! `predicted` are the tuned ones, and `tuned` says `feasible`, the `frequency` and
//! `dampingRatio` handed to its formula, and the turn's `settle`, `overshootDegrees`,
//! `peakTorque` and (when infeasible) the `binding` requirement.
//! Without `--json`, one line per
//! drive: the angle left to the target at the end. A bad flag gets a message naming it
//! and exit status 2. The real-engine tests in `tests/engines` read exactly this.
use forcelab::design::orientation::{tune_turn, TurnDesign, TurnWish};
use forcelab::design::Objective;
use forcelab::engines::orientation::exact::{report_exact, ExactNumbers, Numbers};
use forcelab::engines::orientation::{fit_steps, report_where, OrientationReport};
use forcelab::engines::orientation::{OrientationIntent, MAX_STEPS};
use forcelab::error::Error;
use std::fmt::Write;
use std::process::ExitCode;

#[path = "shared/json.rs"]
mod json;
use json::{number, optional, string};

const USAGE: &str = "usage: orientation [--json] [--frequency HZ] [--damping-ratio Z] \
                     [--inertia IX,IY,IZ] [--target AX,AY,AZ,DEGREES] \
                     [--target-quaternion W,X,Y,Z] [--dt S] [--spin WX,WY,WZ] [--seconds S] \
                     [--numbers documented|exact] [--settle S] [--overshoot DEGREES] \
                     [--max-torque NM]";

fn numbers<const N: usize>(name: &str, text: Option<&String>) -> Result<[f64; N], String> {
    let text = text.ok_or_else(|| format!("{name} needs {N} numbers after it, comma separated"))?;
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != N {
        return Err(format!(
            "{name} needs {N} numbers, comma separated, got {text:?}"
        ));
    }
    let mut out = [0.0; N];
    for (o, p) in out.iter_mut().zip(parts) {
        *o = p
            .trim()
            .parse()
            .map_err(|_| format!("{name} must be numbers, got {p:?} in {text:?}"))?;
    }
    Ok(out)
}

/// What the command line asks.
#[derive(Debug)]
struct Options {
    intent: OrientationIntent,
    seconds: f64,
    json: bool,
    /// Each drive handed its discrete-exact numbers (`--numbers exact`).
    exact: bool,
    /// A wish to tune every drive for (`--settle`, `--overshoot`, `--max-torque`).
    wish: Option<TurnWish>,
}

/// The command line, or a message naming the flag that could not be read.
fn parse(args: &[String]) -> Result<Options, String> {
    let mut intent = OrientationIntent::default();
    let (mut seconds, mut json, mut quaternion, mut exact) = (2.0, false, None, false);
    let mut wish: Option<TurnWish> = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let f = flag.as_str();
        match f {
            "--json" => json = true,
            "--frequency" => intent.frequency = numbers::<1>(f, it.next())?[0],
            "--damping-ratio" => intent.damping_ratio = numbers::<1>(f, it.next())?[0],
            "--dt" => intent.dt = numbers::<1>(f, it.next())?[0],
            "--seconds" => seconds = numbers::<1>(f, it.next())?[0],
            "--inertia" => intent.inertia = numbers(f, it.next())?,
            "--spin" => intent.spin = numbers(f, it.next())?,
            "--target" => {
                let [x, y, z, d] = numbers(f, it.next())?;
                intent.axis = [x, y, z];
                intent.degrees = d;
            }
            "--target-quaternion" => quaternion = Some(numbers::<4>(f, it.next())?),
            "--numbers" => {
                exact = match it.next().map(String::as_str) {
                    Some("exact") => true,
                    Some("documented") => false,
                    other => {
                        return Err(format!(
                            "--numbers must be documented or exact, got {other:?}"
                        ))
                    }
                }
            }
            "--settle" => {
                wish.get_or_insert_default().settle = Some(numbers::<1>(f, it.next())?[0])
            }
            "--overshoot" => {
                wish.get_or_insert_default().overshoot_degrees =
                    Some(numbers::<1>(f, it.next())?[0])
            }
            "--max-torque" => {
                wish.get_or_insert_default().max_torque = Some(numbers::<1>(f, it.next())?[0])
            }
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown flag {other:?}\n{USAGE}")),
        }
    }
    if let Some(q) = quaternion {
        intent = intent
            .with_target_quaternion(q)
            .map_err(|e| format!("--target-quaternion: {e}"))?;
    }
    let flag = |field: &str| -> String {
        let root = field.split('.').next().unwrap_or(field);
        match root {
            "damping_ratio" => "--damping-ratio".into(),
            "axis" | "degrees" => "--target".into(),
            r => format!("--{r}"),
        }
    };
    intent
        .validate()
        .map_err(|e| format!("{}: {e}", flag(e.field())))?;
    if !(seconds > 0.0 && seconds / intent.dt <= MAX_STEPS as f64) {
        return Err(format!(
            "--seconds must be above 0 and at most {MAX_STEPS} steps long, got {seconds}"
        ));
    }
    if exact && wish.is_some() {
        return Err("--numbers exact and a wish (--settle, --overshoot, --max-torque) ask two different things: give one".into());
    }
    Ok(Options {
        intent,
        seconds,
        json,
        exact,
        wish,
    })
}

/// One report as JSON; `exact` is the solve's answer and window when exact numbers were
/// asked.
fn json(r: &OrientationReport, exact: Option<(&Result<ExactNumbers, Error>, usize)>) -> String {
    let mut o = String::from("{\"id\":");
    string(&mut o, r.drive.id);
    o.push_str(",\"engine\":");
    string(&mut o, r.drive.engine.id());
    o.push_str(",\"api\":");
    string(&mut o, r.drive.api);
    o.push_str(",\"variant\":");
    string(&mut o, r.variant);
    write!(o, ",\"isDefault\":{}", r.changed.is_empty()).unwrap();
    o.push_str(",\"settings\":{");
    for (i, (key, value)) in r.settings.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        string(&mut o, key);
        o.push(':');
        string(&mut o, value);
    }
    o.push_str("},\"changed\":[");
    for (i, key) in r.changed.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        string(&mut o, key);
    }
    o.push_str("],\"parameters\":[");
    for (i, p) in r.parameters.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        o.push_str("{\"name\":");
        string(&mut o, p.name);
        o.push_str(",\"value\":");
        number(&mut o, p.value);
        o.push_str(",\"unit\":");
        string(&mut o, p.unit);
        o.push('}');
    }
    o.push_str("],\"predicted\":[");
    for (i, q) in r.predicted.orientations.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        o.push('[');
        for (j, x) in [q.w, q.x, q.y, q.z].into_iter().enumerate() {
            if j > 0 {
                o.push(',');
            }
            number(&mut o, x);
        }
        o.push(']');
    }
    o.push_str("],\"events\":{\"resets\":[");
    for (i, k) in r.predicted.resets.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        write!(o, "{k}").unwrap();
    }
    o.push(']');
    o.push_str(",\"divergedAfter\":");
    optional(&mut o, r.predicted.diverged_after);
    o.push('}');
    if let Some((_, steps)) = exact {
        write!(o, ",\"fitSteps\":{steps}").unwrap();
    }
    o.push_str(",\"numbers\":");
    match exact.map(|(numbers, _)| numbers) {
        Some(Ok(n)) => {
            o.push_str("\"exact\",\"asked\":{\"frequency\":");
            number(&mut o, n.frequency);
            o.push_str(",\"dampingRatio\":");
            number(&mut o, n.damping_ratio);
            o.push('}');
        }
        Some(Err(e)) => {
            o.push_str("\"documented\",\"exactRefused\":");
            string(&mut o, &e.to_string());
        }
        None => o.push_str("\"documented\""),
    }
    o.push('}');
    o
}

/// Every drive at its engine's defaults tuned for `wish` on the turn, printed as JSON
/// (each report with its `tuned` object) or one line each.
fn tune(intent: &OrientationIntent, seconds: f64, wish: &TurnWish, as_json: bool) -> ExitCode {
    let drives = match report_where(intent, 0, |_, _| false) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut designs = Vec::new();
    for r in drives.iter().filter(|r| r.changed.is_empty()) {
        match tune_turn(
            r.drive.id,
            r.variant,
            intent,
            seconds,
            wish,
            Objective::Gentlest,
        ) {
            Ok(d) => designs.push(d),
            Err(e) => {
                eprintln!("{}: {e}", flag_of(&e.0));
                return ExitCode::from(2);
            }
        }
    }
    if as_json {
        let items: Vec<String> = designs.iter().map(tuned_json).collect();
        println!("[{}]", items.join(","));
    } else {
        for d in &designs {
            println!(
                "{:<34} {:<10} {:.3} Hz, damping ratio {:.3}: settles in {} s, {:.2} deg past, {:.1} N m{}",
                d.id,
                if d.feasible { "meets" } else { "misses" },
                d.frequency,
                d.damping_ratio,
                d.settle.map_or("-".into(), |s| format!("{s:.3}")),
                d.overshoot_degrees,
                d.peak_torque,
                d.binding.map_or(String::new(), |b| format!(" (binding: {b})")),
            );
        }
    }
    ExitCode::SUCCESS
}

/// The flag a tuner's message is about (`settle: ...` is `--settle`).
fn flag_of(message: &str) -> String {
    let field = message
        .split(|c: char| c == ':' || c.is_whitespace())
        .next()
        .unwrap_or("");
    match field {
        "overshoot_degrees" => "--overshoot".into(),
        "max_torque" => "--max-torque".into(),
        "duration" => "--seconds".into(),
        "settle" | "dt" | "frequency" => format!("--{field}"),
        "degrees" => "--target".into(),
        _ => "orientation".into(),
    }
}

/// A tuned drive's report with its `tuned` object.
fn tuned_json(d: &TurnDesign) -> String {
    let mut o = json(&d.report, None);
    o.pop();
    write!(o, ",\"tuned\":{{\"feasible\":{},\"frequency\":", d.feasible).unwrap();
    number(&mut o, d.frequency);
    o.push_str(",\"dampingRatio\":");
    number(&mut o, d.damping_ratio);
    o.push_str(",\"settle\":");
    match d.settle {
        Some(s) => number(&mut o, s),
        None => o.push_str("null"),
    }
    o.push_str(",\"overshootDegrees\":");
    number(&mut o, d.overshoot_degrees);
    o.push_str(",\"peakTorque\":");
    number(&mut o, d.peak_torque);
    o.push_str(",\"binding\":");
    match d.binding {
        Some(b) => string(&mut o, b),
        None => o.push_str("null"),
    }
    o.push_str("}}");
    o
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Options {
        intent,
        seconds,
        json: as_json,
        exact,
        wish,
    } = match parse(&args) {
        Ok(x) => x,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if let Some(wish) = wish {
        return tune(&intent, seconds, &wish, as_json);
    }
    let steps = (seconds / intent.dt).round().max(1.0) as usize;
    let numbers = if exact {
        Numbers::Exact
    } else {
        Numbers::Documented
    };
    let reports = match report_exact(&intent, steps, |_, _| true, numbers) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if as_json {
        let fit = fit_steps(&intent);
        let items: Vec<String> = reports
            .iter()
            .map(|e| json(&e.report, e.numbers.as_ref().map(|n| (n, fit))))
            .collect();
        println!("[{}]", items.join(","));
    } else {
        let target = intent.target();
        for r in reports.iter().map(|e| &e.report) {
            let left = r.predicted.angle_to(target);
            let end = left.last().copied().unwrap_or(f64::NAN);
            println!(
                "{:<34} {:<22} {:>8.3} deg left after {seconds} s{}",
                r.drive.id,
                r.variant,
                end.to_degrees(),
                match (r.predicted.resets.first(), r.predicted.diverged_after) {
                    (Some(k), _) => format!(
                        " (reset {} times, first at step {k})",
                        r.predicted.resets.len()
                    ),
                    (_, Some(k)) => format!(" (diverged at step {k})"),
                    _ => String::new(),
                }
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
        let o = parse(&args(
            "--json --inertia 1,2,2.5 --target 0,0,1,190 --seconds 3 --numbers exact",
        ))
        .unwrap();
        assert!(o.json && o.exact);
        assert!(!parse(&args("--numbers documented")).unwrap().exact);
        let i = o.intent;
        assert_eq!(
            (i.inertia, i.axis, i.degrees, o.seconds),
            ([1.0, 2.0, 2.5], [0.0, 0.0, 1.0], 190.0, 3.0)
        );
        let err = |s: &str| parse(&args(s)).unwrap_err();
        assert!(
            err("--target 0,0,0,90").starts_with("--target: "),
            "{}",
            err("--target 0,0,0,90")
        );
        assert!(err("--inertia 1,1,3").starts_with("--inertia: "));
        assert!(err("--spin 1,x,0").contains("\"x\""));
        assert!(err("--target-quaternion 1,1,0,0").starts_with("--target-quaternion: "));
        assert!(err("--dt 0").starts_with("--dt: "));
        assert!(err("--wobble").contains("unknown flag"));
        assert!(err("--numbers fast").contains("\"fast\""));
        let w = parse(&args("--settle 0.8 --overshoot 1 --max-torque 300"))
            .unwrap()
            .wish
            .unwrap();
        assert_eq!(
            (w.settle, w.overshoot_degrees, w.max_torque),
            (Some(0.8), Some(1.0), Some(300.0))
        );
        assert!(parse(&args("--seconds 3")).unwrap().wish.is_none());
        assert!(err("--numbers exact --settle 1").contains("two different things"));
        assert_eq!(
            flag_of("overshoot_degrees must be 0 or greater, got -1"),
            "--overshoot"
        );
        assert_eq!(flag_of("duration must be ..."), "--seconds");
    }
}
