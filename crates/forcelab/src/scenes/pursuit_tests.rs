//! The chase's tests: the loop, the point, the turn limit, the printed integral, bad
//! settings, a retune mid-run and the scheduled disturbances.
use super::*;
use crate::testing::ALGEBRA_TOL;

fn run(settings: PursuitSettings, goal: Goal, seconds: f64) -> Pursuit {
    let mut p = Pursuit::new(settings, goal).unwrap();
    while p.time < seconds {
        p.step().unwrap();
    }
    p
}

#[test]
fn both_chasers_go_round_the_waypoint_loop() {
    let p = run(PursuitSettings::default(), default_waypoints(), 30.0);
    for c in &p.chasers {
        assert!(
            c.reached >= WAYPOINTS.len(),
            "reached {} waypoints",
            c.reached
        );
    }
}

#[test]
fn the_entity_arrives_at_a_point_and_the_missile_keeps_circling() {
    let goal = Goal::Point(DVec2::new(4.0, 2.0));
    let p = run(PursuitSettings::default(), goal, 15.0);
    let (missile, entity) = (&p.chasers[0], &p.chasers[1]);
    assert!((entity.body.position - DVec2::new(4.0, 2.0)).length() < 0.05);
    assert!(entity.body.velocity.length() < 0.05);
    // The missile cannot stop: its speed stays the cruise speed.
    assert!((missile.body.velocity.length() - 6.0).abs() < ALGEBRA_TOL);
}

#[test]
fn a_tighter_turn_clamp_widens_the_missile_path() {
    // Farthest the missile strays from the loop's bounding box, m.
    let stray = |max_angular_acceleration: f64| {
        let mut settings = PursuitSettings::default();
        settings.heading.max_angular_acceleration = max_angular_acceleration;
        let mut p = Pursuit::new(settings, default_waypoints()).unwrap();
        let mut worst: f64 = 0.0;
        while p.time < 20.0 {
            p.step().unwrap();
            let b = p.chasers[0].body.position;
            worst = worst.max((b.x.abs() - 7.0).max(b.y.abs() - 4.0));
        }
        worst
    };
    let (loose, tight) = (stray(60.0), stray(4.0));
    assert!(tight > loose + 0.5, "clamped {tight} m vs free {loose} m");
}

#[test]
fn the_printed_integral_makes_the_missile_worse() {
    let settings = PursuitSettings {
        with_printed_missile: true,
        ..PursuitSettings::default()
    };
    let mut p = Pursuit::new(settings, default_waypoints()).unwrap();
    let (mut corrected, mut printed) = (0.0, 0.0);
    while p.time < 20.0 {
        p.step().unwrap();
        corrected += p.chasers[0].heading_error().abs();
        printed += p.chasers[2].heading_error().abs();
    }
    assert_eq!(p.chasers.len(), 3);
    assert!(
        printed > 1.5 * corrected,
        "printed {printed} vs corrected {corrected}"
    );
}

#[test]
fn bad_settings_name_the_field() {
    let settings = PursuitSettings {
        missile_speed: -1.0,
        ..PursuitSettings::default()
    };
    let err = Pursuit::new(settings, default_waypoints()).unwrap_err();
    assert_eq!(err.field(), "missile_speed");
    let mut p = Pursuit::new(PursuitSettings::default(), default_waypoints()).unwrap();
    assert_eq!(
        p.set_point(DVec2::new(f64::NAN, 0.0)).unwrap_err().field(),
        "target.x"
    );
    assert!(Pursuit::new(PursuitSettings::default(), Goal::Waypoints(vec![])).is_err());
}

#[test]
fn a_retune_mid_run_keeps_the_chase_and_the_pid_memory() {
    let mut live = Pursuit::new(PursuitSettings::default(), default_waypoints()).unwrap();
    for _ in 0..120 {
        live.step().unwrap();
    }
    let before = live.clone();
    let mut tuned = PursuitSettings::default();
    tuned.heading.pid.kp = 80.0;
    tuned.heading.pid.window = 9;
    tuned.missile_speed = 7.0;
    live.retune(tuned.clone()).unwrap();
    // Nothing moved, nothing was forgotten: the bodies and the error windows are as they were.
    for (a, b) in live.chasers.iter().zip(&before.chasers) {
        assert_eq!(a.body, b.body);
        assert_eq!(
            a.steering.heading().pid.history,
            b.steering.heading().pid.history
        );
        assert_eq!(a.steering.heading().pid.kp, 80.0);
        assert_eq!(a.steering.heading().pid.window, 9);
    }
    live.step().unwrap();
    // The next step runs the new gains: it differs from the untuned run's.
    let mut old = before.clone();
    old.step().unwrap();
    assert_ne!(live.chasers[0].body, old.chasers[0].body);
    // The step and the printed missile can change only from the start.
    let err = live
        .retune(PursuitSettings {
            dt: 0.01,
            ..tuned.clone()
        })
        .unwrap_err();
    assert_eq!(err.field(), "dt");
    let err = live
        .retune(PursuitSettings {
            with_printed_missile: true,
            ..tuned
        })
        .unwrap_err();
    assert_eq!(err.field(), "with_printed_missile");
}

#[test]
fn the_target_jumps_and_the_sideswipe_hits_at_their_times() {
    let point = Goal::Point(DVec2::new(4.0, 2.0));
    let settings = PursuitSettings {
        jump_at: Some(1.0),
        sideswipe_at: Some(0.5),
        ..PursuitSettings::default()
    };
    let mut p = Pursuit::new(settings.clone(), point.clone()).unwrap();
    let mut calm = Pursuit::new(PursuitSettings::default(), point).unwrap();
    while p.steps < 30 {
        p.step().unwrap();
        calm.step().unwrap();
    }
    assert_eq!(
        p.chasers, calm.chasers,
        "nothing happens before the sideswipe"
    );
    p.step().unwrap();
    calm.step().unwrap();
    let spin = p.chasers[0].body.angular_velocity - calm.chasers[0].body.angular_velocity;
    assert!(
        spin.abs() > 1.0,
        "the sideswipe spun the missile: {spin} rad/s"
    );
    while p.steps < 61 {
        p.step().unwrap();
    }
    assert_eq!(
        p.goal_of(0),
        DVec2::new(-4.0, -2.0),
        "the point jumped to the far side"
    );
    // On the loop, each chaser's waypoint moves half the loop on.
    let mut lap = Pursuit::new(
        PursuitSettings {
            jump_at: Some(0.0),
            ..PursuitSettings::default()
        },
        default_waypoints(),
    )
    .unwrap();
    lap.step().unwrap();
    assert_eq!(lap.chasers[0].leg, WAYPOINTS.len() / 2);
    // A bad time is named.
    let bad = PursuitSettings {
        jump_at: Some(-1.0),
        ..PursuitSettings::default()
    };
    assert_eq!(
        Pursuit::new(bad, default_waypoints()).unwrap_err().field(),
        "jump_at"
    );
}
