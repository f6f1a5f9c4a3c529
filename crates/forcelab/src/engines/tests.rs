use super::*;
use crate::tuning::{from_bloom, from_wu};
use proptest::prelude::*;

fn value(g: &EngineGains, name: &str) -> f64 {
    g.parameters.iter().find(|p| p.name == name).unwrap().value
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

proptest! {
    /// Every engine's parameters, read back the way that engine reads them, give the
    /// intent's frequency and damping ratio.
    #[test]
    fn every_engine_means_the_intent(
        f in 0.05f64..50.0, zeta in 0.0f64..3.0, m in 0.01f64..1000.0, angular: bool,
    ) {
        let intent = Intent { frequency: f, damping_ratio: zeta, mass: m, dt: 1.0 / 60.0, angular };
        let w = TAU * f;
        for g in translate(&intent).unwrap() {
            let (k, c) = match g.id {
                "unity-articulation" | "physx-drive" | "physx-articulation" | "rapier-force" => {
                    (value(&g, "stiffness"), value(&g, "damping"))
                }
                "unity-configurable-joint" => (value(&g, "positionSpring"), value(&g, "positionDamper")),
                "jolt-stiffness" => (value(&g, "mStiffness"), value(&g, "mDamping")),
                "mujoco-position" => {
                    let (kp, kv) = (value(&g, "kp"), value(&g, "kv"));
                    // MuJoCo's dampratio: kv = dampratio * 2 sqrt(kp m).
                    prop_assert!(close(kv, value(&g, "dampratio") * 2.0 * (kp * m).sqrt()));
                    (kp, kv)
                }
                "physx-drive-acceleration" | "rapier-acceleration" => {
                    (m * value(&g, "stiffness"), m * value(&g, "damping"))
                }
                "box2d-v3" => (
                    m * (TAU * value(&g, "hertz")).powi(2),
                    2.0 * m * value(&g, "dampingRatio") * TAU * value(&g, "hertz"),
                ),
                "jolt-frequency" => (
                    m * (TAU * value(&g, "mFrequency")).powi(2),
                    2.0 * m * value(&g, "mDamping") * TAU * value(&g, "mFrequency"),
                ),
                "wu" => {
                    let back = from_wu(value(&g, "frequency"), value(&g, "damping"), m).unwrap();
                    (back.kp, back.kd)
                }
                "bloom" => {
                    let back = from_bloom(value(&g, "K"), value(&g, "D"), value(&g, "time_scale"), m).unwrap();
                    (back.kp, back.kd)
                }
                other => panic!("untested engine {other}"),
            };
            let e = Effective::continuous(Gains { kp: k, kd: c }, m).unwrap();
            prop_assert!(close(e.natural_frequency, w), "{}: w {} vs {w}", g.id, e.natural_frequency);
            prop_assert!(close(e.damping_ratio, zeta), "{}: zeta {} vs {zeta}", g.id, e.damping_ratio);
        }
    }

}

proptest! {
    // Each case solves every entry's every variant, a turn by a Newton search on the
    // twin's own motion: 64 cases keep the suite quick.
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Wherever discrete-exact knobs exist, the stepped drive shows exactly the
    /// intended frequency and ratio; where they do not, the refusal names a field.
    #[test]
    fn discrete_exact_knobs_give_the_intended_motion(
        f in 0.2f64..8.0, zeta in 0.05f64..2.0, m in 0.05f64..50.0, hz in 30.0f64..240.0, angular: bool,
    ) {
        let intent = Intent { frequency: f, damping_ratio: zeta, mass: m, dt: 1.0 / hz, angular };
        for entry in entries() {
            for (name, settings) in entry.variants() {
                match discrete_exact(entry, &intent, &settings) {
                    Ok(knobs) => {
                        // A turn is read off its motion over the turn, a move (or a turn a
                        // cap takes over) off the drive's linear part (`effective`).
                        let e = effective(entry, knobs, &intent, &settings).unwrap().unwrap();
                        prop_assert!((e.natural_frequency / intent.omega() - 1.0).abs() < 1e-6, "{} {name}", entry.id);
                        prop_assert!((e.damping_ratio - zeta).abs() < 1e-6, "{} {name}", entry.id);
                        prop_assert!(entry.check_knobs(knobs).is_ok());
                    }
                    Err(err) => prop_assert!(!err.field().is_empty()),
                }
            }
        }
    }
}

/// The intent's own (continuous) response is the closed form of the spring-damper.
#[test]
fn the_ideal_response_is_the_spring_dampers() {
    for zeta in [0.2, 1.0, 2.0] {
        let intent = Intent {
            damping_ratio: zeta,
            ..Intent::default()
        };
        assert_eq!(intent.ideal(0.0), 0.0);
        // x'' = w^2 (1 - x) - 2 zeta w x' by central differences at t = 0.3.
        let (t, h) = (0.3, 1e-4);
        let (a, b, c) = (intent.ideal(t - h), intent.ideal(t), intent.ideal(t + h));
        let (w, acc, vel) = (
            intent.omega(),
            (a - 2.0 * b + c) / (h * h),
            (c - a) / (2.0 * h),
        );
        assert!(
            (acc - (w * w * (1.0 - b) - 2.0 * zeta * w * vel)).abs() < 1e-4,
            "{zeta}"
        );
        assert!((intent.ideal(20.0) - 1.0).abs() < 1e-9);
    }
}

#[test]
fn every_entry_runs_at_every_variant_and_settles_when_gentle() {
    let intent = Intent::default();
    for entry in entries() {
        for (name, settings) in entry.variants() {
            let r = report(entry, &intent, name, &settings, 240).unwrap();
            let x = r.predicted.positions;
            assert_eq!(x.len(), 240, "{} {name}", entry.id);
            let end = x[239];
            // A force limit of 0.05 N s per step slows the 2 Hz drive but it arrives.
            assert!(
                (end - 1.0).abs() < 2e-3,
                "{} {name} ends at {end}",
                entry.id
            );
            assert!(
                r.discrete_exact.is_ok(),
                "{} {name}: {:?}",
                entry.id,
                r.discrete_exact
            );
        }
    }
}

#[test]
fn a_stiff_drive_diverges_under_mujocos_euler_and_not_under_the_soft_constraints() {
    // 20 Hz at 60 Hz: w dt = 2.09, past the explicit step's limit of 2.
    let intent = Intent {
        frequency: 20.0,
        damping_ratio: 0.1,
        ..Intent::default()
    };
    for entry in entries() {
        let r = report(entry, &intent, "default", &entry.default_settings(), 300).unwrap();
        let wild = r.predicted.reset_after.is_some() || r.predicted.diverged_after.is_some();
        assert_eq!(wild, entry.id == "mujoco-position", "{}", entry.id);
    }
}

#[test]
fn the_twin_says_why_discrete_exact_knobs_do_not_exist() {
    // Jolt at 20 Hz, zeta 0.5, 60 Hz: backward Euler damps more than zeta 0.5.
    let intent = Intent {
        frequency: 20.0,
        damping_ratio: 0.5,
        ..Intent::default()
    };
    let jolt = entry("jolt-stiffness").unwrap();
    let e = discrete_exact(jolt, &intent, &jolt.default_settings()).unwrap_err();
    assert_eq!(e.field(), "mDamping");
    // Past Nyquist no engine can show the intent.
    let coarse = Intent {
        frequency: 40.0,
        damping_ratio: 0.0,
        ..Intent::default()
    };
    assert_eq!(
        discrete_exact(jolt, &coarse, &jolt.default_settings())
            .unwrap_err()
            .field(),
        "dt"
    );
}

#[test]
fn bad_input_names_the_field() {
    let bad = Intent {
        frequency: 0.0,
        ..Intent::default()
    };
    assert_eq!(translate(&bad).unwrap_err().field(), "frequency");
    let bad = Intent {
        mass: f64::NAN,
        ..Intent::default()
    };
    assert_eq!(translate(&bad).unwrap_err().field(), "mass");
    let jolt = entry("jolt-frequency").unwrap();
    let box2d = entry("box2d-v3").unwrap();
    let e = jolt
        .predict(
            [2.0, 1.0],
            &Intent::default(),
            &box2d.default_settings(),
            10,
        )
        .unwrap_err();
    assert_eq!(e.field(), "settings");
    let mut s = jolt.default_settings();
    assert_eq!(
        s.set("collisionSteps", settings::Value::Number(0.0))
            .unwrap_err()
            .field(),
        "collisionSteps"
    );
    assert!(jolt.check_knobs([2.0, -1.0]).is_err());
    assert_eq!(
        jolt.check_knobs([0.0, 1.0]).unwrap_err().field(),
        "mFrequency"
    );
}

#[test]
fn ids_are_unique_and_every_entry_has_a_default_variant_first() {
    let mut ids: Vec<_> = entries().iter().map(|e| e.id).collect();
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n);
    for e in entries() {
        let v = e.variants();
        assert_eq!(v[0].1, e.default_settings(), "{}", e.id);
        assert!(v[0].1.changed().is_empty());
        assert!(
            v[1..].iter().all(|(_, s)| !s.changed().is_empty()),
            "{}",
            e.id
        );
    }
}

#[test]
fn engine_ids_are_the_stable_names_links_and_recordings_use() {
    let ids = catalogue::Engine::ALL.map(catalogue::Engine::id);
    assert_eq!(
        ids,
        ["unity", "physx", "box2d", "jolt", "rapier", "mujoco", "forcelab"]
    );
}

#[test]
fn jolt_caps_a_stiff_angular_drive_at_its_max_angular_velocity() {
    // 30 Hz, damping 0.2 on a 1 rad step pulls far faster than Jolt's
    // mMaxAngularVelocity (0.25 pi 60 = 47.1 rad/s) within a substep: the turn is capped.
    let jolt = entry("jolt-frequency").unwrap();
    let intent = Intent {
        frequency: 30.0,
        damping_ratio: 0.2,
        angular: true,
        ..Intent::default()
    };
    let p = jolt
        .predict([30.0, 0.2], &intent, &jolt.default_settings(), 60)
        .unwrap();
    assert!(p.capped_steps > 0);
    // Raised out of reach, the cap never binds and the turn is another one.
    let mut free = jolt.default_settings();
    free.set("maxAngularVelocity", settings::Value::Number(1e4))
        .unwrap();
    let unbound = jolt.predict([30.0, 0.2], &intent, &free, 60).unwrap();
    assert_eq!(unbound.capped_steps, 0);
    assert_ne!(unbound.positions, p.positions);
}

#[test]
fn every_settings_variant_has_a_trajectory_recorded_from_its_engine() {
    // The golden files hold what the real engines did under each variant the twin test
    // runs; a variant dropped from, renamed in or added to a list without a recording
    // shows here. Unity's TGS variants are the ones no registry engine can run (its TGS
    // is PhysX 4.1's, read from the source only).
    let files = [
        include_str!("golden/unity.json"),
        include_str!("golden/physx.json"),
        include_str!("golden/box2d.json"),
        include_str!("golden/jolt.json"),
        include_str!("golden/rapier.json"),
        include_str!("golden/mujoco.json"),
    ];
    let mut recorded = std::collections::BTreeSet::new();
    for file in files {
        let json: serde_json::Value = serde_json::from_str(file).unwrap();
        // Cases recorded to reach a cap, damping or sleep rule are extra to the variants.
        for case in json["cases"].as_array().unwrap() {
            if case.get("reaches").is_some() {
                continue;
            }
            let variant = case["variant"].as_str().unwrap().to_string();
            recorded.insert((case["id"].as_str().unwrap().to_string(), variant));
        }
    }
    let mut listed = std::collections::BTreeSet::new();
    for e in entries() {
        if e.engine == catalogue::Engine::Forcelab {
            continue;
        }
        for (name, settings) in e.variants() {
            let unity_tgs =
                e.engine == catalogue::Engine::Unity && format!("{settings:?}").contains("Tgs");
            if !unity_tgs {
                listed.insert((e.id.to_string(), name.to_string()));
            }
        }
    }
    assert_eq!(listed, recorded);
}
