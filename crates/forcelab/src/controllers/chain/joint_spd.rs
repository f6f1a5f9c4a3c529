use super::program::PD_GAINS;
use super::{ChainGains, JointSpace};
use crate::controllers::Terms;
use crate::program::{Program, Statement::*, Text};

/// The articles' stable PD applied to each rate as if it were a body alone (how a
/// reader of the one-body articles would put it on an arm): rate `i` is given the
/// inertia the chain has about it at this pose, `M_ii(q)`, and nothing of the coupling
/// to the other rates or of gravity. With the error predicted a step ahead,
/// `e_i = q_i + qd_i dt - q*_i` (minus [`JointSpace::error`] at
/// [`JointSpace::advanced`]: on a 3-D ball joint, the world-axes turn left from the
/// quaternion turned by its rate over `dt`, to first order `-(e - qd dt)` with `e` the
/// error now), the rate's own acceleration is solved for as in 1-D,
/// `qdd_i = (-kp_i e_i - kd_i qd_i) / (M_ii + kd_i dt)`, and
/// `tau_i = -kp_i e_i - kd_i (qd_i + qdd_i dt)` (N m). What it leaves out (the other
/// rates' pull, `M_ij` for `j != i`, and the bias) is what lets stiff gains at a long
/// step break it where [`super::mass_matrix_spd`] holds. At rest off target its spring
/// is softened to `kp_i M_ii / (M_ii + kd_i dt)`, so it sags more than PD.
pub fn joint_spd<C: JointSpace>(
    g: &ChainGains,
    chain: &C,
    state: &C::State,
    target: &[C::Position],
    dt: f64,
) -> Vec<Terms> {
    let (q, qd) = (C::positions(state), C::rates(state));
    let m = chain.mass_matrix(q);
    let ahead = chain.error(&chain.advanced(q, qd, dt), target);
    (0..qd.len())
        .map(|i| {
            let spring = g.kp[i] * ahead[i];
            let qdd = (spring - g.kd[i] * qd[i]) / (m[i][i] + g.kd[i] * dt);
            Terms::sum(spring, 0.0, -g.kd[i] * (qd[i] + qdd * dt), 0.0)
        })
        .collect()
}

/// The law written out for engines ([`super::program`]): it reads only the mass
/// matrix's diagonal.
pub(crate) const PROGRAM: Program = Program {
    source: &[Text::Words(
        "crates/forcelab/src/controllers/chain/joint_spd.rs (the articles' SPD on each joint, with the inertia M_ii the chain has about it)",
    )],
    settings: PD_GAINS,
    memory: &[],
    step: &[For(
        "i",
        "0",
        "n",
        &[
            Note("The error a step ahead, and the joint's own acceleration as in 1-D."),
            Let("e", "q[i] + qd[i] * dt - qt[i]"),
            Let("qdd", "(-kp[i] * e - kd[i] * qd[i]) / (M[i][i] + kd[i] * dt)"),
            Set("tau[i]", "-kp[i] * e - kd[i] * (qd[i] + qdd * dt)"),
        ],
    )],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::chain::{ChainState, Link, PlanarChain};

    #[test]
    fn on_a_joint_whose_inertia_is_alone_it_is_the_one_body_spd() {
        // Joint 2 of a chain carries only link 2: M_22 = I2 + m2 c2^2 whatever the pose.
        let chain = PlanarChain::new(vec![Link::rod(1.0, 1.0), Link::rod(0.5, 2.0)], 9.81).unwrap();
        let state = ChainState {
            q: vec![0.3, 0.4],
            qd: vec![0.0, -0.5],
        };
        let (kp, kd, dt) = (50.0, 5.0, 0.02);
        let t = joint_spd(
            &ChainGains::uniform(2, kp, kd, 0.0),
            &chain,
            &state,
            &[0.0, 0.0],
            dt,
        );
        let inertia = 2.0 * 0.25 / 12.0 + 2.0 * 0.25 * 0.25;
        let one_body = crate::controllers::Spd { kp, kd }
            .force(
                &crate::body::Body1 {
                    x: 0.4,
                    v: -0.5,
                    mass: inertia,
                    ..Default::default()
                },
                &crate::controllers::Target1::at(0.0),
                dt,
            )
            .unwrap();
        assert!(
            (t[1].total - one_body.total).abs() < 1e-12,
            "{} vs {}",
            t[1].total,
            one_body.total
        );
    }
}
