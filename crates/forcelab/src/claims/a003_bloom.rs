//! Article 003 (Bloom): the implicit PD's damping, convergence and stability.

use super::common::*;
use super::{Claim, Verdict};

pub(super) fn bloom_d_1_is_critical() -> Claim {
    // The chapter's figure: Bloom's K = D = 1, T = 0.5 s (ImplicitPd's defaults, which a
    // scenario test holds to the figure's gains).
    // Its overshoot is the figure's own run.
    let (f, lab) = figure_run("implicit-cube");
    let g = Gains {
        kp: f.laws[0].kp,
        kd: f.laws[0].kd,
    };
    let zeta = Effective::continuous(g, f.mass).unwrap().damping_ratio;
    let overshoot = lab.metrics()[0].overshoot_percent;
    Claim {
        id: "bloom-d-1-is-critical",
        article: A003,
        chapter: "05-implicit-pd",
        preset: "implicit-cube",
        claim: "with Bloom's constants, D = 1 is critical damping",
        figure: zeta,
        unit: "damping ratio at K = D = 1",
        integrator: "implicit Euler step of the article (v += a dt; x += v dt)",
        verdict: if (zeta - 1.0).abs() < 0.02 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "ks = 36 (K/T)^2, kd = 9 K D / T give 9/12 = 0.75; the implicit step adds damping, and at \
             T = 0.5 s, dt = 1/60 s it overshoots {:.2} %",
            overshoot
        ),
    }
}

pub(super) fn bloom_converges_in_time_scale() -> Claim {
    let spec = ConvergenceSpec::default();
    let series = convergence_sweep(&spec).expect("default sweep");
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    let mut missed = 0;
    for s in &series {
        for &(scale, t) in &s.points {
            match t {
                Some(t) => {
                    lo = lo.min(t / scale);
                    hi = hi.max(t / scale);
                }
                None => missed += 1,
            }
        }
    }
    Claim {
        id: "bloom-converges-in-time-scale",
        article: A003,
        chapter: "05-implicit-pd",
        preset: "convergence",
        claim: "the implicit PD with a minimum velocity converges in roughly time_scale",
        figure: hi,
        unit: "largest (time to converge) / time_scale over the sweep",
        integrator: "implicit Euler step of the article (v += a dt; x += v dt)",
        verdict: if missed == 0 && hi < 2.0 && lo > 0.5 {
            Verdict::Holds
        } else if missed == 0 {
            Verdict::HoldsWithConditions
        } else {
            Verdict::DoesNotHold
        },
        conditions: format!(
            "ratio {lo:.2} to {hi:.2} for distances 160-640 and time_scale 0.1-2 s (dt 1/60 s, min velocity \
             10 units/s); {missed} runs did not land"
        ),
    }
}

pub(super) fn bloom_implicit_more_stable_than_exact() -> Claim {
    // The article prefers the implicit Euler step to the exact solution because it adds
    // damping. Exact solution = the RK4 reference on a held force, which at coarse steps
    // is a different discretisation; compare the worst radius under each.
    let implicit = stable_fraction(LawId::ImplicitPd, Integrator::SemiImplicitEuler);
    let exact = stable_fraction(LawId::ForwardPd, Integrator::Rk4);
    Claim {
        id: "bloom-implicit-step-stable",
        article: A003,
        chapter: "05-implicit-pd",
        preset: "atlas",
        claim: "the implicit Euler step is more stable than stepping the exact PD",
        figure: 100.0 * implicit,
        unit: "% of the atlas grid stable",
        integrator: SEMI,
        verdict: if implicit > exact {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: format!(
            "a force held over each step and integrated exactly is stable on {:.1} % of the grid",
            100.0 * exact
        ),
    }
}
