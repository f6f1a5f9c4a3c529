//! Pins of the chain claims: the arm written out again here (the scene's numbers typed
//! in, not read from it, so a changed scene fails a pin), stepped by a loop of this
//! file's own, and PD's sag found as the fixed point of `kp e = G(q* - e)` without
//! stepping at all.

use super::*;
use crate::body::chain::{bias, ChainState, Link, PlanarChain};
use crate::controllers::chain::{ChainGains, ChainLaw, ChainLawId};
use crate::integrator::Integrator;
use core::f64::consts::{FRAC_PI_2, FRAC_PI_3, FRAC_PI_6};

/// The scene's arm: a 0.5 m, 3 kg upper arm and a 0.4 m, 2 kg forearm, under 9.81.
fn arm() -> PlanarChain {
    PlanarChain::new(vec![Link::rod(0.5, 3.0), Link::rod(0.4, 2.0)], 9.81).unwrap()
}

const TARGET: [f64; 2] = [FRAC_PI_6, FRAC_PI_3];

/// Whether law `id` at `kp`, `kd` blows up in 4 s at 60 Hz (semi-implicit Euler) from
/// hanging: a step refused or a rate past 1e6 rad/s.
fn blows_up(id: ChainLawId, kp: f64, kd: f64) -> bool {
    let chain = arm();
    let mut law = ChainLaw::new(id, ChainGains::uniform(2, kp, kd, 0.0), &chain).unwrap();
    let mut s = ChainState::at_rest(&chain, vec![-FRAC_PI_2, 0.0]).unwrap();
    for _ in 0..240 {
        let Ok(terms) = law.torques(&chain, &s, &TARGET, DT) else {
            return true;
        };
        let tau: Vec<f64> = terms.iter().map(|t| t.total).collect();
        if s.step(&chain, &tau, DT, Integrator::SemiImplicitEuler)
            .is_err()
            || s.qd.iter().any(|v| v.abs() > 1e6)
        {
            return true;
        }
    }
    false
}

#[test]
fn the_paper_spd_breaks_at_the_stiffness_its_claim_names_under_the_papers_damping_rule() {
    let c = find("chain-spd-stable-any-gains");
    let kp = c.figure;
    // Held just below, broken at it (the bisection's 0.1 %), with kd = kp dt.
    assert!(blows_up(ChainLawId::MassMatrixSpd, kp, kp * DT));
    assert!(!blows_up(
        ChainLawId::MassMatrixSpd,
        kp * 0.99,
        kp * 0.99 * DT
    ));
    // With kd = 1.5 kp dt it holds the stiffest gains tried.
    assert!(!blows_up(ChainLawId::MassMatrixSpd, 1e6, 1.5e6 * DT));
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);
}

#[test]
fn spd_per_joint_breaks_at_the_stiffness_its_claim_names_where_the_papers_holds() {
    let c = find("chain-joint-spd-breaks");
    let kp = c.figure;
    assert!(blows_up(ChainLawId::JointSpd, kp, 2.0 * kp * DT));
    assert!(!blows_up(
        ChainLawId::JointSpd,
        kp * 0.99,
        2.0 * kp * 0.99 * DT
    ));
    assert!(!blows_up(ChainLawId::MassMatrixSpd, kp, 2.0 * kp * DT));
    assert_eq!(c.verdict, Verdict::Holds);
}

#[test]
fn pd_sags_to_the_pose_where_its_springs_carry_the_weight() {
    // At rest kp (q* - q) = G(q): iterate q <- q* - G(q) / kp (a contraction at kp 200:
    // G changes by far less than kp per radian).
    let (chain, kp) = (arm(), 200.0);
    let mut q = TARGET.to_vec();
    for _ in 0..200 {
        let g = bias(&chain, &q, &[0.0, 0.0]);
        q = TARGET.iter().zip(&g).map(|(t, g)| t - g / kp).collect();
    }
    let c = find("chain-pd-sag-g-over-kp");
    assert!(
        (c.figure - (TARGET[0] - q[0])).abs() < 1e-6,
        "{} vs {}",
        c.figure,
        TARGET[0] - q[0]
    );
    // The first-order guess, the weight's moment at the target over kp: within 10 %.
    let first_order = bias(&chain, &TARGET, &[0.0, 0.0])[0] / kp;
    assert!(
        (c.figure / first_order - 1.0).abs() < 0.1,
        "{} vs {first_order}",
        c.figure
    );
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);
}
