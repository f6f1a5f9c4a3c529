//! The arm scene run to its end and recorded ([`run_arm`]: the claims and the `chain`
//! command read it), and the stiffness at which a law breaks on it
//! ([`breaking_stiffness`]); both step the scene's own [`Arm`], so a figure, a claim and
//! the command run the same step.

use super::arm::{arm_chain, Arm, ArmSettings, SETTLED};
use crate::body::chain::bias;
use crate::controllers::chain::ChainLawId;
use crate::error::Error;
use crate::math::pow;

/// One law's arm over the run.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmRun {
    /// Its law.
    pub law: ChainLawId,
    /// The joint angles after each step, rad (the start first).
    pub q: Vec<Vec<f64>>,
    /// The joint rates after each step, rad/s (the start first).
    pub qd: Vec<Vec<f64>>,
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

/// One law's run of the arm summed up for a reader: what the arm figure's table shows.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ArmMetrics {
    /// The law's id.
    pub law: &'static str,
    /// Its name for a reader.
    pub label: &'static str,
    /// When every joint was last outside [`SETTLED`] of its target, s (`None`: never).
    pub settle: Option<f64>,
    /// The largest joint error at the end, rad.
    pub final_error: f64,
    /// The largest torque on any joint over the run, N m.
    pub peak_torque: f64,
    /// The time of the step it blew up at, s (`None`: it held), as the figure says it.
    pub blew_up_at: Option<f64>,
}

/// Each law's run of `s` ([`run_arm`]) summed up: settle, final error, peak torque and
/// when it blew up; an error names a setting that cannot be.
pub fn arm_metrics(s: &ArmSettings) -> Result<Vec<ArmMetrics>, Error> {
    Ok(run_arm(s)?
        .into_iter()
        .map(|r| ArmMetrics {
            law: r.law.id(),
            label: r.law.label(),
            settle: r.settle,
            final_error: r.final_error,
            peak_torque: r.peak_torque,
            blew_up_at: r.failed.map(|(step, _)| step as f64 * s.dt),
        })
        .collect())
}

/// Runs every law of `s` on its own arm for `s.seconds` ([`Arm::step`], `seconds / dt`
/// steps, rounded) and records each; an error names a setting that cannot be.
pub fn run_arm(s: &ArmSettings) -> Result<Vec<ArmRun>, Error> {
    let mut arm = Arm::new(s.clone())?;
    let chain = arm_chain(s)?;
    let steps = (s.seconds / s.dt).round() as usize;
    let sag_torques = bias(&chain, &s.target, &vec![0.0; chain.dofs()]);
    let mut runs: Vec<ArmRun> = arm
        .arms
        .iter()
        .map(|a| ArmRun {
            law: a.law.id,
            q: vec![a.state.q.clone()],
            qd: vec![a.state.qd.clone()],
            tau: Vec::with_capacity(steps),
            failed: None,
            settle: None,
            final_error: 0.0,
            peak_torque: 0.0,
            predicted_sag: sag_torques
                .iter()
                .map(|g| if s.kp > 0.0 { g / s.kp } else { f64::INFINITY })
                .collect(),
        })
        .collect();
    let mut last_out = vec![Some(0.0); runs.len()];
    for k in 0..steps {
        arm.step()?;
        for (i, run) in runs.iter_mut().enumerate() {
            let a = &arm.arms[i];
            run.peak_torque = a.tau.iter().fold(run.peak_torque, |m, t| m.max(t.abs()));
            run.tau.push(a.tau.clone());
            run.q.push(a.state.q.clone());
            run.qd.push(a.state.qd.clone());
            if arm.error(i) > SETTLED {
                last_out[i] = Some((k + 1) as f64 * s.dt);
            }
        }
    }
    for (i, run) in runs.iter_mut().enumerate() {
        run.failed = arm.arms[i].failed;
        run.final_error = arm.error(i);
        // Settled only if it ends within the band and did not blow up.
        run.settle = if run.failed.is_none() && run.final_error <= SETTLED {
            last_out[i]
        } else {
            None
        };
    }
    Ok(runs)
}

/// The least stiffness (N m/rad) at which law `id` blows up on the arm of `s` in its
/// run, with the damping tied to it as `kd = kd_per_kp_dt * kp * dt` (so the law's
/// implicit terms keep their share of the step as kp grows): found by bisection on
/// `log10 kp` between 1 and 1e6 N m/rad to 0.1 %, `None` if it holds at 1e6, `Some(1)` if
/// it breaks at every stiffness tried. The PID's `ki` is tied to `kp` as `s` has them
/// (`ki / kp` kept), so a stiff PID is not a soft one with a fixed integral. Where the
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
            // The PID's integral keeps its share too: ki / kp as `s` has it.
            ki: if s.kp > 0.0 { s.ki * kp / s.kp } else { s.ki },
            laws: vec![id],
            ..s.clone()
        };
        Ok(run_arm(&at)?[0].failed.is_some())
    };
    let (mut lo, mut hi) = (0.0f64, 6.0f64);
    if !breaks(pow(10.0, hi))? {
        return Ok(None);
    }
    if breaks(pow(10.0, lo))? {
        return Ok(Some(1.0));
    }
    // 0.1 % in kp is 4.3e-4 in log10 kp.
    while hi - lo > 4.3e-4 {
        let mid = (lo + hi) / 2.0;
        if breaks(pow(10.0, mid))? {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(Some(pow(10.0, hi)))
}

/// The physics rates of the breaking-stiffness table, Hz: a slow game, the usual one, a fine one.
pub const BREAKING_RATES: [f64; 3] = [30.0, 60.0, 120.0];

/// One law's row of the breaking-stiffness table: the least stiffness (N m/rad) that
/// breaks it at each of [`BREAKING_RATES`], `None` where it held to 1e6.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct BreakingRow {
    /// The law's id.
    pub law: &'static str,
    /// Its name for a reader.
    pub label: &'static str,
    /// The breaking stiffness at each rate, N m/rad (`None`: held to 1e6).
    pub kp: Vec<Option<f64>>,
}

/// Where each law of `s` breaks on its arm at 30, 60 and 120 Hz with `kd = k kp dt`
/// ([`breaking_stiffness`] at each rate, the rest of `s` as it is).
pub fn breaking_table(s: &ArmSettings, k: f64) -> Result<Vec<BreakingRow>, Error> {
    crate::error::in_range("kd per kp dt", k, 0.0, 100.0)?;
    s.laws
        .iter()
        .map(|&id| {
            let kp = BREAKING_RATES
                .iter()
                .map(|&hz| {
                    breaking_stiffness(
                        &ArmSettings {
                            dt: 1.0 / hz,
                            ..s.clone()
                        },
                        id,
                        k,
                    )
                })
                .collect::<Result<_, _>>()?;
            Ok(BreakingRow {
                law: id.id(),
                label: id.label(),
                kp,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_breaking_table_is_each_laws_breaking_stiffness_at_each_rate() {
        let s = ArmSettings::default();
        let table = breaking_table(&s, 2.0).unwrap();
        assert_eq!(table.len(), ChainLawId::ALL.len());
        let row = |id: ChainLawId| table.iter().find(|r| r.law == id.id()).unwrap();
        // The paper's SPD holds at every rate with kd = 2 kp dt; SPD per joint breaks at
        // 60 Hz where its claim says, and later at a finer step.
        assert_eq!(row(ChainLawId::MassMatrixSpd).kp, vec![None, None, None]);
        let per_joint = &row(ChainLawId::JointSpd).kp;
        assert_eq!(
            per_joint[1],
            breaking_stiffness(&s, ChainLawId::JointSpd, 2.0).unwrap()
        );
        assert!(
            per_joint[0].unwrap() < per_joint[1].unwrap()
                && per_joint[1].unwrap() < per_joint[2].unwrap(),
            "{per_joint:?}"
        );
        assert_eq!(row(ChainLawId::JointPd).label, "PD per joint");
        assert_eq!(
            breaking_table(&s, -1.0).unwrap_err().field(),
            "kd per kp dt"
        );
    }
    use crate::integrator::Integrator;

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
}
