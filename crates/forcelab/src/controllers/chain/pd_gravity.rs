use super::program::PD_GAINS;
use super::ChainGains;
use crate::body::chain::{bias, ChainState, PlanarChain};
use crate::controllers::Terms;
use crate::program::{Program, Statement::*, Text};

/// PD on each joint plus the torques that hold the chain's weight where it is:
/// `tau_i = kp_i (q*_i - q_i) - kd_i qd_i + G_i(q)` (N m), with `G(q)` the gravity
/// torques (the bias at rest, by Newton-Euler). The weight cancelled, nothing is left
/// for the springs to carry: the chain settles on its target, not below it. `G` is the
/// feed-forward term.
pub fn pd_gravity(
    g: &ChainGains,
    chain: &PlanarChain,
    state: &ChainState,
    target: &[f64],
) -> Vec<Terms> {
    let weight = bias(chain, &state.q, &vec![0.0; chain.dofs()]);
    (0..chain.dofs())
        .map(|i| {
            Terms::sum(
                g.kp[i] * (target[i] - state.q[i]),
                0.0,
                -g.kd[i] * state.qd[i],
                weight[i],
            )
        })
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
    use crate::body::chain::Link;
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
