//! The poles are checked against the controllers themselves: any output of a linear
//! system obeys the recurrence whose coefficients are its characteristic polynomial
//! (Cayley-Hamilton), so the error of a simulated step response, once the controller's
//! warm-up is over, must satisfy `sum_i c_i e_(k+i) = 0`.

use super::*;
use crate::controllers::WindowedPidAsPrinted;
use crate::controllers::{simpson, Terms};
use crate::published::simpson_as_printed;
use proptest::prelude::*;

const INTEGRATORS: [Integrator; 3] = [
    Integrator::SemiImplicitEuler,
    Integrator::ExplicitEuler,
    Integrator::Rk4,
];

/// `e_k = x_k - 1` over `steps` steps of a body of `mass` kg from rest at 0 towards 1
/// under `force(x)`.
fn errors(
    integrator: Integrator,
    mass: f64,
    dt: f64,
    steps: usize,
    mut force: impl FnMut(f64) -> Terms,
) -> Vec<f64> {
    let mut body = Body1 {
        x: 0.0,
        v: 0.0,
        mass,
        integrator,
    };
    (0..steps)
        .map(|_| {
            let e = body.x - 1.0;
            body.step(force(body.x).total, dt).unwrap();
            e
        })
        .collect()
}

/// The largest residual of the recurrence from step `from`, relative to the size of
/// its coefficients and of the response (rounding `x` near 1 leaves an absolute error of
/// about 1e-16 in every `e`, which a converged response cannot scale down).
fn residual(c: &[f64], e: &[f64], from: usize) -> f64 {
    let scale =
        c.iter().map(|c| c.abs()).sum::<f64>() * e.iter().map(|e| e.abs()).fold(0.0, f64::max);
    (from..e.len() - c.len() + 1)
        .map(|k| c.iter().zip(&e[k..]).map(|(c, e)| c * e).sum::<f64>().abs() / scale)
        .fold(0.0, f64::max)
}

#[test]
fn semi_implicit_euler_is_dt_squared_z_over_m_z_minus_one_squared() {
    let p = plant(Integrator::SemiImplicitEuler, 2.0, 0.1).unwrap();
    assert!(
        p.num[0].abs() < 1e-18 && (p.num[1] - 0.005).abs() < 1e-15,
        "{p:?}"
    );
    assert_eq!(p.den, vec![1.0, -2.0, 1.0]);
    // Explicit Euler has no z in its numerator: the force reaches x a step later.
    let e = plant(Integrator::ExplicitEuler, 2.0, 0.1).unwrap();
    assert!((e.num[0] - 0.005).abs() < 1e-15 && e.num[1] == 0.0, "{e:?}");
    assert!(plant(Integrator::Rk4, 0.0, 0.1).is_err());
}

#[test]
fn without_its_integral_the_pid_is_a_pd_on_the_last_difference() {
    // Semi-implicit Euler, 1 kg, unfiltered, ki = 0: `P = dt^2 z / (z - 1)^2` and
    // `C = ((kp dt + kd) z - kd) / (dt z)`, so by hand
    // `chi = dt z (z^2 + (kp dt^2 + kd dt - 2) z + 1 - kd dt)`: a pole at the origin
    // (the derivative's one-sample delay) and two moved from 1. The integral's state
    // would sit at 1 forever and is left out.
    let (dt, kp, kd) = (0.01, 100.0, 20.0);
    let body = plant(Integrator::SemiImplicitEuler, 1.0, dt).unwrap();
    let chi = characteristic(&body, &pid(&Pid::new(kp, 0.0, kd), dt));
    let by_hand = [0.0, 1.0 - kd * dt, kp * dt * dt + kd * dt - 2.0, 1.0].map(|c| c * dt);
    assert_eq!(chi.len(), 4);
    for (got, want) in chi.iter().zip(by_hand) {
        assert!((got - want).abs() < 1e-15, "{chi:?} vs {by_hand:?}");
    }
    let found = poles(&body, &pid(&Pid::new(kp, 0.0, kd), dt));
    assert_eq!(found.len(), 3);
    assert!(found.iter().all(|z| z.abs() < 1.0), "{found:?}");
    // The integral adds its pole: one more.
    assert_eq!(poles(&body, &pid(&Pid::new(kp, 1.0, kd), dt)).len(), 4);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The PID's poles (with its integral's, and the filter's) are the simulated loop's.
    #[test]
    fn pid_poles_are_the_simulated_loops(
        kp in 1.0..400.0f64, ki in 0.0..400.0f64, kd in 0.0..40.0f64,
        filter in prop_oneof![Just(0.0), 0.001..0.2f64],
        mass in 0.2..5.0f64, dt in 0.002..0.05f64, which in 0usize..3,
    ) {
        let integrator = INTEGRATORS[which];
        let mut c = Pid { derivative_filter: filter, ..Pid::new(kp, ki, kd) };
        let law = pid(&c, dt);
        let e = errors(integrator, mass, dt, 80, |x| c.step(1.0, x, dt).unwrap());
        let chi = characteristic(&plant(integrator, mass, dt).unwrap(), &law);
        prop_assert_eq!(chi.len(), if ki == 0.0 { 4 } else { 5 });
        let r = residual(&chi, &e, 2);
        prop_assert!(r < 1e-9, "residual {}", r);
    }

    /// The windowed PID's (corrected and as printed) too, once its window is full.
    #[test]
    fn windowed_pid_poles_are_the_simulated_loops(
        kp in 1.0..200.0f64, ki in 0.0..50.0f64, kd in 0.0..20.0f64,
        window in 3usize..12, mass in 0.2..5.0f64, dt in 0.002..0.05f64,
        which in 0usize..3, printed: bool,
    ) {
        let integrator = INTEGRATORS[which];
        let mut c = WindowedPid { window, dt, ..WindowedPid::new(kp, ki, kd) };
        let law = if printed { windowed_pid(&c, simpson_as_printed, dt) } else { windowed_pid(&c, simpson, dt) };
        let mut as_printed = WindowedPidAsPrinted(c.clone());
        let e = errors(integrator, mass, dt, 60, |x| {
            if printed {
                Terms::sum(as_printed.add_sample(1.0 - x).unwrap(), 0.0, 0.0, 0.0)
            } else {
                c.add_sample(1.0 - x).unwrap()
            }
        });
        let chi = characteristic(&plant(integrator, mass, dt).unwrap(), &law);
        prop_assert_eq!(chi.len(), window + 2);
        let r = residual(&chi, &e, window);
        prop_assert!(r < 1e-9, "residual {}", r);
    }
}

/// The PIDs' maps of the atlas say which runs settle: at a cell whose largest pole is
/// well inside the unit circle the simulated error dies, at one well outside it grows
/// (or the run overflows and stops).
#[test]
fn the_pid_atlas_says_which_runs_settle() {
    use crate::analysis::{Atlas, AtlasSpec};
    let n = 13;
    let spec = AtlasSpec {
        points: n,
        max: 10.0,
        // A strong integral: its pole, near 1 - ki dt / kp, moves well inside.
        integral: 1e-2,
        ..AtlasSpec::default()
    };
    let dt = spec.dt;
    let (mut settled, mut grew) = (0, 0);
    for integrator in INTEGRATORS {
        let atlas = Atlas::compute(LawId::Pid, integrator, spec).unwrap();
        for (k, &r) in atlas.radii.iter().enumerate() {
            let (a, b) = (atlas.axis[k / n], atlas.axis[k % n]);
            let mut c = Pid::new(a / (dt * dt), spec.integral / (dt * dt * dt), b / dt);
            let mut body = Body1 {
                integrator,
                ..Body1::default()
            };
            let mut worst_late = 0.0_f64;
            let mut overflowed = false;
            for step in 0..400 {
                let f = c.step(1.0, body.x, dt).map(|t| t.total);
                if f.and_then(|f| body.step(f, dt)).is_err() {
                    overflowed = true;
                    break;
                }
                if step >= 350 {
                    worst_late = worst_late.max((body.x - 1.0).abs());
                }
            }
            let at = format!("{integrator:?} kp dt^2 {a} kd dt {b}: radius {r}");
            if r < 0.95 {
                assert!(!overflowed && worst_late < 1e-4, "{at}: {worst_late}");
                settled += 1;
            } else if r > 1.1 {
                assert!(overflowed || worst_late > 10.0, "{at}: {worst_late}");
                grew += 1;
            }
        }
    }
    assert!(settled >= 5 && grew > 5, "{settled} settled, {grew} grew");
}

#[test]
fn of_law_names_what_it_cannot_take() {
    let si = Integrator::SemiImplicitEuler;
    // A law without an integral refuses ki by name, as its controller does.
    let e = of_law(LawId::BackwardPd, si, 100.0, 20.0, 1.0, 0.01).unwrap_err();
    assert_eq!(e, crate::controllers::NO_INTEGRAL);
    assert_eq!(
        of_law(LawId::BackwardPd, si, 100.0, 20.0, 0.0, 0.01)
            .unwrap()
            .len(),
        2
    );
    // The one-step law has neither a 2 x 2 map nor a transfer function.
    let e = of_law(LawId::OneStep, si, 100.0, 20.0, 0.0, 0.01).unwrap_err();
    assert!(e.to_string().contains("law"), "{e}");
    // Bad numbers are refused by name, the same natively and through the bindings.
    let e = of_law(LawId::Pid, si, 100.0, 20.0, -1.0, 0.01).unwrap_err();
    assert_eq!(e.to_string(), "ki must be 0 or greater, got -1");
    let e = of_law(LawId::ForwardPd, si, 100.0, 20.0, 0.0, 0.0).unwrap_err();
    assert_eq!(e.field(), "dt");
}

/// Every PID's poles come from its own transfer: the windowed PID's characteristic
/// polynomial has the window's length plus two coefficients (the window's 7 samples and
/// the plant's order), so 8 poles, more than the PID's, and the printed listing (its
/// Simpson weights off) has poles of its own.
#[test]
fn each_pid_has_poles_of_its_own_order() {
    let dt = 1.0 / 60.0;
    let p = plant(Integrator::SemiImplicitEuler, 1.0, dt).unwrap();
    let count = |law| of_pid(&p, law, 100.0, 10.0, 5.0, dt).unwrap();
    let (plain, windowed, printed) = (
        count(LawId::Pid),
        count(LawId::WindowedPid),
        count(LawId::WindowedPidAsPrinted),
    );
    assert_eq!(windowed.len(), 7 + 1, "{windowed:?}");
    assert_eq!(printed.len(), 7 + 1, "{printed:?}");
    assert!(plain.len() < windowed.len(), "{plain:?}");
    assert_ne!(windowed, printed);
    assert!(of_pid(&p, LawId::ForwardPd, 100.0, 10.0, 0.0, dt).is_err());
}
