//! Invariant: no public step, force or torque function panics, whatever `f64` it is
//! given (NaN, infinities, subnormals, huge and tiny values): each returns a value or an
//! `Error` naming a field.

use forcelab::controllers::*;
use forcelab::published;
use forcelab::{Body1, Body2, Body3, Gyroscopic, Integrator};
use glam::{DQuat, DVec2, DVec3};
use proptest::prelude::*;

fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        proptest::num::f64::ANY,
        -1e3..1e3f64,
        Just(0.0),
        Just(-0.0),
        Just(f64::MIN_POSITIVE / 2.0),
    ]
}

fn integrator(k: u8) -> Integrator {
    Integrator::ALL[(k % 3) as usize]
}

fn gyro(k: u8) -> Gyroscopic {
    [Gyroscopic::Off, Gyroscopic::Explicit, Gyroscopic::Implicit][(k % 3) as usize]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn one_dimensional_laws_never_panic(v in proptest::collection::vec(any_f64(), 10), k in any::<u8>()) {
        let body = Body1 { x: v[0], v: v[1], mass: v[2], integrator: integrator(k) };
        let target = Target1 { x: v[3], v: v[4] };
        let (kp, kd, dt) = (v[5], v[6], v[7]);
        let _ = ForwardPd { kp, kd }.force(&body, &target);
        let _ = BackwardPd { kp, kd }.force(&body, &target, dt);
        let _ = Spd { kp, kd }.force_with_external(&body, &target, dt, v[8]);
        let _ = SpdSimplified { kp, kd }.force(&body, &target, dt);
        let _ = SecondOrder { frequency: kp, zeta: kd, response: v[8] }.force(&body, &target, dt);
        let _ = SoftStep { hertz: kp, damping_ratio: kd }.force(&body, &target, dt);
        let bloom = ImplicitPd { k: kp, d: kd, time_scale: v[8], min_velocity: v[9] };
        let _ = bloom.force(&body, &target, dt);
        let _ = bloom.advance(v[0], v[1], v[3], v[4], dt);
        let _ = one_step_force(&body, v[3], dt);
        let _ = published::one_step_force_as_printed(v[2], v[0], v[1], v[3], dt);
        let _ = Proportional { kp }.output(v[0]);
        let _ = ManualDamping { kp, c: kd }.output(v[0], v[1]);
        let mut b = body;
        let _ = b.step(v[8], dt);
    }

    #[test]
    fn stateful_laws_never_panic(v in proptest::collection::vec(any_f64(), 12), w in 0usize..20) {
        let mut pid = Pid {
            integral_limit: v[3],
            output_limit: v[4],
            derivative_filter: v[5],
            anti_windup: AntiWindup::BackCalculation { kt: v[6] },
            ..Pid::new(v[0], v[1], v[2])
        };
        let mut windowed = WindowedPid::new(v[0], v[1], v[2]);
        windowed.window = w;
        windowed.dt = v[7];
        windowed.plant_gain = v[8];
        let mut printed = published::WindowedPidAsPrinted::new(v[0], v[1], v[2]);
        printed.0.dt = v[7];
        printed.0.window = w;
        for s in 0..4 {
            let _ = pid.step(v[9], v[10] * s as f64, v[7]);
            let _ = windowed.add_sample(v[9 + s % 3]);
            let _ = printed.add_sample(v[9 + s % 3]);
        }
        let _ = published::simpson_as_printed(&v, v[7]);
        let _ = simpson(&v, v[7]);
    }

    #[test]
    fn planar_laws_never_panic(v in proptest::collection::vec(any_f64(), 14), k in any::<u8>()) {
        let body = Body2 {
            position: DVec2::new(v[0], v[1]),
            angle: v[2],
            velocity: DVec2::new(v[3], v[4]),
            angular_velocity: v[5],
            mass: v[6],
            inertia: v[7],
            linear_damping: v[8],
            angular_damping: v[9],
            integrator: integrator(k),
        };
        let target = Target2 { position: DVec2::new(v[10], v[11]), angle: v[12], ..Target2::default() };
        let dt = v[13];
        let _ = BackwardPd { kp: v[10], kd: v[11] }.force2(&body, &target, dt);
        let _ = BackwardPdTorque { kp: v[10], kd: v[11] }.torque2(&body, &target, dt);
        let _ = one_step_force2(&body, target.position, dt);
        let _ = one_step_torque2(&body, v[12], dt);
        let mut missile = Missile { speed: v[12], ..Missile::default() };
        let _ = missile.control(&body, target.position, dt);
        let mut entity = MovingEntity { max_speed: v[12], ..MovingEntity::default() };
        let _ = entity.control(&body, target.position, dt);
        let mut b = body;
        let _ = b.step(DVec2::new(v[10], v[11]), v[12], dt);
    }

    #[test]
    fn spatial_laws_never_panic(v in proptest::collection::vec(any_f64(), 20), k in any::<u8>()) {
        let q = DQuat::from_xyzw(v[3], v[4], v[5], v[6]);
        let body = Body3 {
            position: DVec3::new(v[0], v[1], v[2]),
            orientation: q,
            velocity: DVec3::new(v[7], v[8], v[9]),
            angular_velocity: DVec3::new(v[10], v[11], v[12]),
            mass: v[13],
            inertia: DVec3::new(v[14], v[15], v[16]),
            integrator: integrator(k),
            gyroscopic: gyro(k / 3),
            ..Body3::default()
        };
        let unit = if q.length() > 0.0 && q.length().is_finite() { q.normalize() } else { DQuat::IDENTITY };
        let bodies = [body, Body3 { orientation: unit, ..body }];
        let target = Target3 { orientation: DQuat::from_xyzw(v[17], v[4], v[18], v[6]), ..Target3::default() };
        let targets = [target, Target3::facing(unit)];
        let (kp, kd, dt) = (v[17], v[18], v[19]);
        for b in bodies {
            for t in targets {
                let _ = BackwardPd { kp, kd }.force3(&b, &t, dt);
                let _ = BackwardPdTorque { kp, kd }.torque(&b, &t, dt);
                let _ = SpdTorque { kp, kd }.torque(&b, &t, dt);
                let _ = SpdSimplifiedTorque { kp, kd }.torque(&b, &t, dt);
                let _ = one_step_force3(&b, t.position, dt);
                let _ = one_step_torque3(&b, t.orientation, dt);
                let _ = published::one_step_torque_as_printed(&b, t.orientation, dt);
                let _ = published::stable_torque_pd_as_printed(kp, kd, &b, t.orientation, dt);
                let _ = published::submarine_feed_forward_as_printed(&b, DVec3::splat(kp));
                let mut sub = SubmarineAttitude::new(SubmarineLaw::PidFeedForward, kp, kd, kp);
                let _ = sub.torque(&b, v[0], v[1], dt);
                let mut stepped = b;
                let _ = stepped.step(DVec3::splat(kp), DVec3::splat(kd), dt);
            }
        }
    }
}
