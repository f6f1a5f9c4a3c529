//! MuJoCo on a chain: a planar arm of hinge joints about z, one `<position kp kv>`
//! actuator per joint, under gravity (issue 48). The same source and checks as the
//! one-body twin (`engines::mujoco`): google-deepmind/mujoco 3.12.0, checked against the
//! PyPI wheel `mujoco` 4.0.0 in `npm test` (`tests/engines/chain-mujoco.test.mjs`).
//!
//! MuJoCo's joint space is the chain's reduced coordinates, and its mass matrix and bias
//! are the same composite-body and Newton-Euler quantities as `body::chain`'s
//! (engine_core_smooth.c `mj_crb`, `mj_rne`). Each actuator pushes its joint with
//! `f = kp u - kp q - kv v` (engine_forward.c `mj_fwdActuation`), `u` the target. Then
//! (`mj_advance`) `v' = v + h a` and `q' = q + h v'`, with
//!
//! - `Euler` (the default, `mj_EulerSkip`): `a = M^-1 (f - C)`: the actuator's `kv` is
//!   explicit, so a stiff or strongly damped arm diverges at a long step;
//! - `implicitfast` (`mj_implicitSkip` with `mjd_actuator_vel`; the bias's own velocity
//!   derivative left out, as "fast" says): `a = (M + h Kv)^-1 (f - C)`.
//!
//! A position or rate beyond 1e10, or an acceleration beyond it, makes MuJoCo reset the
//! data (`mj_checkPos`, `mj_checkVel`, `mj_checkAcc`, then `mj_forward` again): every
//! joint back at 0, at rest, and the controls at 0, so that step goes on from there with
//! gravity alone (`a = -M^-1 C(0, 0)`) before the next step's control is written.

use crate::body::chain::{bias, cholesky, cholesky_solve, mass_matrix, PlanarChain};
use crate::error::{non_negative, positive, Error};

/// `mjMAXVAL`: beyond it MuJoCo resets the simulation.
const MAX_VAL: f64 = 1e10;

/// MuJoCo's integrators the chain twin models.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainIntegrator {
    /// `Euler`, the default.
    Euler,
    /// `implicitfast`.
    ImplicitFast,
}

impl ChainIntegrator {
    /// Both, in the order the tests walk them.
    pub const ALL: [ChainIntegrator; 2] = [ChainIntegrator::Euler, ChainIntegrator::ImplicitFast];

    /// MuJoCo's name for it (`<option integrator="...">`).
    pub fn name(self) -> &'static str {
        match self {
            ChainIntegrator::Euler => "Euler",
            ChainIntegrator::ImplicitFast => "implicitfast",
        }
    }

    /// The integrator named `name`, or an error listing the names.
    pub fn parse(name: &str) -> Result<ChainIntegrator, String> {
        ChainIntegrator::ALL
            .into_iter()
            .find(|i| i.name() == name)
            .ok_or_else(|| {
                crate::error::not_one_of(
                    "integrator",
                    name,
                    ChainIntegrator::ALL.map(ChainIntegrator::name),
                )
            })
    }
}

/// What MuJoCo did over a run: the joint angles after each `mj_step` (rad), and the
/// steps after which it reset the arm.
#[derive(Clone, Debug, PartialEq)]
pub struct MujocoArm {
    /// `qpos` after each step.
    pub q: Vec<Vec<f64>>,
    /// Each step's actuator forces, N m (`actuator_force`: `kp u - kp q - kv v` at the
    /// state the step starts from; zeros on a step MuJoCo reset, whose controls it zeroed).
    pub tau: Vec<Vec<f64>>,
    /// The steps (counted from 0) at which the data was reset.
    pub resets: Vec<usize>,
}

/// One `<position>` actuator's gains, the same on every joint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    /// `kp`, N m/rad.
    pub kp: f64,
    /// `kv`, N m s/rad.
    pub kv: f64,
}

/// The arm `chain` from rest at `start`, every joint's actuator at `gains` toward
/// `target`, stepped `steps` times at `dt` s by `integrator`, as MuJoCo steps it; an
/// error names a setting that cannot be.
pub fn mujoco_arm(
    chain: &PlanarChain,
    start: &[f64],
    target: &[f64],
    gains: Position,
    dt: f64,
    integrator: ChainIntegrator,
    steps: usize,
) -> Result<MujocoArm, Error> {
    let Position { kp, kv } = gains;
    chain.check("start", start)?;
    chain.check("target", target)?;
    non_negative("kp", kp)?;
    non_negative("kv", kv)?;
    positive("dt", dt)?;
    let n = chain.dofs();
    let (mut q, mut v) = (start.to_vec(), vec![0.0; n]);
    let mut out = MujocoArm {
        q: Vec::with_capacity(steps),
        tau: Vec::with_capacity(steps),
        resets: Vec::new(),
    };
    let beyond = |x: &[f64]| x.iter().any(|x| x.abs() > MAX_VAL);
    // The acceleration at (q, v) with the actuators' controls at `u`, or None where MuJoCo resets.
    let accel = |q: &[f64], v: &[f64], u: &[f64]| -> Option<Vec<f64>> {
        if beyond(q) || beyond(v) {
            return None;
        }
        let f: Vec<f64> = (0..n).map(|i| kp * u[i] - kp * q[i] - kv * v[i]).collect();
        let c = bias(chain, q, v);
        let mut m = mass_matrix(chain, q);
        if integrator == ChainIntegrator::ImplicitFast {
            for (i, row) in m.iter_mut().enumerate() {
                row[i] += dt * kv;
            }
        }
        let rhs: Vec<f64> = f.iter().zip(&c).map(|(f, c)| f - c).collect();
        cholesky(&m)
            .map(|l| cholesky_solve(&l, &rhs))
            .filter(|a| !beyond(a) && a.iter().all(|a| a.is_finite()))
    };
    let zero = vec![0.0; n];
    for step in 0..steps {
        let a = match accel(&q, &v, target) {
            Some(a) => {
                out.tau.push(
                    (0..n)
                        .map(|i| kp * target[i] - kp * q[i] - kv * v[i])
                        .collect(),
                );
                a
            }
            None => {
                out.tau.push(zero.clone());
                out.resets.push(step);
                q = zero.clone();
                v = zero.clone();
                // At rest at 0 with no control, the acceleration is gravity's: finite.
                accel(&q, &v, &zero).unwrap_or_else(|| zero.clone())
            }
        };
        for i in 0..n {
            v[i] += dt * a[i];
            q[i] += dt * v[i];
        }
        out.q.push(q.clone());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::chain::{ChainState, Link};
    use crate::controllers::chain::{ChainGains, ChainLaw, ChainLawId};
    use crate::integrator::Integrator;
    use core::f64::consts::{FRAC_PI_2, FRAC_PI_3, FRAC_PI_6};

    /// The arm scene's arm and its move (`scenes::ArmSettings::default`), written out.
    struct Arm {
        chain: PlanarChain,
        start: Vec<f64>,
        target: Vec<f64>,
        kp: f64,
        kd: f64,
        dt: f64,
    }

    fn arm(kd: f64) -> Arm {
        Arm {
            chain: PlanarChain::new(vec![Link::rod(0.5, 3.0), Link::rod(0.4, 2.0)], 9.81).unwrap(),
            start: vec![-FRAC_PI_2, 0.0],
            target: vec![FRAC_PI_6, FRAC_PI_3],
            kp: 50.0,
            kd,
            dt: 1.0 / 60.0,
        }
    }

    #[test]
    fn mujoco_euler_is_pd_per_joint_stepped_semi_implicitly() {
        // The actuator's force is the per-joint PD's, kp (u - q) - kv v, written out as
        // MuJoCo computes it: the same to rounding.
        let a = arm(5.0);
        let mut law = ChainLaw::new(
            ChainLawId::JointPd,
            ChainGains::uniform(2, a.kp, a.kd, 0.0),
            &a.chain,
        )
        .unwrap();
        let mut s = ChainState::at_rest(&a.chain, a.start.clone()).unwrap();
        let twin = mujoco_arm(
            &a.chain,
            &a.start,
            &a.target,
            Position { kp: a.kp, kv: a.kd },
            a.dt,
            ChainIntegrator::Euler,
            240,
        )
        .unwrap();
        for (k, row) in twin.q.iter().enumerate() {
            let tau: Vec<f64> = law
                .torques(&a.chain, &s, &a.target, a.dt)
                .unwrap()
                .iter()
                .map(|t| t.total)
                .collect();
            s.step(&a.chain, &tau, a.dt, Integrator::SemiImplicitEuler)
                .unwrap();
            for (x, y) in row.iter().zip(&s.q) {
                assert!((x - y).abs() < 1e-10, "step {k}: {x} vs {y}");
            }
        }
        assert!(twin.resets.is_empty());
    }

    #[test]
    fn implicitfast_holds_damping_that_blows_euler_up_and_a_runaway_is_reset_to_zero() {
        let s = arm(10.0);
        let chain = &s.chain;
        let euler = mujoco_arm(
            chain,
            &s.start,
            &s.target,
            Position { kp: s.kp, kv: s.kd },
            s.dt,
            ChainIntegrator::Euler,
            600,
        )
        .unwrap();
        let fast = mujoco_arm(
            chain,
            &s.start,
            &s.target,
            Position { kp: s.kp, kv: s.kd },
            s.dt,
            ChainIntegrator::ImplicitFast,
            600,
        )
        .unwrap();
        assert!(!euler.resets.is_empty());
        // Reset, the arm falls from level for one step under gravity alone: both joints
        // move by h^2 a, the shoulder down.
        let reset = euler.q[euler.resets[0]].clone();
        assert!(
            reset[0] < 0.0 && reset[0] > -0.02 && reset[1].abs() < 0.02,
            "{reset:?}"
        );
        assert!(fast.resets.is_empty());
        // Held against the weight by springs alone, short of the target as PD is.
        let last = fast.q.last().unwrap();
        assert!(
            (last[0] - s.target[0]).abs() < 0.5 && (last[0] - s.target[0]).abs() > 0.05,
            "{last:?}"
        );
    }

    #[test]
    fn a_joint_past_1e10_is_reset_at_once_and_one_at_it_is_not() {
        // mju_isBad: beyond is strictly past mjMAXVAL. With no actuator force, only the
        // position check can reset the arm (gravity alone is far below 1e10 rad/s^2).
        let s = arm(0.0);
        let run = |start: f64| {
            mujoco_arm(
                &s.chain,
                &[start, 0.0],
                &s.target,
                Position { kp: 0.0, kv: 0.0 },
                s.dt,
                ChainIntegrator::Euler,
                3,
            )
            .unwrap()
        };
        let past = run(2e10);
        assert_eq!(past.resets, vec![0]);
        assert!(past.q[0][0].abs() < 0.01, "{:?}", past.q[0]);
        assert!(run(1e10).resets.is_empty());
    }

    #[test]
    fn settings_that_cannot_be_are_named() {
        let s = arm(5.0);
        let chain = &s.chain;
        let bad = |start: &[f64], kp: f64, kv: f64, dt: f64| {
            mujoco_arm(
                chain,
                start,
                &s.target,
                Position { kp, kv },
                dt,
                ChainIntegrator::Euler,
                1,
            )
            .unwrap_err()
            .field()
        };
        assert_eq!(bad(&[0.0], 1.0, 1.0, 0.01), "start");
        assert_eq!(bad(&s.start, -1.0, 1.0, 0.01), "kp");
        assert_eq!(bad(&s.start, 1.0, f64::NAN, 0.01), "kv");
        assert_eq!(bad(&s.start, 1.0, 1.0, 0.0), "dt");
        assert_eq!(
            ChainIntegrator::parse("RK4").unwrap_err(),
            "integrator must be one of Euler, implicitfast, got \"RK4\""
        );
    }
}
