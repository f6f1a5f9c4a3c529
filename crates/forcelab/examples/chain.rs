//! An arm lifting to a pose under gravity, one arm per chain law (`forcelab::scenes::run_arm`).
//!
//! ```text
//! cargo run -p forcelab --release --example chain -- [--json] [--links L:M,L:M,...] \
//!     [--gravity G] [--start Q,Q,...] [--target Q,Q,...] [--laws ID,ID,...] \
//!     [--kp KP] [--kd KD] [--ki KI] [--dt DT] [--integrator ID] [--seconds S] [--dynamics] \
//!     [--limits MIN:MAX|-,...]
//! ```
//!
//! Defaults: the scene's (`ArmSettings::default`): a 0.5 m, 3 kg upper arm and a
//! 0.4 m, 2 kg forearm (uniform rods, `--links 0.5:3,0.4:2`), 9.81 m/s^2, hanging
//! straight down (`--start -1.5708,0`), lifted to 30 and 60 degrees
//! (`--target 0.5236,1.0472`), every law, kp 50 N m/rad, kd 5 N m s/rad, ki 20
//! N m/(rad s) (the PID), 1/60 s, semi-implicit Euler, 4 s. Angles in rad: the first
//! joint's from +x, each later one relative to the link before. With `--json` it prints
//! an array with one object per law: `law`, `label`, `dt`, `q` (the joint angles after
//! each step, the start first), `tau` (each step's torques, N m), `failed` (`null`, or
//! `{step, field, message}` where it blew up; frozen from there), `settle` (s, or
//! `null`: when every joint was last more than 0.02 rad off), `finalError` (rad),
//! `peakTorque` (N m) and `predictedSag` (`G(q*) / kp` per joint, rad: PD's sag under
//! the weight). Without `--json`, one line per law. With `--mujoco Euler|implicitfast`
//! it prints instead what MuJoCo does with the same arm, a `<position>` actuator per
//! joint at kp and kd (`forcelab::engines::mujoco_chain`): `{engine, integrator, q,
//! resets}`, `q` the angles after each step (the real-engine tests compare it with the
//! PyPI wheel). With `--physx drive|joint-pd` it prints what PhysX 5.6.1 does with the
//! arm as a fixed-base articulation at its default settings
//! (`forcelab::engines::physx_chain`): `drive`, a `PxArticulationDrive` per joint at
//! stiffness kp and damping kd; `joint-pd`, the per-joint PD written as joint efforts
//! before each step: `{engine, law, q, slept}`, `slept` the step after which the arm
//! was asleep or `null` (the real-engine tests compare it with npm physx-js-webidl).
//! With `--dynamics` (and `--json`) each law's object also has `qd` (the joint rates
//! after each step, the start first) and, at the state each step starts from, the
//! chain's `massMatrix` (kg m^2), `gravity` (`G(q)`, N m) and `bias` (`C(q, qd)`, N m):
//! what an engine's API gives the exported Unity and Godot laws, which their tests
//! replay. With `--limits` each joint is held within its range (`MIN:MAX` in rad, or `-`
//! for a free joint) by a hard stop, and a start or target outside it is refused by name
//! (`target[1]`, with the value and the range); the engine twins and the tuner, which
//! model free joints, refuse it. With `--tune` it tunes instead the arm for a wish
//! (`forcelab::design::tune_arm`):
//! `--settle S` (every joint within 0.02 rad from then on), `--overshoot O` (the largest
//! swing of any joint past its target, a fraction of that joint's move), `--max-torque T`
//! (N m, any joint, any step), each optional; `--drives ID,ID,...` (every law of `--laws`,
//! then `mujoco-euler`, `mujoco-implicitfast`, `physx-drive`, `physx-joint-pd`) and
//! `--fastest` (of the gains that meet it, the fastest rather than the gentlest); the arm
//! flags set the arm and its run (the PID's `ki / kp` is kept). It prints a JSON array,
//! one object per drive: `drive`, `label`, `kp`, `kd`, `ki`, `meets`, `settle`,
//! `overshoot` (per joint), `peakTorque`, `finalError`, `failed`, `margins` (each limit
//! minus what was achieved), `binding` and `nearest` (when missed: the requirement missed
//! most, the wish those gains meet), `evaluated`.
//! With `--three-d` it runs the arm as a 3-D chain of ball and hinge joints instead
//! (`--joints ball,hinge`, positions as angles or `X:Y:Z` rotation vectors; flags and JSON
//! in `shared/chain3.rs`). A bad flag gets a message naming it and exit status 2.
use forcelab::body::chain::{bias, mass_matrix, JointLimit, Link, PlanarChain};
use forcelab::controllers::chain::ChainLawId;
use forcelab::design::{tune_arm, ArmDrive, ArmTuneSpec, ArmWish, Objective};
use forcelab::engines::mujoco_chain::{mujoco_arm, ChainIntegrator, Position};
use forcelab::engines::physx_chain::{physx_arm, ChainDrive, PhysxChainLaw, PhysxChainSettings};
use forcelab::integrator::Integrator;
use forcelab::scenes::{run_arm, ArmRun, ArmSettings};
use std::fmt::Write;
use std::process::ExitCode;

#[path = "shared/json.rs"]
mod json;

#[path = "shared/arm_tune.rs"]
mod arm_tune;

#[path = "shared/chain3.rs"]
mod chain3;

const USAGE: &str = "usage: chain [--json] [--links L:M,L:M,...] [--gravity G] [--start Q,Q,...] \
                     [--target Q,Q,...] [--laws ID,ID,...] [--kp KP] [--kd KD] [--ki KI] [--dt DT] \
                     [--integrator semi-implicit-euler|explicit-euler|rk4] [--seconds S] \
                     [--mujoco Euler|implicitfast] [--physx drive|joint-pd] [--dynamics] \
                     [--limits MIN:MAX|-,...] [--three-d [--joints ball|hinge[:X:Y:Z],...] [--radius R]] \
                     [--tune [--settle S] [--overshoot O] [--max-torque T] [--drives ID,ID,...] [--fastest]]";

/// What the command runs: the scene's laws, or one engine's twin.
enum Engine {
    /// Every chain law of the scene (the default).
    Laws,
    /// `--mujoco`.
    Mujoco(ChainIntegrator),
    /// `--physx`.
    Physx(PhysxChainLaw),
    /// `--tune`: the wish, the drives (`None`: the laws', then the engines') and the objective.
    Tune(ArmWish, Option<Vec<ArmDrive>>, Objective),
}

/// The comma-separated numbers after `flag`, or a message naming it.
fn numbers(flag: &str, text: Option<&String>) -> Result<Vec<f64>, String> {
    let text = text.ok_or_else(|| format!("{flag} needs a value after it"))?;
    text.split(',')
        .map(|p| {
            p.trim().parse().map_err(|_| {
                format!("{flag} must be numbers separated by commas, got {p:?} in {text:?}")
            })
        })
        .collect()
}

/// `--laws`: chain law ids, comma separated, each named if unknown.
fn laws(text: Option<&String>) -> Result<Vec<ChainLawId>, String> {
    text.ok_or("--laws needs law ids after it, comma separated")?
        .split(',')
        .map(|id| ChainLawId::parse(id.trim()).map_err(|e| format!("--laws: {e}")))
        .collect()
}

/// `--integrator`: one of the core's integrator ids.
fn integrator(text: Option<&String>) -> Result<Integrator, String> {
    let id = text.ok_or("--integrator needs an id after it")?;
    Integrator::ALL
        .into_iter()
        .find(|i| i.id() == id)
        .ok_or_else(|| {
            format!(
                "--integrator must be one of {}, got {id:?}",
                Integrator::ALL.map(Integrator::id).join(", ")
            )
        })
}

/// The one number after `flag`.
fn number(flag: &str, text: Option<&String>) -> Result<f64, String> {
    match numbers(flag, text)?[..] {
        [x] => Ok(x),
        _ => Err(format!("{flag} takes one number")),
    }
}

/// What to print: JSON or lines, and with `--dynamics` the chain's dynamics at each step.
#[derive(Clone, Copy)]
struct Output {
    json: bool,
    dynamics: bool,
}

/// The command line, or a message naming the flag that could not be read.
fn parse(args: &[String]) -> Result<(ArmSettings, Output, Engine), String> {
    let mut s = ArmSettings::default();
    let mut json = false;
    let mut dynamics = false;
    let mut engine = Engine::Laws;
    let (mut tune, mut wish, mut drives, mut objective) =
        (false, ArmWish::default(), None, Objective::Gentlest);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let f = flag.as_str();
        match f {
            "--json" => json = true,
            "--dynamics" => dynamics = true,
            "--tune" => tune = true,
            "--fastest" => objective = Objective::Fastest,
            "--settle" => wish.settle = Some(number(f, it.next())?),
            "--overshoot" => wish.overshoot = Some(number(f, it.next())?),
            "--max-torque" => wish.max_torque = Some(number(f, it.next())?),
            "--drives" => {
                let text = it
                    .next()
                    .ok_or("--drives needs drive ids after it, comma separated")?;
                drives = Some(
                    text.split(',')
                        .map(|id| ArmDrive::parse(id.trim()).map_err(|e| format!("--drives: {e}")))
                        .collect::<Result<_, _>>()?,
                );
            }
            "--mujoco" => {
                engine = Engine::Mujoco(
                    ChainIntegrator::parse(
                        it.next().ok_or("--mujoco needs an integrator after it")?,
                    )
                    .map_err(|e| format!("--mujoco: {e}"))?,
                )
            }
            "--physx" => {
                engine = Engine::Physx(
                    PhysxChainLaw::parse(it.next().ok_or("--physx needs a law after it")?)
                        .map_err(|e| format!("--physx: {e}"))?,
                )
            }
            "--links" => {
                let text = it
                    .next()
                    .ok_or("--links needs LENGTH:MASS pairs after it, comma separated")?;
                s.links = text
                    .split(',')
                    .map(|pair| match pair.split(':').map(|x| x.trim().parse::<f64>()).collect::<Vec<_>>()[..] {
                        [Ok(length), Ok(mass)] => Ok(Link::rod(length, mass)),
                        _ => Err(format!("--links takes LENGTH:MASS pairs (m:kg), comma separated, got {pair:?} in {text:?}")),
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--limits" => {
                let text = it.next().ok_or(
                    "--limits needs MIN:MAX (rad) or - per joint after it, comma separated",
                )?;
                s.limits = text
                    .split(',')
                    .map(|range| match range.trim() {
                        "-" => Ok(None),
                        r => match r.split(':').map(|x| x.trim().parse::<f64>()).collect::<Vec<_>>()[..] {
                            [Ok(min), Ok(max)] => Ok(Some(JointLimit { min, max })),
                            _ => Err(format!("--limits takes MIN:MAX (rad) or - per joint, comma separated, got {range:?} in {text:?}")),
                        },
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--gravity" => s.gravity = number(f, it.next())?,
            "--start" => s.start = numbers(f, it.next())?,
            "--target" => s.target = numbers(f, it.next())?,
            "--laws" => s.laws = laws(it.next())?,
            "--kp" => s.kp = number(f, it.next())?,
            "--kd" => s.kd = number(f, it.next())?,
            "--ki" => s.ki = number(f, it.next())?,
            "--dt" => s.dt = number(f, it.next())?,
            "--seconds" => s.seconds = number(f, it.next())?,
            "--integrator" => s.integrator = integrator(it.next())?,
            other => return Err(format!("unknown flag {other:?}; {USAGE}")),
        }
    }
    if dynamics && !json {
        return Err("--dynamics needs --json".to_string());
    }
    let wished = wish != ArmWish::default() || drives.is_some() || objective != Objective::Gentlest;
    if tune {
        if !matches!(engine, Engine::Laws) || dynamics {
            return Err(
                "--tune tunes every drive of --drives: it takes no --mujoco, --physx or --dynamics"
                    .to_string(),
            );
        }
        engine = Engine::Tune(wish, drives, objective);
    } else if wished {
        return Err(
            "--settle, --overshoot, --max-torque, --drives and --fastest need --tune".to_string(),
        );
    }
    if !s.limits.is_empty() && !matches!(engine, Engine::Laws) {
        return Err("--limits: the MuJoCo and PhysX twins and the tuner model the arm's joints free; drop --limits, or --mujoco, --physx and --tune".to_string());
    }
    Ok((s, Output { json, dynamics }, engine))
}

fn rows(out: &mut String, rows: &[Vec<f64>]) {
    out.push('[');
    for (k, row) in rows.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        json::numbers(out, row);
    }
    out.push(']');
}

/// `--dynamics`: the rates, and the mass matrix, gravity and bias at each step's start.
fn dynamics_json(out: &mut String, r: &ArmRun, chain: &PlanarChain) {
    let steps = r.tau.len();
    out.push_str(",\"qd\":");
    rows(out, &r.qd);
    out.push_str(",\"massMatrix\":[");
    for k in 0..steps {
        if k > 0 {
            out.push(',');
        }
        rows(out, &mass_matrix(chain, &r.q[k]));
    }
    out.push(']');
    let gravity: Vec<Vec<f64>> = (0..steps)
        .map(|k| bias(chain, &r.q[k], &vec![0.0; chain.dofs()]))
        .collect();
    out.push_str(",\"gravity\":");
    rows(out, &gravity);
    let c: Vec<Vec<f64>> = (0..steps).map(|k| bias(chain, &r.q[k], &r.qd[k])).collect();
    out.push_str(",\"bias\":");
    rows(out, &c);
}

fn run_json(out: &mut String, r: &ArmRun, dt: f64) {
    out.push_str("{\"law\":");
    json::string(out, r.law.id());
    out.push_str(",\"label\":");
    json::string(out, r.law.label());
    out.push_str(",\"dt\":");
    json::number(out, dt);
    out.push_str(",\"q\":");
    rows(out, &r.q);
    out.push_str(",\"tau\":");
    rows(out, &r.tau);
    out.push_str(",\"failed\":");
    match &r.failed {
        Some((step, e)) => {
            write!(out, "{{\"step\":{step},\"field\":").unwrap();
            json::string(out, e.field());
            out.push_str(",\"message\":");
            json::string(out, &e.to_string());
            out.push('}');
        }
        None => out.push_str("null"),
    }
    out.push_str(",\"settle\":");
    json::number(out, r.settle.unwrap_or(f64::NAN));
    out.push_str(",\"finalError\":");
    json::number(out, r.final_error);
    out.push_str(",\"peakTorque\":");
    json::number(out, r.peak_torque);
    out.push_str(",\"predictedSag\":");
    json::numbers(out, &r.predicted_sag);
    out.push('}');
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--three-d") {
        return chain3::main(&args);
    }
    let (settings, output, engine) = match parse(&args) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match engine {
        Engine::Mujoco(integrator) => return mujoco_main(&settings, integrator, output.json),
        Engine::Physx(law) => return physx_main(&settings, law, output.json),
        Engine::Tune(wish, drives, objective) => {
            return tune_main(settings, wish, drives, objective)
        }
        Engine::Laws => {}
    }
    let runs = match run_arm(&settings) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{}: {e}", e.field());
            return ExitCode::from(2);
        }
    };
    if output.json {
        let chain = forcelab::scenes::arm_chain(&settings).expect("the run checked the arm");
        let mut out = String::from("[");
        for (k, r) in runs.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            run_json(&mut out, r, settings.dt);
            if output.dynamics {
                // Inside the law's object: drop its closing brace and add the fields.
                out.pop();
                dynamics_json(&mut out, r, &chain);
                out.push('}');
            }
        }
        out.push(']');
        println!("{out}");
    } else {
        for r in &runs {
            let settle = r
                .settle
                .map_or("never".to_string(), |t| format!("{t:.2} s"));
            let failed = r.failed.as_ref().map_or(String::new(), |(k, e)| {
                format!(", blew up at step {k} ({e})")
            });
            println!("{:<28} settles {settle:>8}, off by {:.4} rad at the end, peak torque {:.1} N m{failed}", r.law.label(), r.final_error, r.peak_torque);
        }
    }
    ExitCode::SUCCESS
}

/// `--mujoco`: the arm as MuJoCo steps it, every joint's actuator at kp and kd.
fn mujoco_main(s: &ArmSettings, integrator: ChainIntegrator, as_json: bool) -> ExitCode {
    let steps = (s.seconds / s.dt).round() as usize;
    let run = forcelab::scenes::arm_chain(s).and_then(|chain| {
        mujoco_arm(
            &chain,
            &s.start,
            &s.target,
            Position { kp: s.kp, kv: s.kd },
            s.dt,
            integrator,
            steps,
        )
    });
    let arm = match run {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}: {e}", e.field());
            return ExitCode::from(2);
        }
    };
    if as_json {
        let mut out = String::from("{\"engine\":\"mujoco\",\"integrator\":");
        json::string(&mut out, integrator.name());
        out.push_str(",\"q\":");
        rows(&mut out, &arm.q);
        let resets: Vec<f64> = arm.resets.iter().map(|&k| k as f64).collect();
        out.push_str(",\"resets\":");
        json::numbers(&mut out, &resets);
        out.push('}');
        println!("{out}");
    } else {
        let last = arm.q.last().map_or(String::new(), |q| format!("{q:?}"));
        println!(
            "MuJoCo {}: {} steps, ends at {last} rad, {} resets",
            integrator.name(),
            arm.q.len(),
            arm.resets.len()
        );
    }
    ExitCode::SUCCESS
}

/// `--physx`: the arm as PhysX steps it at its default settings, every joint driven by
/// `law` at kp and kd.
fn physx_main(s: &ArmSettings, law: PhysxChainLaw, as_json: bool) -> ExitCode {
    let steps = (s.seconds / s.dt).round() as usize;
    let drive = ChainDrive {
        law,
        kp: s.kp,
        kd: s.kd,
    };
    let run = forcelab::scenes::arm_chain(s).and_then(|chain| {
        physx_arm(
            &chain,
            &s.start,
            &s.target,
            drive,
            s.dt,
            &PhysxChainSettings::default(),
            steps,
        )
    });
    let arm = match run {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}: {e}", e.field());
            return ExitCode::from(2);
        }
    };
    if as_json {
        let mut out = String::from("{\"engine\":\"physx\",\"law\":");
        json::string(&mut out, law.name());
        out.push_str(",\"q\":");
        rows(&mut out, &arm.q);
        out.push_str(",\"slept\":");
        match arm.slept {
            Some(k) => write!(out, "{k}").unwrap(),
            None => out.push_str("null"),
        }
        out.push('}');
        println!("{out}");
    } else {
        let last = arm.q.last().map_or(String::new(), |q| format!("{q:?}"));
        let slept = arm.slept.map_or("never slept".to_string(), |k| {
            format!("asleep after step {k}")
        });
        println!(
            "PhysX {}: {} steps, ends at {last} rad, {slept}",
            law.name(),
            arm.q.len()
        );
    }
    ExitCode::SUCCESS
}

/// `--tune`: the arm's tuning table as JSON; a bad wish or arm named with its flag.
fn tune_main(
    arm: ArmSettings,
    wish: ArmWish,
    drives: Option<Vec<ArmDrive>>,
    objective: Objective,
) -> ExitCode {
    let mut spec = ArmTuneSpec::new(arm, wish);
    spec.objective = objective;
    if let Some(d) = drives {
        spec.drives = d;
    }
    match tune_arm(&spec) {
        Ok(rows) => {
            println!("{}", arm_tune::table(&rows));
            ExitCode::SUCCESS
        }
        Err(e) => {
            // The core names its field; the flag that set it is the same word, dashed.
            let field = e.0.split(' ').next().unwrap_or("");
            eprintln!("--{}: {e}", field.replace('_', "-"));
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
#[path = "shared/chain_tests.rs"]
mod tests;
