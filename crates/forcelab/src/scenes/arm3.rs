//! The arm scene in 3-D: a chain of balls and hinges ([`crate::body::chain::Chain3`])
//! lifted from its start to a pose and held there under gravity, one arm per chain law
//! (the laws of [`crate::controllers::chain`], which drive both chains), recorded to the
//! end for the `chain` command's `--three-d`.

use super::arm::{MAX_SECONDS, SETTLED};
use crate::body::chain::{
    gravity3, Chain3, Chain3State, Joint3, JointPosition, Link3, STANDARD_GRAVITY,
};
use crate::controllers::chain::{ChainGains, ChainLaw, ChainLawId, JointSpace};
use crate::error::{in_range, Error};
use crate::integrator::Integrator;
use crate::rotation::from_rotation_vector;
use glam::DVec3;

/// What a 3-D arm run runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Arm3Settings {
    /// The links, shoulder first (2 or 3).
    pub links: Vec<Link3>,
    /// Gravity, m/s^2 along -y (0: off).
    pub gravity: f64,
    /// Where each joint starts, at rest.
    pub start: Vec<JointPosition>,
    /// The pose to lift to and hold, at rest.
    pub target: Vec<JointPosition>,
    /// The laws, one arm each.
    pub laws: Vec<ChainLawId>,
    /// Stiffness on every rate (each of a ball's three alike), N m/rad.
    pub kp: f64,
    /// Damping on every rate, N m s/rad.
    pub kd: f64,
    /// Integral gain on every rate (the PID only), N m/(rad s).
    pub ki: f64,
    /// Physics step, s.
    pub dt: f64,
    /// How each arm is stepped.
    pub integrator: Integrator,
    /// How long to run, s.
    pub seconds: f64,
}

impl Default for Arm3Settings {
    /// The planar arm's default in 3-D: a shoulder ball carrying a 0.5 m, 3 kg upper arm
    /// and an elbow hinge (about the upper arm's z) carrying a 0.4 m, 2 kg forearm, both
    /// solid cylinders of radius 0.05 m, hanging straight down (the shoulder turned -90
    /// degrees about z), lifted to the shoulder turned by the rotation vector
    /// (0, 0.5236, 0.5236) rad (up and forward, out of the plane) with the elbow bent 60
    /// degrees; the planar default's gains, step, integrator and length (kp 50, kd 5,
    /// ki 20, 1/60 s, semi-implicit Euler, 4 s). At these gains the laws that act on
    /// each rate alone blow up: a ball lets the upper arm spin about its own axis, with
    /// 6e-3 kg m^2, far too little for kd 5 at 60 Hz; the paper's SPD holds it.
    fn default() -> Self {
        Arm3Settings {
            links: vec![
                Link3::cylinder(Joint3::Ball, 0.5, 0.05, 3.0),
                Link3::cylinder(Joint3::Hinge(DVec3::Z), 0.4, 0.05, 2.0),
            ],
            gravity: STANDARD_GRAVITY,
            start: vec![
                rotation(DVec3::new(0.0, 0.0, -core::f64::consts::FRAC_PI_2)),
                JointPosition::Angle(0.0),
            ],
            target: vec![
                rotation(DVec3::new(
                    0.0,
                    core::f64::consts::FRAC_PI_6,
                    core::f64::consts::FRAC_PI_6,
                )),
                JointPosition::Angle(core::f64::consts::FRAC_PI_3),
            ],
            laws: ChainLawId::ALL.to_vec(),
            kp: 50.0,
            kd: 5.0,
            ki: 20.0,
            dt: 1.0 / 60.0,
            integrator: Integrator::SemiImplicitEuler,
            seconds: 4.0,
        }
    }
}

/// A ball's position from a rotation vector (axis times angle, rad).
fn rotation(r: DVec3) -> JointPosition {
    JointPosition::Rotation(from_rotation_vector(r))
}

/// One law's 3-D arm over the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Arm3Run {
    /// Its law.
    pub law: ChainLawId,
    /// Each joint's position after each step (the start first).
    pub q: Vec<Vec<JointPosition>>,
    /// The torques of each step, one per rate, N m (a ball's about world x, y, z).
    pub tau: Vec<Vec<f64>>,
    /// The step at which it blew up (a step refused or a rate past
    /// [`crate::limits::DIVERGED_LIMIT`]) and why; frozen from there.
    pub failed: Option<(usize, Error)>,
    /// When every joint was last more than [`SETTLED`] rad off, s; `None` if never settled.
    pub settle: Option<f64>,
    /// The largest joint error at the end, rad (a ball's: the angle of its turn to the target).
    pub final_error: f64,
    /// The largest torque on any rate over the run, N m.
    pub peak_torque: f64,
    /// PD's sag under the weight at the target, `G(q*) / kp` per rate, rad.
    pub predicted_sag: Vec<f64>,
}

/// The largest joint error of `chain` at `q` toward `target`, rad: a hinge's angle off,
/// a ball's turn (the length of its error vector).
pub fn arm3_error(chain: &Chain3, q: &[JointPosition], target: &[JointPosition]) -> f64 {
    let e = chain.error(q, target);
    let mut at = 0;
    let mut worst: f64 = 0.0;
    for l in chain.links() {
        let n = l.joint.dofs();
        worst = worst.max(e[at..at + n].iter().map(|x| x * x).sum::<f64>().sqrt());
        at += n;
    }
    worst
}

/// The chain of `s`, its settings checked, or an error naming the first that cannot be.
pub fn arm3_chain(s: &Arm3Settings) -> Result<Chain3, Error> {
    let chain = Chain3::new(s.links.clone(), s.gravity)?;
    chain.check_named("start", &s.start)?;
    chain.check_named("target", &s.target)?;
    in_range(
        "laws",
        s.laws.len() as f64,
        1.0,
        ChainLawId::ALL.len() as f64,
    )?;
    ChainGains::uniform(chain.dofs(), s.kp, s.kd, s.ki).validate(&chain)?;
    in_range("dt", s.dt, 1e-5, 0.1)?;
    in_range("seconds", s.seconds, s.dt, MAX_SECONDS)?;
    Ok(chain)
}

/// Runs every law of `s` on its own arm for `seconds / dt` steps (rounded) and records
/// each; an error names a setting that cannot be.
pub fn run_arm3(s: &Arm3Settings) -> Result<Vec<Arm3Run>, Error> {
    let chain = arm3_chain(s)?;
    let n = chain.dofs();
    let sag = gravity3(&chain, &s.target);
    let steps = (s.seconds / s.dt).round() as usize;
    s.laws
        .iter()
        .map(|&id| {
            let ki = if id == ChainLawId::JointPid {
                s.ki
            } else {
                0.0
            };
            let mut law = ChainLaw::new(id, ChainGains::uniform(n, s.kp, s.kd, ki), &chain)?;
            let mut state = Chain3State::at_rest(&chain, s.start.clone())?;
            let mut run = Arm3Run {
                law: id,
                q: vec![state.q.clone()],
                tau: Vec::with_capacity(steps),
                failed: None,
                settle: None,
                final_error: 0.0,
                peak_torque: 0.0,
                predicted_sag: sag
                    .iter()
                    .map(|g| if s.kp > 0.0 { g / s.kp } else { f64::INFINITY })
                    .collect(),
            };
            let mut last_out = Some(0.0);
            for k in 0..steps {
                match step(&chain, &mut law, &state, s) {
                    Ok((tau, next)) => {
                        run.peak_torque = tau.iter().fold(run.peak_torque, |m, t| m.max(t.abs()));
                        run.tau.push(tau);
                        state = next;
                    }
                    Err(e) => {
                        run.failed = Some((k, e));
                        break;
                    }
                }
                run.q.push(state.q.clone());
                if arm3_error(&chain, &state.q, &s.target) > SETTLED {
                    last_out = Some((k + 1) as f64 * s.dt);
                }
            }
            run.final_error = arm3_error(&chain, &state.q, &s.target);
            run.settle = (run.failed.is_none() && run.final_error <= SETTLED)
                .then_some(last_out)
                .flatten();
            Ok(run)
        })
        .collect()
}

/// One step of one law's arm: its torques and where they take it, or why not.
fn step(
    chain: &Chain3,
    law: &mut ChainLaw,
    state: &Chain3State,
    s: &Arm3Settings,
) -> Result<(Vec<f64>, Chain3State), Error> {
    let tau: Vec<f64> = law
        .torques(chain, state, &s.target, s.dt)?
        .iter()
        .map(|t| t.total)
        .collect();
    let mut next = state.clone();
    next.step(chain, &tau, s.dt, s.integrator)?;
    if next
        .qd
        .iter()
        .any(|v| v.abs() > crate::limits::DIVERGED_LIMIT)
    {
        return Err(Error::Unsupported {
            field: "dt",
            reason: "the arm's rates passed the divergence limit: it blew up",
        });
    }
    Ok((tau, next))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::chain::{Joint3, Link3};
    use glam::{DQuat, DVec3};

    #[test]
    fn the_arms_error_is_its_worst_joints_whichever_joint_that_is() {
        let chain = Chain3::new(
            vec![
                Link3::cylinder(Joint3::Ball, 0.5, 0.05, 3.0),
                Link3::rod(Joint3::Hinge(DVec3::Z), 0.4, 2.0),
                Link3::cylinder(Joint3::Ball, 0.3, 0.05, 1.0),
            ],
            9.81,
        )
        .unwrap();
        let target = [
            JointPosition::Rotation(DQuat::from_rotation_y(0.5)),
            JointPosition::Angle(1.0),
            JointPosition::Rotation(DQuat::IDENTITY),
        ];
        assert_eq!(arm3_error(&chain, &target, &target), 0.0);
        // Off at the elbow alone, then at the wrist alone: each is read at its own rates.
        let elbow = [target[0], JointPosition::Angle(0.7), target[2]];
        assert!((arm3_error(&chain, &elbow, &target) - 0.3).abs() < 1e-12);
        let wrist = [
            target[0],
            target[1],
            JointPosition::Rotation(DQuat::from_rotation_x(0.2)),
        ];
        assert!((arm3_error(&chain, &wrist, &target) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn by_default_only_the_laws_that_see_the_whole_chain_hold_the_3d_arm() {
        let runs = run_arm3(&Arm3Settings::default()).unwrap();
        let failed: Vec<bool> = runs.iter().map(|r| r.failed.is_some()).collect();
        // PD, SPD per rate, PD + gravity, PID blow up; the mass-matrix SPD holds, short
        // of the pose by about its sag.
        assert_eq!(failed, [true, true, false, true, true], "{runs:?}");
        let spd = &runs[2];
        assert_eq!(spd.q.len(), 241);
        assert!(spd.final_error < 0.5, "{}", spd.final_error);
        // Held but never inside the band: no settle time, not the run's length.
        assert!(spd.final_error > SETTLED, "{}", spd.final_error);
        assert_eq!(spd.settle, None);
    }

    #[test]
    fn an_arm_that_blows_up_stops_at_the_first_step_its_rates_pass_the_limit() {
        // Replayed by hand: the default PD's rates, step by step, until one passes
        // DIVERGED_LIMIT. The run must stop there, with that reason, its poses up to the
        // step before; not later, when the state leaves f64 and the step refuses it.
        let s = Arm3Settings::default();
        let chain = arm3_chain(&s).unwrap();
        let gains = ChainGains::uniform(chain.dofs(), s.kp, s.kd, 0.0);
        let mut law = ChainLaw::new(ChainLawId::JointPd, gains, &chain).unwrap();
        let mut state = Chain3State::at_rest(&chain, s.start.clone()).unwrap();
        let mut k = 0;
        loop {
            let tau: Vec<f64> = law
                .torques(&chain, &state, &s.target, s.dt)
                .unwrap()
                .iter()
                .map(|t| t.total)
                .collect();
            state.step(&chain, &tau, s.dt, s.integrator).unwrap();
            if state
                .qd
                .iter()
                .any(|v| v.abs() > crate::limits::DIVERGED_LIMIT)
            {
                break;
            }
            k += 1;
        }
        assert!(state.qd.iter().all(|v| v.is_finite()), "{:?}", state.qd);
        let pd = &run_arm3(&s).unwrap()[0];
        assert_eq!(
            pd.failed,
            Some((
                k,
                Error::Unsupported {
                    field: "dt",
                    reason: "the arm's rates passed the divergence limit: it blew up",
                }
            ))
        );
        assert_eq!(pd.q.len(), k + 1);
        assert_eq!(pd.tau.len(), k);
    }

    #[test]
    fn soft_and_fine_every_law_holds_and_gravity_compensation_lands() {
        let s = Arm3Settings {
            kp: 20.0,
            kd: 2.0,
            dt: 1e-3,
            seconds: 10.0,
            ..Arm3Settings::default()
        };
        let runs = run_arm3(&s).unwrap();
        for r in &runs {
            assert!(r.failed.is_none(), "{}: {:?}", r.law.id(), r.failed);
        }
        assert!(runs[3].final_error < SETTLED, "{}", runs[3].final_error);
        assert!(runs[3].settle.is_some_and(|t| t > 0.0 && t < s.seconds));
        // PD sags far outside the band: it never settles.
        assert!(runs[0].final_error > 0.1, "{}", runs[0].final_error);
        assert_eq!(runs[0].settle, None);
    }

    #[test]
    fn a_runs_figures_are_read_off_its_recorded_motion() {
        let s = Arm3Settings {
            kp: 20.0,
            kd: 2.0,
            ki: 5.0,
            dt: 1e-3,
            seconds: 10.0,
            laws: vec![ChainLawId::PdGravity, ChainLawId::JointPid],
            ..Arm3Settings::default()
        };
        let chain = arm3_chain(&s).unwrap();
        let runs = run_arm3(&s).unwrap();
        // Settled: just after the last recorded pose outside the band.
        let held = &runs[0];
        let out = held
            .q
            .iter()
            .rposition(|q| arm3_error(&chain, q, &s.target) > SETTLED)
            .unwrap();
        assert!(out > 0 && out < held.q.len() - 1, "{out}");
        assert_eq!(held.settle, Some(out as f64 * s.dt));
        // PD's sag, G(q*) / kp per rate; none finite at kp 0.
        let sag = gravity3(&chain, &s.target);
        assert!(sag.iter().any(|g| g.abs() > 1.0), "{sag:?}");
        let want: Vec<f64> = sag.iter().map(|g| g / s.kp).collect();
        assert_eq!(held.predicted_sag, want);
        let limp = Arm3Settings {
            kp: 0.0,
            seconds: 0.01,
            ..s.clone()
        };
        assert!(run_arm3(&limp).unwrap()[0]
            .predicted_sag
            .iter()
            .all(|&x| x == f64::INFINITY));
        // The integral gain reaches the PID.
        let no_integral = run_arm3(&Arm3Settings {
            ki: 0.0,
            laws: vec![ChainLawId::JointPid],
            ..s.clone()
        })
        .unwrap();
        assert_ne!(no_integral[0].q.last(), runs[1].q.last());
    }

    #[test]
    fn settings_that_cannot_be_are_named() {
        let field = |s: Arm3Settings| run_arm3(&s).unwrap_err().field();
        let d = Arm3Settings::default;
        assert_eq!(field(Arm3Settings { kp: -1.0, ..d() }), "kp");
        assert_eq!(
            field(Arm3Settings {
                start: d().target[..1].to_vec(),
                ..d()
            }),
            "start"
        );
        let mut swapped = d().target;
        swapped.reverse();
        assert_eq!(
            field(Arm3Settings {
                target: swapped,
                ..d()
            }),
            "target"
        );
        assert_eq!(field(Arm3Settings { dt: 1.0, ..d() }), "dt");
        assert_eq!(
            field(Arm3Settings {
                laws: vec![],
                ..d()
            }),
            "laws"
        );
    }
}
