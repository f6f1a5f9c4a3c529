use super::program::PD_GAINS;
use super::{ChainGains, JointSpace};
use crate::controllers::Terms;
use crate::program::{Program, Statement::*, Text};

/// PD on each rate, blind to the rest of the chain:
/// `tau_i = kp_i e_i - kd_i qd_i` (N m), `e` the error toward the target
/// ([`JointSpace::error`]: `q*_i - q_i` on a hinge; on a 3-D ball joint the turn
/// `R_p rotvec(q* q^-1)` in world axes, the axes of its three rates, so each of them
/// gets its own spring and damper). Under gravity it settles where its spring holds the
/// weight, short of the target by `e = G(q) / kp` (per rate, `G` the gravity torques):
/// the stiffer, the closer, and the stiffer, the sooner a step is too long for it.
pub fn joint_pd<C: JointSpace>(
    g: &ChainGains,
    chain: &C,
    state: &C::State,
    target: &[C::Position],
) -> Vec<Terms> {
    let e = chain.error(C::positions(state), target);
    let qd = C::rates(state);
    (0..e.len())
        .map(|i| Terms::sum(g.kp[i] * e[i], 0.0, -g.kd[i] * qd[i], 0.0))
        .collect()
}

/// The law written out for engines ([`super::program`]): each joint's spring and damper.
pub(crate) const PROGRAM: Program = Program {
    source: &[Text::Words(
        "crates/forcelab/src/controllers/chain/joint_pd.rs: tau_i = kp_i (q*_i - q_i) - kd_i qd_i",
    )],
    settings: PD_GAINS,
    memory: &[],
    step: &[For(
        "i",
        "0",
        "n",
        &[Set("tau[i]", "kp[i] * (qt[i] - q[i]) - kd[i] * qd[i]")],
    )],
};

#[cfg(test)]
mod tests {
    use super::super::{ChainLaw, ChainLawId};
    use super::*;
    use crate::body::chain::{bias, ChainState, Link, PlanarChain};
    use crate::integrator::Integrator;

    #[test]
    fn it_pulls_each_joint_toward_its_target_and_brakes_its_rate() {
        let state = ChainState {
            q: vec![0.5, -0.2],
            qd: vec![1.0, 0.0],
        };
        let chain = PlanarChain::new(vec![Link::rod(1.0, 1.0); 2], 9.81).unwrap();
        let t = joint_pd(
            &ChainGains::uniform(2, 10.0, 2.0, 0.0),
            &chain,
            &state,
            &[0.0, 0.0],
        );
        assert_eq!((t[0].p, t[0].d, t[0].total), (-5.0, -2.0, -7.0));
        assert_eq!((t[1].p, t[1].d), (2.0, 0.0));
    }

    #[test]
    fn under_gravity_it_settles_short_of_the_target_by_the_weight_over_the_stiffness() {
        // An arm held out level: the spring of each joint ends up carrying the weight
        // beyond it, kp e = G(q), exactly (at rest the damper does nothing).
        let chain = PlanarChain::new(vec![Link::rod(0.5, 2.0), Link::rod(0.4, 1.0)], 9.81).unwrap();
        let mut law = ChainLaw::new(
            ChainLawId::JointPd,
            ChainGains::uniform(2, 400.0, 4.0, 0.0),
            &chain,
        )
        .unwrap();
        let mut s = ChainState::at_rest(&chain, vec![0.0, 0.0]).unwrap();
        for _ in 0..6000 {
            let tau: Vec<f64> = law
                .torques(&chain, &s, &[0.0, 0.0], 1e-3)
                .unwrap()
                .iter()
                .map(|t| t.total)
                .collect();
            s.step(&chain, &tau, 1e-3, Integrator::Rk4).unwrap();
        }
        let g = bias(&chain, &s.q, &[0.0, 0.0]);
        for (i, (q, g)) in s.q.iter().zip(&g).enumerate() {
            assert!(
                (400.0 * (0.0 - q) - g).abs() < 1e-6,
                "joint {i}: kp e = {}, G = {g}",
                -400.0 * q
            );
        }
        // It sags: both joints below level.
        assert!(s.q[0] < -0.01 && s.q[0] + s.q[1] < -0.01, "{:?}", s.q);
    }
}
