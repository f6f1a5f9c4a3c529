use super::*;
use glam::DVec3;

#[test]
fn every_drive_has_its_own_id_and_every_report_a_trace_of_every_step() {
    let ds = drives();
    let mut ids: Vec<_> = ds.iter().map(|d| d.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), ds.len());
    let r = report(&OrientationIntent::default(), 90).unwrap();
    assert!(r.iter().filter(|r| r.changed.is_empty()).count() == ds.len());
    for x in &r {
        if x.predicted.diverged_after.is_none() {
            assert_eq!(x.predicted.orientations.len(), 90, "{}", x.drive.id);
        }
    }
}

#[test]
fn a_gentle_turn_arrives_under_every_drive_but_the_gimbal_through_its_lock() {
    // 2 Hz, critically damped, 120 degrees on the long thin body: after 3 s every
    // drive is within a degree of the target (the as-printed one-step law aside, whose
    // printed code does not land), except the gimbal under Euler and RK4: its middle
    // angle heads for 66 degrees and, pulled by the other two, runs through 90, its lock,
    // where the mass matrix is singular; MuJoCo resets it again and again. implicitfast damps it through.
    // Jolt's motors limited to 10 N m saturate and, their damping clamped too, swing past
    // the target: they land after 4 s.
    // PhysX's twist and swing drives, and Unity's X and YZ drives on them, are no spring
    // this far from the joint frame
    // (physx::tests::twist_and_swing_drives_are_springs_only_near_the_joint_frame).
    let i = OrientationIntent::about([1.0, 2.0, 2.0], 120.0);
    for r in report(&i, 180).unwrap() {
        if r.variant == "torque-limit-10" {
            let left = *r.predicted.angle_to(i.target()).last().unwrap();
            assert!(left > 5f64.to_radians(), "{} {left}", r.drive.id);
            continue;
        }
        let left = *r.predicted.angle_to(i.target()).last().unwrap();
        let gimbal = r.drive.id == "mujoco-gimbal-position";
        let twist_swing = [
            "physx-d6-twist",
            "physx-d6-swing",
            "unity-configurable-joint-x-yz",
        ];
        if twist_swing.iter().any(|id| r.drive.id.starts_with(id)) {
            // Far from it after 3 s (171 degrees at PhysX's defaults).
            assert!(left > 1.0, "{} {}: {left}", r.drive.id, r.variant);
            continue;
        }
        if r.drive.id.starts_with("submarine") {
            // It steers pitch and roll only: the target's yaw part (Ry of Ry Rx Rz) is
            // left, whatever the gains.
            let (pitch, roll) = super::submarine::pitch_roll(&i);
            let steered = crate::rotation::from_yaw_pitch_roll(0.0, pitch, roll);
            let yaw = crate::rotation::rotation_vector(i.target() * steered.conjugate());
            // As printed, the world angular velocity in a body-frame torque parts from the
            // derivation once the body has turned off the world axes: it misses the pitch
            // and roll too.
            let misses = if r.drive.id == "submarine-pid" {
                (left - yaw.length()).abs() < 0.35
            } else {
                left > yaw.length() + 0.35
            };
            assert!(yaw.length() > 0.5 && misses, "{}: {left} {yaw}", r.drive.id);
            continue;
        }
        if gimbal && r.variant != "implicitfast" {
            assert!(
                r.predicted.resets.len() >= 3,
                "{}: {:?}",
                r.variant,
                r.predicted.resets
            );
        } else if r.drive.id != "one-step-as-printed" {
            // Rapier's per-axis motors close the last degree slowly (the force-based
            // ones' gains are the body's moments, but a world axis's row sees another
            // inertia off the principal axes), and its sleep freezes them on the way.
            let degrees = if r.drive.engine == Engine::Rapier {
                1.5
            } else {
                1.0
            };
            assert!(
                left < f64::to_radians(degrees),
                "{} {}: {left}",
                r.drive.id,
                r.variant
            );
            assert!(r.predicted.resets.is_empty());
        }
    }
}

#[test]
fn past_half_a_turn_the_ball_joint_goes_the_short_way_round() {
    // 190 degrees about z is -170 the other way: the body's x axis first swings to -y.
    let i = OrientationIntent {
        inertia: [1.0, 1.0, 1.0],
        ..OrientationIntent::about([0.0, 0.0, 1.0], 190.0)
    };
    let p = mujoco::predict(mujoco::Joint::BallMotor, Integrator::Euler, &i, 10);
    let x = p.orientations[9] * DVec3::X;
    assert!(x.y < 0.0, "{x}");
}

#[test]
fn a_bad_intent_is_refused_before_any_drive_runs() {
    let bad = OrientationIntent {
        inertia: [1.0, 1.0, 3.0],
        ..OrientationIntent::default()
    };
    assert_eq!(report(&bad, 10).unwrap_err().field(), "inertia.z");
    let long = report(&OrientationIntent::default(), MAX_STEPS + 1).unwrap_err();
    assert_eq!(long.field(), "steps");
}

/// One recorded run of a golden file, replayed by the twin.
pub(super) struct Replay {
    /// Intent, drive and variant, for messages.
    pub(super) name: String,
    /// What the twin predicts over the recorded steps.
    pub(super) twin: Prediction3,
    /// What the engine did.
    pub(super) real: Vec<DQuat>,
    /// The steps at which the engine reset.
    pub(super) resets: Vec<usize>,
}

/// Every case of a golden file (tests/engines/record-orientation.mjs) with the twin's
/// prediction for the same intent, drive and variant.
pub(super) fn replay(file: &str) -> Vec<Replay> {
    let golden: serde_json::Value = serde_json::from_str(file).unwrap();
    let numbers = |v: &serde_json::Value| -> Vec<f64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect()
    };
    let cases = golden["cases"].as_array().unwrap();
    cases
        .iter()
        .map(|case| {
            let i = &case["intent"];
            let target = numbers(&i["target"]);
            let intent = OrientationIntent {
                frequency: i["frequency"].as_f64().unwrap(),
                damping_ratio: i["dampingRatio"].as_f64().unwrap(),
                inertia: numbers(&i["inertia"]).try_into().unwrap(),
                axis: [target[0], target[1], target[2]],
                degrees: target[3],
                dt: i["dt"].as_f64().unwrap(),
                spin: numbers(&i["spin"]).try_into().unwrap(),
            };
            let real: Vec<DQuat> = case["orientations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|q| {
                    let q = numbers(q);
                    DQuat::from_xyzw(q[1], q[2], q[3], q[0])
                })
                .collect();
            let twin = report(&intent, real.len())
                .unwrap()
                .into_iter()
                .find(|r| r.drive.id == case["id"] && r.variant == case["variant"])
                .unwrap()
                .predicted;
            Replay {
                name: format!("{} {} {}", i["name"], case["id"], case["variant"]),
                twin,
                real,
                resets: numbers(&case["resets"])
                    .iter()
                    .map(|&k| k as usize)
                    .collect(),
            }
        })
        .collect()
}

#[test]
fn every_mujoco_drive_steps_as_the_real_engine_did() {
    // golden.json: what MuJoCo 4.0.0 did (tests/engines/record-orientation.mjs), every
    // step of a second. The twin computes in f64 as MuJoCo does: equal to rounding
    // (1e-15 rad) where the motion is calm, to 1e-8 as a blow-up nears; the two steps
    // before a reset, where rounding grows thirtyfold a step, are left out (the resets
    // themselves must fall on the same steps).
    let runs = replay(include_str!("golden.json"));
    assert_eq!(runs.len(), 18);
    for run in runs {
        let name = &run.name;
        assert_eq!(run.twin.resets, run.resets, "{name}");
        for (k, (q, r)) in run.twin.orientations.iter().zip(&run.real).enumerate() {
            if run.resets.iter().any(|&reset| k < reset && k + 2 >= reset) {
                continue;
            }
            let miss = rotation_vector(q.conjugate() * *r).length();
            assert!(miss < 1e-8, "{name}: step {k}: {miss}");
        }
    }
}

#[test]
fn every_jolt_drive_steps_as_the_real_engine_did() {
    // golden-jolt.json: what npm jolt-physics 1.1.0 did, a second of two intents (past
    // half a turn, a spinning start) under both constraints at every variant. Jolt
    // computes in f32, the twin in f64 from Jolt's f32 inputs: they part by float32's
    // rounding, a few 1e-7 rad (1e-6 where a saturated motor leaves the motion neutral
    // and the rounding adds up); 1e-5 rad is the one-axis twins' bound.
    let runs = replay(include_str!("golden-jolt.json"));
    assert_eq!(runs.len(), 2 * 2 * jolt::VARIANTS.len());
    let mut worst = 0f64;
    for run in runs {
        assert!(run.resets.is_empty() && run.twin.resets.is_empty());
        assert_eq!(run.twin.orientations.len(), run.real.len());
        for (k, (q, r)) in run.twin.orientations.iter().zip(&run.real).enumerate() {
            let miss = rotation_vector(q.conjugate() * *r).length();
            assert!(miss < 1e-5, "{}: step {k}: {miss}", run.name);
            worst = worst.max(miss);
        }
    }
    assert!(worst > 0.0, "f32 rounding leaves some trace");
}

#[test]
fn a_variant_lists_every_setting_with_its_own_changes_over_the_defaults() {
    // What the page shows and what Unity's harness applies to the PhysX it runs on.
    let r = report(&OrientationIntent::default(), 2).unwrap();
    let tgs = r
        .iter()
        .find(|r| r.drive.id == "physx-d6-slerp" && r.variant == "tgs")
        .unwrap();
    assert_eq!(tgs.settings.len(), 8);
    assert_eq!(tgs.settings[0], ("solverType", "TGS"));
    assert_eq!(tgs.settings[1], ("positionIterations", "4"));
    assert_eq!(tgs.changed, ["solverType"]);
    let default = r
        .iter()
        .find(|r| r.drive.id == "physx-d6-slerp" && r.variant == "default")
        .unwrap();
    assert_eq!(default.settings[0], ("solverType", "PGS"));
    assert!(default.changed.is_empty());
}

#[test]
fn the_angle_left_is_the_rotation_still_to_turn() {
    // A quarter turn about z from the identity: pi/2 left; at the target, none.
    let i = OrientationIntent::about([0.0, 0.0, 1.0], 90.0);
    let p = Prediction3 {
        orientations: vec![glam::DQuat::IDENTITY, i.target()],
        ..Prediction3::default()
    };
    let left = p.angle_to(i.target());
    assert!((left[0] - core::f64::consts::FRAC_PI_2).abs() < 1e-15);
    assert!(left[1].abs() < 1e-15);
}

#[test]
fn the_article_laws_are_given_the_intended_spring_about_the_turn_axis() {
    // About (1, 2, 2)/3 on moments (1, 4, 4.5): I_a = (1 + 16 + 18) / 9 = 35/9 kg m^2;
    // at 2 Hz, w = 4 pi: kp = I_a w^2 = 35/9 16 pi^2, kd = 2 zeta w I_a = 35/9 8 pi.
    let r = report(&OrientationIntent::default(), 1).unwrap();
    let pd = r.iter().find(|r| r.drive.id == "pd").unwrap();
    let pi = core::f64::consts::PI;
    let (kp, kd) = (35.0 / 9.0 * 16.0 * pi * pi, 35.0 / 9.0 * 8.0 * pi);
    assert!(
        (pd.parameters[0].value / kp - 1.0).abs() < 1e-12,
        "{:?}",
        pd.parameters
    );
    assert!(
        (pd.parameters[1].value / kd - 1.0).abs() < 1e-12,
        "{:?}",
        pd.parameters
    );
}

#[test]
fn a_free_spin_under_an_article_law_is_the_body_s_own_tumble() {
    // Gains near zero and a spin about a tilted axis: forcelab's body (semi-implicit Euler,
    // implicit gyroscopic term) tumbles as MuJoCo's ball joint does under RK4, to the
    // first-order step's error; with another inertia or no spin it would not.
    let i = OrientationIntent {
        frequency: 1e-9,
        damping_ratio: 0.0,
        spin: [0.3, 2.0, 0.4],
        dt: 1.0 / 240.0,
        ..OrientationIntent::default()
    };
    let r = report(&i, 240).unwrap();
    let end = |id: &str, variant: &str| {
        let p = &r
            .iter()
            .find(|r| r.drive.id == id && r.variant == variant)
            .unwrap()
            .predicted;
        *p.orientations.last().unwrap()
    };
    let exact = end("mujoco-ball-motor", "rk4");
    let article = end("pd", "default");
    let apart = crate::rotation::rotation_vector(article.conjugate() * exact).length();
    assert!(apart < 0.02, "{apart}");
    assert!(crate::rotation::rotation_vector(exact).length() > 1.0);
}

#[test]
fn unity_users_are_given_unity_s_field_names_and_the_physx_gains_under_them() {
    // What the readout prints and what the Unity harness hands to PhysX, by name.
    let r = report(&OrientationIntent::default(), 1).unwrap();
    let names = |id: &str| -> Vec<&str> {
        let d = r.iter().find(|r| r.drive.id == id).unwrap();
        d.parameters.iter().map(|p| p.name).collect()
    };
    let slerp = names("unity-configurable-joint-slerp");
    assert_eq!(
        &slerp[..2],
        ["slerpDrive.positionSpring", "slerpDrive.positionDamper"]
    );
    let xyz = names("unity-configurable-joint-x-yz");
    assert_eq!(
        &xyz[..4],
        [
            "angularXDrive.positionSpring",
            "angularXDrive.positionDamper",
            "angularYZDrive.positionSpring",
            "angularYZDrive.positionDamper"
        ]
    );
    // The slerp drive's spring is PhysX's slerp drive's: the intended one about the axis.
    let value = |id: &str, name: &str| {
        r.iter()
            .find(|r| r.drive.id == id)
            .unwrap()
            .parameters
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .value
    };
    assert_eq!(
        value(
            "unity-configurable-joint-slerp",
            "slerpDrive.positionSpring"
        ),
        value("physx-d6-slerp", "stiffness")
    );
}

#[test]
fn every_number_in_the_engines_settings_tables_reads_as_rust_reads_it() {
    // The twins read their tables with the crate's short parser (`crate::decimal`, for
    // the door's size): every number there must come out bit for bit as `str::parse`'s,
    // but PhysX's force limit and Unity's maximum force, which becomes it (PX_MAX_F32
    // written with 17 digits, beyond the parser's exact range): the PhysX twin narrows it
    // to f32 (`physx::simulate`'s `limit`), and it must narrow to the same f32.
    type Table = &'static [(&'static str, &'static str)];
    let tables: [(Table, Vec<Table>); 4] = [
        (
            &jolt::DEFAULTS,
            jolt::VARIANTS.iter().map(|v| v.1).collect(),
        ),
        (
            &physx::DEFAULTS,
            physx::VARIANTS.iter().map(|v| v.1).collect(),
        ),
        (
            &rapier::DEFAULTS,
            rapier::VARIANTS.iter().map(|v| v.1).collect(),
        ),
        (
            &unity::DEFAULTS,
            unity::VARIANTS.iter().map(|v| v.1).collect(),
        ),
    ];
    let mut numbers = 0;
    for (defaults, variants) in tables {
        for &(key, text) in defaults.iter().chain(variants.into_iter().flatten()) {
            if let Ok(want) = text.parse::<f64>() {
                let got = crate::decimal::decimal(text).unwrap_or(f64::NAN);
                if key == "forceLimit" || key == "maximumForce" {
                    assert_eq!(got as f32, want as f32, "{key} = {text}");
                } else {
                    assert_eq!(got.to_bits(), want.to_bits(), "{key} = {text}");
                }
                numbers += 1;
            }
        }
    }
    assert!(numbers > 20, "{numbers}");
}
