use super::*;
use crate::rotation::rotation_vector;
use glam::DVec3;

const ALL: [Drives; 3] = [Drives::Slerp, Drives::TwistSwing, Drives::TwistSwing1Swing2];

#[test]
fn every_variant_reads_and_changes_only_what_it_names() {
    let d = Config::with(&[]);
    assert_eq!(d.solver, Solver::Pgs);
    assert_eq!((d.position_iterations, d.velocity_iterations), (4, 1));
    assert_eq!((d.angular_damping, d.max_angular_velocity), (0.05, 100.0));
    assert_eq!((d.sleep_threshold, d.gyroscopic), (0.005, false));
    assert_eq!(d.force_limit as f32, f32::MAX);
    for (name, changes) in VARIANTS {
        let c = Config::with(changes);
        assert_eq!(c == d, changes.is_empty(), "{name}");
        for (key, _) in changes {
            assert!(DEFAULTS.iter().any(|(k, _)| k == key), "{name}: {key}");
        }
    }
}

#[test]
#[should_panic(expected = "no setting")]
fn an_unknown_setting_is_refused() {
    Config::with(&[("solverIterations", "4")]);
}

#[test]
fn force_gains_carry_each_drives_inertia_and_acceleration_gains_none() {
    let i = OrientationIntent::about([1.0, 2.0, 2.0], 120.0);
    let w = i.omega();
    let force = |drives| {
        gains(
            Joint {
                drives,
                acceleration: false,
            },
            &i,
        )
    };
    let k = |inertia: f64| (inertia * w * w, 2.0 * w * inertia);
    assert_eq!(force(Drives::Slerp), vec![k(i.axis_inertia())]);
    assert_eq!(force(Drives::TwistSwing), vec![k(1.0), k(4.25)]);
    assert_eq!(
        force(Drives::TwistSwing1Swing2),
        vec![k(1.0), k(4.0), k(4.5)]
    );
    for drives in ALL {
        let acceleration = gains(
            Joint {
                drives,
                acceleration: true,
            },
            &i,
        );
        assert!(acceleration.iter().all(|&g| g == k(1.0)), "{drives:?}");
        let names = parameters(
            Joint {
                drives,
                acceleration: true,
            },
            &i,
        );
        assert_eq!(names.len(), 2 * acceleration.len());
        assert_eq!(names[0].unit, "1/s²");
    }
}

/// For a small turn `theta a` from the identity each twist and swing row pulls on the
/// linear error `theta a` along its world axis; the slerp rows pull on half of it
/// through Jacobians of half the identity (a quarter as stiff: `k J^2`).
#[test]
fn near_the_target_each_row_pulls_on_the_linear_error() {
    let theta: f64 = 1e-3;
    let a = DVec3::new(1.0, -2.0, 2.0).normalize();
    let target = OrientationIntent::about(a.into(), theta.to_degrees()).target();
    let err = |rows: &[Row]| rows.iter().map(|r| r.error).collect::<Vec<_>>();
    for drives in [Drives::TwistSwing, Drives::TwistSwing1Swing2] {
        let r = rows(drives, DQuat::IDENTITY, target);
        assert_eq!(
            r.iter().map(|r| r.axis).collect::<Vec<_>>(),
            [DVec3::X, DVec3::Y, DVec3::Z]
        );
        for (e, want) in err(&r).into_iter().zip((theta * a).to_array()) {
            assert!(
                (e - want).abs() < 1e-3 * theta,
                "{drives:?}: {e} against {want}"
            );
        }
    }
    let r = rows(Drives::Slerp, DQuat::IDENTITY, target);
    for (i, row) in r.iter().enumerate() {
        assert!(
            (row.error - 0.5 * theta * a[i]).abs() < 1e-3 * theta,
            "{row:?}"
        );
        let mut half = DVec3::ZERO;
        half[i] = 0.5;
        assert!((row.axis - half).length() < theta, "{row:?}");
    }
}

#[test]
fn the_slerp_rows_are_the_derivative_of_the_error() {
    // J.w is the rate of -error for any world angular velocity w, at a pose far from
    // the target (checked by a difference of the errors a small turn apart).
    let target = OrientationIntent::about([0.2, 0.3, 1.0], 150.0).target();
    let q = DQuat::from_axis_angle(DVec3::new(1.0, 0.5, -0.3).normalize(), 0.8);
    let w = DVec3::new(0.3, -0.7, 0.4);
    let h = 1e-3;
    let later = DQuat::from_scaled_axis(w * h) * q;
    let (now, next) = (
        rows(Drives::Slerp, q, target),
        rows(Drives::Slerp, later, target),
    );
    for (r0, r1) in now.iter().zip(&next) {
        let rate = -(r1.error - r0.error) / h;
        assert!(
            (rate - r0.axis.dot(w)).abs() < 2e-3,
            "{rate} against {}",
            r0.axis.dot(w)
        );
    }
}

#[test]
fn a_slerp_turn_of_a_round_body_keeps_to_its_axis() {
    // Spherical inertia, from rest: the rows' joint solution pushes about the turn's own
    // axis only. The three rows are not orthogonal (`J_i . J_j = -v_i v_j / 4` at the
    // start), so Gauss-Seidel reaches that solution only as it converges: PGS's five
    // sweeps a step keep the body on the axis to f32's rounding; TGS's one sweep a
    // substep strays 5e-3 rad off it on the way, and both arrive.
    let i = OrientationIntent {
        inertia: [2.0; 3],
        ..OrientationIntent::about([1.0, 2.0, 2.0], 120.0)
    };
    let a = i.unit_axis();
    let joint = Joint {
        drives: Drives::Slerp,
        acceleration: false,
    };
    for (name, changes) in [VARIANTS[0], VARIANTS[1]] {
        let p = predict(joint, &Config::with(changes), &i, 120);
        let off = p
            .orientations
            .iter()
            .map(|q| rotation_vector(*q).cross(a).length())
            .fold(0.0, f64::max);
        let (low, high) = if name == "default" {
            (0.0, 1e-6)
        } else {
            (1e-3, 1e-2)
        };
        assert!(low <= off && off < high, "{name}: {off}");
        let left = p.angle_to(i.target());
        assert!(
            *left.last().unwrap() < 1f64.to_radians(),
            "{name}: {left:?}"
        );
    }
}

/// `eTWIST` and `eSWING` push about the joint frame's axes (here the world's) on the
/// error measured in the target's frame: a spring near the joint frame, and none for a
/// target far from it, where the two frames' axes part (120 degrees about (1, 2, 2):
/// the body is still more than 90 degrees from the target after 3 s). The slerp drive's
/// Jacobian is the error's own derivative and gets there.
#[test]
fn twist_and_swing_drives_are_springs_only_near_the_joint_frame() {
    let far = OrientationIntent::about([1.0, 2.0, 2.0], 120.0);
    let near = OrientationIntent::about([1.0, 2.0, 2.0], 20.0);
    for drives in ALL {
        for acceleration in [false, true] {
            let joint = Joint {
                drives,
                acceleration,
            };
            let left = |i: &OrientationIntent| {
                let p = predict(joint, &Config::with(&[("sleepThreshold", "0")]), i, 180);
                *p.angle_to(i.target()).last().unwrap()
            };
            assert!(left(&near) < 1e-3, "{joint:?}: {}", left(&near));
            let far_left = left(&far);
            if drives == Drives::Slerp {
                assert!(far_left < 1e-3, "{joint:?}: {far_left}");
            } else {
                assert!(far_left > 90f64.to_radians(), "{joint:?}: {far_left}");
            }
        }
    }
}

#[test]
fn gyroscopic_forces_are_off_unless_asked_for() {
    // A free spin about a tilted axis of a long thin body: without gyroscopic forces
    // PhysX keeps the world angular velocity (a steady turn about the spin's axis);
    // with them the body tumbles off it.
    let spin = DVec3::new(1.0, 1.0, 0.0);
    let free = OrientationIntent {
        frequency: 1e-6,
        damping_ratio: 0.0,
        spin: spin.into(),
        degrees: 0.0,
        ..OrientationIntent::default()
    };
    let joint = Joint {
        drives: Drives::Slerp,
        acceleration: true,
    };
    let quiet = [("angularDamping", "0"), ("sleepThreshold", "0")];
    let steady = predict(joint, &Config::with(&quiet), &free, 60);
    let v = rotation_vector(steady.orientations[59]);
    assert!(v.normalize().cross(spin.normalize()).length() < 1e-4, "{v}");
    let gyro = [quiet[0], quiet[1], ("gyroscopicForces", "true")];
    let tumbling = predict(joint, &Config::with(&gyro), &free, 60);
    let v = rotation_vector(tumbling.orientations[59]);
    assert!(v.normalize().cross(spin.normalize()).length() > 0.05, "{v}");
}

#[test]
fn a_slow_body_falls_asleep_where_it_is_unless_the_threshold_is_zero() {
    let i = OrientationIntent::about([1.0, 1.0, 0.0], 20.0);
    let joint = Joint {
        drives: Drives::TwistSwing,
        acceleration: false,
    };
    let asleep = predict(joint, &Config::with(&[]), &i, 300);
    let last = asleep.orientations[299];
    assert_eq!(asleep.orientations[250], last, "frozen once asleep");
    assert!(asleep.angle_to(i.target())[299] > 1e-5);
    let awake = predict(joint, &Config::with(&[("sleepThreshold", "0")]), &i, 300);
    assert!(awake.angle_to(i.target())[299] < asleep.angle_to(i.target())[299]);
}

/// The twin against what npm physx-js-webidl 2.7.3 did (`golden-physx.json`, recorded
/// by tests/engines/record-orientation.mjs: PhysX's own drives, and Unity's
/// ConfigurableJoint set up on it), every step of a second: the twin rounds where PhysX
/// rounds, so each quaternion is the engine's, bit for bit, in `f32`.
#[test]
fn every_physx_drive_steps_as_the_real_engine_did() {
    let runs = super::super::tests::replay(include_str!("../golden-physx.json"));
    assert!(runs.len() >= 30, "{}", runs.len());
    for run in runs {
        let name = &run.name;
        for (k, (q, r)) in run.twin.orientations.iter().zip(&run.real).enumerate() {
            let r = [r.w, r.x, r.y, r.z].map(|x| x as f32);
            let q = [q.w, q.x, q.y, q.z].map(|x| x as f32);
            assert_eq!(q, r, "{name}: step {k}");
        }
    }
}
