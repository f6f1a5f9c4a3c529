use super::*;
use crate::engines::discrete::intended_trace_det;
use crate::engines::twin::{linear_map, run};

fn plant(angular: bool) -> Plant {
    Plant {
        mass: 2.0,
        dt: 1.0 / 60.0,
        angular,
        target: 0.0,
    }
}

/// The helper's closed form for PGS (`d` the damping factor, `D = M + dt c + dt^2 k`):
/// `A = [[1 - dt^2 k/D, dt M d/D], [-dt k/D, M d/D]]`, and its inverse for the
/// intended trace `t` and determinant `p`:
/// `k = M d (1 + p - t) / (p dt^2)`, `c = M (d t - p (1 + d)) / (p dt)`.
#[test]
fn pgs_is_one_backward_euler_step_and_its_gains_invert_in_closed_form() {
    let p = plant(true);
    let cfg = Config::from(&Settings::default());
    let (dt, m, d) = (p.dt, p.mass, 1.0 - 0.05 * p.dt);
    let (t, det) = intended_trace_det(3.0, 0.2, dt).unwrap();
    let k = m * d * (1.0 + det - t) / (det * dt * dt);
    let c = m * (d * t - det * (1.0 + d)) / (det * dt);
    let drive = Drive {
        stiffness: k,
        damping: c,
        acceleration: false,
    };
    let a = linear_map::<Physx>(&drive, &p, &cfg);
    assert!((a[0][0] + a[1][1] - t).abs() < 1e-12, "{a:?}");
    assert!((a[0][0] * a[1][1] - a[0][1] * a[1][0] - det).abs() < 1e-12);
}

#[test]
fn a_force_slerp_drive_is_a_quarter_as_stiff_as_twist_near_the_target() {
    let p = plant(true);
    let drive = Drive {
        stiffness: 400.0,
        damping: 0.0,
        acceleration: false,
    };
    let twist = Config::from(&Settings::default());
    let slerp = Config {
        angular_drive: AngularDrive::Slerp,
        ..twist
    };
    let (a, b) = (
        linear_map::<Physx>(&drive, &p, &twist),
        linear_map::<Physx>(&drive, &p, &slerp),
    );
    // The velocity gained from a unit error: dt k / D, with k a quarter for slerp.
    let dt = p.dt;
    let pull = |k: f64| dt * k / (p.mass + dt * dt * k);
    assert!((-a[1][0] - pull(400.0)).abs() < 1e-12);
    assert!((-b[1][0] - pull(100.0)).abs() < 1e-12);
}

#[test]
fn the_drive_limit_is_an_impulse_per_step_by_default() {
    let p = Plant {
        target: 1.0,
        ..plant(false)
    };
    let stiff = Drive {
        stiffness: 1e6,
        damping: 0.0,
        acceleration: false,
    };
    let cfg = Config {
        force_limit: 0.5,
        sleep_threshold: 0.0,
        ..Config::from(&Settings::default())
    };
    let out = run::<Physx>(&stiff, &p, &cfg, 3);
    // 0.5 N s on 2 kg: 0.25 m/s more every step.
    let v1 = out.positions[0] / p.dt;
    assert!((v1 - 0.25).abs() < 1e-12, "{v1}");
    let forces = Config {
        drive_limits_are_forces: true,
        ..cfg
    };
    let out = run::<Physx>(&stiff, &p, &forces, 1);
    assert!((out.positions[0] / p.dt - 0.25 * p.dt).abs() < 1e-12);
}

/// The twin against trajectories recorded from PhysX (`golden/physx.json`).
#[test]
fn matches_the_trajectories_recorded_from_the_engine() {
    crate::engines::golden::check(include_str!("../golden/physx.json"));
}
