//! Three claims about the laws on a jointed chain (issue 48), measured on the arm scene
//! (`scenes::ArmSettings::default`: a two-link arm lifted from hanging to a pose under
//! gravity at 60 Hz): what Tan, Liu and Turk's SPD with the mass matrix promises, what
//! the one-body articles' SPD does when put on each joint alone, and how far PD sags
//! under the arm's weight.

use super::common::SEMI;
use super::{Claim, Verdict};
use crate::body::chain::bias;
use crate::controllers::chain::ChainLawId;
use crate::scenes::{arm_chain, breaking_stiffness, run_arm, ArmSettings};

/// Where the chain form of SPD comes from.
const PAPER: &str =
    "Tan, Liu and Turk, Stable Proportional-Derivative Controllers (IEEE CG&A 2011), on a chain";
/// Where PD's sag under gravity is worked out.
const ROBOTICS: &str = "PD control under gravity (Spong, Hutchinson and Vidyasagar, Robot Modeling and Control, ch. 8)";
/// The preset the three claims read.
const ARM: &str = "arm";
/// The chapter that says them beside the arm (the claims table of chapter 9 lists them too).
const CHAPTER: &str = "12-chains";

/// The arm's least breaking stiffness for `id` with `kd = k kp dt`, or `NaN` if it held
/// at every stiffness tried (to 1e6 N m/rad).
fn breaks(s: &ArmSettings, id: ChainLawId, k: f64) -> f64 {
    breaking_stiffness(s, id, k)
        .expect("the arm scene's defaults are valid")
        .unwrap_or(f64::NAN)
}

pub(super) fn chain_spd_stable_any_gains() -> Claim {
    let s = ArmSettings::default();
    let held = [1.0 / 30.0, 1.0 / 60.0, 1.0 / 120.0].iter().all(|&dt| {
        breaks(
            &ArmSettings { dt, ..s.clone() },
            ChainLawId::MassMatrixSpd,
            1.5,
        )
        .is_nan()
    });
    let at_rule = breaks(&s, ChainLawId::MassMatrixSpd, 1.0);
    Claim {
        id: "chain-spd-stable-any-gains",
        article: PAPER,
        chapter: CHAPTER,
        preset: ARM,
        claim: "SPD solved with the chain's mass matrix holds an arm at any stiffness and any step",
        figure: at_rule,
        unit: "N m/rad, the least stiffness that breaks it at 60 Hz with the paper's kd = kp dt",
        integrator: SEMI,
        verdict: if held && at_rule.is_finite() { Verdict::HoldsWithConditions } else if held { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "with kd >= 1.5 kp dt it held every stiffness from 1 to 1e6 N m/rad at 30, 60 and 120 Hz{}; at the paper's kd = kp dt semi-implicit Euler breaks it from {at_rule:.0} N m/rad at 60 Hz (explicit Euler, the paper's own prediction, needs only kd >= kp dt / 2: the one-body SPD's rule, carried over)",
            if held { "" } else { " (it did not: see the figure)" }
        ),
    }
}

pub(super) fn chain_joint_spd_breaks() -> Claim {
    let s = ArmSettings::default();
    let per_joint = breaks(&s, ChainLawId::JointSpd, 2.0);
    let pd = breaks(&s, ChainLawId::JointPd, 2.0);
    let paper = breaks(&s, ChainLawId::MassMatrixSpd, 2.0);
    Claim {
        id: "chain-joint-spd-breaks",
        article: PAPER,
        chapter: CHAPTER,
        preset: ARM,
        claim: "SPD put on each joint as if it were a body alone is not stable for any gains: the coupling it ignores breaks it",
        figure: per_joint,
        unit: "N m/rad, the least stiffness that breaks SPD per joint at 60 Hz with kd = 2 kp dt",
        integrator: SEMI,
        verdict: if per_joint.is_finite() && paper.is_nan() { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "each joint given its own inertia M_ii, nothing of the others' pull; PD per joint breaks from {pd:.0} N m/rad at the same damping; SPD with the mass matrix held to 1e6"
        ),
    }
}

pub(super) fn chain_pd_sag() -> Claim {
    let s = ArmSettings {
        kp: 200.0,
        kd: 20.0,
        dt: 1e-3,
        seconds: 20.0,
        laws: vec![ChainLawId::JointPd, ChainLawId::PdGravity],
        ..ArmSettings::default()
    };
    let runs = run_arm(&s).expect("the claim's arm is valid");
    let chain = arm_chain(&s).expect("the claim's arm is valid");
    let last = |k: usize| runs[k].q.last().expect("a run has its start").clone();
    let pd = last(0);
    let sag = s.target[0] - pd[0];
    let predicted = runs[0].predicted_sag[0];
    // At rest the spring carries the weight where the arm is, not where it was sent.
    let exact = bias(&chain, &pd, &[0.0, 0.0])[0] / s.kp;
    let compensated = (s.target[0] - last(1)[0]).abs();
    let close = (sag - predicted).abs() <= 0.1 * predicted && (sag - exact).abs() <= 1e-6;
    Claim {
        id: "chain-pd-sag-g-over-kp",
        article: ROBOTICS,
        chapter: CHAPTER,
        preset: ARM,
        claim: "under gravity PD holds a joint short of its target by the weight's moment over the stiffness, m g l / kp",
        figure: sag,
        unit: "rad the shoulder sags at kp 200 N m/rad",
        integrator: "semi-implicit Euler, 1 ms",
        verdict: if close && compensated < 1e-6 { Verdict::HoldsWithConditions } else { Verdict::DoesNotHold },
        conditions: format!(
            "to first order: G(q*) / kp = {predicted:.4} rad at the target; exactly, kp e = G(q) at the pose it sags to ({exact:.4} rad), the weight's moment there; PD with gravity compensation lands within {compensated:.1e} rad"
        ),
    }
}
