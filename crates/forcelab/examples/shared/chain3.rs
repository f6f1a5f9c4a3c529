//! The chain command's `--three-d`: the arm as a 3-D chain of ball and hinge joints
//! (`forcelab::scenes::run_arm3`), one arm per chain law, printed as JSON or lines.
//!
//! ```text
//! chain --three-d [--json] [--joints ball|hinge[:X:Y:Z],...] [--links L:M,...] [--radius R]
//!     [--gravity G] [--start P,P,...] [--target P,P,...] [--laws ID,...] [--kp KP] [--kd KD]
//!     [--ki KI] [--dt DT] [--integrator ID] [--seconds S]
//! ```
//!
//! A joint is `ball` or `hinge` (about the parent link's z) or `hinge:X:Y:Z` (about that
//! axis in the parent's frame); each link a solid cylinder along its own x of `--radius`
//! (m, default 0.05). A position per joint: a hinge's angle (rad), a ball's rotation
//! vector `X:Y:Z` (axis times angle, rad, relative to its parent). Defaults:
//! `Arm3Settings::default` (`--joints ball,hinge --links 0.5:3,0.4:2 --start 0:0:-1.5708,0
//! --target 0:0.5236:0.5236,1.0472`); with other joints the first hangs straight down
//! (`-1.5708` or `0:0:-1.5708`) and the rest start straight (`0`, `0:0:0`), and the
//! target lifts the first as above, bends each later hinge 1.0472 and turns each later
//! ball `0:0:0.5236`. Gains are per rate, the same on each of a ball's three.
use super::{integrator, json, laws, number, rows};
use forcelab::body::chain::{Joint3, JointPosition, Link3};
use forcelab::rotation::from_rotation_vector;
use forcelab::scenes::{run_arm3, Arm3Run, Arm3Settings};
use glam::DVec3;
use std::fmt::Write;
use std::process::ExitCode;

/// The flags only the planar arm takes.
const PLANAR_ONLY: [&str; 9] = [
    "--mujoco",
    "--physx",
    "--dynamics",
    "--limits",
    "--tune",
    "--settle",
    "--overshoot",
    "--max-torque",
    "--drives",
];

/// `--joints`: each joint, or a message naming the flag.
fn joints(text: Option<&String>) -> Result<Vec<Joint3>, String> {
    let text = text.ok_or("--joints needs ball or hinge[:X:Y:Z] per joint, comma separated")?;
    text.split(',')
        .map(|j| match j.trim().split(':').collect::<Vec<_>>()[..] {
            ["ball"] => Ok(Joint3::Ball),
            ["hinge"] => Ok(Joint3::Hinge(DVec3::Z)),
            ["hinge", x, y, z] => match (x.parse(), y.parse(), z.parse()) {
                (Ok(x), Ok(y), Ok(z)) => Ok(Joint3::Hinge(DVec3::new(x, y, z))),
                _ => Err(format!("--joints: a hinge's axis is three numbers, got {j:?}")),
            },
            _ => Err(format!("--joints takes ball or hinge[:X:Y:Z] per joint, comma separated, got {j:?} in {text:?}")),
        })
        .collect()
}

/// `--start`/`--target`: a number (a hinge's angle) or `X:Y:Z` (a ball's rotation
/// vector) per joint; the kind is checked against the joints by the core.
fn positions(flag: &str, text: Option<&String>) -> Result<Vec<JointPosition>, String> {
    let text = text.ok_or_else(|| format!("{flag} needs a position per joint after it"))?;
    text.split(',')
        .map(|p| {
            let parts: Result<Vec<f64>, _> = p.split(':').map(|x| x.trim().parse()).collect();
            match parts.as_deref() {
                Ok([a]) => Ok(JointPosition::Angle(*a)),
                Ok([x, y, z]) => Ok(JointPosition::Rotation(from_rotation_vector(DVec3::new(*x, *y, *z)))),
                _ => Err(format!("{flag} takes an angle (a hinge) or X:Y:Z, a rotation vector in rad (a ball), per joint, got {p:?} in {text:?}")),
            }
        })
        .collect()
}

/// The first joint hanging, the rest straight; or the target of [`Arm3Settings::default`]
/// extended to `joints`.
fn default_pose(joints: &[Joint3], target: bool) -> Vec<JointPosition> {
    let (sixth, third, half) = (
        core::f64::consts::FRAC_PI_6,
        core::f64::consts::FRAC_PI_3,
        core::f64::consts::FRAC_PI_2,
    );
    let turn = |x, y, z| JointPosition::Rotation(from_rotation_vector(DVec3::new(x, y, z)));
    joints
        .iter()
        .enumerate()
        .map(|(i, j)| match (j, i == 0, target) {
            (Joint3::Ball, true, false) => turn(0.0, 0.0, -half),
            (Joint3::Hinge(_), true, false) => JointPosition::Angle(-half),
            (Joint3::Ball, false, false) => turn(0.0, 0.0, 0.0),
            (Joint3::Hinge(_), false, false) => JointPosition::Angle(0.0),
            (Joint3::Ball, true, true) => turn(0.0, sixth, sixth),
            (Joint3::Hinge(_), true, true) => JointPosition::Angle(sixth),
            (Joint3::Ball, false, true) => turn(0.0, 0.0, sixth),
            (Joint3::Hinge(_), false, true) => JointPosition::Angle(third),
        })
        .collect()
}

/// The 3-D command line, or a message naming the flag that could not be read.
pub fn parse(args: &[String]) -> Result<(Arm3Settings, bool), String> {
    let mut s = Arm3Settings::default();
    let (mut json, mut joint_list, mut links, mut radius) = (false, None, None, 0.05);
    let (mut start, mut target) = (None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let f = flag.as_str();
        match f {
            "--three-d" => {}
            "--json" => json = true,
            "--joints" => joint_list = Some(joints(it.next())?),
            "--links" => {
                let text = it
                    .next()
                    .ok_or("--links needs LENGTH:MASS pairs after it, comma separated")?;
                links = Some(text.split(',').map(|pair| match pair.split(':').map(|x| x.trim().parse::<f64>()).collect::<Vec<_>>()[..] {
                    [Ok(length), Ok(mass)] => Ok((length, mass)),
                    _ => Err(format!("--links takes LENGTH:MASS pairs (m:kg), comma separated, got {pair:?} in {text:?}")),
                }).collect::<Result<Vec<_>, _>>()?);
            }
            "--radius" => radius = number(f, it.next())?,
            "--gravity" => s.gravity = number(f, it.next())?,
            "--start" => start = Some(positions(f, it.next())?),
            "--target" => target = Some(positions(f, it.next())?),
            "--laws" => s.laws = laws(it.next())?,
            "--kp" => s.kp = number(f, it.next())?,
            "--kd" => s.kd = number(f, it.next())?,
            "--ki" => s.ki = number(f, it.next())?,
            "--dt" => s.dt = number(f, it.next())?,
            "--seconds" => s.seconds = number(f, it.next())?,
            "--integrator" => s.integrator = integrator(it.next())?,
            f if PLANAR_ONLY.contains(&f) => {
                return Err(format!("{f} is for the planar arm: drop it or --three-d"))
            }
            other => return Err(format!("unknown flag {other:?} with --three-d")),
        }
    }
    let joint_list =
        joint_list.unwrap_or_else(|| s.links.iter().map(|l| l.joint).collect::<Vec<_>>());
    let sizes = links.unwrap_or_else(|| s.links.iter().map(|l| (l.length, l.mass)).collect());
    if sizes.len() != joint_list.len() {
        return Err(format!(
            "--links: {} links for {} joints (--joints); give one LENGTH:MASS per joint",
            sizes.len(),
            joint_list.len()
        ));
    }
    s.links = joint_list
        .iter()
        .zip(&sizes)
        .map(|(&j, &(length, mass))| Link3::cylinder(j, length, radius, mass))
        .collect();
    s.start = start.unwrap_or_else(|| default_pose(&joint_list, false));
    s.target = target.unwrap_or_else(|| default_pose(&joint_list, true));
    Ok((s, json))
}

/// The flag that sets the core's `field`.
fn flag_of(field: &str) -> &'static str {
    match field {
        f if f.ends_with(".inertia") => "--radius",
        f if f.ends_with(".axis") => "--joints",
        f if f.starts_with("links") => "--links",
        "gravity" => "--gravity",
        "start" => "--start",
        "target" => "--target",
        "laws" => "--laws",
        "kp" => "--kp",
        "kd" => "--kd",
        "ki" => "--ki",
        "seconds" => "--seconds",
        _ => "--dt",
    }
}

/// One law's run as a JSON object: a hinge's position a number, a ball's `[w, x, y, z]`.
fn run_json(out: &mut String, r: &Arm3Run, s: &Arm3Settings) {
    out.push_str("{\"law\":");
    json::string(out, r.law.id());
    out.push_str(",\"label\":");
    json::string(out, r.law.label());
    out.push_str(",\"dt\":");
    json::number(out, s.dt);
    let kinds: Vec<&str> = s
        .links
        .iter()
        .map(|l| match l.joint {
            Joint3::Ball => "ball",
            Joint3::Hinge(_) => "hinge",
        })
        .collect();
    out.push_str(",\"joints\":");
    json::strings(out, &kinds);
    out.push_str(",\"q\":[");
    for (k, q) in r.q.iter().enumerate() {
        out.push_str(if k > 0 { ",[" } else { "[" });
        for (i, p) in q.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match p {
                JointPosition::Angle(a) => json::number(out, *a),
                JointPosition::Rotation(r) => json::numbers(out, &[r.w, r.x, r.y, r.z]),
            }
        }
        out.push(']');
    }
    out.push_str("],\"tau\":");
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

/// `--three-d`: parses, runs every law and prints; a bad value named by its flag, exit 2.
pub fn main(args: &[String]) -> ExitCode {
    let (s, as_json) = match parse(args) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let runs = match run_arm3(&s) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{} ({}): {e}", flag_of(e.field()), e.field());
            return ExitCode::from(2);
        }
    };
    if as_json {
        let mut out = String::from("[");
        for (k, r) in runs.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            run_json(&mut out, r, &s);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_3d_flags_make_the_arm() {
        let (s, json) = parse(&args("--three-d --json --joints ball,hinge:0:1:0,ball --links 0.5:3,0.4:2,0.2:1 --target 0:1:0,0.5,0.1:0:0 --kp 80")).unwrap();
        assert!(json);
        assert_eq!(s.links.len(), 3);
        assert_eq!(s.links[1].joint, Joint3::Hinge(DVec3::Y));
        assert_eq!(s.target[1], JointPosition::Angle(0.5));
        assert_eq!(s.kp, 80.0);
        // The start was not given: the first joint hangs, the rest are straight.
        assert_eq!(s.start[1], JointPosition::Angle(0.0));
    }

    #[test]
    fn a_bad_3d_flag_is_named() {
        let err = |text: &str| parse(&args(text)).err().unwrap();
        assert!(err("--three-d --joints knee").starts_with("--joints"));
        assert!(err("--three-d --target 0:1,0").starts_with("--target"));
        assert!(err("--three-d --joints ball,hinge,ball").starts_with("--links"));
        assert!(err("--three-d --physx drive").starts_with("--physx"));
        assert_eq!(flag_of("links[1].inertia"), "--radius");
        assert_eq!(flag_of("target"), "--target");
    }
}
