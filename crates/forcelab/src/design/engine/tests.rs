use super::*;
use crate::design::verdict::meets;

fn wish(spec: &EngineSpec) -> Wish {
    spec.wish()
}

/// The twin's response to the parameters the tuner printed, run afresh.
fn rerun(spec: &EngineSpec, d: &EngineDesign) -> Response {
    let intent = Intent {
        frequency: d.frequency,
        damping_ratio: d.damping_ratio,
        mass: spec.mass,
        dt: spec.dt,
        angular: spec.angular,
    };
    let knobs = [d.parameters[0].value, d.parameters[1].value];
    let steps = (spec.duration / spec.dt).round() as usize;
    let p = spec
        .entry
        .predict(knobs, &intent, &spec.settings, steps)
        .unwrap();
    response_of(&p.positions, spec.mass, spec.dt)
}

fn settle_without_overshoot(entry: &'static Entry, angular: bool) -> EngineSpec {
    let mut spec = EngineSpec::new(entry, 1.0 / 60.0);
    spec.angular = angular;
    spec.requirements = Requirements {
        settle: Some(1.0),
        overshoot: Some(0.02),
        ..Requirements::default()
    };
    spec
}

#[test]
fn every_engine_meets_a_plain_wish_and_its_twin_agrees() {
    for angular in [false, true] {
        // The whole table at once (`tune_engines`): one design per engine API, in the
        // catalogue's order, each the one `tune_engine` gives that API alone.
        let all = tune_engines(&settle_without_overshoot(&engines::entries()[0], angular)).unwrap();
        assert_eq!(all.len(), engines::entries().len());
        for (entry, d) in engines::entries().iter().zip(all) {
            let spec = settle_without_overshoot(entry, angular);
            assert_eq!(d.id, entry.id);
            assert!(d.feasible, "{} angular {angular}: {d:?}", entry.id);
            let again = rerun(&spec, &d);
            assert_eq!(again, d.predicted, "{}", entry.id);
            assert!(meets(&wish(&spec), &again), "{}: {again:?}", entry.id);
            assert!(d.margins.settle.unwrap() >= -1e-9, "{}", entry.id);
        }
    }
}

#[test]
fn one_wish_needs_different_numbers_in_different_engines() {
    // Fast for 60 Hz: each engine's step bends the spring its own way.
    let pick = |id: &str| {
        let mut spec = settle_without_overshoot(engines::entry(id).unwrap(), false);
        spec.requirements.settle = Some(0.25);
        spec.requirements.overshoot = Some(0.0);
        tune_engine(&spec).unwrap()
    };
    let (rapier, box2d) = (pick("rapier-acceleration"), pick("box2d-v3"));
    assert!(rapier.feasible && box2d.feasible, "{rapier:?} {box2d:?}");
    let far = |a: f64, b: f64| (a / b - 1.0).abs() > 0.05;
    assert!(
        far(rapier.frequency, box2d.frequency) || far(rapier.damping_ratio, box2d.damping_ratio),
        "{rapier:?} {box2d:?}"
    );
}

#[test]
fn an_impossible_wish_says_what_binds_and_the_nearest_is_met() {
    let mut spec = settle_without_overshoot(engines::entry("jolt-frequency").unwrap(), false);
    // Two steps at 60 Hz without overshoot, and gently: no spring does that.
    spec.requirements.settle = Some(2.0 / 60.0);
    spec.requirements.max_effort = Some(5.0);
    let d = tune_engine(&spec).unwrap();
    assert!(!d.feasible);
    assert!(d.binding.is_some());
    let nearest = d.nearest.expect("something settles");
    assert!(meets(
        &Wish {
            requirements: nearest,
            ..spec.wish()
        },
        &d.predicted
    ));
}

#[test]
fn the_same_knobs_hold_on_a_heavier_body_when_asked() {
    let mut spec = settle_without_overshoot(engines::entry("rapier-force").unwrap(), false);
    spec.robustness.mass_factors = (1.0, 3.0);
    let d = tune_engine(&spec).unwrap();
    assert!(d.feasible, "{d:?}");
    let heavy = EngineSpec { mass: 3.0, ..spec };
    let knobs = [d.parameters[0].value, d.parameters[1].value];
    let intent = Intent {
        frequency: d.frequency,
        damping_ratio: d.damping_ratio,
        mass: 3.0,
        dt: spec.dt,
        angular: false,
    };
    let p = heavy
        .entry
        .predict(knobs, &intent, &heavy.settings, 600)
        .unwrap();
    assert!(meets(
        &spec.wish(),
        &response_of(&p.positions, 3.0, spec.dt)
    ));
}

#[test]
fn the_same_knobs_hold_at_half_and_twice_the_step_when_asked() {
    for id in ["unity-articulation", "mujoco-position", "box2d-v3"] {
        let mut spec = settle_without_overshoot(engines::entry(id).unwrap(), false);
        spec.robustness.step_range = true;
        let d = tune_engine(&spec).unwrap();
        assert!(d.feasible, "{id}: {d:?}");
        let knobs = [d.parameters[0].value, d.parameters[1].value];
        for dt in [spec.dt / 2.0, spec.dt * 2.0] {
            let intent = Intent {
                frequency: d.frequency,
                damping_ratio: d.damping_ratio,
                mass: 1.0,
                dt,
                angular: false,
            };
            let steps = (spec.duration / dt).round() as usize;
            let p = spec
                .entry
                .predict(knobs, &intent, &spec.settings, steps)
                .unwrap();
            let r = response_of(&p.positions, 1.0, dt);
            assert!(meets(&spec.wish(), &r), "{id} at dt {dt}: {r:?}");
        }
    }
}

#[test]
fn bad_fields_are_named() {
    let entry = engines::entry("box2d-v3").unwrap();
    let mut spec = EngineSpec::new(entry, 1.0 / 60.0);
    spec.mass = f64::NAN;
    assert!(tune_engine(&spec).unwrap_err().0.starts_with("mass"));
    let mut spec = EngineSpec::new(entry, 1.0 / 60.0);
    spec.requirements.settle = Some(-1.0);
    assert!(tune_engine(&spec).unwrap_err().0.starts_with("settle"));
    let mut spec = EngineSpec::new(entry, 1.0 / 60.0);
    spec.settings = engines::entry("rapier-force").unwrap().default_settings();
    assert!(tune_engine(&spec).unwrap_err().0.contains("settings"));
}

#[test]
fn the_effort_of_a_trace_is_the_net_force_over_each_step() {
    // x = a t^2 / 2 sampled at the steps: the first step reaches v = a dt / 2 from rest
    // (m a / 2), every later one adds a dt (m a).
    let (dt, a, m) = (0.1, 2.0, 3.0);
    let positions: Vec<f64> = (1..=20)
        .map(|k| {
            let t = k as f64 * dt;
            a * t * t / 2.0
        })
        .collect();
    let r = response_of(&positions, m, dt);
    assert!((r.peak_effort - m * a).abs() < 1e-9, "{r:?}");
}
