//! The stateful controllers (PID, windowed PID, missile, submarine) step by step.

use super::*;

#[wasm_bindgen_test]
fn stateful_controllers_match_the_core_step_by_step() {
    let mut core_pid = core::Pid {
        ki: 3.0,
        integral_limit: 0.5,
        output_limit: 7.0,
        derivative_on: core::DerivativeOn::Error,
        derivative_filter: 0.05,
        anti_windup: core::AntiWindup::BackCalculation { kt: 2.0 },
        ..core::Pid::new(5.0, 3.0, 0.25)
    };
    let mut pid = stateful::PidJs::new(cfg(&core_pid)).unwrap();
    for k in 0..20 {
        let m = 0.1 * k as f64;
        assert_eq!(
            pid.step(1.5, m, DT).unwrap(),
            t1(core_pid.step(1.5, m, DT).unwrap())
        );
    }
    assert_eq!(pid.integral(), core_pid.integral());
    let round: core::Pid = serde_wasm_bindgen::from_value(pid.config().unwrap()).unwrap();
    assert_eq!(
        core::Pid {
            state: Default::default(),
            ..core_pid
        },
        round
    );
    pid.configure(json(r#"{"kp": 1, "ki": 2, "kd": 0}"#))
        .unwrap();
    assert_eq!(
        pid.integral(),
        core_pid.integral(),
        "configure keeps the memory"
    );
    pid.reset();
    assert_eq!(pid.integral(), 0.0);

    let mut core_w = core::WindowedPid {
        plant_gain: 1.5,
        window: 5,
        dt: DT,
        ..core::WindowedPid::new(2.0, 0.5, 0.1)
    };
    let mut printed = forcelab::controllers::WindowedPidAsPrinted(core_w.clone());
    let mut w = stateful::WindowedPidJs::new(cfg(&core_w), false).unwrap();
    let mut wp = stateful::WindowedPidJs::new(cfg(&core_w), true).unwrap();
    assert!(wp.as_printed() && !w.as_printed());
    for k in 0..9 {
        let e = 1.0 - 0.1 * k as f64;
        assert_eq!(w.add_sample(e).unwrap(), t1(core_w.add_sample(e).unwrap()));
        assert_eq!(wp.add_sample(e).unwrap()[4], printed.add_sample(e).unwrap());
    }
    let round: core::WindowedPid = serde_wasm_bindgen::from_value(w.config().unwrap()).unwrap();
    assert_eq!((round.plant_gain, round.window, round.ki), (1.5, 5, 0.5));
    w.reset();
    core_w.reset();
    assert_eq!(
        w.add_sample(0.5).unwrap(),
        t1(core_w.add_sample(0.5).unwrap())
    );

    let mut core_m = core::Missile {
        speed: 7.0,
        ..core::Missile::default()
    };
    let mut m = stateful::MissileJs::new(cfg(&core_m)).unwrap();
    let mut core_e = core::MovingEntity {
        max_speed: 4.0,
        max_force: 25.0,
        arrive_radius: 1.5,
        ..core::MovingEntity::default()
    };
    let mut e = stateful::MovingEntityJs::new(cfg(&core_e)).unwrap();
    let goal = DVec2::new(3.0, -2.0);
    for _ in 0..3 {
        let o = core_m.control(&plate(), goal, DT).unwrap();
        let mut want = o.force.to_array().to_vec();
        want.extend(t1(o.torque));
        assert_eq!(
            m.control(&plate_array(), &goal.to_array(), DT).unwrap(),
            want
        );
        let o = core_e.control(&plate(), goal, DT).unwrap();
        let mut want = o.force.to_array().to_vec();
        want.extend(t1(o.torque));
        assert_eq!(
            e.control(&plate_array(), &goal.to_array(), DT).unwrap(),
            want
        );
    }

    let mut core_s = core::SubmarineAttitude {
        rate_coefficients: DVec3::new(0.4, 0.5, 0.6),
        max_integral: 0.3,
        max_torque: 9.0,
        ..core::SubmarineAttitude::new(core::SubmarineLaw::Pid, 4.0, 1.5, 0.7)
    };
    let mut s = stateful::SubmarineAttitudeJs::new(cfg(&core_s)).unwrap();
    for _ in 0..3 {
        assert_eq!(
            s.torque(&brick_array(), 0.2, -0.1, DT).unwrap(),
            t3(core_s.torque(&brick(), 0.2, -0.1, DT).unwrap())
        );
    }
    s.reset();
    core_s.reset();
    assert_eq!(
        s.torque(&brick_array(), 0.2, -0.1, DT).unwrap(),
        t3(core_s.torque(&brick(), 0.2, -0.1, DT).unwrap())
    );
    let e = message(
        stateful::SubmarineAttitudeJs::new(json(r#"{"law": "wobble"}"#))
            .err()
            .unwrap(),
    );
    assert!(e.starts_with("config.law: unknown variant `wobble`"), "{e}");
}
