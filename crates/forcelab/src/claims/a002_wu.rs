//! Article 002 (Wu): forward PD, the backward PD, its torque listing and the one-step laws.

use super::common::*;
use super::{Claim, Verdict};

pub(super) fn forward_pd_unstable_high_gains() -> Claim {
    let fraction = stable_fraction(LawId::ForwardPd, Integrator::SemiImplicitEuler);
    let r = spectral_radius(
        one_step_matrix(
            LawId::ForwardPd,
            Integrator::SemiImplicitEuler,
            1e6,
            10.0,
            DT,
        )
        .expect("forward PD is linear"),
    );
    Claim {
        id: "forward-pd-unstable-high-gains",
        article: A002,
        chapter: "02-pd",
        preset: None,
        claim: "forward PD becomes unstable when the gains are high",
        figure: r,
        unit: "spectral radius at kp 1e6 N/m, kd 10 N s/m, 1 kg, dt 1/60 s",
        integrator: SEMI,
        verdict: if r > 1.0 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "stable on {:.1} % of the atlas grid: needs kd dt/m <= 2 and kp dt^2/m <= 4 - 2 kd dt/m",
            100.0 * fraction
        ),
    }
}

pub(super) fn forward_pd_lags_moving_target() -> Claim {
    // Damping on the body's own velocity (as the torque listings do) versus on the
    // velocity relative to the target.
    // The chapter's figure: forward PD's gains, the target's start and speed, the step.
    let figure = crate::scenario::lab_figure("pd-moving-target").expect("a core preset");
    let (kp, kd) = (figure.laws[0].kp, figure.laws[0].kd);
    let (speed, dt) = (figure.target_velocity, figure.dt);
    let run = |relative: bool| {
        let mut b = Body1 {
            mass: figure.mass,
            ..Body1::default()
        };
        let mut t = Target1 {
            x: figure.target_start,
            v: speed,
        };
        // 20 s: long past the transient, so what is left is the steady lag.
        for _ in 0..(20.0 / dt) as usize {
            let damp_v = if relative { t.v } else { 0.0 };
            let f = kp * (t.x - b.x) + kd * (damp_v - b.v);
            b.step(f, dt).unwrap();
            t.x += t.v * dt;
        }
        t.x - b.x
    };
    let (absolute, relative) = (run(false), run(true));
    let lags = absolute > 1e-3;
    Claim {
        id: "forward-pd-lags-moving-target",
        article: A002,
        chapter: "02-pd",
        preset: Some("pd-moving-target"),
        claim: "forward PD lags behind a moving target",
        figure: absolute,
        unit: "m of lag at 2 m/s (kp 100, kd 20, 1 kg)",
        integrator: SEMI,
        verdict: match (lags, relative.abs() < 1e-6) {
            (true, true) => Verdict::HoldsWithConditions,
            (true, false) => Verdict::Holds,
            (false, _) => Verdict::DoesNotHold,
        },
        conditions: format!(
            "only when the damper acts on the body's own velocity (lag kd v/kp = {:.2} m); fed the \
             target's velocity it trails by {relative:.1e} m",
            kd * speed / kp
        ),
    }
}

/// "Stable for every gain" from the stable fractions of the atlas grid under
/// semi-implicit and explicit Euler: holds when both are whole, holds with conditions
/// when only the engines' semi-implicit Euler is, else does not hold.
pub(super) fn stability_verdict(semi: f64, explicit: f64) -> Verdict {
    if semi >= 1.0 && explicit >= 1.0 {
        Verdict::Holds
    } else if semi >= 1.0 {
        Verdict::HoldsWithConditions
    } else {
        Verdict::DoesNotHold
    }
}

pub(super) fn wu_unconditionally_stable() -> Claim {
    let semi = stable_fraction(LawId::BackwardPd, Integrator::SemiImplicitEuler);
    let explicit = stable_fraction(LawId::BackwardPd, Integrator::ExplicitEuler);
    Claim {
        id: "wu-unconditionally-stable",
        article: A002,
        chapter: "03-wu",
        preset: None,
        claim: "the backward PD is stable for every kp and kd",
        figure: 100.0 * semi,
        unit: "% of the atlas grid stable",
        integrator: SEMI,
        verdict: stability_verdict(semi, explicit),
        conditions: if explicit < 1.0 {
            format!(
                "under the engines' semi-implicit Euler; under explicit Euler {:.1} %",
                100.0 * explicit
            )
        } else {
            String::new()
        },
    }
}

pub(super) fn wu_damping_1_is_critical() -> Claim {
    let g = from_wu(1.0, 1.0, 1.0).unwrap();
    let zeta = Effective::continuous(g, 1.0).unwrap().damping_ratio;
    let target = Target1::at(1.0);
    let m = step_response(
        |b| {
            BackwardPd { kp: g.kp, kd: g.kd }
                .force(b, &target, DT)
                .unwrap()
                .total
        },
        10.0,
    );
    Claim {
        id: "wu-damping-1-is-critical",
        article: A002,
        chapter: "03-wu",
        preset: None,
        claim: "in Wu's frequency/damping form, damping = 1 is critical damping",
        figure: zeta,
        unit: "damping ratio kd / (2 sqrt(kp m)) at damping = 1",
        integrator: SEMI,
        verdict: if (zeta - 1.0).abs() < 0.02 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "kp = 9 f^2 and kd = 4.5 f give 4.5 / 6 = 0.75 whatever f; simulated at f = 1 Hz, dt = 1/60 s \
             the backward PD overshoots {:.2} %; critical needs damping = 4/3",
            m.overshoot_percent
        ),
    }
}

pub(super) fn wu_frequency_95_percent() -> Claim {
    let mut worst: f64 = 0.0;
    let mut figures = Vec::new();
    for f in [1.0, 2.0, 6.0] {
        let g = from_wu(f, 1.0, 1.0).unwrap();
        let pd = BackwardPd { kp: g.kp, kd: g.kd };
        let mut b = Body1::default();
        let mut t95 = f64::NAN;
        for k in 1..=(20.0 / DT) as usize {
            let force = pd.force(&b, &Target1::at(1.0), DT).unwrap().total;
            b.step(force, DT).unwrap();
            if b.x >= 0.95 {
                t95 = k as f64 * DT;
                break;
            }
        }
        let ratio = t95 * f;
        worst = worst.max((ratio - 1.0).abs());
        figures.push(format!("f = {f} Hz: {ratio:.2}"));
    }
    Claim {
        id: "wu-frequency-95-percent",
        article: A002,
        chapter: "03-wu",
        preset: None,
        claim:
            "with damping 1, frequency f brings the body to about 95 % of the way in 1/f seconds",
        figure: 1.0 + worst,
        unit: "largest (time to 95 %) x f over f = 1, 2, 6 Hz",
        integrator: SEMI,
        verdict: if worst < 0.25 {
            Verdict::Holds
        } else if worst < 0.6 {
            Verdict::HoldsWithConditions
        } else {
            Verdict::DoesNotHold
        },
        conditions: format!("time to 95 % times f: {}", figures.join(", ")),
    }
}

pub(super) fn wu_stable_torque_listing() -> Claim {
    let frequency = 40.0;
    let goal = from_rotation_vector(DVec3::new(0.0, 1.0, 0.0));
    let mut body = Body3::default();
    let mut peak: f64 = 0.0;
    let mut steps = 0;
    for _ in 0..600 {
        let t = published::stable_torque_pd_as_printed(frequency, 1.0, &body, goal, DT).unwrap();
        steps += 1;
        if body.step(DVec3::ZERO, t, DT).is_err() {
            peak = f64::INFINITY;
            break;
        }
        peak = peak.max(body.angular_velocity.length());
        if peak > 1e6 {
            break;
        }
    }
    let g = from_wu(frequency, 1.0, 1.0).unwrap();
    let mut fixed = Body3::default();
    for _ in 0..600 {
        let t = BackwardPdTorque { kp: g.kp, kd: g.kd }
            .torque(&fixed, &Target3::facing(goal), DT)
            .unwrap()
            .total;
        fixed.step(DVec3::ZERO, t, DT).unwrap();
    }
    let miss = error_vector(fixed.orientation, goal).length();
    Claim {
        id: "wu-stable-torque-listing",
        article: A002,
        chapter: "03-wu",
        preset: None,
        claim: "the printed 'stable torque PD' listing is the stable backward PD for rotations",
        figure: peak,
        unit: "rad/s, largest spin of the printed listing at f = 40 Hz, dt = 1/60 s",
        integrator: SEMI,
        verdict: if peak < 1e3 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "the listing computes ksg, kdg but applies kp, kd (a forward PD); it blew past 1e6 rad/s in \
             {steps} steps, while the corrected backward PD ends {miss:.1e} rad from the goal"
        ),
    }
}

pub(super) fn deadbeat_force_one_step() -> Claim {
    let body = Body1 {
        x: 0.0,
        v: 0.5,
        mass: 2.0,
        ..Body1::default()
    };
    let printed = published::one_step_force_as_printed(body.mass, body.x, body.v, 1.0, DT).unwrap();
    let mut a = body;
    a.step(printed, DT).unwrap();
    let mut b = body;
    b.step(one_step_force(&body, 1.0, DT).unwrap(), DT).unwrap();
    let miss = (a.x - 1.0).abs();
    Claim {
        id: "deadbeat-force-one-step",
        article: A002,
        chapter: "01-forces",
        preset: None,
        claim: "the printed force puts the body on the desired position in one step",
        figure: miss,
        unit: "m missed by the printed force (1 m asked, dt 1/60 s)",
        integrator: SEMI,
        verdict: if miss > 1e-9 {
            Verdict::DoesNotHold
        } else {
            Verdict::Holds
        },
        conditions: format!(
            "the listing divides by dt, not dt^2; with dt^2 the body lands within {:.1e} m",
            (b.x - 1.0).abs()
        ),
    }
}

pub(super) fn deadbeat_torque_one_step() -> Claim {
    let (body, goal) = crate::scenario::tilted_box_and_goal();
    let mut printed = body;
    printed
        .step(
            DVec3::ZERO,
            published::one_step_torque_as_printed(&body, goal, DT).unwrap(),
            DT,
        )
        .unwrap();
    let mut fixed = body;
    fixed
        .step(DVec3::ZERO, one_step_torque3(&body, goal, DT).unwrap(), DT)
        .unwrap();
    let miss = error_vector(printed.orientation, goal).length();
    Claim {
        id: "deadbeat-torque-one-step",
        article: A002,
        chapter: "01-forces",
        preset: None,
        claim: "the printed torque turns the body to the desired rotation in one step",
        figure: miss,
        unit: "rad missed by the printed torque",
        integrator: SEMI,
        verdict: if miss > 1e-9 { Verdict::DoesNotHold } else { Verdict::Holds },
        conditions: format!(
            "it returns I dw (an impulse; /dt is missing) and applies the inertia rotation inverted; \
             the corrected torque misses by {:.1e} rad",
            error_vector(fixed.orientation, goal).length()
        ),
    }
}
