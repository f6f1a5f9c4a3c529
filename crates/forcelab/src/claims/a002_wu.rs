//! Article 002 (Wu): forward PD, the backward PD, its torque listing and the one-step laws.

use super::common::*;
use super::{Claim, Verdict};

pub(super) fn forward_pd_unstable_high_gains() -> Claim {
    let fraction = stable_fraction(LawId::ForwardPd, Integrator::SemiImplicitEuler);
    // The chapter's stiff figure: forward PD's gains there, per unit mass.
    let f = figure("pd-stiff");
    let (kp, kd) = (f.laws[0].kp / f.mass, f.laws[0].kd / f.mass);
    let r = spectral_radius(
        one_step_matrix(
            LawId::ForwardPd,
            Integrator::SemiImplicitEuler,
            kp,
            kd,
            f.dt,
        )
        .expect("forward PD is linear"),
    );
    Claim {
        id: "forward-pd-unstable-high-gains",
        article: A002,
        chapter: "02-pd",
        preset: "pd-stiff",
        claim: "forward PD becomes unstable when the gains are high",
        figure: r,
        unit: "spectral radius at the stiff figure's gains",
        integrator: SEMI,
        verdict: if r > 1.0 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "kp {kp} N/m, kd {kd} N s/m per kg at dt {:.4} s; stable on {:.1} % of the atlas grid: needs \
             kd dt/m <= 2 and kp dt^2/m <= 4 - 2 kd dt/m",
            f.dt,
            100.0 * fraction
        ),
    }
}

pub(super) fn forward_pd_lags_moving_target() -> Claim {
    // The chapter's figure feeds its forward PD the target's velocity, as the Lab's law
    // does: that run (held on for 20 s, long past the transient) is the relative lag.
    // Damping on the body's own velocity instead, as the torque listings write it, is a
    // variant no figure runs: this claim steps it on its own.
    let figure = figure("pd-moving-target");
    let (kp, kd) = (figure.laws[0].kp, figure.laws[0].kd);
    let (speed, dt) = (figure.target_velocity, figure.dt);
    let steps = (20.0 / dt) as u32;
    let relative = {
        let lab = run_lab(&figure.spec(), steps);
        let (trace, n) = (lab.trace(), lab.len());
        let last = trace.time.len() - 1;
        trace.target[last] - trace.x[last * n]
    };
    let absolute = {
        let mut b = Body1 {
            mass: figure.mass,
            ..Body1::default()
        };
        let mut t = figure.target_start;
        for _ in 0..steps {
            let f = kp * (t - b.x) - kd * b.v;
            b.step(f, dt).unwrap();
            t += speed * dt;
        }
        t - b.x
    };
    let lags = absolute > 1e-3;
    Claim {
        id: "forward-pd-lags-moving-target",
        article: A002,
        chapter: "02-pd",
        preset: "pd-moving-target",
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
            "only when the damper acts on the body's own velocity (lag kd v/kp = {:.2} m; no figure runs \
             that variant); fed the target's velocity, as the figure's forward PD is, it trails by {relative:.1e} m",
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
        preset: "atlas",
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
    // The chapter's figure: Wu's damping 1 at its frequency, as raw gains.
    // The overshoot is the figure's own run: its backward PD, the second law.
    let (f, lab) = figure_run("wu-cube");
    let (kp, kd, dt) = (f.laws[1].kp, f.laws[1].kd, f.dt);
    let zeta = Effective::continuous(Gains { kp, kd }, f.mass)
        .unwrap()
        .damping_ratio;
    let frequency = (kp / f.mass).sqrt() / 3.0; // kp = 9 f^2 m
    let m = &lab.metrics()[1];
    Claim {
        id: "wu-damping-1-is-critical",
        article: A002,
        chapter: "03-wu",
        preset: "wu-cube",
        claim: "in Wu's frequency/damping form, damping = 1 is critical damping",
        figure: zeta,
        unit: "damping ratio kd / (2 sqrt(kp m)) at damping = 1",
        integrator: SEMI,
        verdict: if (zeta - 1.0).abs() < 0.02 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "kp = 9 f^2 and kd = 4.5 f give 4.5 / 6 = 0.75 whatever f; at the figure's f = {frequency:.0} Hz, \
             dt = {dt:.4} s the backward PD overshoots {:.2} %; critical needs damping = 4/3",
            m.overshoot_percent
        ),
    }
}

pub(super) fn wu_frequency_95_percent() -> Claim {
    let s = claim_setups::WU_FREQUENCY_SWEEP;
    let mut worst: f64 = 0.0;
    let mut figures = Vec::new();
    for f in s.frequencies {
        let g = from_wu(f, s.damping, 1.0).unwrap();
        let pd = BackwardPd { kp: g.kp, kd: g.kd };
        let mut b = Body1::default();
        let mut t95 = f64::NAN;
        for k in 1..=(s.horizon / s.dt) as usize {
            let force = pd.force(&b, &Target1::at(1.0), s.dt).unwrap().total;
            b.step(force, s.dt).unwrap();
            if b.x >= 0.95 {
                t95 = k as f64 * s.dt;
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
        preset: "wu-frequency-sweep",
        claim:
            "with damping 1, frequency f brings the body to about 95 % of the way in 1/f seconds",
        figure: 1.0 + worst,
        unit: "largest (time to 95 %) x f over the frequencies tried",
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
    let s = claim_setups::WU_TORQUE_LISTING;
    let (frequency, dt) = (s.frequency, s.dt);
    let goal = from_rotation_vector(DVec3::from_array(s.goal));
    let mut body = Body3::default();
    let mut peak: f64 = 0.0;
    let mut steps = 0;
    for _ in 0..s.steps {
        let t =
            published::stable_torque_pd_as_printed(frequency, s.damping, &body, goal, dt).unwrap();
        steps += 1;
        if body.step(DVec3::ZERO, t, dt).is_err() {
            peak = f64::INFINITY;
            break;
        }
        peak = peak.max(body.angular_velocity.length());
        if peak > 1e6 {
            break;
        }
    }
    let g = from_wu(frequency, s.damping, 1.0).unwrap();
    let mut fixed = Body3::default();
    for _ in 0..s.steps {
        let t = BackwardPdTorque { kp: g.kp, kd: g.kd }
            .torque(&fixed, &Target3::facing(goal), dt)
            .unwrap()
            .total;
        fixed.step(DVec3::ZERO, t, dt).unwrap();
    }
    let miss = error_vector(fixed.orientation, goal).length();
    Claim {
        id: "wu-stable-torque-listing",
        article: A002,
        chapter: "03-wu",
        preset: "wu-torque-listing",
        claim: "the printed 'stable torque PD' listing is the stable backward PD for rotations",
        figure: peak,
        unit: "rad/s, largest spin of the printed listing",
        integrator: SEMI,
        verdict: if peak < 1e3 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "at f = {frequency} Hz, dt = {dt:.4} s the listing computes ksg, kdg but applies kp, kd (a forward \
             PD); it blew past 1e6 rad/s in {steps} steps, while the corrected backward PD ends {miss:.1e} rad \
             from the goal"
        ),
    }
}

pub(super) fn deadbeat_force_one_step() -> Claim {
    // The chapter's figure: its cube at rest at 0, its target, its step.
    let f = figure("one-step-cube");
    let (goal, dt) = (f.target_start, f.dt);
    let body = Body1 {
        mass: f.mass,
        ..Body1::default()
    };
    let printed =
        published::one_step_force_as_printed(body.mass, body.x, body.v, goal, dt).unwrap();
    let mut a = body;
    a.step(printed, dt).unwrap();
    let mut b = body;
    b.step(one_step_force(&body, goal, dt).unwrap(), dt)
        .unwrap();
    let miss = (a.x - goal).abs();
    Claim {
        id: "deadbeat-force-one-step",
        article: A002,
        chapter: "01-forces",
        preset: "one-step-cube",
        claim: "the printed force puts the body on the desired position in one step",
        figure: miss,
        unit: "m missed by the printed force in the figure's first step",
        integrator: SEMI,
        verdict: if miss > 1e-9 {
            Verdict::DoesNotHold
        } else {
            Verdict::Holds
        },
        conditions: format!(
            "the listing divides by dt, not dt^2; with dt^2 the body lands within {:.1e} m",
            (b.x - goal).abs()
        ),
    }
}

pub(super) fn deadbeat_torque_one_step() -> Claim {
    let claim_setups::TiltedBox { body, goal, dt } = claim_setups::tilted_box();
    let mut printed = body;
    printed
        .step(
            DVec3::ZERO,
            published::one_step_torque_as_printed(&body, goal, dt).unwrap(),
            dt,
        )
        .unwrap();
    let mut fixed = body;
    fixed
        .step(DVec3::ZERO, one_step_torque3(&body, goal, dt).unwrap(), dt)
        .unwrap();
    let miss = error_vector(printed.orientation, goal).length();
    Claim {
        id: "deadbeat-torque-one-step",
        article: A002,
        chapter: "01-forces",
        preset: "tilted-box",
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
