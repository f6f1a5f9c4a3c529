//! An arm lifting to a pose and holding it under gravity: one planar chain per chain
//! law, side by side, from the same start toward the same pose, stepped at one fixed
//! `dt` (issue 48's first figure). The chain is the core's
//! ([`crate::body::chain`]); the laws are [`crate::controllers::chain`]. [`Arm`] steps
//! every law's arm one step at a time (the figure's scene); [`super::run_arm`] runs it
//! to the end and records it (the claims and the `chain` command), through the same step.

use crate::body::chain::{ChainState, JointLimit, Link, PlanarChain, STANDARD_GRAVITY};
use crate::controllers::chain::{ChainGains, ChainLaw, ChainLawId};
use crate::error::{in_range, Error};
use crate::integrator::Integrator;

/// The longest run an arm scene takes, s (at 1 ms a step, 60,000 steps per law).
pub const MAX_SECONDS: f64 = 60.0;

/// Within this of its target (rad) every joint counts as there, for the settle time.
pub const SETTLED: f64 = 0.02;

/// What an arm scene runs.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
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
    /// How long to run, s (a figure's window: the scene itself steps on as long as asked).
    pub seconds: f64,
    /// Each joint's range of motion (`None`: free), or none (every joint free, the
    /// default): the arm stops hard at an end, and a start or target outside it is
    /// refused by name.
    pub limits: Vec<Option<JointLimit>>,
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
            limits: Vec::new(),
        }
    }
}

/// The arms a figure offers, by their count of links: the two-link default, and the same
/// arm with a hand ([`ArmSettings::with_links`]).
pub const LINK_COUNTS: [usize; 2] = [2, 3];

/// The hand [`ArmSettings::with_links`] adds as a third link: a uniform rod of 0.3 m, 1 kg.
const HAND: (f64, f64) = (0.3, 1.0);

impl ArmSettings {
    /// The default arm with `links` links (one of [`LINK_COUNTS`]): for two,
    /// [`ArmSettings::default`]; for three, the same upper arm and forearm with a hand
    /// (a uniform rod of 0.3 m, 1 kg) hanging straight down with them, lifted to the
    /// shoulder at 30 degrees, the elbow bent 60 and the wrist 30 more. Every other
    /// setting is the default's (the same gains, step and integrator), so the link is the
    /// only change: at 60 Hz the laws that act on each joint alone blow up on the three
    /// links, whose light hand makes the chain's fastest mode too quick for the step.
    /// An error names `links` for any other count.
    pub fn with_links(links: usize) -> Result<ArmSettings, Error> {
        let mut s = ArmSettings::default();
        match links {
            2 => {}
            3 => {
                s.links.push(Link::rod(HAND.0, HAND.1));
                s.start.push(0.0);
                s.target.push(core::f64::consts::FRAC_PI_6);
            }
            _ => {
                return Err(Error::OutOfRange {
                    field: "links",
                    value: links as f64,
                    min: LINK_COUNTS[0] as f64,
                    max: LINK_COUNTS[LINK_COUNTS.len() - 1] as f64,
                })
            }
        }
        Ok(s)
    }
}

/// The arm of `s`, its settings checked, or an error naming the first that cannot be.
pub fn arm_chain(s: &ArmSettings) -> Result<PlanarChain, Error> {
    let chain = PlanarChain::new(s.links.clone(), s.gravity)?.with_limits(s.limits.clone())?;
    chain.check_within("start", &s.start)?;
    chain.check_within("target", &s.target)?;
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

/// Why an arm stopped: the step it would have taken left its joint rates past
/// [`crate::limits::DIVERGED_LIMIT`] (the state itself may still be finite).
const BLEW_UP: &str = "the arm's joint rates passed the divergence limit: it blew up";

/// One law's arm in an [`Arm`]: its law (with the PID's memory), where it is, the
/// torques of its last step, and where it blew up.
#[derive(Clone, Debug, PartialEq)]
pub struct LawArm {
    /// The law and its gains (ki only for the PID).
    pub law: ChainLaw,
    /// Its joint angles (rad) and rates (rad/s).
    pub state: ChainState,
    /// The torques of the last step, N m per joint (zeros before the first and once it
    /// has blown up).
    pub tau: Vec<f64>,
    /// The step at which it blew up (a torque or state past f64, or a joint rate past
    /// [`crate::limits::DIVERGED_LIMIT`]) and why; it is frozen from there.
    pub failed: Option<(usize, Error)>,
}

impl LawArm {
    /// One step toward `target`: the law's torques `tau = law(q, qd, q*, dt)`, then the
    /// chain's `M(q) qdd + C(q, qd) = tau` stepped by `integrator`; the new state and
    /// torques, or the error that stopped it (this arm is left as it was).
    fn try_step(
        &mut self,
        chain: &PlanarChain,
        target: &[f64],
        dt: f64,
        integrator: Integrator,
    ) -> Result<(Vec<f64>, ChainState), Error> {
        let tau: Vec<f64> = self
            .law
            .torques(chain, &self.state, target, dt)?
            .iter()
            .map(|t| t.total)
            .collect();
        let mut next = self.state.clone();
        next.step(chain, &tau, dt, integrator)?;
        if next
            .qd
            .iter()
            .any(|v| v.abs() > crate::limits::DIVERGED_LIMIT)
        {
            return Err(Error::Unsupported {
                field: "dt",
                reason: BLEW_UP,
            });
        }
        Ok((tau, next))
    }
}

/// The arm scene stepped one step at a time: one [`LawArm`] per law of its settings,
/// all from the same start toward the same target. An arm that blows up is frozen
/// where it was and the others go on, so [`Arm::step`] itself never fails.
#[derive(Clone, Debug, PartialEq)]
pub struct Arm {
    /// The settings in force.
    pub settings: ArmSettings,
    /// The chain every arm is.
    pub chain: PlanarChain,
    /// One arm per law, in the settings' order.
    pub arms: Vec<LawArm>,
    /// Simulated time, s (`steps dt`).
    pub time: f64,
    /// Steps taken.
    pub steps: usize,
}

impl Arm {
    /// Numbers per joint in [`Arm::state_into`]: `[x, y, q, error, tau]`.
    pub const PER_JOINT: usize = 5;
    /// Numbers per arm before its joints in [`Arm::state_into`]: `[failed, failedAt]`.
    pub const PER_ARM: usize = 2;

    /// Every law's arm at rest at the start, or an error naming the setting that cannot be.
    pub fn new(settings: ArmSettings) -> Result<Arm, Error> {
        let chain = arm_chain(&settings)?;
        let arms = settings
            .laws
            .iter()
            .map(|&id| {
                // Only the PID reads an integral gain; the others are given none.
                let ki = if id == ChainLawId::JointPid {
                    settings.ki
                } else {
                    0.0
                };
                let gains = ChainGains::uniform(chain.dofs(), settings.kp, settings.kd, ki);
                Ok(LawArm {
                    law: ChainLaw::new(id, gains, &chain)?,
                    state: ChainState::at_rest(&chain, settings.start.clone())?,
                    tau: vec![0.0; chain.dofs()],
                    failed: None,
                })
            })
            .collect::<Result<_, Error>>()?;
        Ok(Arm {
            settings,
            chain,
            arms,
            time: 0.0,
            steps: 0,
        })
    }

    /// Numbers per arm in [`Arm::state_into`]: `PER_ARM + PER_JOINT * joints`.
    pub fn stride(&self) -> usize {
        Self::PER_ARM + Self::PER_JOINT * self.chain.dofs()
    }

    /// Advances every arm that has not blown up by one step of `dt`; one that blows up
    /// now keeps its state, records the step and the reason, and has no torque from here.
    pub fn step(&mut self) -> Result<(), Error> {
        let s = &self.settings;
        for arm in self.arms.iter_mut().filter(|a| a.failed.is_none()) {
            match arm.try_step(&self.chain, &s.target, s.dt, s.integrator) {
                Ok((tau, next)) => {
                    arm.tau = tau;
                    arm.state = next;
                }
                Err(e) => {
                    arm.failed = Some((self.steps, e));
                    arm.tau.iter_mut().for_each(|t| *t = 0.0);
                }
            }
        }
        self.steps += 1;
        self.time = self.steps as f64 * s.dt;
        Ok(())
    }

    /// The largest joint error of arm `k`, `max_i |q_i - q*_i|`, rad.
    pub fn error(&self, k: usize) -> f64 {
        self.arms[k]
            .state
            .q
            .iter()
            .zip(&self.settings.target)
            .map(|(q, t)| (q - t).abs())
            .fold(0.0, f64::max)
    }

    /// Where each link ends at the target pose, `[x, y]` per joint (m; the shoulder is
    /// at the origin): the pose every arm is sent to.
    pub fn target_points(&self) -> Vec<f64> {
        link_ends(&self.chain, &self.settings.target)
    }

    /// The arm's full reach, m: the sum of its link lengths.
    pub fn reach(&self) -> f64 {
        self.chain.links().iter().map(|l| l.length).sum()
    }

    /// Writes, per arm (the settings' law order), `[failed, failedAt]` (1 if it blew
    /// up, else 0; the time of the step it blew up at, s, or NaN) and per joint
    /// (shoulder first) `[x, y, q, error, tau]`: where that link ends (m), the joint
    /// angle (rad), its error `q - q*` (rad) and the last step's torque (N m), into
    /// `out`, replacing what it held; [`Arm::stride`] numbers per arm.
    pub fn state_into(&self, out: &mut Vec<f64>) {
        out.clear();
        for arm in &self.arms {
            match arm.failed {
                Some((step, _)) => out.extend([1.0, step as f64 * self.settings.dt]),
                None => out.extend([0.0, f64::NAN]),
            }
            let ends = link_ends(&self.chain, &arm.state.q);
            for (i, ((q, target), tau)) in arm
                .state
                .q
                .iter()
                .zip(&self.settings.target)
                .zip(&arm.tau)
                .enumerate()
            {
                out.extend([ends[2 * i], ends[2 * i + 1], *q, q - target, *tau]);
            }
        }
    }
}

/// The end of each link of `chain` at angles `q`, `[x, y]` per link, m.
fn link_ends(chain: &PlanarChain, q: &[f64]) -> Vec<f64> {
    let pose = chain.pose(q);
    pose.joints
        .iter()
        .skip(1)
        .chain([&pose.tip])
        .flat_map(|p| *p)
        .collect()
}

#[cfg(test)]
#[path = "arm_tests.rs"]
mod tests;
