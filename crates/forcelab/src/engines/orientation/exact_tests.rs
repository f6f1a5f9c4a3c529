use super::*;
use crate::engines::orientation::{fit_steps, report};

/// The turn of a report, fitted afresh over the solve's window: what a reader who
/// measured it would say its frequency (Hz) and damping ratio are.
fn measured(r: &OrientationReport, intent: &OrientationIntent) -> (f64, f64) {
    let p = &r.predicted;
    let e = turn_effective_over(&p.orientations, &p.resets, intent, fit_steps(intent)).unwrap();
    (
        e.natural_frequency / core::f64::consts::TAU,
        e.damping_ratio,
    )
}

fn solved_ids(reports: &[ExactReport]) -> Vec<&'static str> {
    reports
        .iter()
        .filter(|r| matches!(r.numbers, Some(Ok(_))))
        .map(|r| r.report.drive.id)
        .collect()
}

#[test]
fn every_solved_drive_turns_as_asked_on_chapter_11s_turn() {
    let intent = OrientationIntent::default();
    let steps = fit_steps(&intent);
    let exact = report_exact(&intent, steps, |_, v| v == "default", Numbers::Exact).unwrap();
    assert_eq!(
        solved_ids(&exact),
        [
            "mujoco-ball-motor",
            "jolt-swing-twist",
            "jolt-six-dof",
            "rapier-spherical-acceleration",
            "rapier-spherical-force",
            "physx-d6-slerp",
            "physx-d6-slerp-acceleration",
            "unity-configurable-joint-slerp",
            "pd",
            "backward-pd",
            "backward-pd-as-printed",
            "spd",
            "spd-simplified",
        ]
    );
    for r in exact.iter().filter(|r| matches!(r.numbers, Some(Ok(_)))) {
        let (f, zeta) = measured(&r.report, &intent);
        let id = r.report.drive.id;
        assert!((f / intent.frequency - 1.0).abs() < 2e-5, "{id}: {f} Hz");
        assert!((zeta - intent.damping_ratio).abs() < 2e-5, "{id}: {zeta}");
    }
    // Without them PhysX's force slerp drive turns at 0.8 Hz, damping ratio 0.41.
    let documented = report(&intent, steps).unwrap();
    let slerp = documented
        .iter()
        .find(|r| r.drive.id == "physx-d6-slerp" && r.variant == "default")
        .unwrap();
    let (f, zeta) = measured(slerp, &intent);
    assert!(
        (f - 0.80).abs() < 0.01 && (zeta - 0.41).abs() < 0.01,
        "{f} {zeta}"
    );
}

#[test]
fn the_numbers_are_the_formula_at_the_solved_frequency_and_damping_ratio() {
    let intent = OrientationIntent::default();
    let n = solve(&intent, "physx-d6-slerp", "default").unwrap();
    assert!((n.frequency - 4.883).abs() < 1e-3 && (n.damping_ratio - 2.524).abs() < 1e-3);
    let exact = report_exact(
        &intent,
        5,
        |id, v| id == "physx-d6-slerp" && v == "tgs",
        Numbers::Exact,
    )
    .unwrap();
    let formula = |f: f64, zeta: f64| {
        let asked = OrientationIntent {
            frequency: f,
            damping_ratio: zeta,
            ..intent
        };
        report(&asked, 0)
            .unwrap()
            .into_iter()
            .find(|r| r.drive.id == "physx-d6-slerp" && r.variant == "tgs")
            .unwrap()
            .parameters
    };
    let mut seen = 0;
    for r in &exact {
        let kept = r.report.drive.id == "physx-d6-slerp" && r.report.variant == "tgs";
        assert_eq!(r.numbers.is_some(), kept, "{}", r.report.drive.id);
        if kept {
            let n = r.numbers.unwrap().unwrap();
            assert_eq!(r.report.parameters, formula(n.frequency, n.damping_ratio));
            assert_eq!(r.report.predicted.orientations.len(), 5);
            seen += 1;
        } else {
            assert!(r.report.predicted.orientations.is_empty());
        }
    }
    assert_eq!(seen, 1);
}

#[test]
fn on_a_small_turn_of_a_nearly_round_body_every_engine_drive_is_solved() {
    let intent = OrientationIntent {
        inertia: [2.0, 2.0, 2.2],
        degrees: 20.0,
        ..OrientationIntent::default()
    };
    let exact = report_exact(
        &intent,
        fit_steps(&intent),
        |_, v| v == "default",
        Numbers::Exact,
    )
    .unwrap();
    let unsolved: Vec<_> = exact
        .iter()
        .filter(|r| r.report.variant == "default" && matches!(r.numbers, Some(Err(_))))
        .map(|r| r.report.drive.id)
        .collect();
    // The one-step laws land far faster than the gains' spring (17 Hz fitted on chapter
    // 11's turn when 2 Hz is asked): no numbers near the documented ones slow them to it.
    assert_eq!(unsolved, ["one-step", "one-step-as-printed"]);
    for r in exact.iter().filter(|r| matches!(r.numbers, Some(Ok(_)))) {
        let (f, zeta) = measured(&r.report, &intent);
        assert!(
            (f / intent.frequency - 1.0).abs() < 2e-5,
            "{}: {f}",
            r.report.drive.id
        );
        assert!((zeta - 1.0).abs() < 2e-5, "{}: {zeta}", r.report.drive.id);
    }
}

#[test]
fn a_drive_without_numbers_says_why_and_an_unknown_one_is_named() {
    let intent = OrientationIntent::default();
    let reason = |id: &str| match solve(&intent, id, "default") {
        Err(Error::Unsupported { field, reason }) => (field, reason),
        other => panic!("{id}: {other:?}"),
    };
    // Explicit Euler resets the gimbal at step 32, inside the 48 steps read; under
    // implicitfast it arrives but strays 37 degrees, as PhysX's twist and swing drives do.
    assert_eq!(reason("mujoco-gimbal-position").0, "frequency");
    assert!(reason("mujoco-gimbal-position").1.contains("reset"));
    assert!(reason("physx-d6-twist-swing")
        .1
        .contains("strays more than 30 degrees"));
    let implicit = solve(&intent, "mujoco-gimbal-position", "implicitfast");
    assert!(
        matches!(implicit, Err(Error::Unsupported { reason, .. }) if reason.contains("strays")),
        "{implicit:?}"
    );
    assert!(reason("one-step").1.contains("no numbers near"));
    assert_eq!(reason("no-such-drive").0, "drive");
    assert_eq!(
        solve(&intent, "physx-d6-slerp", "no-such-variant")
            .unwrap_err()
            .field(),
        "drive"
    );
    let bad = OrientationIntent {
        frequency: -1.0,
        ..intent
    };
    assert_eq!(
        solve(&bad, "pd", "default").unwrap_err().field(),
        "frequency"
    );
}

#[test]
fn the_window_is_the_intended_motion_until_it_is_within_the_band() {
    // 2 Hz, critically damped, 120 degrees: 2.094 (1 + w t) e^(-w t) > 1e-3 until t = 0.79 s.
    let intent = OrientationIntent::default();
    assert_eq!(fit_steps(&intent), 48);
    let w = intent.omega();
    let left = |k: usize| {
        let t = k as f64 * intent.dt;
        120f64.to_radians() * (1.0 + w * t) * (-w * t).exp()
    };
    assert!(left(47) > 1e-3 && left(48) < 1e-3);
    // A smaller turn is in the band sooner.
    let small = OrientationIntent {
        degrees: 20.0,
        ..intent
    };
    assert!(fit_steps(&small) < 48);
}
