//! An arm lifting to a pose and holding it under gravity: one planar chain per chain
//! law, side by side, from the same start toward the same pose, stepped at one fixed
//! `dt` (issue 48's first figure). The chain is the core's
//! ([`crate::body::chain`]); the laws are [`crate::controllers::chain`].

use crate::body::chain::{bias, ChainState, Link, PlanarChain, STANDARD_GRAVITY};
use crate::controllers::chain::{ChainGains, ChainLaw, ChainLawId};
use crate::error::{in_range, Error};
use crate::integrator::Integrator;

/// The longest run an arm scene takes, s (at 1 ms a step, 60,000 steps per law).
pub const MAX_SECONDS: f64 = 60.0;

/// Within this of its target (rad) every joint counts as there, for the settle time.
pub const SETTLED: f64 = 0.02;

/// What an arm scene runs.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmSettings {
    /// The links, shoulder first.
    pub links: Vec<Link>,
    /// Gravity, m/s^2 along -y (0: off).
    pub gravity: f64,
    /// The joint angles it starts at, at rest (rad).
    pub start: Vec<f64>,
    /// The pose to lift to and hold (rad, at rest).
    pub target: Vec<f64>,
    /// The laws, one arm each.
    pub laws: Vec<ChainLawId>,
    /// Stiffness on every joint, N m/rad.
    pub kp: f64,
    /// Damping on every joint, N m s/rad.
    pub kd: f64,
    /// Integral gain on every joint (the PID), N m/(rad s).
    pub ki: f64,
    /// Physics step, s.
    pub dt: f64,
    /// How each arm is stepped.
    pub integrator: Integrator,
    /// How long to run, s.
    pub seconds: f64,
}

impl Default for ArmSettings {
    /// A two-link arm (an upper arm of 0.5 m, 3 kg and a forearm of 0.4 m, 2 kg, uniform
    /// rods) hanging straight down, lifted to the shoulder at 30 degrees and the elbow
    /// bent 60 degrees, every law at kp 50 N m/rad, kd 5 N m s/rad (ki 20 for the PID),
    /// 60 Hz, semi-implicit Euler, 4 s: gains every law survives at this step, where
    /// twice the damping already blows up the laws that act on each joint explicitly.
    fn default() -> Self {
        ArmSettings {
            links: vec![Link::rod(0.5, 3.0), Link::rod(0.4, 2.0)],
            gravity: STANDARD_GRAVITY,
            start: vec![-core::f64::consts::FRAC_PI_2, 0.0],
            target: vec![core::f64::consts::FRAC_PI_6, core::f64::consts::FRAC_PI_3],
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

/// One law's arm over the run.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmRun {
    /// Its law.
    pub law: ChainLawId,
    /// The joint angles after each step, rad (the start first).
    pub q: Vec<Vec<f64>>,
    /// The torques of each step, N m (one row fewer than `q`).
    pub tau: Vec<Vec<f64>>,
    /// The step at which it blew up (a torque or state past f64, or a rate past
    /// [`crate::limits::DIVERGED_LIMIT`]) and why; it is frozen from there.
    pub failed: Option<(usize, Error)>,
    /// When every joint was last outside [`SETTLED`] of its target, s; `None` if it never settles.
    pub settle: Option<f64>,
    /// The largest joint error at the end, rad.
    pub final_error: f64,
    /// The largest torque on any joint over the run, N m.
    pub peak_torque: f64,
    /// What PD's spring alone would sag under at the target: `G(q*) / kp` per joint, rad.
    pub predicted_sag: Vec<f64>,
}

/// The arm of `s`, its settings checked, or an error naming the first that cannot be.
pub fn arm_chain(s: &ArmSettings) -> Result<PlanarChain, Error> {
    let chain = PlanarChain::new(s.links.clone(), s.gravity)?;
    chain.check("start", &s.start)?;
    chain.check("target", &s.target)?;
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

/// Runs every law of `s` on its own arm; an error names a setting that cannot be.
pub fn run_arm(s: &ArmSettings) -> Result<Vec<ArmRun>, Error> {
    let chain = arm_chain(s)?;
    let steps = (s.seconds / s.dt).round() as usize;
    let sag_torques = bias(&chain, &s.target, &vec![0.0; chain.dofs()]);
    s.laws
        .iter()
        .map(|&id| {
            let gains = ChainGains::uniform(
                chain.dofs(),
                s.kp,
                s.kd,
                if id == ChainLawId::JointPid {
                    s.ki
                } else {
                    0.0
                },
            );
            let mut law = ChainLaw::new(id, gains, &chain)?;
            let mut state = ChainState::at_rest(&chain, s.start.clone())?;
            let mut run = ArmRun {
                law: id,
                q: vec![state.q.clone()],
                tau: Vec::with_capacity(steps),
                failed: None,
                settle: None,
                final_error: 0.0,
                peak_torque: 0.0,
                predicted_sag: sag_torques
                    .iter()
                    .map(|g| if s.kp > 0.0 { g / s.kp } else { f64::INFINITY })
                    .collect(),
            };
            let mut last_out = Some(0.0);
            for k in 0..steps {
                let stepped = law.torques(&chain, &state, &s.target, s.dt).and_then(|t| {
                    let tau: Vec<f64> = t.iter().map(|t| t.total).collect();
                    let mut next = state.clone();
                    next.step(&chain, &tau, s.dt, s.integrator)?;
                    if next
                        .qd
                        .iter()
                        .any(|v| v.abs() > crate::limits::DIVERGED_LIMIT)
                    {
                        return Err(Error::Unsupported {
                            field: "dt",
                            reason: "the arm's joint rates passed the divergence limit: it blew up",
                        });
                    }
                    Ok((tau, next))
                });
                match stepped {
                    Ok((tau, next)) => {
                        run.peak_torque = tau.iter().fold(run.peak_torque, |m, t| m.max(t.abs()));
                        run.tau.push(tau);
                        state = next;
                    }
                    Err(e) => {
                        run.failed.get_or_insert((k, e));
                        run.tau.push(vec![0.0; chain.dofs()]);
                    }
                }
                run.q.push(state.q.clone());
                let error = state
                    .q
                    .iter()
                    .zip(&s.target)
                    .map(|(q, t)| (q - t).abs())
                    .fold(0.0, f64::max);
                if error > SETTLED {
                    last_out = Some((k + 1) as f64 * s.dt);
                }
            }
            run.final_error = state
                .q
                .iter()
                .zip(&s.target)
                .map(|(q, t)| (q - t).abs())
                .fold(0.0, f64::max);
            // Settled only if it ends within the band and did not blow up.
            run.settle = if run.failed.is_none() && run.final_error <= SETTLED {
                last_out
            } else {
                None
            };
            Ok(run)
        })
        .collect()
}

/// The least stiffness (N m/rad) at which law `id` blows up on the arm of `s` in its
/// run, with the damping tied to it as `kd = kd_per_kp_dt * kp * dt` (so the law's
/// implicit terms keep their share of the step as kp grows): found by bisection on
/// `log10 kp` between 1 and 1e6 N m/rad to 0.1 %, `None` if it holds at 1e6. Where the
/// arm is stable below and unstable above one stiffness (every law here) this is that
/// stiffness.
pub fn breaking_stiffness(
    s: &ArmSettings,
    id: ChainLawId,
    kd_per_kp_dt: f64,
) -> Result<Option<f64>, Error> {
    let breaks = |kp: f64| -> Result<bool, Error> {
        let at = ArmSettings {
            kp,
            kd: kd_per_kp_dt * kp * s.dt,
            laws: vec![id],
            ..s.clone()
        };
        Ok(run_arm(&at)?[0].failed.is_some())
    };
    let (mut lo, mut hi) = (0.0f64, 6.0f64);
    if !breaks(10f64.powf(hi))? {
        return Ok(None);
    }
    if breaks(10f64.powf(lo))? {
        return Ok(Some(1.0));
    }
    // 0.1 % in kp is 4.3e-4 in log10 kp.
    while hi - lo > 4.3e-4 {
        let mid = (lo + hi) / 2.0;
        if breaks(10f64.powf(mid))? {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(Some(10f64.powf(hi)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_arm_runs_every_law_and_only_the_compensated_ones_land_on_the_pose() {
        let runs = run_arm(&ArmSettings::default()).unwrap();
        assert_eq!(runs.len(), ChainLawId::ALL.len());
        let by = |id| runs.iter().find(|r| r.law == id).unwrap();
        for r in &runs {
            assert_eq!(r.q.len(), 241, "{:?}", r.law);
            assert_eq!(r.tau.len(), 240);
            assert!(r.failed.is_none(), "{:?}: {:?}", r.law, r.failed);
        }
        // PD sags by about G / kp at the pose; compensating gravity removes the sag.
        let pd = by(ChainLawId::JointPd);
        assert!(
            pd.final_error
                > 0.5
                    * pd.predicted_sag
                        .iter()
                        .fold(0.0, |m: f64, s| m.max(s.abs())),
            "{pd:?}"
        );
        assert!(by(ChainLawId::PdGravity).final_error < SETTLED);
        assert!(by(ChainLawId::PdGravity).settle.is_some());
        assert!(pd.settle.is_none());
    }

    #[test]
    fn stiff_gains_at_a_long_step_blow_up_pd_and_leave_the_mass_matrix_spd_standing() {
        let s = ArmSettings {
            kp: 2000.0,
            kd: 2.0 * 2000.0 / 30.0,
            dt: 1.0 / 30.0,
            laws: vec![ChainLawId::JointPd, ChainLawId::MassMatrixSpd],
            ..ArmSettings::default()
        };
        let runs = run_arm(&s).unwrap();
        let (step, why) = runs[0].failed.unwrap();
        assert!(step < 30, "{step}");
        assert_eq!(why.field(), "dt");
        // Frozen where it blew up, every row still there.
        assert_eq!(runs[0].q.len(), 121);
        assert_eq!(runs[0].q[step + 1], runs[0].q[120]);
        assert!(runs[1].failed.is_none());
        assert!(runs[1].final_error < 0.01, "{:?}", runs[1].final_error);
    }

    #[test]
    fn at_the_default_step_twice_the_damping_breaks_every_explicit_joint_law_but_not_the_spds() {
        let runs = run_arm(&ArmSettings {
            kd: 10.0,
            ..ArmSettings::default()
        })
        .unwrap();
        for r in &runs {
            let implicit = matches!(r.law, ChainLawId::JointSpd | ChainLawId::MassMatrixSpd);
            assert_eq!(r.failed.is_none(), implicit, "{:?}: {:?}", r.law, r.failed);
        }
        // Stiffer and barely damped, the articles' SPD per joint breaks too; the paper's holds.
        let runs = run_arm(&ArmSettings {
            kp: 200.0,
            kd: 1.0,
            laws: vec![ChainLawId::JointSpd, ChainLawId::MassMatrixSpd],
            ..ArmSettings::default()
        })
        .unwrap();
        assert!(runs[0].failed.is_some());
        assert!(runs[1].failed.is_none());
    }

    #[test]
    fn the_paper_spd_holds_at_every_stiffness_with_kd_at_one_and_a_half_kp_dt_and_breaks_below() {
        // The one-body SPD's rule carries over to the chain: semi-implicit Euler needs
        // kd >= 1.5 kp dt, explicit Euler (the paper's prediction) kd >= kp dt / 2.
        let s = ArmSettings::default();
        assert_eq!(
            breaking_stiffness(&s, ChainLawId::MassMatrixSpd, 1.5).unwrap(),
            None
        );
        let at_the_papers_rule = breaking_stiffness(&s, ChainLawId::MassMatrixSpd, 1.0)
            .unwrap()
            .unwrap();
        assert!(
            (100.0..1e5).contains(&at_the_papers_rule),
            "{at_the_papers_rule}"
        );
        let explicit = ArmSettings {
            integrator: Integrator::ExplicitEuler,
            ..s.clone()
        };
        assert_eq!(
            breaking_stiffness(&explicit, ChainLawId::MassMatrixSpd, 0.5).unwrap(),
            None
        );
        // Per joint, the same damping does not save it; PD breaks first of all.
        let per_joint = breaking_stiffness(&s, ChainLawId::JointSpd, 2.0)
            .unwrap()
            .unwrap();
        let pd = breaking_stiffness(&s, ChainLawId::JointPd, 2.0)
            .unwrap()
            .unwrap();
        assert!(
            pd < per_joint && per_joint < 1e4,
            "pd {pd}, per joint {per_joint}"
        );
        // Held just below, broken at the stiffness found.
        let run = |kp: f64| {
            run_arm(&ArmSettings {
                kp,
                kd: 2.0 * kp * s.dt,
                laws: vec![ChainLawId::JointSpd],
                ..s.clone()
            })
            .unwrap()[0]
                .failed
                .is_some()
        };
        assert!(run(per_joint) && !run(per_joint * 0.99));
    }

    #[test]
    fn settings_that_cannot_be_are_refused_by_name() {
        let field = |s: ArmSettings| run_arm(&s).unwrap_err().field();
        let d = ArmSettings::default;
        assert_eq!(
            field(ArmSettings {
                links: vec![Link::rod(0.0, 1.0), Link::rod(1.0, 1.0)],
                ..d()
            }),
            "links[0].length"
        );
        assert_eq!(
            field(ArmSettings {
                start: vec![0.0],
                ..d()
            }),
            "start"
        );
        assert_eq!(
            field(ArmSettings {
                target: vec![0.0, f64::NAN],
                ..d()
            }),
            "target"
        );
        assert_eq!(
            field(ArmSettings {
                laws: vec![],
                ..d()
            }),
            "laws"
        );
        assert_eq!(field(ArmSettings { kd: -1.0, ..d() }), "kd");
        assert_eq!(field(ArmSettings { dt: 0.5, ..d() }), "dt");
        assert_eq!(
            field(ArmSettings {
                seconds: 600.0,
                ..d()
            }),
            "seconds"
        );
        assert_eq!(
            field(ArmSettings {
                gravity: -1.0,
                ..d()
            }),
            "gravity"
        );
    }
}
