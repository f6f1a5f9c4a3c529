//! Pins of articles 003 and 004's claims (helpers in `mod.rs`).

use super::*;

#[test]
fn blooms_constants_give_three_quarters_and_his_step_is_stable_everywhere() {
    // K = D = 1, T = 0.5: ks = 36 (K/T)^2 = 144, kd = 9 K D / T = 18, zeta = 18 / 24.
    let c = find("bloom-d-1-is-critical");
    assert!((c.figure - 0.75).abs() < ROUND_OFF);
    assert_eq!(c.verdict, Verdict::DoesNotHold);

    // Bloom's acceleration is Wu's backward PD per unit mass: stable on the whole grid;
    // a held force integrated exactly (RK4's map: x' = x (1 - p/2) + u (1 - q/2),
    // u' = -p x + (1 - q) u) is not.
    let rk4 = |p: f64, q: f64| (2.0 - p / 2.0 - q, 1.0 - q + p / 2.0);
    let (_, exact) = scan(rk4, |_, _| true);
    let c = find("bloom-implicit-step-stable");
    assert_eq!(c.figure, 100.0);
    assert!(exact < 0.2, "{exact}");
    assert!(
        c.conditions.contains(&format!("{:.1} %", 100.0 * exact)),
        "{}",
        c.conditions
    );
    assert_eq!(c.verdict, Verdict::Holds);
}

#[test]
fn blooms_convergence_times_by_his_own_update() {
    // Bloom's step written out: a = (ks e + (kd + ks dt) (0 - v)) / (1 + kd dt + ks dt^2),
    // v += a dt, x += v dt; if the step moved less than vmin dt, snap onto the goal
    // (when within vmin dt of it) or move at vmin toward it.
    let land = |distance: f64, t: f64| -> Option<f64> {
        let (ks, kd, vmin) = (36.0 / (t * t), 9.0 / t, 10.0);
        let (mut x, mut v) = (0.0f64, 0.0f64);
        for n in 1..=(30.0 / DT).ceil() as u64 {
            let a = (ks * (distance - x) - (kd + ks * DT) * v) / (1.0 + kd * DT + ks * DT * DT);
            let (x0, v1) = (x, v + a * DT);
            let x1 = x0 + v1 * DT;
            (x, v) = if (x1 - x0).abs() <= vmin * DT {
                if (distance - x0).abs() <= vmin * DT && v.abs() <= 2.0 * vmin {
                    (distance, 0.0)
                } else {
                    let s = if distance > x0 { vmin } else { -vmin };
                    (x0 + s * DT, s)
                }
            } else {
                (x1, v1)
            };
            if x == distance && v == 0.0 {
                return Some(n as f64 * DT);
            }
        }
        None
    };
    let mut hi: f64 = 0.0;
    for d in [160.0, 320.0, 480.0, 640.0] {
        for k in 1..=20 {
            let t = k as f64 * 0.1;
            hi = hi.max(land(d, t).expect("lands") / t);
        }
    }
    let c = find("bloom-converges-in-time-scale");
    assert!((c.figure - hi).abs() < ALGEBRA_TOL, "{} vs {hi}", c.figure);
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);
}

#[test]
fn the_printed_simpson_integral_is_one_over_dt_squared_too_large() {
    // It divides the weighted sum by 3 dt where the rule multiplies by dt / 3.
    let c = find("simpson-integral");
    assert!(
        (c.figure - 1.0 / (0.01f64 * 0.01)).abs() < 1e-6,
        "{}",
        c.figure
    );
    assert_eq!(c.verdict, Verdict::DoesNotHold);
}

#[test]
fn the_submarine_claims_by_linearised_hand_figures() {
    // Pitch alone is a mass-spring: I = 400, kp = 400, so w = 1 rad/s; the hull's
    // angular damping 0.05 1/s is zeta = 0.05 / (2 w) = 0.025, and a lightly damped
    // step overshoots exp(-pi zeta / sqrt(1 - zeta^2)) = 92.4 %.
    let zeta: f64 = 0.025;
    let expected = 100.0 * (-core::f64::consts::PI * zeta / (1.0 - zeta * zeta).sqrt()).exp();
    let c = find("p-only-hunts");
    assert!(
        (c.figure - expected).abs() < 0.5,
        "{} vs {expected}",
        c.figure
    );
    assert_eq!(c.verdict, Verdict::Holds);

    // A steady 40 N m against kp = 400 N m/rad leaves 40 / 400 = 0.1 rad.
    let c = find("p-only-steady-state-error");
    assert!((c.figure - 0.1).abs() < 1e-3, "{}", c.figure);
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);

    // The integral balances the load: no error left.
    let c = find("pid-removes-offset");
    assert!(c.figure < 1e-4, "{}", c.figure);
    assert_eq!(c.verdict, Verdict::Holds);

    // With feed-forward both axes are the unit-inertia PD kp = kd = 4 (w = 2, zeta = 1),
    // the same linear motion toward 0.3 and 0.2 rad: they settle together, within a
    // sample or two of the 50 Hz step (the 2 % band of (1 + w t) e^{-w t} is t = 2.92 s).
    let c = find("euler-feedforward-decouples");
    assert!(c.figure <= 2.0 / 50.0 + ROUND_OFF, "{}", c.figure);
    let pitch = number_after(&c.conditions, "pitch settles in ");
    assert!((pitch - 2.92).abs() < 0.2, "{pitch}");
    // The plain PD: kp = kd = 1600 N m on pitch (400 kg m^2) is again w = 2, zeta = 1:
    // 2.92 s. On roll (60 kg m^2) it is overdamped, poles -13.33 +- 12.29 /s; the slow
    // one, s1 = -1.04 /s with weight s2 / (s2 - s1) = 1.042, leaves the 2 % band at
    // ln(1.042 / 0.02) / 1.04 = 3.80 s.
    let plain = number_after(&c.conditions, "on both axes: ");
    let plain_roll = number_after(&c.conditions, &format!("on both axes: {plain:.2} s and "));
    assert!((plain - 2.92).abs() < 0.2, "{plain}");
    assert!((plain_roll - 3.80).abs() < 0.2, "{plain_roll}");
    assert_eq!(c.verdict, Verdict::Holds);
}

#[test]
fn the_windup_claim_by_its_own_pid() {
    // The PID written out: p = 2 e; i += 4 e dt, clamped to the limit; u clamped to 5;
    // the body is held at x <= 0.5 for 5 s, then released; damping 2 v.
    let run = |limit: f64| {
        let (mut x, mut v, mut i, mut worst) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for step in 0..1500 {
            let e = 1.0 - x;
            i = (i + 4.0 * e * 0.01).clamp(-limit, limit);
            let u = (2.0 * e + i).clamp(-5.0, 5.0);
            v += (u - 2.0 * v) * 0.01;
            x += v * 0.01;
            if step < 500 {
                x = x.min(0.5);
                v = 0.0;
            } else {
                worst = worst.max(x - 1.0);
            }
        }
        worst
    };
    let (free, clamped) = (run(f64::INFINITY), run(1.0));
    let c = find("pid-windup-clamp");
    assert!(
        (c.figure - clamped).abs() < ALGEBRA_TOL,
        "{} vs {clamped}",
        c.figure
    );
    assert!(
        c.conditions.contains(&format!("{free:.3}")),
        "{}",
        c.conditions
    );
    assert!(clamped < free);
    assert_eq!(c.verdict, Verdict::Holds);
}

#[test]
fn the_tennis_racket_flips_within_the_run() {
    // Spin about the middle axis of I = (1, 2, 3) at 10 rad/s: small perturbations grow
    // at w sqrt((I2 - I1)(I3 - I2) / (I1 I3)) = 10 / sqrt(3) = 5.8 /s, so the 0.001
    // nudge reaches order one in about ln(1000) / 5.8 = 1.2 s, well inside the 10 s run.
    let growth = 10.0 * ((2.0f64 - 1.0) * (3.0 - 2.0) / (1.0 * 3.0)).sqrt();
    assert!((1000f64).ln() / growth < 2.0);
    let c = find("tennis-racket-flip");
    assert!(c.figure < -0.99, "{}", c.figure);
    assert!(
        number_after(&c.conditions, "cosine stays at ") > 0.99,
        "{}",
        c.conditions
    );
    assert_eq!(c.verdict, Verdict::HoldsWithConditions);
}
