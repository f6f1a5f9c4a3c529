//! Box2D twin's tests: its closed form, its caps and its goldens.
use super::*;
use crate::engines::discrete::intended_trace_det;
use crate::testing::ROUND_OFF;

/// The helper's closed form of one sub-step (state `e`, `v`): with
/// `iota = impulseScale`, `a = h massScale biasRate`,
/// `M = [[1 - a, h iota], [-(a/h)(1 - a), iota (1 - a)]]`, and the step is `M^n`.
#[test]
fn the_step_is_the_closed_form_sub_step_to_the_n() {
    let plant = Plant {
        mass: 3.0,
        dt: 1.0 / 60.0,
        angular: false,
        target: 0.0,
    };
    let spring = Spring {
        hertz: 3.0,
        damping_ratio: 0.2,
    };
    let s = Settings::default();
    let a = crate::engines::twin::linear_map::<Box2d>(&spring, &plant, &s);
    let h = plant.dt / 4.0;
    let (bias, mass_scale, iota) = make_soft(3.0, 0.2, h);
    let al = h * mass_scale * bias;
    let sub = [
        [1.0 - al, h * iota],
        [-(al / h) * (1.0 - al), iota * (1.0 - al)],
    ];
    let mut m = [[1.0, 0.0], [0.0, 1.0]];
    for _ in 0..4 {
        m = [
            [
                sub[0][0] * m[0][0] + sub[0][1] * m[1][0],
                sub[0][0] * m[0][1] + sub[0][1] * m[1][1],
            ],
            [
                sub[1][0] * m[0][0] + sub[1][1] * m[1][0],
                sub[1][0] * m[0][1] + sub[1][1] * m[1][1],
            ],
        ];
    }
    for r in 0..2 {
        for c in 0..2 {
            assert!((a[r][c] - m[r][c]).abs() < 1e-13, "{a:?} vs {m:?}");
        }
    }
}

/// The helper's closed-form inverse: with the intended sub-step trace `t` and
/// determinant `d`, `p = t - d`, `D = p / d`, `h^2 w'^2 = (1 - p) D`,
/// `2 zeta' h w' = D - 1 - h^2 w'^2`.
#[test]
fn closed_form_discrete_exact_spring() {
    let (f, zeta, dt) = (2.0, 0.7, 1.0 / 60.0);
    let h = dt / 4.0;
    let (t, d) = intended_trace_det(f, zeta, h).unwrap();
    let p = t - d;
    let big_d = p / d;
    let hw = math::sqrt((1.0 - p) * big_d);
    let zeta2 = (big_d - 1.0 - hw * hw) / (2.0 * hw);
    let spring = Spring {
        hertz: hw / h / (2.0 * B2_PI),
        damping_ratio: zeta2,
    };
    let plant = Plant {
        mass: 1.0,
        dt,
        angular: false,
        target: 0.0,
    };
    let a = crate::engines::twin::linear_map::<Box2d>(&spring, &plant, &Settings::default());
    let (t4, d4) = intended_trace_det(f, zeta, dt).unwrap();
    assert!((a[0][0] + a[1][1] - t4).abs() < ROUND_OFF);
    assert!((a[0][0] * a[1][1] - a[0][1] * a[1][0] - d4).abs() < ROUND_OFF);
}

/// Box2D clips a body's spin to a quarter turn per step unless `allowFastRotation`:
/// `maxAngularSpeed = B2_MAX_ROTATION * inv_dt` with `B2_MAX_ROTATION = 0.25f * B2_PI`
/// (constants.h; `B2_PI = 3.14159265359f`, math_functions.h) in
/// `b2IntegrateVelocitiesTask` (solver.c), `inv_dt` the whole step's. A body spinning
/// at 100 rad/s under a spring too weak to matter leaves a 60 Hz step at that cap,
/// 47.12 rad/s, written out here from Box2D's numbers rather than from the twin's.
#[test]
fn a_fast_spin_is_clipped_to_a_quarter_turn_per_step() {
    let dt = 1.0 / 60.0;
    let plant = Plant {
        mass: 0.2,
        dt,
        angular: true,
        target: 0.0,
    };
    // 1 mHz, undamped: its impulse over the step is below 1e-6 rad/s.
    let spring = Spring {
        hertz: 1e-3,
        damping_ratio: 0.0,
    };
    // Box2D's own 12-digit pi, on purpose not `core::f64::consts::PI`.
    #[allow(clippy::approx_constant)]
    let cap = 0.25 * 3.14159265359 * 60.0;
    let mut state = Box2d::start(0.0, 100.0, &plant, &Settings::default());
    let events = Box2d::step(
        &mut state,
        &spring,
        &plant,
        &Settings::default(),
        Mode::Engine,
    );
    assert!(events.capped, "{events:?}");
    assert!(
        (state.v - cap).abs() < 1e-5,
        "spin {} vs cap {cap}",
        state.v
    );
    // Allowed fast rotation, the same body keeps its spin.
    let fast = Settings {
        allow_fast_rotation: true,
        ..Settings::default()
    };
    let mut free = Box2d::start(0.0, 100.0, &plant, &fast);
    let events = Box2d::step(&mut free, &spring, &plant, &fast, Mode::Engine);
    assert!(!events.capped, "{events:?}");
    assert!((free.v - 100.0).abs() < 1e-5, "spin {}", free.v);
}

#[test]
fn box2ds_arctangent_is_close_to_the_true_one() {
    for k in -20..=20 {
        let a = k as f64 * 0.15;
        let got = b2_atan2(math::sin(a), math::cos(a));
        assert!((got - a).abs() < 3e-5, "{a}: {got}");
    }
    assert_eq!(b2_atan2(0.0, 0.0), 0.0);
}

/// The twin against trajectories recorded from Box2D (`golden/box2d.json`).
#[test]
fn matches_the_trajectories_recorded_from_the_engine() {
    crate::engines::golden::check(include_str!("golden/box2d.json"));
}
