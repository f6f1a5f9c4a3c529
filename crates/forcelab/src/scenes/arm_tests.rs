//! The arm scene's own tests: one step at a time, what it writes for a figure, what it
//! refuses (the recorded runs are tested in `arm_run.rs`).

use super::*;
use crate::scenes::run_arm;

#[test]
fn stepped_one_at_a_time_it_is_the_recorded_run_step_for_step() {
    let s = ArmSettings {
        kd: 10.0,
        ..ArmSettings::default()
    };
    let runs = run_arm(&s).unwrap();
    let mut arm = Arm::new(s).unwrap();
    for k in 0..240 {
        arm.step().unwrap();
        for (a, r) in arm.arms.iter().zip(&runs) {
            assert_eq!(a.state.q, r.q[k + 1], "{:?} at step {k}", r.law);
            assert_eq!(a.tau, r.tau[k], "{:?} at step {k}", r.law);
        }
    }
    for (a, r) in arm.arms.iter().zip(&runs) {
        assert_eq!(a.failed, r.failed, "{:?}", r.law);
    }
    assert_eq!(arm.steps, 240);
    assert!((arm.time - 4.0).abs() < 1e-12, "{}", arm.time);
}

#[test]
fn an_arm_that_blows_up_is_frozen_and_flagged_while_the_others_go_on() {
    // At the default step, twice the damping breaks PD per joint; the paper's SPD holds.
    let mut arm = Arm::new(ArmSettings {
        kd: 10.0,
        laws: vec![ChainLawId::JointPd, ChainLawId::MassMatrixSpd],
        ..ArmSettings::default()
    })
    .unwrap();
    while arm.arms[0].failed.is_none() {
        arm.step().unwrap();
    }
    let (step, why) = arm.arms[0].failed.unwrap();
    assert_eq!(step + 1, arm.steps);
    assert_eq!(why.field(), "dt");
    let frozen = arm.arms[0].state.clone();
    let held = arm.arms[1].state.clone();
    for _ in 0..10 {
        arm.step().unwrap();
    }
    assert_eq!(arm.arms[0].state, frozen);
    assert_eq!(arm.arms[0].tau, [0.0, 0.0]);
    assert_ne!(arm.arms[1].state, held);
    assert!(arm.arms[1].failed.is_none());

    let mut out = Vec::new();
    arm.state_into(&mut out);
    assert_eq!(arm.stride(), 12);
    assert_eq!(out.len(), 2 * arm.stride());
    assert_eq!(out[0], 1.0);
    assert_eq!(out[1], step as f64 * arm.settings.dt);
    assert_eq!(out[12], 0.0);
    assert!(out[13].is_nan());
}

#[test]
fn the_state_holds_where_each_link_ends_its_angle_error_and_torque() {
    let mut arm = Arm::new(ArmSettings::default()).unwrap();
    let mut out = Vec::new();
    arm.state_into(&mut out);
    // Hanging straight down from the shoulder: the elbow 0.5 m below, the hand 0.9 m.
    let first = &out[..arm.stride()];
    assert_eq!(first[0], 0.0);
    assert!(
        first[2].abs() < 1e-12 && (first[3] + 0.5).abs() < 1e-12,
        "{first:?}"
    );
    assert!(
        first[7].abs() < 1e-12 && (first[8] + 0.9).abs() < 1e-12,
        "{first:?}"
    );
    assert_eq!(first[4], -core::f64::consts::FRAC_PI_2);
    assert_eq!(first[5], first[4] - core::f64::consts::FRAC_PI_6);
    assert_eq!(first[6], 0.0, "no torque before the first step");
    assert!((arm.reach() - 0.9).abs() < 1e-12);
    let target = arm.target_points();
    assert_eq!(target.len(), 4);
    assert!((target[0] - 0.5 * core::f64::consts::FRAC_PI_6.cos()).abs() < 1e-12);
    arm.step().unwrap();
    arm.state_into(&mut out);
    assert_eq!(&out[6..7], &arm.arms[0].tau[..1]);
    assert_eq!(out[9], arm.arms[0].state.q[1]);
    assert_eq!(out[10], arm.arms[0].state.q[1] - arm.settings.target[1]);
}

#[cfg(feature = "serde")]
#[test]
fn its_settings_read_as_json_with_every_law_by_its_id() {
    let s: ArmSettings =
        serde_json::from_str(r#"{"kd": 10, "laws": ["joint-pd", "mass-matrix-spd"]}"#).unwrap();
    assert_eq!(s.kd, 10.0);
    assert_eq!(s.laws, [ChainLawId::JointPd, ChainLawId::MassMatrixSpd]);
    let back: ArmSettings =
        serde_json::from_str(&serde_json::to_string(&ArmSettings::default()).unwrap()).unwrap();
    assert_eq!(back, ArmSettings::default());
    for id in ChainLawId::ALL {
        assert_eq!(
            serde_json::to_string(&id).unwrap(),
            format!("\"{}\"", id.id())
        );
    }
    assert!(serde_json::from_str::<ArmSettings>(r#"{"kpp": 1}"#).is_err());
    let range = |min: f64, max: f64| Some(JointLimit { min, max });
    // From JSON, as the page sends it: one range or null per joint.
    let s: ArmSettings =
        serde_json::from_str(r#"{"limits": [null, {"min": -0.5, "max": 2.5}]}"#).unwrap();
    assert_eq!(s.limits, vec![None, range(-0.5, 2.5)]);
    assert!(Arm::new(s).is_ok());
    assert!(serde_json::from_str::<ArmSettings>(
        r#"{"limits": [{"min": 0, "max": 1, "soft": true}]}"#
    )
    .is_err());
}

#[test]
fn settings_that_cannot_be_are_refused_by_name() {
    let field = |s: ArmSettings| Arm::new(s).unwrap_err().field();
    let d = ArmSettings::default;
    assert_eq!(
        field(ArmSettings {
            links: vec![Link::rod(0.0, 1.0), Link::rod(1.0, 1.0)],
            ..d()
        }),
        "links[0].length"
    );
    assert_eq!(
        field(ArmSettings {
            start: vec![0.0],
            ..d()
        }),
        "start"
    );
    assert_eq!(
        field(ArmSettings {
            target: vec![0.0, f64::NAN],
            ..d()
        }),
        "target"
    );
    assert_eq!(
        field(ArmSettings {
            laws: vec![],
            ..d()
        }),
        "laws"
    );
    assert_eq!(field(ArmSettings { kd: -1.0, ..d() }), "kd");
    assert_eq!(field(ArmSettings { dt: 0.5, ..d() }), "dt");
    assert_eq!(
        field(ArmSettings {
            seconds: 600.0,
            ..d()
        }),
        "seconds"
    );
    assert_eq!(
        field(ArmSettings {
            gravity: -1.0,
            ..d()
        }),
        "gravity"
    );
    // Joint limits: a start or target outside its joint's range, named with the joint.
    let range = |min: f64, max: f64| Some(JointLimit { min, max });
    let elbow_short = ArmSettings {
        limits: vec![None, range(-0.2, 0.9)],
        ..d()
    };
    let e = Arm::new(elbow_short).unwrap_err();
    assert_eq!(e.field(), "target[1]");
    assert_eq!(e.value(), Some(core::f64::consts::FRAC_PI_3));
    assert_eq!(
        field(ArmSettings {
            limits: vec![range(-1.0, 1.0), None],
            ..d()
        }),
        "start[0]"
    );
    assert_eq!(
        field(ArmSettings {
            limits: vec![range(1.0, -1.0), None],
            ..d()
        }),
        "limits[0]"
    );
    assert_eq!(
        field(ArmSettings {
            limits: vec![None],
            ..d()
        }),
        "limits"
    );
}

/// An elbow stop at 1.1 rad, just past the pose's 1.05: every law's elbow stays within
/// it on the way up, a law whose elbow swung past it without the stop lands on it, and
/// a law that never reached it runs bit for bit as without it.
#[test]
fn every_law_s_elbow_stays_within_its_stop_on_the_way_up() {
    let stop = JointLimit {
        min: -0.2,
        max: 1.1,
    };
    let s = ArmSettings {
        limits: vec![None, Some(stop)],
        ..ArmSettings::default()
    };
    let free = run_arm(&ArmSettings::default()).unwrap();
    let limited = run_arm(&s).unwrap();
    let mut touched = 0;
    for (f, l) in free.iter().zip(&limited) {
        assert!(l.failed.is_none(), "{:?}", l.law);
        assert!(l.q.iter().all(|q| stop.holds(q[1])), "{:?}", l.law);
        if f.q.iter().any(|q| !stop.holds(q[1])) {
            touched += 1;
            assert!(
                l.q.iter().any(|q| q[1] == stop.max || q[1] == stop.min),
                "{:?}",
                l.law
            );
        } else {
            assert_eq!(
                f.q, l.q,
                "{:?}: a stop never reached changes nothing",
                l.law
            );
        }
    }
    assert!(
        touched > 0,
        "no law's elbow swung past 1.1 rad: the stop went untested"
    );
}

#[test]
fn a_third_link_at_the_same_gains_blows_up_every_per_joint_law_at_60_hz_but_not_at_240() {
    assert_eq!(ArmSettings::with_links(2).unwrap(), ArmSettings::default());
    let three = ArmSettings::with_links(3).unwrap();
    assert_eq!(three.links.len(), 3);
    assert_eq!(three.links[..2], ArmSettings::default().links[..]);
    assert_eq!(three.links[2], crate::body::chain::Link::rod(0.3, 1.0));
    assert_eq!((three.start.len(), three.target.len()), (3, 3));
    assert_eq!((three.kp, three.kd, three.dt), (50.0, 5.0, 1.0 / 60.0));
    for n in [0, 1, 4, 5] {
        assert_eq!(ArmSettings::with_links(n).unwrap_err().field(), "links");
    }
    let runs = run_arm(&three).unwrap();
    for r in &runs {
        let whole_chain = r.law == ChainLawId::MassMatrixSpd;
        assert_eq!(
            r.failed.is_none(),
            whole_chain,
            "{:?}: {:?}",
            r.law,
            r.failed
        );
    }
    let fine = run_arm(&ArmSettings {
        dt: 1.0 / 240.0,
        ..three
    })
    .unwrap();
    assert!(fine.iter().all(|r| r.failed.is_none()), "{fine:?}");
    let arm = Arm::new(ArmSettings::with_links(3).unwrap()).unwrap();
    assert_eq!(arm.stride(), Arm::PER_ARM + 3 * Arm::PER_JOINT);
    assert_eq!(arm.target_points().len(), 6);
}

/// The figure's table is the recorded run summed up, and says a blow-up at the time the
/// stepped scene says it.
#[test]
fn the_metrics_are_the_recorded_runs_and_the_blow_up_time_the_scenes() {
    let s = ArmSettings {
        kd: 10.0,
        ..ArmSettings::default()
    };
    let runs = run_arm(&s).unwrap();
    let metrics = crate::scenes::arm_metrics(&s).unwrap();
    let mut arm = Arm::new(s.clone()).unwrap();
    for _ in 0..240 {
        arm.step().unwrap();
    }
    let mut state = Vec::new();
    arm.state_into(&mut state);
    let stride = arm.stride();
    assert_eq!(metrics.len(), runs.len());
    for (k, (m, r)) in metrics.iter().zip(&runs).enumerate() {
        assert_eq!((m.law, m.label), (r.law.id(), r.law.label()));
        assert_eq!(
            (m.settle, m.final_error, m.peak_torque),
            (r.settle, r.final_error, r.peak_torque)
        );
        let said = state[k * stride + 1];
        match m.blew_up_at {
            Some(t) => assert_eq!(t, said, "{}", m.law),
            None => assert!(said.is_nan(), "{}", m.law),
        }
    }
    assert!(metrics.iter().any(|m| m.blew_up_at.is_some()));
    // At the defaults the law that carries the weight settles; the ones that sag do not.
    let calm = crate::scenes::arm_metrics(&ArmSettings::default()).unwrap();
    let of = |id: &str| calm.iter().find(|m| m.law == id).unwrap();
    assert!(of("pd-gravity").settle.is_some() && of("joint-pd").settle.is_none());
}
