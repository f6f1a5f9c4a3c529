//! Pins of articles 000 to 002's claims (helpers in `mod.rs`).

use super::*;

#[test]
fn spd_stability_holds_only_under_explicit_euler() {
    let c = find("spd-stable-if-kd-ge-kp-dt");
    let (semi, _) = scan(spd_semi, |p, q| q >= p);
    let (explicit, _) = scan(spd_explicit, |p, q| q >= p);
    assert!(
        (c.figure - semi).abs() < ALGEBRA_TOL,
        "{} vs {semi}",
        c.figure
    );
    assert!(explicit <= STABLE_LIMIT);
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);
    // As p = q grows, tr -> -1 and det -> -1: z^2 + z - 1, radius the golden ratio.
    let golden = (1.0 + 5f64.sqrt()) / 2.0;
    assert!(semi < golden && semi > golden - 1e-3, "{semi}");
}

#[test]
fn the_simplified_spd_is_forward_pd_with_q_plus_p_damping() {
    let v2 = |p: f64, q: f64| forward_semi(p, q + p);
    let c = find("spd-v2-stable-if-kd-ge-kp-dt");
    let (worst, v2_fraction) = scan(v2, |p, q| q >= p);
    assert!(
        (c.figure / worst - 1.0).abs() < ROUND_OFF,
        "{} vs {worst}",
        c.figure
    );
    assert_eq!(c.verdict, Verdict::DoesNotHold);

    let c = find("spd-v2-tolerant-of-gains");
    let (_, pd) = scan(forward_semi, |_, _| true);
    assert!(
        (c.figure - 100.0 * v2_fraction).abs() < ALGEBRA_TOL,
        "{} vs {v2_fraction}",
        c.figure
    );
    assert!(v2_fraction < pd, "less tolerant than the plain PD");
    assert_eq!(c.verdict, Verdict::DoesNotHold);

    // The gap between the two forces, written out: kp dt (v_t - v) is the extra damping.
    let c = find("spd-v2-is-pd-with-extra-damping");
    assert!(c.figure < ALGEBRA_TOL);
    assert_eq!(c.verdict, Verdict::Holds);
}

/// Overshoot (%) of a unit step of `a(x, v)` on a unit mass, semi-implicit Euler, `steps`
/// steps of `dt`.
fn overshoot(dt: f64, steps: usize, a: impl Fn(f64, f64) -> f64) -> f64 {
    let (mut x, mut v, mut peak) = (0.0f64, 0.0f64, 0.0f64);
    for _ in 0..steps {
        v += a(x, v) * dt;
        x += v * dt;
        peak = peak.max(x);
    }
    100.0 * (peak - 1.0).max(0.0)
}

#[test]
fn spd_overshoots_less_than_pd_at_the_same_gains() {
    // The claim's setup: moderate gains and the Lab's step, on a unit mass and unit target.
    let f = crate::scenario::claim_setups::SPD_BRAKE;
    assert_eq!((f.mass, f.target), (1.0, 1.0));
    let (kp, kd, dt) = (f.kp, f.kd, f.dt);
    let steps = (f.horizon / dt) as usize;
    let pd = overshoot(dt, steps, |x, v| kp * (1.0 - x) - kd * v);
    let v2 = overshoot(dt, steps, |x, v| kp * (1.0 - x - v * dt) - kd * v);
    let paper = overshoot(dt, steps, |x, v| {
        (kp * (1.0 - x - v * dt) - kd * v) / (1.0 + kd * dt)
    });
    let c = find("spd-no-overshoot-vs-pd");
    assert!((c.figure - v2).abs() < ALGEBRA_TOL, "{} vs {v2}", c.figure);
    assert!(v2 < paper && paper < pd, "{v2} {paper} {pd}");
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);
}

#[test]
fn forward_pd_past_its_limit_and_behind_a_moving_target() {
    let c = find("forward-pd-unstable-high-gains");
    let f = figure("pd-stiff");
    let (kp, kd) = (f.laws[0].kp / f.mass, f.laws[0].kd / f.mass);
    let (tr, det) = forward_semi(kp * f.dt * f.dt, kd * f.dt);
    assert!((c.figure / radius(tr, det) - 1.0).abs() < ROUND_OFF);
    assert_eq!(c.verdict, Verdict::Holds);

    // At rest relative to a ramp the force balances: kp e = kd v, so e = kd v / kp.
    let c = find("forward-pd-lags-moving-target");
    assert!(
        (c.figure - 20.0 * 2.0 / 100.0).abs() < ALGEBRA_TOL,
        "{}",
        c.figure
    );
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);
}

#[test]
fn wus_backward_pd_is_stable_everywhere_and_three_quarters_damped() {
    let c = find("wu-unconditionally-stable");
    let (_, fraction) = scan(
        |p, q| {
            let (p, q) = backward(p, q);
            forward_semi(p, q)
        },
        |_, _| true,
    );
    assert_eq!(fraction, 1.0);
    assert_eq!(c.figure, 100.0);
    // Under explicit Euler too: det = 1 - q / (1 + p + q) < 1 wherever the roots are
    // complex, and the real ones stay inside; so the verdict needs no condition.
    let (_, explicit) = scan(
        |p, q| {
            let (p, q) = backward(p, q);
            forward_explicit(p, q)
        },
        |_, _| true,
    );
    assert_eq!(explicit, 1.0);
    assert_eq!(c.verdict, Verdict::Holds);

    // kp = (6f)^2/4 = 9 f^2, kd = 4.5 f: zeta = kd / (2 sqrt(kp)) = 4.5 / 6.
    let c = find("wu-damping-1-is-critical");
    assert!((c.figure - 0.75).abs() < ROUND_OFF);
    assert_eq!(c.verdict, Verdict::DoesNotHold);
}

#[test]
fn wus_time_to_95_percent_by_its_own_recurrence() {
    let mut worst: f64 = 0.0;
    for f in [1.0, 2.0, 6.0] {
        let (kp, kd) = (9.0 * f * f, 4.5 * f);
        let g = 1.0 / (1.0 + kd * DT + kp * DT * DT);
        let (ks, ds) = (kp * g, (kd + kp * DT) * g);
        let (mut x, mut v, mut k) = (0.0f64, 0.0f64, 0usize);
        while x < 0.95 {
            v += (ks * (1.0 - x) - ds * v) * DT;
            x += v * DT;
            k += 1;
        }
        worst = worst.max((k as f64 * DT * f - 1.0).abs());
    }
    let c = find("wu-frequency-95-percent");
    assert!(
        (c.figure - (1.0 + worst)).abs() < ROUND_OFF,
        "{} vs {}",
        c.figure,
        1.0 + worst
    );
    // 1.30: above the 1.25 that "about 1/f" allows, below 1.6.
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);
}

#[test]
fn the_printed_torque_listing_diverges_and_the_corrected_one_lands() {
    // The listing runs the forward PD kp = 9 * 40^2, kd = 4.5 * 40 on a unit inertia:
    // p = kp dt^2 = 4, q = kd dt = 3, so tr = -5 and det = -2: the error grows about
    // five-fold a step, past 1e6 rad/s within a few dozen steps.
    let (tr, det) = forward_semi(14_400.0 * DT * DT, 180.0 * DT);
    assert!(radius(tr, det) > 5.0);
    let c = find("wu-stable-torque-listing");
    assert!(c.figure > 1e6, "{}", c.figure);
    assert!(
        number_after(&c.conditions, "backward PD ends ") < ALGEBRA_TOL,
        "{}",
        c.conditions
    );
    // Five-fold or more a step takes a spin of order 1 rad/s past 1e6 in about
    // ln(1e6) / ln(5) = 8.6 steps: more than a handful, fewer than three dozen.
    let steps = number_after(&c.conditions, "1e6 rad/s in ");
    assert!((5.0..=36.0).contains(&steps), "{steps}");
    assert_eq!(c.verdict, Verdict::DoesNotHold);
}

#[test]
fn the_printed_one_step_force_misses_by_its_closed_form() {
    // F = m (p_new - p - v dt) / dt, then v' = v + F dt / m, x' = x + v' dt; the
    // figure's cube starts at rest at 0.
    let f = figure("one-step-cube");
    let (p, v, goal, dt) = (0.0, 0.0, f.target_start, f.dt);
    let v1 = v + (goal - p - v * dt);
    let x1 = p + v1 * dt;
    let c = find("deadbeat-force-one-step");
    assert!(
        (c.figure - (x1 - goal).abs()).abs() < ROUND_OFF,
        "{} vs {}",
        c.figure,
        (x1 - goal).abs()
    );
    assert!(
        number_after(&c.conditions, "lands within ") < ROUND_OFF,
        "{}",
        c.conditions
    );
    assert_eq!(c.verdict, Verdict::DoesNotHold);
}

#[test]
fn the_printed_one_step_torque_barely_turns_the_body() {
    // The printed torque is I dw, an impulse: dt times too small, so the body turns by
    // about dt of the way and misses by nearly the whole 1.03 rad (|(0.3, 0.9, -0.4)|).
    let start = DVec3::new(0.3, 0.9, -0.4).length();
    let c = find("deadbeat-torque-one-step");
    assert!(c.figure > 0.9 && c.figure < start, "{}", c.figure);
    assert!(
        number_after(&c.conditions, "torque misses by ") < ALGEBRA_TOL,
        "{}",
        c.conditions
    );
    assert_eq!(c.verdict, Verdict::DoesNotHold);
}
