use super::ChainGains;
use crate::body::chain::{bias, ChainState, PlanarChain};
use crate::controllers::Terms;

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
