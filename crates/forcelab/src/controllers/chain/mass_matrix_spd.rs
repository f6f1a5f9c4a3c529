use super::program::PD_GAINS;
use super::{ChainGains, JointSpace};
use crate::body::chain::{cholesky, cholesky_solve};
use crate::controllers::Terms;
use crate::error::Error;
use crate::program::{Program, Statement::*, Text};

/// Stable PD as Tan, Liu and Turk solve it for a character (IEEE CG&A 2011, eq. 14):
/// the spring on the pose predicted a step ahead, the damper on the rate predicted with
/// the acceleration this very torque causes, solved for the whole chain at once,
/// coupling and bias included:
/// `(M + Kd dt) qdd = -Kp (q + qd dt - q*) - Kd qd - C(q, qd)`, then
/// `tau = -Kp (q + qd dt - q*) - Kd (qd + qdd dt)` (N m), with `Kp`, `Kd` the diagonal
/// gain matrices. `q + qd dt - q*` is minus [`JointSpace::error`] at
/// [`JointSpace::advanced`]: on a 3-D ball joint, the quaternion turned by its world
/// rate over `dt`, `exp(R_p^T w dt / 2) q`, and its error `R_p rotvec(q* q^-1)` in world
/// axes from there, the error at the next step. `M + Kd dt` is symmetric positive
/// definite, so a Cholesky solve always succeeds; an error only if the state has left
/// f64. At rest off target the planned `qdd` is zero, so it sags as PD does, `G / kp`.
pub fn mass_matrix_spd<C: JointSpace>(
    g: &ChainGains,
    chain: &C,
    state: &C::State,
    target: &[C::Position],
    dt: f64,
) -> Result<Vec<Terms>, Error> {
    let (q, qd) = (C::positions(state), C::rates(state));
    let n = qd.len();
    let mut m = chain.mass_matrix(q);
    for (i, row) in m.iter_mut().enumerate() {
        row[i] += g.kd[i] * dt;
    }
    let c = chain.bias(q, qd);
    let ahead = chain.error(&chain.advanced(q, qd, dt), target);
    let spring: Vec<f64> = (0..n).map(|i| g.kp[i] * ahead[i]).collect();
    let rhs: Vec<f64> = (0..n).map(|i| spring[i] - g.kd[i] * qd[i] - c[i]).collect();
    let l = cholesky(&m).ok_or(Error::Unsupported {
        field: "q",
        reason: "the chain's mass matrix cannot be factored at this state",
    })?;
    let qdd = cholesky_solve(&l, &rhs);
    Ok((0..n)
        .map(|i| Terms::sum(spring[i], 0.0, -g.kd[i] * (qd[i] + qdd[i] * dt), 0.0))
        .collect())
}

/// The law written out for engines ([`super::program`]): the whole chain's
/// acceleration solved at once from the mass matrix and the bias.
pub(crate) const PROGRAM: Program = Program {
    source: &[Text::Words(
        "crates/forcelab/src/controllers/chain/mass_matrix_spd.rs (Tan, Liu and Turk: (M + Kd dt) qdd = -Kp (q + qd dt - q*) - Kd qd - C)",
    )],
    settings: PD_GAINS,
    memory: &[],
    step: &[
        LetList("spring", "Zeros(n)"),
        LetList("rhs", "Zeros(n)"),
        LetMatrix("a", "Copy(M)"),
        For(
            "i",
            "0",
            "n",
            &[
                Set("spring[i]", "-kp[i] * (q[i] + qd[i] * dt - qt[i])"),
                Set("rhs[i]", "spring[i] - kd[i] * qd[i] - C[i]"),
                Set("a[i][i]", "a[i][i] + kd[i] * dt"),
            ],
        ),
        Note("The acceleration this very torque causes, coupling and bias included."),
        LetList("qdd", "Solve(a, rhs)"),
        For(
            "i",
            "0",
            "n",
            &[Set("tau[i]", "spring[i] - kd[i] * (qd[i] + qdd[i] * dt)")],
        ),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::chain::{forward_dynamics, ChainState, Link, PlanarChain};

    #[test]
    fn the_acceleration_it_plans_for_is_the_one_its_torque_causes_when_the_step_is_implicit() {
        // The law's own promise: applying tau, the chain accelerates at the qdd it
        // solved for, i.e. M qdd + C = tau with tau's damper on qd + qdd dt.
        let chain = PlanarChain::new(
            vec![
                Link::rod(0.6, 2.0),
                Link::rod(0.5, 1.0),
                Link::rod(0.3, 0.4),
            ],
            9.81,
        )
        .unwrap();
        let state = ChainState {
            q: vec![0.2, -0.7, 1.1],
            qd: vec![1.0, -2.0, 0.5],
        };
        let (g, target, dt) = (
            ChainGains::uniform(3, 300.0, 30.0, 0.0),
            [0.5, 0.0, 0.0],
            1.0 / 60.0,
        );
        let tau: Vec<f64> = mass_matrix_spd(&g, &chain, &state, &target, dt)
            .unwrap()
            .iter()
            .map(|t| t.total)
            .collect();
        let qdd = forward_dynamics(&chain, &state.q, &state.qd, &tau).unwrap();
        for i in 0..3 {
            let want = -g.kp[i] * (state.q[i] + state.qd[i] * dt - target[i])
                - g.kd[i] * (state.qd[i] + qdd[i] * dt);
            assert!(
                (tau[i] - want).abs() < 1e-9 * (1.0 + want.abs()),
                "joint {i}: {} vs {}",
                tau[i],
                want
            );
        }
    }
}
