//! Article 000 (stable PD): the claims about SPD and its simplified form.

use super::common::*;
use super::{Claim, Verdict};

pub(super) fn spd_stable_if_kd_ge_kp_dt() -> Claim {
    let region = |a: f64, b: f64| b >= a; // kd dt >= kp dt^2  <=>  kd >= kp dt
    let semi = worst_radius(LawId::Spd, Integrator::SemiImplicitEuler, region);
    let explicit = worst_radius(LawId::Spd, Integrator::ExplicitEuler, region);
    let stable = |r: f64| r <= STABLE_LIMIT;
    let (verdict, conditions) = match (stable(semi), stable(explicit)) {
        (true, true) => (Verdict::Holds, String::new()),
        (false, true) => (
            Verdict::HoldsWithConditions,
            format!(
                "only under explicit Euler (largest radius {explicit:.4}); under semi-implicit Euler the \
                 largest radius where kd >= kp dt is {semi:.3}: stiff gains need kd >= 1.5 kp dt"
            ),
        ),
        _ => (Verdict::DoesNotHold, format!("largest radius {semi:.3} (explicit {explicit:.3})")),
    };
    Claim {
        id: "spd-stable-if-kd-ge-kp-dt",
        article: A000,
        chapter: "04-spd",
        preset: "atlas",
        claim: "SPD (the paper's form) is stable whenever kd >= kp dt",
        figure: semi,
        unit: "largest spectral radius over the atlas where kd >= kp dt",
        integrator: SEMI,
        verdict,
        conditions,
    }
}

pub(super) fn spd_v2_stable_if_kd_ge_kp_dt() -> Claim {
    let worst = worst_radius(
        LawId::SpdSimplified,
        Integrator::SemiImplicitEuler,
        |a, b| b >= a,
    );
    let ok = worst <= STABLE_LIMIT;
    Claim {
        id: "spd-v2-stable-if-kd-ge-kp-dt",
        article: A000,
        chapter: "04-spd",
        preset: "atlas",
        claim: "the article's own simplified SPD calculator is stable whenever kd >= kp dt",
        figure: worst,
        unit: "largest spectral radius over the atlas where kd >= kp dt",
        integrator: SEMI,
        verdict: if ok {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: if ok {
            String::new()
        } else {
            "the calculator drops the paper's implicit (m + kd dt) term; it is a forward PD with damping \
             kd + kp dt, stable only while 3 kp dt^2 + 2 kd dt <= 4 (unit mass)"
                .to_string()
        },
    }
}

pub(super) fn spd_v2_tolerant_of_gains() -> Claim {
    let v2 = stable_fraction(LawId::SpdSimplified, Integrator::SemiImplicitEuler);
    let pd = stable_fraction(LawId::ForwardPd, Integrator::SemiImplicitEuler);
    let paper = stable_fraction(LawId::Spd, Integrator::SemiImplicitEuler);
    Claim {
        id: "spd-v2-tolerant-of-gains",
        article: A000,
        chapter: "04-spd",
        preset: "atlas",
        claim: "the SPD calculator tolerates a much wider range of gains than a plain PD",
        figure: 100.0 * v2,
        unit: "% of the atlas grid stable",
        integrator: SEMI,
        verdict: if v2 > pd {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: format!(
            "stable on {:.1} % of the grid against {:.1} % for forward PD with the same kp, kd \
             (the paper's form: {:.1} %)",
            100.0 * v2,
            100.0 * pd,
            100.0 * paper
        ),
    }
}

pub(super) fn spd_no_overshoot_vs_pd() -> Claim {
    // Moderate gains where all three are stable (zeta = 0.5 on 1 kg): which brakes first.
    // No figure runs these gains (chapter 4's figure moved on to stiff ones): the claim
    // setup runs on the figures' runner, the three laws side by side in one Lab.
    let f = claim_setups::SPD_BRAKE;
    let (kp, kd, dt) = (f.kp, f.kd, f.dt);
    let laws = [LawId::SpdSimplified, LawId::Spd, LawId::ForwardPd].map(|law| (law, kp, kd));
    let spec = cube_lab(f.mass, dt, f.target, &laws);
    let [v2, paper, pd]: [StepMetrics; 3] = run_lab(&spec, (f.horizon / dt) as u32)
        .metrics()
        .try_into()
        .expect("three laws");
    let less = v2.overshoot_percent < pd.overshoot_percent
        && paper.overshoot_percent < pd.overshoot_percent;
    Claim {
        id: "spd-no-overshoot-vs-pd",
        article: A000,
        chapter: "04-spd",
        preset: "spd-brake",
        claim: "with the same gains SPD brakes before the target and overshoots less than PD",
        figure: v2.overshoot_percent,
        unit: "% overshoot of the article's calculator at moderate gains",
        integrator: SEMI,
        verdict: if less { Verdict::HoldsWithConditions } else { Verdict::DoesNotHold },
        conditions: format!(
            "at kp {kp} N/m, kd {kd} N s/m, {} kg, dt {dt:.4} s forward PD overshoots {:.1} %, the paper's \
             SPD {:.1} %; the gain is the extra damping kp dt, so it shrinks as dt does",
            f.mass, pd.overshoot_percent, paper.overshoot_percent
        ),
    }
}

pub(super) fn spd_v2_is_pd_with_extra_damping() -> Claim {
    let s = claim_setups::SPD_PROBE;
    let (kp, kd, dt) = (s.kp, s.kd, s.dt);
    let body = Body1 {
        x: s.body[0],
        v: s.body[1],
        ..Body1::default()
    };
    let target = Target1 {
        x: s.target[0],
        v: s.target[1],
    };
    let v2 = SpdSimplified { kp, kd }
        .force(&body, &target, dt)
        .unwrap()
        .total;
    let pd = ForwardPd {
        kp,
        kd: kd + kp * dt,
    }
    .force(&body, &target)
    .unwrap()
    .total;
    let gap = (v2 - pd).abs();
    Claim {
        id: "spd-v2-is-pd-with-extra-damping",
        article: A000,
        chapter: "04-spd",
        preset: "spd-probe",
        claim:
            "(ours) the article's SPD calculator equals a forward PD whose damping is kd + kp dt",
        figure: gap,
        unit: "N, largest force difference",
        integrator: SEMI,
        verdict: if gap < 1e-9 {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: String::new(),
    }
}
