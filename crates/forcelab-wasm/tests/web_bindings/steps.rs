//! The step functions and bodies: every law and body binding against the core.

use super::*;

#[wasm_bindgen_test]
fn one_dimensional_step_functions_match_the_core() {
    let (b, t) = (cube(), target1());
    let (ba, ta) = (cube_array(), TARGET1);
    let pd = core::ForwardPd { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::forward_pd_force(cfg(&pd), &ba, &ta).unwrap(),
        t1(pd.force(&b, &t).unwrap())
    );
    let wu = forcelab::BackwardPd { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::backward_pd_force(cfg(&wu), &ba, &ta, DT).unwrap(),
        t1(wu.force(&b, &t, DT).unwrap())
    );
    let spd = forcelab::Spd { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::spd_force(cfg(&spd), &ba, &ta, DT).unwrap(),
        t1(spd.force(&b, &t, DT).unwrap())
    );
    let simple = core::SpdSimplified { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::spd_simplified_force(cfg(&simple), &ba, &ta, DT).unwrap(),
        t1(simple.force(&b, &t, DT).unwrap())
    );
    let bloom = core::ImplicitPd {
        k: 1.3,
        d: 0.7,
        time_scale: 0.4,
        min_velocity: 0.05,
    };
    assert_eq!(
        law::implicit_pd_force(cfg(&bloom), &ba, &ta, DT).unwrap(),
        t1(bloom.force(&b, &t, DT).unwrap())
    );
    let step = bloom.advance(0.3, -0.7, 1.1, 0.4, DT).unwrap();
    assert_eq!(
        law::implicit_pd_advance(cfg(&bloom), &[0.3, -0.7], &ta, DT).unwrap(),
        vec![step.x, step.v, step.a, if step.snapped { 1.0 } else { 0.0 }]
    );
    let second = core::SecondOrder {
        frequency: 1.7,
        zeta: 0.6,
        response: 0.2,
    };
    assert_eq!(
        law::second_order_force(cfg(&second), &ba, &ta, DT).unwrap(),
        t1(second.force(&b, &t, DT).unwrap())
    );
    let soft = core::SoftStep {
        hertz: 2.5,
        damping_ratio: 0.3,
    };
    assert_eq!(
        law::soft_step_force(cfg(&soft), &ba, &ta, DT).unwrap(),
        t1(soft.force(&b, &t, DT).unwrap())
    );
    let p = core::Proportional { kp: 2.5 };
    assert_eq!(
        law::proportional_output(cfg(&p), 0.8).unwrap(),
        t1(p.output(0.8).unwrap())
    );
    let md = core::ManualDamping { kp: 2.5, c: 0.7 };
    assert_eq!(
        law::manual_damping_output(cfg(&md), 0.8, -0.3).unwrap(),
        t1(md.output(0.8, -0.3).unwrap())
    );
    let f = core::one_step_force(&b, 1.9, DT).unwrap();
    assert_eq!(law::one_step_force_js(&ba, 1.9, DT).unwrap()[4], f);
    let printed = published::one_step_force_as_printed(2.5, 0.3, -0.7, 1.9, DT).unwrap();
    assert_eq!(
        law::one_step_force_as_printed(&ba, 1.9, DT).unwrap()[4],
        printed
    );
    let errors = [0.1, 0.4, -0.2, 0.3, 0.5];
    assert_eq!(
        simpson::simpson(&errors, DT).unwrap(),
        core::simpson(&errors, DT)
    );
    assert_eq!(
        simpson::simpson_as_printed(&errors, DT).unwrap(),
        published::simpson_as_printed(&errors, DT)
    );
}

#[wasm_bindgen_test]
fn planar_and_spatial_step_functions_match_the_core() {
    let (b2, tg2) = (plate(), target2());
    let (b3, tg3) = (brick(), target3());
    let (b2a, b3a, t3a) = (plate_array(), brick_array(), target3_array());
    let wu = forcelab::BackwardPd { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::backward_pd_force2(cfg(&wu), &b2a, &TARGET2, DT).unwrap(),
        t2(wu.force2(&b2, &tg2, DT).unwrap())
    );
    assert_eq!(
        law::backward_pd_force3(cfg(&wu), &b3a, &t3a, DT).unwrap(),
        t3(wu.force3(&b3, &tg3, DT).unwrap())
    );
    let wt = core::BackwardPdTorque { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::backward_pd_torque2(cfg(&wt), &b2a, &TARGET2, DT).unwrap(),
        t1(wt.torque2(&b2, &tg2, DT).unwrap())
    );
    assert_eq!(
        law::backward_pd_torque3(cfg(&wt), &b3a, &t3a, DT).unwrap(),
        t3(wt.torque(&b3, &tg3, DT).unwrap())
    );
    let st = core::SpdTorque { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::spd_torque3(cfg(&st), &b3a, &t3a, DT).unwrap(),
        t3(st.torque(&b3, &tg3, DT).unwrap())
    );
    let ss = core::SpdSimplifiedTorque { kp: 30.0, kd: 4.0 };
    assert_eq!(
        law::spd_simplified_torque3(cfg(&ss), &b3a, &t3a, DT).unwrap(),
        t3(ss.torque(&b3, &tg3, DT).unwrap())
    );
    let goal2 = DVec2::new(1.5, -0.5);
    assert_eq!(
        law::one_step_force2_js(&b2a, &goal2.to_array(), DT).unwrap(),
        core::one_step_force2(&b2, goal2, DT)
            .unwrap()
            .to_array()
            .to_vec()
    );
    assert_eq!(
        law::one_step_torque2_js(&b2a, 2.2, DT).unwrap(),
        core::one_step_torque2(&b2, 2.2, DT).unwrap()
    );
    let goal3 = DVec3::new(1.5, -0.5, 0.25);
    assert_eq!(
        law::one_step_force3_js(&b3a, &goal3.to_array(), DT).unwrap(),
        core::one_step_force3(&b3, goal3, DT)
            .unwrap()
            .to_array()
            .to_vec()
    );
    let q = tg3.orientation;
    assert_eq!(
        law::one_step_torque3_js(&b3a, &q.to_array(), DT).unwrap(),
        only3(core::one_step_torque3(&b3, q, DT).unwrap())
    );
    assert_eq!(
        law::one_step_torque_as_printed(&b3a, &q.to_array(), DT).unwrap(),
        only3(published::one_step_torque_as_printed(&b3, q, DT).unwrap())
    );
    assert_eq!(
        law::stable_torque_pd_as_printed(1.5, 0.8, &b3a, &q.to_array(), DT).unwrap(),
        only3(published::stable_torque_pd_as_printed(1.5, 0.8, &b3, q, DT).unwrap())
    );
    let alpha = DVec3::new(0.3, -0.2, 0.1);
    assert_eq!(
        law::submarine_feed_forward_as_printed(&b3a, &alpha.to_array()).unwrap(),
        published::submarine_feed_forward_as_printed(&b3, alpha)
            .unwrap()
            .to_array()
            .to_vec()
    );
}

#[wasm_bindgen_test]
fn optional_layout_values_and_bad_arrays_are_read_by_name() {
    // The optional integrator index of a Body1 reaches the law (SPD predicts with it).
    let spd = forcelab::Spd { kp: 30.0, kd: 4.0 };
    let explicit = Body1 {
        integrator: Integrator::ExplicitEuler,
        ..cube()
    };
    assert_eq!(
        law::spd_force(cfg(&spd), &[0.3, -0.7, 2.5, 1.0], &TARGET1, DT).unwrap(),
        t1(spd.force(&explicit, &target1(), DT).unwrap())
    );
    let e = law::spd_force(cfg(&spd), &[0.3, -0.7, 2.5, 7.0], &TARGET1, DT).unwrap_err();
    assert_eq!(message(e), "integrator must be an index from 0 to 2, got 7");
    let e = law::spd_force(cfg(&spd), &[0.3, -0.7], &TARGET1, DT).unwrap_err();
    assert_eq!(message(e), "body must hold 3 to 4 numbers, got 2");
    let e = law::backward_pd_force2(cfg(&spd), &plate_array(), &[1.0], DT).unwrap_err();
    assert_eq!(message(e), "target must hold 6 numbers, got 1");
    let e = law::forward_pd_force(json(r#"{"kp": "abc"}"#), &cube_array(), &TARGET1).unwrap_err();
    assert!(message(e).starts_with("config.kp: invalid type: string \"abc\""));
    let e =
        message(law::forward_pd_force(json(r#"{"kq": 1}"#), &cube_array(), &TARGET1).unwrap_err());
    assert_eq!(e, "config.kq is not a known field (known: kp, kd)");
    let e = law::forward_pd_force(json(r#"{"kp": -1}"#), &cube_array(), &TARGET1).unwrap_err();
    assert_eq!(message(e), "kp must be 0 or greater, got -1");
    let e = simpson::simpson(&[1.0, f64::NAN], DT).unwrap_err();
    assert_eq!(message(e), "errors must be a finite number, got NaN");
    // A missing config takes the core's defaults.
    let d = core::ForwardPd::default();
    assert_eq!(
        law::forward_pd_force(JsValue::UNDEFINED, &cube_array(), &TARGET1).unwrap(),
        t1(d.force(&cube(), &target1()).unwrap())
    );
}

#[wasm_bindgen_test]
fn bodies_step_in_place_like_the_core() {
    let mut a = cube_array();
    bodies::step_body1(&mut a, 3.0, DT).unwrap();
    let mut b = cube();
    b.step(3.0, DT).unwrap();
    assert_eq!(a, vec![b.x, b.v, 2.5]);
    let mut a = plate_array();
    bodies::step_body2(&mut a, 1.0, -2.0, 0.5, DT).unwrap();
    let mut b = plate();
    b.step(DVec2::new(1.0, -2.0), 0.5, DT).unwrap();
    assert_eq!(
        &a[..6],
        &[
            b.position.x,
            b.position.y,
            b.angle,
            b.velocity.x,
            b.velocity.y,
            b.angular_velocity
        ]
    );
    let mut a = brick_array();
    bodies::step_body3(&mut a, &[1.0, 2.0, 3.0], &[0.3, -0.1, 0.2], DT).unwrap();
    let mut b = brick();
    b.step(DVec3::new(1.0, 2.0, 3.0), DVec3::new(0.3, -0.1, 0.2), DT)
        .unwrap();
    assert_eq!(&a[0..3], &b.position.to_array());
    assert_eq!(&a[3..7], &b.orientation.to_array());
    assert_eq!(&a[7..10], &b.velocity.to_array());
    assert_eq!(&a[10..13], &b.angular_velocity.to_array());
    let e = bodies::step_body1(&mut [0.0, 0.0, -1.0], 1.0, DT).unwrap_err();
    assert_eq!(message(e), "mass must be greater than 0, got -1");
}
