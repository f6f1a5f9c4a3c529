use super::program::PD_GAINS;
use super::{ChainGains, JointSpace};
use crate::controllers::Terms;
use crate::program::{Program, Statement::*, Text};

/// PD on each rate plus the torques that hold the chain's weight where it is:
/// `tau_i = kp_i e_i - kd_i qd_i + G_i(q)` (N m), `e` the error toward the target
/// ([`JointSpace::error`]: `q*_i - q_i`, or a ball's world-axes turn
/// `R_p rotvec(q* q^-1)`), with `G(q)` the gravity torques (the bias at rest, by
/// Newton-Euler; a ball's about world x, y, z). The weight cancelled, nothing is left
/// for the springs to carry: the chain settles on its target, not below it. `G` is the
/// feed-forward term.
pub fn pd_gravity<C: JointSpace>(
    g: &ChainGains,
    chain: &C,
    state: &C::State,
    target: &[C::Position],
) -> Vec<Terms> {
    let q = C::positions(state);
    let (e, qd) = (chain.error(q, target), C::rates(state));
    let weight = chain.gravity_torques(q);
    (0..e.len())
        .map(|i| Terms::sum(g.kp[i] * e[i], 0.0, -g.kd[i] * qd[i], weight[i]))
        .collect()
}

/// The law written out for engines ([`super::program`]): PD plus the engine's own
/// gravity torques `G`.
pub(crate) const PROGRAM: Program = Program {
    source: &[Text::Words(
        "crates/forcelab/src/controllers/chain/pd_gravity.rs: tau_i = kp_i (q*_i - q_i) - kd_i qd_i + G_i(q)",
    )],
    settings: PD_GAINS,
    memory: &[],
    step: &[For(
        "i",
        "0",
        "n",
        &[Set(
            "tau[i]",
            "kp[i] * (qt[i] - q[i]) - kd[i] * qd[i] + G[i]",
        )],
    )],
};

#[cfg(test)]
mod tests {
    use super::super::{ChainLaw, ChainLawId};
    use super::*;
    use crate::body::chain::{ChainState, Link, PlanarChain};
    use crate::integrator::Integrator;

    #[test]
    fn with_the_weight_cancelled_the_arm_settles_on_its_target() {
        let chain = PlanarChain::new(
            vec![
                Link::rod(0.5, 2.0),
                Link::rod(0.4, 1.0),
                Link::rod(0.3, 0.5),
            ],
            9.81,
        )
        .unwrap();
        let target = [0.4, 0.3, -0.2];
        let mut law = ChainLaw::new(
            ChainLawId::PdGravity,
            ChainGains::uniform(3, 50.0, 4.0, 0.0),
            &chain,
        )
        .unwrap();
        let mut s = ChainState::at_rest(&chain, vec![-1.5, 0.0, 0.0]).unwrap();
        for _ in 0..5000 {
            let tau: Vec<f64> = law
                .torques(&chain, &s, &target, 2e-3)
                .unwrap()
                .iter()
                .map(|t| t.total)
                .collect();
            s.step(&chain, &tau, 2e-3, Integrator::Rk4).unwrap();
        }
        for (q, t) in s.q.iter().zip(target) {
            assert!((q - t).abs() < 1e-6, "{:?}", s.q);
        }
    }
}
