//! The chapter scenes and the engine twin.

use super::*;

#[wasm_bindgen_test]
fn the_chapter_scenes_match_the_core_step_for_step() {
    use forcelab::scenes::{
        attitude, default_waypoints, Dive, DiveSettings, Orders, Pursuit, PursuitSettings, Tumble,
        TumbleSettings,
    };
    use forcelab_wasm::scenes::{DiveScene, PursuitScene, TumbleScene};

    // The chase, with the printed missile and a PID window of 9 (every field distinct).
    let mut settings = PursuitSettings {
        missile_speed: 7.5,
        entity_speed: 4.5,
        with_printed_missile: true,
        ..PursuitSettings::default()
    };
    settings.heading.pid.window = 9;
    let config = json(
        r#"{"missileSpeed": 7.5, "entitySpeed": 4.5, "withPrintedMissile": true,
            "heading": {"pid": {"kp": 40, "ki": 2, "kd": 12, "plantGain": 1, "window": 9, "dt": 0.016666666666666666}}}"#,
    );
    let mut ours = PursuitScene::new(config, None).unwrap();
    let mut core = Pursuit::new(settings, default_waypoints()).unwrap();
    ours.step(200).unwrap();
    (0..200).for_each(|_| core.step().unwrap());
    let state = ours.state().to_vec();
    assert_eq!(state.len(), 3 * 7);
    for (k, c) in core.chasers.iter().enumerate() {
        assert_eq!(
            &state[k * 7..k * 7 + 3],
            &[c.body.position.x, c.body.position.y, c.body.angle]
        );
        assert_eq!(state[k * 7 + 5], c.heading_error());
    }
    ours.set_target(2.0, -1.0).unwrap();
    assert!(ours.waypoints().is_empty());
    assert!(message(ours.set_target(f64::NAN, 0.0).unwrap_err()).contains("target.x"));
    assert!(message(ours.step(100_001).unwrap_err()).contains("100000"));

    // The submarines under orders.
    let mut dive = DiveScene::new(JsValue::UNDEFINED).unwrap();
    let mut core = Dive::new(DiveSettings::default()).unwrap();
    dive.set_orders(0.3, 0.2, 0.5).unwrap();
    core.set_orders(Orders {
        pitch: 0.3,
        roll: 0.2,
        rudder: 0.5,
    })
    .unwrap();
    dive.step(150).unwrap();
    (0..150).for_each(|_| core.step().unwrap());
    let state = dive.state().to_vec();
    for (k, h) in core.hulls.iter().enumerate() {
        assert_eq!(&state[k * 10..k * 10 + 4], &h.orientation.to_array());
        let (_, pitch, roll) = attitude(h);
        assert_eq!((state[k * 10 + 5], state[k * 10 + 6]), (pitch, roll));
    }
    assert!(message(dive.set_orders(2.0, 0.0, 0.0).unwrap_err()).contains("pitch"));

    // The tumbling plates.
    let mut tumble = TumbleScene::new(json(r#"{"spin": 12, "nudge": 0.02}"#)).unwrap();
    let mut core = Tumble::new(TumbleSettings {
        spin: 12.0,
        nudge: 0.02,
        ..TumbleSettings::default()
    })
    .unwrap();
    tumble.step(300).unwrap();
    (0..300).for_each(|_| core.step().unwrap());
    let state = tumble.state().to_vec();
    for k in 0..3 {
        assert_eq!(
            &state[k * 6..k * 6 + 4],
            &core.bodies[k].orientation.to_array()
        );
        assert_eq!(state[k * 6 + 4], core.axis_cosine(k));
    }
    assert!(message(TumbleScene::new(json(r#"{"spinn": 1}"#)).err().unwrap()).contains("spinn"));
}

#[wasm_bindgen_test]
fn the_gain_translator_and_the_engine_twin_match_the_core() {
    use forcelab::engines::{entries, entry, report, translate, Intent};
    let intent = Intent {
        frequency: 3.0,
        damping_ratio: 0.6,
        mass: 2.5,
        dt: 0.01,
        angular: true,
    };
    let text = r#"{"frequency": 3, "dampingRatio": 0.6, "mass": 2.5, "dt": 0.01, "angular": true}"#;
    let ours = engines::translate_gains(json(text)).unwrap();
    let core = translate(&intent).unwrap();
    let rows = js_sys::Array::from(&ours);
    assert_eq!(rows.length() as usize, core.len());
    for (k, g) in core.iter().enumerate() {
        let row = rows.get(k as u32);
        assert_eq!(get(&row, "id").as_string().unwrap(), g.id);
        let params = js_sys::Array::from(&get(&row, "parameters"));
        for (j, p) in g.parameters.iter().enumerate() {
            let q = params.get(j as u32);
            assert_eq!(
                get(&q, "value").as_f64().unwrap(),
                p.value,
                "{}.{}",
                g.id,
                p.name
            );
            assert_eq!(get(&q, "unit").as_string().unwrap(), p.unit);
        }
    }
    let bad = engines::translate_gains(json(r#"{"frequency": -1}"#)).unwrap_err();
    assert!(message(bad).contains("frequency"));

    // The twin: the same prediction as the core, at the defaults and with a setting.
    let catalogue = js_sys::Array::from(&engines::engine_catalogue().unwrap());
    assert_eq!(catalogue.length() as usize, entries().len());
    let jolt = entry("jolt-frequency").unwrap();
    let mut settings = jolt.default_settings();
    settings
        .set(
            "collisionSteps",
            forcelab::engines::settings::Value::Number(2.0),
        )
        .unwrap();
    let core = report(jolt, &intent, "custom", &settings, 90).unwrap();
    let twin = engines::engine_twin(
        "jolt-frequency",
        json(text),
        json(r#"{"collisionSteps": 2}"#),
        90,
    )
    .unwrap();
    let predicted: Vec<f64> =
        serde_wasm_bindgen::from_value(get(&get(&twin, "predicted"), "positions")).unwrap();
    assert_eq!(predicted, core.predicted.positions);
    assert_eq!(js_sys::Array::from(&get(&twin, "ideal")).length(), 90);
    // Bad settings are named, never a trap.
    for (settings, words) in [
        (
            r#"{"collisionStep": 2}"#,
            "settings.collisionStep is not a setting of jolt-frequency",
        ),
        (
            r#"{"collisionSteps": 0}"#,
            "settings.collisionSteps must be between 1 and 64, got 0",
        ),
        (
            r#"{"allowSleeping": "no"}"#,
            "settings.allowSleeping must be a number or true/false",
        ),
    ] {
        let e = engines::engine_twin("jolt-frequency", json(text), json(settings), 10).unwrap_err();
        assert!(message(e).contains(words), "{settings}");
    }
    let e = engines::engine_twin(
        "mujoco-position",
        json(text),
        json(r#"{"integrator": "Verlet"}"#),
        10,
    )
    .unwrap_err();
    assert!(message(e).contains("settings.integrator must be one of Euler"));
    let e = engines::engine_twin("nope", json(text), JsValue::UNDEFINED, 10).unwrap_err();
    assert!(message(e).contains("id must be one of"));
}

#[wasm_bindgen_test]
fn the_scenes_strides_and_limits_are_the_ones_their_state_uses() {
    use forcelab_wasm::scenes::{DiveScene, PursuitScene, TumbleScene};
    let mut pursuit = PursuitScene::new(JsValue::UNDEFINED, None).unwrap();
    assert_eq!(
        pursuit.state().length() as usize,
        2 * PursuitScene::stride()
    );
    // The view is refreshed on every read: after a step it shows the new state.
    let before = pursuit.state().to_vec();
    pursuit.step(10).unwrap();
    assert_ne!(pursuit.state().to_vec(), before);
    let mut dive = DiveScene::new(JsValue::UNDEFINED).unwrap();
    let hulls = forcelab::scenes::DiveSettings::default().boats.len();
    assert_eq!(dive.state().length() as usize, hulls * DiveScene::stride());
    let mut tumble = TumbleScene::new(JsValue::UNDEFINED).unwrap();
    assert_eq!(tumble.state().length() as usize, 3 * TumbleScene::stride());
    let mut snap = forcelab_wasm::scenes::SnapScene::new(JsValue::UNDEFINED).unwrap();
    assert_eq!(
        snap.state().length() as usize,
        2 * forcelab_wasm::scenes::SnapScene::stride()
    );
    assert_eq!(DiveScene::max_pitch(), forcelab::scenes::MAX_PITCH);
    assert_eq!(DiveScene::max_roll(), forcelab::scenes::MAX_ROLL);
    let o = forcelab::scenes::FIRST_ORDERS;
    assert_eq!(DiveScene::first_orders(), vec![o.pitch, o.roll, o.rudder]);
}

#[wasm_bindgen_test]
fn the_snap_scene_is_the_core_scene_stepped_and_refuses_by_name() {
    use forcelab::scenes::{Snap, SnapSettings};
    use forcelab_wasm::scenes::SnapScene;
    let mut ours = SnapScene::new(json(
        r#"{"law": {"k": 1.5, "d": 0.8, "timeScale": 0.4, "minVelocity": 12}, "distance": 200, "dt": 0.02}"#,
    ))
    .unwrap();
    let mut settings = SnapSettings::default();
    settings.law.k = 1.5;
    settings.law.d = 0.8;
    settings.law.time_scale = 0.4;
    settings.law.min_velocity = 12.0;
    settings.distance = 200.0;
    settings.dt = 0.02;
    let mut core = Snap::new(settings).unwrap();
    ours.step(50).unwrap();
    (0..50).for_each(|_| core.step().unwrap());
    let mut expected = Vec::new();
    core.state_into(&mut expected);
    assert_eq!(ours.state().to_vec(), expected);
    assert_eq!(ours.time(), core.time);
    let refused = SnapScene::new(json(r#"{"law": {"minVelocity": 0}}"#))
        .err()
        .unwrap();
    assert!(message(refused).contains("min_velocity"));
}

/// Bring your trace: the summary, the ranking and a match's run are the core's, the
/// example is the core's, and a bad line, a bad engine and a bad mass are named.
#[wasm_bindgen_test]
fn the_trace_panel_is_the_cores_and_names_what_is_wrong() {
    use forcelab::engines::Engine;
    use forcelab::user_trace::{amounts_to, explain, read, replay, TRACE_EXAMPLE};
    use forcelab_wasm::trace;
    let text = TRACE_EXAMPLE.text();
    let example = trace::trace_example().unwrap();
    assert_eq!(get(&example, "text").as_string().unwrap(), text);
    assert_eq!(
        get(&example, "engine").as_string().unwrap(),
        TRACE_EXAMPLE.engine
    );
    let ours = trace::explain_trace(
        &text,
        json(r#"{"engine": "jolt", "mass": 1.5, "replays": 2}"#),
    )
    .unwrap();
    let t = read(&text).unwrap();
    let summary = amounts_to(&t, None);
    assert_eq!(
        get(&ours, "frequency").as_f64().unwrap(),
        summary.frequency.unwrap()
    );
    assert_eq!(get(&ours, "target").as_f64().unwrap(), summary.target);
    let core = explain(&t, Engine::Jolt, 1.5, false, None, None).unwrap();
    let matches = js_sys::Array::from(&get(&ours, "matches"));
    assert_eq!(matches.length() as usize, core.len());
    for (k, m) in core.iter().enumerate() {
        let row = matches.get(k as u32);
        assert_eq!(get(&row, "id").as_string().unwrap(), m.id);
        assert_eq!(get(&row, "variant").as_string().unwrap(), m.variant);
        assert_eq!(get(&row, "rmsError").as_f64().unwrap(), m.rms_error);
        assert_eq!(get(&row, "exact").as_bool().unwrap(), m.exact);
        let run = get(&row, "run");
        if k < 2 {
            let run: Vec<f64> = js_sys::Array::from(&run)
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect();
            assert_eq!(run, replay(&t, m, 1.5, false, None).unwrap());
        } else {
            assert!(run.is_null() || run.is_undefined());
        }
    }
    assert!(
        message(trace::explain_trace("t,x\n0,0\n0.1,abc\n", JsValue::NULL).unwrap_err())
            .contains("line 3")
    );
    assert!(
        message(trace::explain_trace(&text, json(r#"{"engine": "bullet"}"#)).unwrap_err())
            .contains("bullet")
    );
    assert!(
        message(trace::explain_trace(&text, json(r#"{"mass": -1}"#)).unwrap_err()).contains("mass")
    );
    assert!(
        message(trace::explain_trace(&text, json(r#"{"mas": 1}"#)).unwrap_err()).contains("mas")
    );
}
