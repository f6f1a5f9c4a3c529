use super::*;
use crate::engines::rapier::{variants, Rapier};
use crate::engines::twin::{run, Plant};
use crate::rotation::rotation_vector;
use glam::{DMat3, DVec3};

fn angle_between(a: DQuat, b: DQuat) -> f64 {
    rotation_vector(a.conjugate() * b).length()
}

fn quat(q: Q) -> DQuat {
    let [x, y, z, w] = q.map(f64::from);
    DQuat::from_xyzw(x, y, z, w)
}

#[test]
fn the_settings_table_is_rapiers_defaults_and_the_one_axis_twins_variants() {
    let d = Settings::default();
    for (key, text) in DEFAULTS {
        assert_eq!(d.get(key), Some(value(text)), "{key}");
    }
    assert_eq!(DEFAULTS.len(), Settings::defs().len());
    for (name, one_axis) in variants() {
        let (_, changes) = VARIANTS.iter().find(|(n, _)| *n == name).unwrap();
        assert_eq!(settings(changes), one_axis, "{name}");
    }
    assert_eq!(
        settings(&[("numInternalPgsIterations", "2")]).num_internal_pgs_iterations,
        2
    );
}

#[test]
fn the_axis_angles_are_twice_the_arcsine_of_the_quaternion_taken_with_w_positive() {
    // A small turn: nearly the rotation vector.
    let small = OrientationIntent::about([1.0, -2.0, 2.0], 6.0);
    let v = rotation_vector(small.target());
    for (a, b) in axis_angles(small.target()).iter().zip(v.to_array()) {
        assert!((a - b).abs() < 1e-4, "{a} against {b}");
    }
    // 190 degrees about z is -170 the other way: the w >= 0 half.
    let past = OrientationIntent::about([0.0, 0.0, 1.0], 190.0);
    let [x, y, z] = axis_angles(past.target());
    assert_eq!((x, y), (0.0, 0.0));
    assert!((z - (-170f64).to_radians()).abs() < 1e-12, "{z}");
}

#[test]
fn the_f32_algebra_is_the_rotation_algebra() {
    let a = DQuat::from_axis_angle(DVec3::new(1.0, 2.0, -0.5).normalize(), 1.3);
    let b = DQuat::from_axis_angle(DVec3::new(-0.3, 0.2, 1.0).normalize(), -2.1);
    let f = |q: DQuat| [q.x as f32, q.y as f32, q.z as f32, q.w as f32];
    assert!(angle_between(quat(qmul(f(a), f(b))), a * b) < 1e-6);
    let v = DVec3::new(0.4, -1.5, 2.0);
    let turned = rotate(f(a), v.as_vec3().to_array());
    assert!((DVec3::from(turned.map(f64::from)) - a * v).length() < 1e-5);
    // R diag(1/I) R^T, column by column.
    let inertia = DVec3::new(1.0, 4.0, 4.5);
    let r = DMat3::from_quat(a);
    let expected = r * DMat3::from_diagonal(DVec3::ONE / inertia) * r.transpose();
    let got = world_inv_inertia(f(a), [1.0, 0.25, 1.0 / 4.5]);
    for (i, col) in got.iter().enumerate() {
        let col = DVec3::from(col.map(f64::from));
        assert!((col - expected.col(i)).length() < 1e-6, "{i}");
    }
}

#[test]
fn the_gyroscopic_step_keeps_the_angular_momentums_length() {
    let q = [0.1f32, 0.3, -0.2, 0.927_361_8];
    let (inertia, w) = ([1.0f32, 4.0, 4.5], [0.5f32, 2.0, -1.0]);
    let inv = inertia.map(|i| 1.0 / i);
    let w2 = gyroscopic(w, q, inertia, inv, 0.01);
    let momentum = |w: V| {
        let m = mul(inertia, rotate(conj(q), w));
        dot(m, m).sqrt()
    };
    assert!((momentum(w) - momentum(w2)).abs() < 1e-5);
    assert!(
        dot(add(w2, scale(w, -1.0)), add(w2, scale(w, -1.0))) > 1e-6,
        "it turns w"
    );
    // About a principal axis there is no gyroscopic term.
    assert_eq!(
        gyroscopic([0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 1.0], inertia, inv, 0.01),
        [0.0, 3.0, 0.0]
    );
}

#[test]
fn about_one_principal_axis_it_is_the_one_axis_twins_revolute_motor() {
    // A turn about z from rest: the spherical joint's z motor alone does the work, as
    // the revolute joint's motor of the one-axis twin (in f64) does.
    let i = OrientationIntent {
        inertia: [1.0, 4.0, 4.5],
        ..OrientationIntent::about([0.0, 0.0, 1.0], 120.0)
    };
    let (k, c) = gains(MotorModel::Acceleration, &i);
    let motor = crate::engines::rapier::Motor {
        stiffness: k[2],
        damping: c[2],
        model: MotorModel::Acceleration,
    };
    let plant = Plant {
        mass: 4.5,
        dt: i.dt,
        angular: true,
        target: 120f64.to_radians(),
    };
    let s = Settings {
        can_sleep: false,
        ..Settings::default()
    };
    let one_axis = run::<Rapier>(&motor, &plant, &s, 120).positions;
    let spherical = predict(MotorModel::Acceleration, &s, &i, 120);
    for (k, (q, x)) in spherical.orientations.iter().zip(one_axis).enumerate() {
        let about_z = DQuat::from_rotation_z(x);
        assert!(angle_between(*q, about_z) < 2e-5, "step {k}");
    }
}

#[test]
fn the_two_motor_models_agree_about_a_principal_axis_and_part_off_it() {
    // Force-based gains I_i w^2 are the acceleration-based w^2 scaled by the row's own
    // inertia, which about a principal axis is 1 / D_i; off it D_i is not 1 / I_i.
    let s = Settings::default();
    let one = OrientationIntent::about([1.0, 0.0, 0.0], 120.0);
    let (a, f) = (
        predict(MotorModel::Acceleration, &s, &one, 90),
        predict(MotorModel::Force, &s, &one, 90),
    );
    let miss = |a: &Prediction3, f: &Prediction3| {
        a.orientations
            .iter()
            .zip(&f.orientations)
            .map(|(p, q)| angle_between(*p, *q))
            .fold(0.0, f64::max)
    };
    assert!(miss(&a, &f) < 1e-5, "{}", miss(&a, &f));
    let tilted = OrientationIntent::about([1.0, 2.0, 2.0], 120.0);
    let (a, f) = (
        predict(MotorModel::Acceleration, &s, &tilted, 90),
        predict(MotorModel::Force, &s, &tilted, 90),
    );
    assert!(miss(&a, &f) > 1e-2, "{}", miss(&a, &f));
}

#[test]
fn a_settled_body_falls_asleep_and_stays_put() {
    let i = OrientationIntent::about([1.0, 1.0, 0.0], 20.0);
    let p = predict(MotorModel::Acceleration, &Settings::default(), &i, 120);
    let awake = predict(
        MotorModel::Acceleration,
        &Settings {
            can_sleep: false,
            ..Settings::default()
        },
        &i,
        120,
    );
    let frozen = (1..120)
        .find(|&k| p.orientations[k] == p.orientations[k - 1])
        .unwrap();
    assert!(p.orientations[frozen..]
        .iter()
        .all(|q| *q == p.orientations[frozen]));
    assert_eq!(p.orientations[..frozen], awake.orientations[..frozen]);
    assert!(angle_between(p.orientations[119], i.target()) < 1e-3);
}

#[test]
fn every_rapier_drive_steps_as_the_real_engine_did() {
    // golden-rapier.json: what Rapier (npm 0.21.0) did (tests/engines/record-orientation.mjs),
    // every step of a second: a tilted turn that falls asleep, 190 degrees, a spinning
    // start; both motor models at every variant. The twin repeats Rapier's f32 operations
    // and equals it bit for bit on the machine that recorded it; 1e-6 rad is a few f32
    // roundings of a unit quaternion (6e-8 each), room for a libm whose asinf rounds
    // otherwise in the last bit.
    let runs = super::super::tests::replay(include_str!("golden-rapier.json"));
    assert_eq!(runs.len(), 36);
    let mut worst = 0.0f64;
    for run in runs {
        for (k, (q, r)) in run.twin.orientations.iter().zip(&run.real).enumerate() {
            // Written with the 9 digits that give back the engine's f32.
            let r = [r.x, r.y, r.z, r.w].map(|x| x as f32 as f64);
            let miss = angle_between(*q, DQuat::from_xyzw(r[0], r[1], r[2], r[3]));
            worst = worst.max(miss);
            assert!(miss < 1e-6, "{}: step {k}: {miss}", run.name);
        }
    }
    assert!(worst < 1e-6, "{worst}");
}

#[test]
fn a_spin_past_a_quarter_turn_a_step_is_clipped() {
    // 118 rad/s at 60 Hz would turn nearly 2 rad in a step; Rapier clips the spin to
    // (pi/4) / dt every substep (the real engine agrees, bit for bit, on this start).
    let i = OrientationIntent {
        spin: [20.0, 60.0, 100.0],
        ..OrientationIntent::about([1.0, 2.0, 2.0], 120.0)
    };
    let p = predict(MotorModel::Acceleration, &Settings::default(), &i, 1);
    let turned = angle_between(DQuat::IDENTITY, p.orientations[0]);
    assert!(turned <= core::f64::consts::FRAC_PI_4 + 1e-6, "{turned}");
    assert!(turned > 0.7, "{turned}");
}
