use super::program::PID_GAINS;
use super::{ChainGains, JointSpace};
use crate::controllers::Terms;
use crate::program::{memory, MemoryKind, Program, Statement::*, Text};

/// PID on each rate, the derivative on the measured rate (no kick when the target
/// jumps): `e` the error toward the target ([`JointSpace::error`]: `q*_i - q_i`, or a
/// 3-D ball's world-axes turn `R_p rotvec(q* q^-1)`, integrated component by
/// component), `I_i += e_i dt`, `tau_i = kp_i e_i + ki_i I_i - kd_i qd_i` (N m). The
/// integral (rad s, in `integral`) grows until it carries the weight the spring would
/// otherwise sag under, so the chain settles on its target without knowing its own
/// weight, slowly, and overshooting while the integral unwinds.
pub fn joint_pid<C: JointSpace>(
    g: &ChainGains,
    integral: &mut [f64],
    chain: &C,
    state: &C::State,
    target: &[C::Position],
    dt: f64,
) -> Vec<Terms> {
    let (e, qd) = (chain.error(C::positions(state), target), C::rates(state));
    (0..e.len())
        .map(|i| {
            integral[i] += e[i] * dt;
            Terms::sum(g.kp[i] * e[i], g.ki[i] * integral[i], -g.kd[i] * qd[i], 0.0)
        })
        .collect()
}

/// The law written out for engines ([`super::program`]): its memory is the integral of
/// each joint's error.
pub(crate) const PROGRAM: Program = Program {
    source: &[Text::Words(
        "crates/forcelab/src/controllers/chain/joint_pid.rs: I_i += (q*_i - q_i) dt, tau_i = kp_i e_i + ki_i I_i - kd_i qd_i",
    )],
    settings: PID_GAINS,
    memory: &[memory(
        "integral",
        MemoryKind::Joints,
        "the integral of each joint's error, rad s",
        None,
    )],
    step: &[For(
        "i",
        "0",
        "n",
        &[
            Let("e", "qt[i] - q[i]"),
            Set("integral[i]", "integral[i] + e * dt"),
            Set("tau[i]", "kp[i] * e + ki[i] * integral[i] - kd[i] * qd[i]"),
        ],
    )],
};

#[cfg(test)]
mod tests {
    use super::super::{ChainLaw, ChainLawId};
    use super::*;
    use crate::body::chain::{ChainState, Link, PlanarChain};
    use crate::integrator::Integrator;

    #[test]
    fn the_integral_sums_the_error_over_the_steps() {
        let state = ChainState {
            q: vec![0.0, 1.0],
            qd: vec![0.0, 0.0],
        };
        let mut integral = vec![0.0, 0.0];
        let g = ChainGains::uniform(2, 0.0, 0.0, 3.0);
        let chain = PlanarChain::new(vec![Link::rod(1.0, 1.0); 2], 9.81).unwrap();
        joint_pid(&g, &mut integral, &chain, &state, &[1.0, 1.0], 0.5);
        let t = joint_pid(&g, &mut integral, &chain, &state, &[1.0, 1.0], 0.5);
        assert_eq!(integral, vec![1.0, 0.0]);
        assert_eq!(t[0].i, 3.0);
    }

    #[test]
    fn its_integral_takes_the_weight_the_spring_alone_would_sag_under() {
        let chain = PlanarChain::new(vec![Link::rod(0.5, 2.0), Link::rod(0.4, 1.0)], 9.81).unwrap();
        let mut law = ChainLaw::new(
            ChainLawId::JointPid,
            ChainGains::uniform(2, 400.0, 4.0, 400.0),
            &chain,
        )
        .unwrap();
        let mut s = ChainState::at_rest(&chain, vec![0.0, 0.0]).unwrap();
        for _ in 0..20_000 {
            let tau: Vec<f64> = law
                .torques(&chain, &s, &[0.0, 0.0], 1e-3)
                .unwrap()
                .iter()
                .map(|t| t.total)
                .collect();
            s.step(&chain, &tau, 1e-3, Integrator::Rk4).unwrap();
        }
        assert!(s.q.iter().all(|q| q.abs() < 1e-4), "{:?}", s.q);
    }
}
