//! Pins of the PID-practice claims: each figure rerun with the bare controller and body
//! (no Lab), the loop written out here.

use super::*;
use crate::body::Body1;
use crate::controllers::{AntiWindup, DerivativeOn, Pid};

const DT: f64 = 0.016_666_7;

/// A 1 kg cube from rest at 0 under `pid`, the target `target(t)`, for `seconds`:
/// every step's (effort, position after the step).
fn cube_run(mut pid: Pid, target: impl Fn(f64) -> f64, seconds: f64) -> Vec<(f64, f64)> {
    let mut body = Body1::default();
    (0..(seconds / DT).round() as usize)
        .map(|i| {
            let u = pid.step(target(i as f64 * DT), body.x, DT).unwrap().total;
            body.step(u, DT).unwrap();
            (u, body.x)
        })
        .collect()
}

#[test]
fn the_derivative_kick_is_kd_over_dt_on_the_error_and_absent_on_the_measurement() {
    let jump = |t: f64| if t >= 3.0 { 0.0 } else { 1.0 };
    let peak_after_jump = |pid: Pid| {
        cube_run(pid, jump, 6.0)
            .iter()
            .skip((3.0 / DT).round() as usize - 1)
            .fold(0.0, |m: f64, (u, _)| m.max(u.abs()))
    };
    let calm = peak_after_jump(Pid::new(100.0, 0.0, 20.0));
    let kick = peak_after_jump(Pid {
        derivative_on: DerivativeOn::Error,
        ..Pid::new(100.0, 0.0, 20.0)
    });
    let c = find("derivative-kick");
    // The Lab steps by its own clock (a sum of steps), this loop by i dt; the kick
    // divides a difference of positions by dt, so their round-off shows at 1e-12.
    assert!(
        (c.figure / kick - 1.0).abs() < ALGEBRA_TOL,
        "{} vs {kick}",
        c.figure
    );
    assert!(kick > 20.0 / DT && calm < 150.0, "{kick} {calm}");
    assert!(
        c.conditions.contains(&format!("{calm:.0} N")),
        "{}",
        c.conditions
    );
    assert_eq!(c.verdict, Verdict::Holds);
}

#[test]
fn a_clamped_pid_without_anti_windup_overshoots_most() {
    let overshoot = |anti_windup| {
        let pid = Pid {
            output_limit: 10.0,
            anti_windup,
            ..Pid::new(100.0, 100.0, 20.0)
        };
        cube_run(pid, |_| 1.0, 4.0)
            .iter()
            .fold(0.0, |m: f64, (_, x)| m.max(x - 1.0))
    };
    let wound = overshoot(AntiWindup::Clamp);
    let conditional = overshoot(AntiWindup::ConditionalIntegration);
    let back = overshoot(AntiWindup::BackCalculation { kt: 5.0 });
    let c = find("anti-windup-overshoot");
    assert!(
        (c.figure - wound).abs() < ALGEBRA_TOL,
        "{} vs {wound}",
        c.figure
    );
    assert!(c.conditions.contains(&format!("{conditional:.3} m")));
    assert!(c.conditions.contains(&format!("{back:.3} m")));
    assert!(
        wound > 0.2 && conditional < 0.1 && back < 0.01,
        "{wound} {conditional} {back}"
    );
    assert_eq!(c.verdict, Verdict::Holds);
}
