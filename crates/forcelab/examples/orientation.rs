//! The orientation twin for one intent: every engine's 3-D rotation drive and every
//! article's torque law, at the engine's defaults and at each named variant, turning a
//! free body from the identity to a target orientation.
//!
//! ```text
//! cargo run -p forcelab --release --example orientation -- --json --frequency F \
//!     --damping-ratio Z --inertia IX,IY,IZ --target AX,AY,AZ,DEGREES --dt DT \
//!     [--target-quaternion W,X,Y,Z] [--spin WX,WY,WZ] [--seconds S] \
//!     [--numbers documented|exact] [--settle S] [--overshoot DEGREES] [--max-torque NM] \
//!     [--axes]
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
//! Every report has `writtenFor`, the moment (kg m^2) its numbers about x, y and z are
//! written for. With `--axes` each also has `axes`
//! (`forcelab::engines::orientation::axes`): `springs`, the spring its numbers make
//! about each principal axis on a 2 degree turn (`{frequency, dampingRatio}` or `null`
//! where none reads), `even` (the same about every axis, to 1 %; `null` when none
//! reads), and when not, `alternative` (`{id, variant}` of a drive of the same engine
//! whose are, or `null`) and `evenGains` (`{stiffness, damping}` per axis that give the
//! asked spring about each).
//! Without `--json`, one line per
//! drive: the angle left to the target at the end. A bad flag gets a message naming it
//! and exit status 2. The real-engine tests in `tests/engines` read exactly this.
use forcelab::design::orientation::{tune_turn, TurnWish};
use forcelab::design::Objective;
use forcelab::engines::orientation::axes::{statement, AxisStatement};
use forcelab::engines::orientation::exact::{report_exact, Numbers};
use forcelab::engines::orientation::{fit_steps, report_where, OrientationReport};
use forcelab::engines::orientation::{OrientationIntent, MAX_STEPS};
use forcelab::error::Error;
use std::process::ExitCode;

#[path = "shared/json.rs"]
mod json;
#[path = "shared/orientation_json.rs"]
mod orientation_json;
use orientation_json::{json, tuned_json};

const USAGE: &str = "usage: orientation [--json] [--frequency HZ] [--damping-ratio Z] \
                     [--inertia IX,IY,IZ] [--target AX,AY,AZ,DEGREES] \
                     [--target-quaternion W,X,Y,Z] [--dt S] [--spin WX,WY,WZ] [--seconds S] \
                     [--numbers documented|exact] [--settle S] [--overshoot DEGREES] \
                     [--max-torque NM] [--axes]";

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
    /// Each drive's springs about the principal axes (`--axes`).
    axes: bool,
}

/// The command line, or a message naming the flag that could not be read.
fn parse(args: &[String]) -> Result<Options, String> {
    let mut intent = OrientationIntent::default();
    let (mut seconds, mut json, mut quaternion, mut exact) = (2.0, false, None, false);
    let mut axes = false;
    let mut wish: Option<TurnWish> = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let f = flag.as_str();
        match f {
            "--json" => json = true,
            "--axes" => axes = true,
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
        axes,
    })
}

/// The statement of `r` given its numbers at `frequency` and `damping_ratio` for `intent`.
fn axes_of(
    intent: &OrientationIntent,
    r: &OrientationReport,
    frequency: f64,
    damping_ratio: f64,
) -> Result<AxisStatement, Error> {
    statement(
        &intent.asking(frequency, damping_ratio),
        r.drive.id,
        r.variant,
    )
}

/// Every drive at its engine's defaults tuned for `wish` on the turn, printed as JSON
/// (each report with its `tuned` object) or one line each.
fn tune(
    intent: &OrientationIntent,
    seconds: f64,
    wish: &TurnWish,
    as_json: bool,
    axes: bool,
) -> ExitCode {
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
        let mut items = Vec::new();
        for d in &designs {
            let statement = axes
                .then(|| axes_of(intent, &d.report, d.frequency, d.damping_ratio))
                .transpose();
            match statement {
                Ok(a) => items.push(tuned_json(d, a.as_ref())),
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            }
        }
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Options {
        intent,
        seconds,
        json: as_json,
        exact,
        wish,
        axes,
    } = match parse(&args) {
        Ok(x) => x,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if let Some(wish) = wish {
        return tune(&intent, seconds, &wish, as_json, axes);
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
        let mut items = Vec::new();
        for e in &reports {
            let (f, z) = match &e.numbers {
                Some(Ok(n)) => (n.frequency, n.damping_ratio),
                _ => (intent.frequency, intent.damping_ratio),
            };
            let statement = axes.then(|| axes_of(&intent, &e.report, f, z)).transpose();
            match statement {
                Ok(a) => items.push(json(
                    &e.report,
                    e.numbers.as_ref().map(|n| (n, fit)),
                    a.as_ref(),
                )),
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            }
        }
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
        assert!(o.json && o.exact && !o.axes);
        assert!(parse(&args("--axes")).unwrap().axes);
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
