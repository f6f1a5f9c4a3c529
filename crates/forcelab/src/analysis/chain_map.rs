//! The stability of a chain law held at its pose: the atlas's question (does a small
//! error die out or grow, step by step?) asked of the arm's closed loop linearised where
//! it comes to rest, with the mass matrix, the coupling and gravity in it (issue 48).
//!
//! The loop's state is `x = (q, qd)` (and each joint's integral for the PID). One step
//! of the law and the chain, `x' = F(x)`, is smooth, so near its rest point `x*` an error
//! `e` becomes `J e` with `J = dF/dx` at `x*`, taken here by central differences of the
//! real step. The error dies out when `J`'s spectral radius is below 1 and grows when it
//! is above: the same number the one-body atlas draws, for a chain.

use crate::body::chain::{bias, ChainState, PlanarChain};
use crate::controllers::chain::{ChainGains, ChainLaw, ChainLawId};
use crate::error::Error;
use crate::integrator::Integrator;
use crate::math;

/// One chain law's closed loop: the law with its gains on `chain`, holding `target`
/// (rad, at rest), stepped every `dt` s by `integrator`.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainLoop {
    /// The arm.
    pub chain: PlanarChain,
    /// The law.
    pub law: ChainLawId,
    /// Its gains.
    pub gains: ChainGains,
    /// The pose it is asked to hold, rad.
    pub target: Vec<f64>,
    /// Step, s.
    pub dt: f64,
    /// How the arm is stepped.
    pub integrator: Integrator,
}

/// Why no rest point: the springs cannot hold the weight near the target.
const NO_REST: &str = "there is no pose near the target where these springs hold the arm's weight";

impl ChainLoop {
    /// Where the loop comes to rest: the target for a law that cancels gravity (PD with
    /// gravity compensation) or integrates it away (the PID, its integral then carrying
    /// the weight, `I = G(q*) / ki` per joint); for the others, the pose where the law's
    /// torque at rest carries the weight, `tau(q, 0) = G(q)`, found by Newton's method
    /// from the target. For PD and the paper's SPD that is `kp (q* - q) = G(q)`; the
    /// articles' SPD per joint sags further, its spring at rest being
    /// `kp M_ii / (M_ii + kd dt)`. Returns `(q, integral)`, or an error naming `kp` if no
    /// such pose is found.
    pub fn rest(&self) -> Result<(Vec<f64>, Vec<f64>), Error> {
        let n = self.chain.dofs();
        let weight = |q: &[f64]| bias(&self.chain, q, &vec![0.0; n]);
        match self.law {
            ChainLawId::PdGravity => return Ok((self.target.clone(), vec![0.0; n])),
            ChainLawId::JointPid if self.gains.ki.iter().all(|&k| k > 0.0) => {
                let g = weight(&self.target);
                return Ok((
                    self.target.clone(),
                    g.iter().zip(&self.gains.ki).map(|(g, k)| g / k).collect(),
                ));
            }
            _ => {}
        }
        let no_rest = Error::Unsupported {
            field: "kp",
            reason: NO_REST,
        };
        // The PID without its integral holds as PD does; memory plays no part at rest.
        let residual = |q: &[f64]| -> Result<Vec<f64>, Error> {
            let mut law = ChainLaw::new(
                self.law,
                ChainGains {
                    ki: vec![0.0; n],
                    ..self.gains.clone()
                },
                &self.chain,
            )?;
            let at_rest = ChainState {
                q: q.to_vec(),
                qd: vec![0.0; n],
            };
            let tau = law.torques(&self.chain, &at_rest, &self.target, self.dt)?;
            Ok(weight(q)
                .iter()
                .zip(tau)
                .map(|(g, t)| t.total - g)
                .collect())
        };
        let scale = 1.0 + self.gains.kp.iter().fold(0.0, |m: f64, k| m.max(*k));
        let mut q = self.target.clone();
        for _ in 0..60 {
            let r = residual(&q)?;
            if r.iter().all(|r| r.abs() < 1e-12 * scale) {
                return Ok((q, vec![0.0; n]));
            }
            // dr/dq by central differences, then one Newton step.
            let mut jac = vec![vec![0.0; n]; n];
            for j in 0..n {
                let h = 1e-6;
                let (mut up, mut down) = (q.clone(), q.clone());
                up[j] += h;
                down[j] -= h;
                let (ru, rd) = (residual(&up)?, residual(&down)?);
                for (i, row) in jac.iter_mut().enumerate() {
                    row[j] = (ru[i] - rd[i]) / (2.0 * h);
                }
            }
            let step = solve(jac, r.iter().map(|r| -r).collect()).ok_or(no_rest)?;
            for (q, s) in q.iter_mut().zip(step) {
                *q += s;
            }
        }
        Err(no_rest)
    }

    /// One step of the loop from the state `x = (q, qd, integral)` (the integral only for
    /// the PID), or `None` if the step is refused (the state left f64).
    fn step(&self, x: &[f64]) -> Option<Vec<f64>> {
        let n = self.chain.dofs();
        let mut law = ChainLaw::new(self.law, self.gains.clone(), &self.chain).ok()?;
        let pid = self.law == ChainLawId::JointPid;
        if pid {
            law.integral = x[2 * n..].to_vec();
        }
        let mut s = ChainState {
            q: x[..n].to_vec(),
            qd: x[n..2 * n].to_vec(),
        };
        let tau: Vec<f64> = law
            .torques(&self.chain, &s, &self.target, self.dt)
            .ok()?
            .iter()
            .map(|t| t.total)
            .collect();
        s.step(&self.chain, &tau, self.dt, self.integrator).ok()?;
        let mut out = s.q;
        out.extend(s.qd);
        if pid {
            out.extend(law.integral);
        }
        Some(out)
    }

    /// `J = dF/dx` at the rest point, by central differences of the real step.
    pub fn jacobian(&self) -> Result<Vec<Vec<f64>>, Error> {
        let n = self.chain.dofs();
        let (q, integral) = self.rest()?;
        let mut x = q;
        x.extend(vec![0.0; n]);
        if self.law == ChainLawId::JointPid {
            x.extend(integral);
        }
        let size = x.len();
        let refused = Error::Unsupported {
            field: "dt",
            reason: "a step near the rest pose is refused: the state leaves f64",
        };
        let mut jac = vec![vec![0.0; size]; size];
        for j in 0..size {
            let h = 1e-6 * (1.0 + x[j].abs());
            let (mut up, mut down) = (x.clone(), x.clone());
            up[j] += h;
            down[j] -= h;
            let (fu, fd) = (
                self.step(&up).ok_or(refused)?,
                self.step(&down).ok_or(refused)?,
            );
            for i in 0..size {
                jac[i][j] = (fu[i] - fd[i]) / (2.0 * h);
            }
        }
        Ok(jac)
    }

    /// The spectral radius of [`ChainLoop::jacobian`]: below 1, a small error about the
    /// rest pose dies out step by step; above, it grows.
    pub fn spectral_radius(&self) -> Result<f64, Error> {
        Ok(spectral_radius_of(&self.jacobian()?))
    }
}

/// The radius over a grid of gains on every joint, `kp` (N m/rad) along the rows and
/// `kd` (N m s/rad) along the columns, row-major, for `base`'s arm, law, target, step and
/// integrator (and its `ki`); `None` where the loop has no rest point or a step near it
/// is refused. The chain's stability map at its pose: the atlas's picture, with the mass
/// matrix, the coupling and gravity in it.
pub fn chain_atlas(base: &ChainLoop, kps: &[f64], kds: &[f64]) -> Vec<Option<f64>> {
    let n = base.chain.dofs();
    kps.iter()
        .flat_map(|&kp| kds.iter().map(move |&kd| (kp, kd)))
        .map(|(kp, kd)| {
            let at = ChainLoop {
                gains: ChainGains {
                    kp: vec![kp; n],
                    kd: vec![kd; n],
                    ki: base.gains.ki.clone(),
                },
                ..base.clone()
            };
            at.spectral_radius().ok()
        })
        .collect()
}

/// `x` with `a x = b` by Gaussian elimination with partial pivoting, `None` when a pivot
/// vanishes (the matrix is singular to working precision).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 || !a[pivot][col].is_finite() {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, below) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (r, row) in below.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[col + 1 + r] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        x[i] = (b[i] - (i + 1..n).map(|k| a[i][k] * x[k]).sum::<f64>()) / a[i][i];
    }
    Some(x)
}

/// The spectral radius `rho(A) = lim ||A^k||^(1/k)` (Gelfand's formula) of a square
/// matrix, by repeated squaring: `A^(2^m) = c_m B_m` with `B_m` kept at unit size and
/// `ln c_m` summed, so `rho = exp((ln c_m + ln ||B_m||) / 2^m)`; 40 squarings (`k` about
/// 1e12) leave any constant factor of the norm under one part in 1e11. Exact for a zero
/// matrix and for any other; robust where eigenvalues come in complex pairs.
pub fn spectral_radius_of(a: &[Vec<f64>]) -> f64 {
    let n = a.len();
    let size = |m: &[Vec<f64>]| m.iter().flatten().fold(0.0, |s: f64, v| s.max(v.abs()));
    let mut b = a.to_vec();
    let mut log_scale = 0.0;
    let mut power = 1.0;
    for _ in 0..40 {
        let s = size(&b);
        if s == 0.0 {
            return 0.0;
        }
        for row in b.iter_mut() {
            for v in row.iter_mut() {
                *v /= s;
            }
        }
        log_scale += math::ln(s);
        // A^(2 power) = (c B)^2 with c's log doubled.
        log_scale *= 2.0;
        power *= 2.0;
        let square: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| (0..n).map(|k| b[i][k] * b[k][j]).sum())
                    .collect()
            })
            .collect();
        b = square;
    }
    let s = size(&b);
    if s == 0.0 {
        return 0.0;
    }
    math::exp((log_scale + math::ln(s)) / power)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::chain::Link;
    use core::f64::consts::{FRAC_PI_3, FRAC_PI_6};

    /// The arm scene's arm (scenes::ArmSettings::default), its gains and step given.
    fn arm_loop(law: ChainLawId, kp: f64, kd: f64, ki: f64, dt: f64) -> ChainLoop {
        let chain = PlanarChain::new(vec![Link::rod(0.5, 3.0), Link::rod(0.4, 2.0)], 9.81).unwrap();
        ChainLoop {
            gains: ChainGains::uniform(2, kp, kd, ki),
            chain,
            law,
            target: vec![FRAC_PI_6, FRAC_PI_3],
            dt,
            integrator: Integrator::SemiImplicitEuler,
        }
    }

    #[test]
    fn the_radius_of_known_matrices() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9 * (1.0 + b);
        assert!(close(
            spectral_radius_of(&[vec![0.5, 0.0], vec![0.0, -2.0]]),
            2.0
        ));
        // A rotation by 30 degrees scaled by 0.9: a complex pair of modulus 0.9.
        let (c, s) = (0.9 * FRAC_PI_6.cos(), 0.9 * FRAC_PI_6.sin());
        assert!(close(spectral_radius_of(&[vec![c, -s], vec![s, c]]), 0.9));
        // A Jordan block: its norm grows like k rho^k, the limit is still rho.
        assert!(close(
            spectral_radius_of(&[vec![0.7, 1.0], vec![0.0, 0.7]]),
            0.7
        ));
        assert_eq!(spectral_radius_of(&[vec![0.0, 1.0], vec![0.0, 0.0]]), 0.0);
    }

    #[test]
    fn pd_rests_where_its_springs_carry_the_weight_and_the_compensated_laws_on_the_target() {
        let pd = arm_loop(ChainLawId::JointPd, 200.0, 20.0, 0.0, 1.0 / 60.0);
        let (q, _) = pd.rest().unwrap();
        let g = bias(&pd.chain, &q, &[0.0, 0.0]);
        for i in 0..2 {
            assert!((200.0 * (pd.target[i] - q[i]) - g[i]).abs() < 1e-9, "{q:?}");
        }
        assert_eq!(
            arm_loop(ChainLawId::PdGravity, 200.0, 20.0, 0.0, 1.0 / 60.0)
                .rest()
                .unwrap()
                .0,
            pd.target
        );
        let (at, integral) = arm_loop(ChainLawId::JointPid, 200.0, 20.0, 50.0, 1.0 / 60.0)
            .rest()
            .unwrap();
        assert_eq!(at, pd.target);
        let g = bias(&pd.chain, &pd.target, &[0.0, 0.0]);
        assert!((integral[0] * 50.0 - g[0]).abs() < 1e-12);
        // No spring at all: the only rest near the target is the arm balanced straight
        // up, and the map says it falls from there.
        let limp = arm_loop(ChainLawId::JointPd, 0.0, 1.0, 0.0, 1.0 / 60.0);
        let (up, _) = limp.rest().unwrap();
        assert!(
            (up[0] - core::f64::consts::FRAC_PI_2).abs() < 1e-9 && up[1].abs() < 1e-9,
            "{up:?}"
        );
        assert!(limp.spectral_radius().unwrap() > 1.0);
    }

    /// How fast a small error about the rest pose grows or shrinks per step in the real
    /// (nonlinear) loop: the largest error over steps `[a, a + w]` against that over
    /// `[b, b + w]`, `(late / early)^(1 / (b - a))` (the windows span an oscillation, so a
    /// complex pair's swing does not count, nor the start's transient). The start's error
    /// `e0` and the steps are chosen so the error stays well above rounding and small
    /// enough to be linear.
    fn measured_rate(l: &ChainLoop, e0: f64, a: usize, b: usize, w: usize) -> f64 {
        let n = l.chain.dofs();
        let (q, integral) = l.rest().unwrap();
        let mut x = q;
        x.extend(vec![0.0; n]);
        if l.law == ChainLawId::JointPid {
            x.extend(integral);
        }
        let rest = x.clone();
        x[0] += e0;
        x[n + 1] -= e0;
        let size = |x: &[f64]| {
            x.iter()
                .zip(&rest)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max)
        };
        let (mut early, mut late) = (0.0f64, 0.0f64);
        for k in 0..=b + w {
            if (a..=a + w).contains(&k) {
                early = early.max(size(&x));
            }
            if k >= b {
                late = late.max(size(&x));
            }
            x = l.step(&x).unwrap();
        }
        (late / early).powf(1.0 / (b - a) as f64)
    }

    #[test]
    fn the_radius_is_the_rate_a_small_error_grows_or_shrinks_at_in_the_real_loop() {
        for (law, kd) in [
            (ChainLawId::JointPd, 5.0),
            (ChainLawId::JointPd, 10.0),
            (ChainLawId::MassMatrixSpd, 10.0),
            (ChainLawId::JointSpd, 5.0),
            (ChainLawId::JointPid, 5.0),
            (ChainLawId::PdGravity, 12.0),
        ] {
            let l = arm_loop(law, 50.0, kd, 20.0, 1.0 / 60.0);
            let rho = l.spectral_radius().unwrap();
            // A decay from 1e-6 to 1e-11, or a growth from 1e-9 to 1e-5, over steps b.
            let (e0, span) = if rho < 1.0 {
                (1e-6, 1e-5f64)
            } else {
                (1e-9, 1e4)
            };
            let b = (span.ln() / rho.ln()).round() as usize;
            let rate = measured_rate(&l, e0, b / 3, b, (b / 6).max(2));
            assert!(
                (rho.ln() - rate.ln()).abs() < 0.1 * rho.ln().abs(),
                "{law:?} kd {kd}: radius {rho}, measured {rate} over {b} steps"
            );
        }
    }

    #[test]
    fn spd_per_joint_rests_lower_its_damping_eating_part_of_its_spring() {
        // At rest its torque is kp (q* - q) M_ii / (M_ii + kd dt): the pose where that carries the weight.
        let l = arm_loop(ChainLawId::JointSpd, 50.0, 5.0, 0.0, 1.0 / 60.0);
        let (q, _) = l.rest().unwrap();
        let (g, m) = (
            bias(&l.chain, &q, &[0.0, 0.0]),
            crate::body::chain::mass_matrix(&l.chain, &q),
        );
        for i in 0..2 {
            let spring = 50.0 * (l.target[i] - q[i]) * m[i][i] / (m[i][i] + 5.0 / 60.0);
            assert!(
                (spring - g[i]).abs() < 1e-9,
                "joint {i}: {spring} vs {}",
                g[i]
            );
        }
        let pd = arm_loop(ChainLawId::JointPd, 50.0, 5.0, 0.0, 1.0 / 60.0)
            .rest()
            .unwrap()
            .0;
        assert!(q[0] < pd[0], "{q:?} vs {pd:?}");
    }

    #[test]
    fn the_atlas_is_the_radius_cell_by_cell_kp_along_rows() {
        let base = arm_loop(ChainLawId::JointPd, 50.0, 5.0, 0.0, 1.0 / 60.0);
        let (kps, kds) = ([20.0, 50.0, 200.0], [1.0, 5.0, 10.0, 30.0]);
        let map = chain_atlas(&base, &kps, &kds);
        assert_eq!(map.len(), 12);
        let one = ChainLoop {
            gains: ChainGains::uniform(2, 200.0, 10.0, 0.0),
            ..base.clone()
        };
        assert_eq!(map[2 * 4 + 2], Some(one.spectral_radius().unwrap()));
        // More damping at 60 Hz breaks PD here: the last column is unstable in every row.
        assert!(
            kps.iter()
                .enumerate()
                .all(|(r, _)| map[r * 4 + 3].unwrap() > 1.0),
            "{map:?}"
        );
    }

    #[test]
    fn the_map_agrees_with_the_arm_scene_on_what_blows_up_at_60_hz() {
        // At kp 50 the damping that every law survives (kd 5), and twice it, where the
        // explicit joint laws blow up and the SPDs hold (scenes::arm's tests).
        let radius = |law, kd| {
            arm_loop(law, 50.0, kd, 20.0, 1.0 / 60.0)
                .spectral_radius()
                .unwrap()
        };
        for law in ChainLawId::ALL {
            assert!(radius(law, 5.0) < 1.0, "{law:?}");
        }
        for law in [
            ChainLawId::JointPd,
            ChainLawId::PdGravity,
            ChainLawId::JointPid,
        ] {
            assert!(radius(law, 10.0) > 1.0, "{law:?}");
        }
        for law in [ChainLawId::JointSpd, ChainLawId::MassMatrixSpd] {
            assert!(radius(law, 10.0) < 1.0, "{law:?}");
        }
    }
}
