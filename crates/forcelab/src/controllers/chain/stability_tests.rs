//! Where each chain law holds and where it breaks: a three-link arm (2, 1 and 0.5 kg
//! rods of 0.5, 0.4 and 0.3 m) lifted from hanging to a pose under gravity, stepped as
//! games step (semi-implicit Euler) at 30, 60 and 120 Hz.

use super::*;
use crate::body::chain::{ChainState, Link, PlanarChain};
use crate::integrator::Integrator;

const TARGET: [f64; 3] = [0.4, 0.3, -0.2];

fn arm() -> PlanarChain {
    PlanarChain::new(
        vec![
            Link::rod(0.5, 2.0),
            Link::rod(0.4, 1.0),
            Link::rod(0.3, 0.5),
        ],
        9.81,
    )
    .unwrap()
}

/// The largest joint error after `seconds` of law `id` at `kp`, `kd` (per joint), or
/// `None` if the arm blew up (a step refused, or a rate past 1e6 rad/s).
fn settle(
    id: ChainLawId,
    kp: f64,
    kd: f64,
    dt: f64,
    integrator: Integrator,
    seconds: f64,
) -> Option<f64> {
    let chain = arm();
    let mut law = ChainLaw::new(id, ChainGains::uniform(3, kp, kd, 0.0), &chain).unwrap();
    let mut s = ChainState::at_rest(&chain, vec![-core::f64::consts::FRAC_PI_2, 0.0, 0.0]).unwrap();
    for _ in 0..(seconds / dt).round() as usize {
        let tau: Vec<f64> = law
            .torques(&chain, &s, &TARGET, dt)
            .ok()?
            .iter()
            .map(|t| t.total)
            .collect();
        s.step(&chain, &tau, dt, integrator).ok()?;
        if s.qd.iter().any(|v| v.abs() > 1e6) {
            return None;
        }
    }
    Some(
        s.q.iter()
            .zip(TARGET)
            .map(|(q, t)| (q - t).abs())
            .fold(0.0, f64::max),
    )
}

const STEPS: [f64; 3] = [1.0 / 30.0, 1.0 / 60.0, 1.0 / 120.0];

#[test]
fn spd_with_the_mass_matrix_holds_the_arm_at_any_stiffness_and_step_with_kd_at_least_twice_kp_dt() {
    // Five decades of stiffness, each at the three steps, under every integrator: it
    // settles, within the sag its spring leaves under the weight (G / kp).
    for dt in STEPS {
        for kp in [10.0, 1e2, 1e3, 1e4, 1e5, 1e6] {
            for integrator in Integrator::ALL {
                let error = settle(
                    ChainLawId::MassMatrixSpd,
                    kp,
                    2.0 * kp * dt,
                    dt,
                    integrator,
                    8.0,
                );
                let sag = 20.0 / kp;
                assert!(
                    error.is_some_and(|e| e < sag),
                    "kp {kp}, dt {dt}, {integrator:?}: {error:?}"
                );
            }
        }
    }
}

#[test]
fn with_too_little_damping_even_the_mass_matrix_spd_breaks() {
    // kd far below kp dt: the spring's prediction outruns the damper's.
    assert_eq!(
        settle(
            ChainLawId::MassMatrixSpd,
            1e3,
            1.0,
            1.0 / 60.0,
            Integrator::SemiImplicitEuler,
            5.0
        ),
        None
    );
}

#[test]
fn per_joint_laws_break_where_the_mass_matrix_spd_holds() {
    // At 120 Hz with kp 100, kd 10 the light last link's mode is too fast for a step:
    // every law blind to the coupling blows up; the paper's SPD settles.
    let (kp, kd, dt) = (100.0, 10.0, 1.0 / 120.0);
    for id in [
        ChainLawId::JointPd,
        ChainLawId::JointSpd,
        ChainLawId::PdGravity,
        ChainLawId::JointPid,
    ] {
        assert_eq!(
            settle(id, kp, kd, dt, Integrator::SemiImplicitEuler, 5.0),
            None,
            "{}",
            id.id()
        );
    }
    assert!(settle(
        ChainLawId::MassMatrixSpd,
        kp,
        kd,
        dt,
        Integrator::SemiImplicitEuler,
        5.0
    )
    .is_some());
}

#[test]
fn soft_enough_every_law_settles_and_only_gravity_compensation_lands_on_the_pose() {
    let dt = 1.0 / 120.0;
    let errors: Vec<f64> = ChainLawId::ALL
        .iter()
        .map(|&id| settle(id, 10.0, 1.0, dt, Integrator::SemiImplicitEuler, 20.0).unwrap())
        .collect();
    let [pd, spd, mm_spd, pd_g, pid] = errors[..] else {
        unreachable!()
    };
    // The PID here has ki = 0 (the sweep's gains): it is PD. All sag by about G / kp;
    // the compensated PD closes in on the target (slowly: at kd 1 the arm rings for long).
    for e in [pd, spd, mm_spd, pid] {
        assert!(e > 0.3, "{errors:?}");
    }
    assert!(pd_g < 0.01, "{errors:?}");
}
