//! Tune the arm for me: from a wish about the arm lifting to its pose and holding it
//! ("every joint settled in 1 s, no joint past its target by more than 5 % of its move,
//! never more than 400 N m on a joint") to the stiffness and damping of each chain law,
//! and of each engine's own drive of the same arm, that meet it (issue 48 item 5).
//!
//! The search is the one-body tuner's ([`super::search`]): a log grid, then a pattern
//! search that halves its steps around the best point, over a natural frequency `w`
//! (rad/s) and a damping ratio `zeta`, written as the same gains on every joint through
//! the arm's heaviest joint inertia at the target pose, `I = max_i M_ii(q*)` (kg m^2):
//!
//! `kp = I w^2` (N m/rad), `kd = 2 zeta I w` (N m s/rad),
//!
//! so a grid line of `w` is a log line of `kp` and one of `zeta` a log line of
//! `kd / sqrt(kp)`. The PID's integral gain is tied to `kp` as the arm scene's breaking
//! stiffness ties it ([`crate::scenes::breaking_stiffness`]): `ki = ki_s kp / kp_s`, the
//! settings' `ki / kp` kept. Every candidate is run by the arm scene's own runner
//! ([`crate::scenes::run_arm`]) or the engine's twin
//! ([`crate::engines::mujoco_chain::mujoco_arm`], [`crate::engines::physx_chain::physx_arm`])
//! for the settings' whole run, and read by [`ArmFigures`].
//!
//! Of the gains that meet the wish the tuner keeps, as the one-body tuner does, the
//! gentlest: the least peak torque, then the earliest settle ([`Objective::Gentlest`]);
//! or, asked for [`Objective::Fastest`], the earliest settle, then the least torque. When
//! nothing meets it, the closest miss: the gains whose worst requirement is missed by
//! the least (times and torque as a fraction of their limit, overshoot in percentage
//! points: [`super::verdict::excess`]), with each requirement's margin and the nearest
//! wish those gains meet.

mod drive;
mod figures;
mod wish;

pub use drive::ArmDrive;
pub use figures::{overshoot, ArmFigures};
pub use wish::ArmWish;

use super::measure::{Cap, Response};
use super::search::{gains, Knobs, Point, Problem};
use super::solve;
use super::spec::{DesignError, Objective, Requirements, Wish};
use crate::body::chain::mass_matrix;
use crate::controllers::chain::ChainLawId;
use crate::engines::mujoco_chain::{mujoco_arm, Position};
use crate::engines::physx_chain::{physx_arm, ChainDrive, PhysxChainSettings};
use crate::scenes::{arm_chain, run_arm, ArmSettings};

/// One tuning question for the arm: the arm scene's settings (its links, gravity, start,
/// target, step, integrator and run length; its gains are where the PID's `ki / kp` is
/// read, its laws are not read: `drives` says what is tuned), the wish, and what to
/// prefer among the gains that meet it.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmTuneSpec {
    /// The arm and its run.
    pub arm: ArmSettings,
    /// What the lift must do.
    pub wish: ArmWish,
    /// What is tuned, one row each.
    pub drives: Vec<ArmDrive>,
    /// Which of the gains that meet the wish to prefer.
    pub objective: Objective,
}

impl ArmTuneSpec {
    /// `wish` on `arm`: every law of `arm.laws`, then every engine drive, the gentlest.
    pub fn new(arm: ArmSettings, wish: ArmWish) -> ArmTuneSpec {
        let drives = arm
            .laws
            .iter()
            .map(|&id| ArmDrive::Law(id))
            .chain(ArmDrive::ENGINES)
            .collect();
        ArmTuneSpec {
            arm,
            wish,
            drives,
            objective: Objective::Gentlest,
        }
    }

    /// Checks the arm (as the arm scene does), the wish against its run, and that
    /// something is tuned; the error names the first bad field.
    pub fn validate(&self) -> Result<(), DesignError> {
        arm_chain(&self.arm)?;
        self.wish.check(self.arm.dt, self.arm.seconds)?;
        if self.drives.is_empty() {
            return Err(DesignError("drives must name at least one drive".into()));
        }
        Ok(())
    }

    /// The arm's heaviest joint inertia at its target, `max_i M_ii(q*)`, kg m^2: the
    /// scale that writes a point `(w, zeta)` as gains.
    fn inertia(&self) -> Result<f64, DesignError> {
        let chain = arm_chain(&self.arm)?;
        let m = mass_matrix(&chain, &self.arm.target);
        Ok((0..m.len()).map(|i| m[i][i]).fold(0.0, f64::max))
    }
}

/// The same gains on every joint.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ArmGains {
    /// Stiffness, N m/rad (MuJoCo's `kp`, PhysX's drive stiffness).
    pub kp: f64,
    /// Damping, N m s/rad (MuJoCo's `kv`, PhysX's drive damping).
    pub kd: f64,
    /// Integral gain, N m/(rad s): the PID's only, 0 for every other drive.
    pub ki: f64,
}

/// Each requirement's margin, its limit minus what the run achieved in its own unit
/// (negative: missed by that much); `None` where nothing was asked.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ArmMargins {
    /// Settle limit minus settling time, s (`-inf`: it never settled).
    pub settle: Option<f64>,
    /// Overshoot limit minus the worst joint's overshoot, fraction of its move.
    pub overshoot: Option<f64>,
    /// Torque limit minus peak torque, N m.
    pub max_torque: Option<f64>,
}

/// One row of the answer: a drive, the gains found and what they do.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ArmTuning {
    /// The drive's id ([`ArmDrive::id`]).
    pub drive: &'static str,
    /// Its name for a reader.
    pub label: &'static str,
    /// The gains found (the best candidate, met or not).
    pub gains: ArmGains,
    /// What the arm does at those gains, measured afresh.
    pub figures: ArmFigures,
    /// Whether they meet every requirement of the wish.
    pub meets: bool,
    /// Each requirement's margin.
    pub margins: ArmMargins,
    /// When missed: the requirement missed by the most (`settle`, `overshoot`,
    /// `max_torque`).
    pub binding: Option<&'static str>,
    /// When missed and the arm settles at the gains found: the wish loosened just enough
    /// for the drive to meet it.
    pub nearest: Option<ArmWish>,
    /// Candidates run.
    pub evaluated: usize,
}

/// Tunes every drive of `spec` for its wish, one row each in the spec's order; refuses a
/// bad field by name.
pub fn tune_arm(spec: &ArmTuneSpec) -> Result<Vec<ArmTuning>, DesignError> {
    spec.validate()?;
    let inertia = spec.inertia()?;
    spec.drives
        .iter()
        .map(|&drive| {
            let problem = ArmProblem {
                spec,
                drive,
                inertia,
                wish: spec.wish,
            };
            let found = solve(&problem)?;
            let g = problem.gains(found.best.point);
            let figures = problem.run(g);
            let wish = problem.wish();
            let got = figures.response();
            let m = super::verdict::margins(&wish, &got);
            Ok(ArmTuning {
                drive: drive.id(),
                label: drive.label(),
                gains: g,
                meets: super::verdict::meets(&wish, &got),
                margins: ArmMargins {
                    settle: m.settle,
                    overshoot: m.overshoot,
                    max_torque: m.max_effort,
                },
                binding: found.binding.map(|b| match b {
                    "max_effort" => "max_torque",
                    other => other,
                }),
                nearest: found.nearest.as_ref().map(ArmWish::of),
                evaluated: found.evaluated,
                figures,
            })
        })
        .collect()
}

/// The search's question for one drive of the arm.
struct ArmProblem<'a> {
    spec: &'a ArmTuneSpec,
    drive: ArmDrive,
    /// `max_i M_ii(q*)`, kg m^2.
    inertia: f64,
    wish: ArmWish,
}

impl ArmProblem<'_> {
    /// The gains a point stands for (the PID's `ki` tied to `kp`).
    fn gains(&self, point: Point) -> ArmGains {
        let knobs = Knobs {
            pd: true,
            integral: false,
        };
        let g = gains(knobs, point, self.inertia);
        let s = &self.spec.arm;
        let ki = match self.drive {
            ArmDrive::Law(ChainLawId::JointPid) if s.kp > 0.0 => s.ki * g.kp / s.kp,
            ArmDrive::Law(ChainLawId::JointPid) => s.ki,
            _ => 0.0,
        };
        ArmGains {
            kp: g.kp,
            kd: g.kd,
            ki,
        }
    }

    /// The arm driven at `g` for the settings' run, read as the wish reads it; a setting
    /// the runner refuses counts as a run that blew up.
    fn run(&self, g: ArmGains) -> ArmFigures {
        let s = &self.spec.arm;
        let steps = (s.seconds / s.dt).round() as usize;
        let blew_up = ArmFigures {
            settle: None,
            overshoot: vec![f64::INFINITY; s.target.len()],
            peak_torque: f64::INFINITY,
            final_error: f64::INFINITY,
            failed: true,
        };
        match self.drive {
            ArmDrive::Law(id) => {
                let at = ArmSettings {
                    kp: g.kp,
                    kd: g.kd,
                    ki: g.ki,
                    laws: vec![id],
                    ..s.clone()
                };
                match run_arm(&at) {
                    Ok(runs) => ArmFigures::of_run(&runs[0], &s.start, &s.target),
                    Err(_) => blew_up,
                }
            }
            ArmDrive::Mujoco(integrator) => {
                let position = Position { kp: g.kp, kv: g.kd };
                let run = arm_chain(s).and_then(|chain| {
                    mujoco_arm(
                        &chain, &s.start, &s.target, position, s.dt, integrator, steps,
                    )
                });
                match run {
                    Ok(a) => ArmFigures::of_trace(
                        &a.q,
                        &a.tau,
                        &s.start,
                        &s.target,
                        s.dt,
                        !a.resets.is_empty(),
                    ),
                    Err(_) => blew_up,
                }
            }
            ArmDrive::Physx(law) => {
                let drive = ChainDrive {
                    law,
                    kp: g.kp,
                    kd: g.kd,
                };
                let settings = PhysxChainSettings::default();
                let run = arm_chain(s).and_then(|chain| {
                    physx_arm(&chain, &s.start, &s.target, drive, s.dt, &settings, steps)
                });
                match run {
                    Ok(a) => ArmFigures::of_trace(&a.q, &a.tau, &s.start, &s.target, s.dt, false),
                    Err(_) => blew_up,
                }
            }
        }
    }
}

impl Problem for ArmProblem<'_> {
    fn wish(&self) -> Wish {
        Wish {
            requirements: self.wish.requirements(),
            duration: self.spec.arm.seconds,
            objective: self.spec.objective,
        }
    }
    fn dt(&self) -> f64 {
        self.spec.arm.dt
    }
    fn knobs(&self) -> Knobs {
        Knobs {
            pd: true,
            integral: false,
        }
    }
    fn measure(&self, point: Point, _cap: &Cap) -> Response {
        self.run(self.gains(point)).response()
    }
    fn closeness(&self, response: &Response) -> f64 {
        // A run that blew up is as far as a run can be.
        if response.diverged {
            f64::INFINITY
        } else {
            response.error
        }
    }
    fn asking(&self, requirements: Requirements) -> Self {
        ArmProblem {
            wish: ArmWish::of(&requirements),
            ..*self
        }
    }
}

#[cfg(test)]
mod tests;
