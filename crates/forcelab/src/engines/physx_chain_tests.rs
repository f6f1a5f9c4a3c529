//! The PhysX chain twin's invariants; its agreement with the real engine is
//! `tests/engines/chain-physx.test.mjs`.

use super::*;
use crate::body::chain::Link;
use core::f64::consts::{FRAC_PI_2, FRAC_PI_3, FRAC_PI_6};

fn arm() -> PlanarChain {
    PlanarChain::new(vec![Link::rod(0.5, 3.0), Link::rod(0.4, 2.0)], 9.81).unwrap()
}

/// No friction, damping or sleep: the bare articulation.
fn bare() -> PhysxChainSettings {
    PhysxChainSettings {
        friction_coefficient: 0.0,
        linear_damping: 0.0,
        angular_damping: 0.0,
        sleep_threshold: 0.0,
        ..PhysxChainSettings::default()
    }
}

fn run(law: PhysxChainLaw, kp: f64, kd: f64, s: &PhysxChainSettings, steps: usize) -> PhysxArm {
    let drive = ChainDrive { law, kp, kd };
    physx_arm(
        &arm(),
        &[-FRAC_PI_2, 0.0],
        &[FRAC_PI_6, FRAC_PI_3],
        drive,
        1.0 / 60.0,
        s,
        steps,
    )
    .unwrap()
}

#[test]
fn a_drive_holds_the_arm_short_of_the_pose_by_its_weight_over_kp() {
    // At rest, each drive's spring holds the weight beyond it: k (q* - q) = G(q), so the
    // arm sags by about G / k (the drive is implicit: it settles at kp 50 and 60 Hz).
    let last = run(PhysxChainLaw::Drive, 50.0, 5.0, &bare(), 1200)
        .q
        .pop()
        .unwrap();
    let g = crate::body::chain::bias(&arm(), &last, &[0.0, 0.0]);
    for (i, (q, t)) in last.iter().zip([FRAC_PI_6, FRAC_PI_3]).enumerate() {
        assert!(
            (50.0 * (t - q) - g[i]).abs() < 1e-3,
            "joint {i}: {q} {}",
            g[i]
        );
    }
}

#[test]
fn the_drive_is_implicit_where_the_effort_pd_blows_up() {
    // kd dt well past the forearm's effective inertia: the explicit effort diverges,
    // the implicit drive does not (bare settings: no cap but the joint speed's).
    let s = bare();
    let drive = run(PhysxChainLaw::Drive, 2000.0, 200.0, &s, 600).q;
    assert!(drive
        .last()
        .unwrap()
        .iter()
        .all(|q| q.is_finite() && q.abs() < 7.0));
    let effort = run(PhysxChainLaw::JointPd, 2000.0, 200.0, &s, 600).q;
    // Still swinging at its end: the elbow's rate stays near the joint speed cap.
    let swing = effort[540..]
        .windows(2)
        .map(|w| (w[1][1] - w[0][1]).abs() * 60.0)
        .fold(0.0, f64::max);
    let held = drive[540..]
        .windows(2)
        .map(|w| (w[1][1] - w[0][1]).abs() * 60.0)
        .fold(0.0, f64::max);
    assert!(swing > 10.0 && held < 1e-3, "{swing} {held}");
}

#[test]
fn friction_holds_the_arm_and_it_falls_asleep_by_default() {
    let s = PhysxChainSettings::default();
    let arm = run(PhysxChainLaw::Drive, 50.0, 5.0, &s, 600);
    let k = arm.slept.expect("asleep by 10 s");
    assert!(arm.q[k..].iter().all(|q| q == &arm.q[k]));
    // Efforts written every step wake it every step.
    assert_eq!(run(PhysxChainLaw::JointPd, 50.0, 5.0, &s, 600).slept, None);
    // No friction, no damping: the same drive still moving where the default slept.
    let free = run(PhysxChainLaw::Drive, 50.0, 5.0, &bare(), 600);
    assert!(free.slept.is_none());
}

#[test]
fn settings_that_cannot_be_are_named() {
    let c = arm();
    let bad = |start: &[f64], kp: f64, dt: f64, s: PhysxChainSettings| {
        let drive = ChainDrive {
            law: PhysxChainLaw::Drive,
            kp,
            kd: 1.0,
        };
        physx_arm(&c, start, &[0.0, 0.0], drive, dt, &s, 1)
            .unwrap_err()
            .field()
    };
    let d = PhysxChainSettings::default();
    assert_eq!(bad(&[0.0], 1.0, 0.01, d), "start");
    assert_eq!(bad(&[0.0, 0.0], -1.0, 0.01, d), "kp");
    assert_eq!(bad(&[0.0, 0.0], 1.0, 0.0, d), "dt");
    let s = PhysxChainSettings {
        position_iterations: 0,
        ..d
    };
    assert_eq!(bad(&[0.0, 0.0], 1.0, 0.01, s), "positionIterations");
    let s = PhysxChainSettings {
        friction_coefficient: f64::NAN,
        ..d
    };
    assert_eq!(bad(&[0.0, 0.0], 1.0, 0.01, s), "frictionCoefficient");
    assert_eq!(
        PhysxChainLaw::parse("spd").unwrap_err(),
        "law must be one of drive, joint-pd, got \"spd\""
    );
}

#[test]
fn the_arms_fall_asleep_on_the_steps_physx_does() {
    // Recorded from PhysX 5.6.1 (physx-js-webidl 2.7.3) by tests/engines/chain-physx.test.mjs,
    // which checks the real arm frozen from this step on and moving the step before: the
    // sleep filter's f32 counter and the centripetal part of each link's velocity decide
    // the step (physx_chain_sleep.rs), so `cargo test` alone sees a change to either.
    let s = PhysxChainSettings::default();
    let asleep = |kp: f64, kd: f64, dt: f64| {
        let drive = ChainDrive {
            law: PhysxChainLaw::Drive,
            kp,
            kd,
        };
        let steps = (4.0 / dt).round() as usize;
        physx_arm(
            &arm(),
            &[-FRAC_PI_2, 0.0],
            &[FRAC_PI_6, FRAC_PI_3],
            drive,
            dt,
            &s,
            steps,
        )
        .unwrap()
        .slept
    };
    assert_eq!(asleep(50.0, 5.0, 1.0 / 60.0), Some(113));
    assert_eq!(asleep(10.0, 3.0, 1.0 / 60.0), Some(129));
    assert_eq!(asleep(20.0, 1.0, 1.0 / 120.0), Some(450));
}
