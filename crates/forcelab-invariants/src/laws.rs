//! Invariant: no public step, force or torque function panics, whatever `f64` it is
//! given (NaN, infinities, subnormals, huge and tiny values): each returns a value or an
//! `Error` whose message names the refused field.
//!
//! Each function takes its numbers as a slice and reads missing entries as 0, so a
//! fuzzer can hand it any slice.

use forcelab::controllers::*;
use forcelab::published;
use forcelab::{Body1, Body2, Body3, Error, Gyroscopic, Integrator};
use glam::{DQuat, DVec2, DVec3};

/// An error must say which field it refused, in its message too (the page shows the
/// message next to that field).
pub fn named<T>(result: Result<T, Error>) -> Option<T> {
    match result {
        Ok(v) => Some(v),
        Err(e) => {
            let field = e.field();
            assert!(!field.is_empty(), "an error without a field: {e:?}");
            assert!(
                e.to_string().contains(field),
                "message {e} does not name {field}"
            );
            None
        }
    }
}

fn padded<const N: usize>(v: &[f64]) -> [f64; N] {
    let mut out = [0.0; N];
    for (o, x) in out.iter_mut().zip(v) {
        *o = *x;
    }
    out
}

fn integrator(k: u8) -> Integrator {
    Integrator::ALL[(k % 3) as usize]
}

fn gyro(k: u8) -> Gyroscopic {
    [Gyroscopic::Off, Gyroscopic::Explicit, Gyroscopic::Implicit][(k % 3) as usize]
}

/// Every 1-D law (forward and backward PD, SPD, second order, soft step, the implicit PD, one-step landing) and the 1-D body step, on 10 numbers.
pub fn one_dimensional(v: &[f64], k: u8) {
    let v = padded::<10>(v);
    let body = Body1 {
        x: v[0],
        v: v[1],
        mass: v[2],
        integrator: integrator(k),
    };
    let target = Target1 { x: v[3], v: v[4] };
    let (kp, kd, dt) = (v[5], v[6], v[7]);
    let _ = named(ForwardPd { kp, kd }.force(&body, &target));
    let _ = named(BackwardPd { kp, kd }.force(&body, &target, dt));
    let _ = named(Spd { kp, kd }.force_with_external(&body, &target, dt, v[8]));
    let _ = named(SpdSimplified { kp, kd }.force(&body, &target, dt));
    let _ = named(
        SecondOrder {
            frequency: kp,
            zeta: kd,
            response: v[8],
        }
        .force(&body, &target, dt),
    );
    let _ = named(
        SoftStep {
            hertz: kp,
            damping_ratio: kd,
        }
        .force(&body, &target, dt),
    );
    let bloom = ImplicitPd {
        k: kp,
        d: kd,
        time_scale: v[8],
        min_velocity: v[9],
    };
    let _ = named(bloom.force(&body, &target, dt));
    let _ = named(bloom.advance(v[0], v[1], v[3], v[4], dt));
    let _ = named(one_step_force(&body, v[3], dt));
    let _ = named(published::one_step_force_as_printed(
        v[2], v[0], v[1], v[3], dt,
    ));
    let _ = named(Proportional { kp }.output(v[0]));
    let _ = named(ManualDamping { kp, c: kd }.output(v[0], v[1]));
    let mut b = body;
    let _ = named(b.step(v[8], dt));
}

/// The PID (with back-calculation anti-windup), the windowed PID (corrected and as printed) and both Simpson rules, on 12 numbers and a window length.
pub fn stateful(v: &[f64], w: usize) {
    let v = padded::<12>(v);
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
    let mut printed = forcelab::controllers::WindowedPidAsPrinted::new(v[0], v[1], v[2]);
    printed.0.dt = v[7];
    printed.0.window = w;
    for s in 0..4 {
        let _ = named(pid.step(v[9], v[10] * s as f64, v[7]));
        let _ = named(windowed.add_sample(v[9 + s % 3]));
        let _ = named(printed.add_sample(v[9 + s % 3]));
    }
    let _ = published::simpson_as_printed(&v[..], v[7]);
    let _ = simpson(&v[..], v[7]);
}

/// The planar laws, the missile and the moving entity, and the planar body step, on 14 numbers.
pub fn planar(v: &[f64], k: u8) {
    let v = padded::<14>(v);
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
    let target = Target2 {
        position: DVec2::new(v[10], v[11]),
        angle: v[12],
        ..Target2::default()
    };
    let dt = v[13];
    let _ = named(
        BackwardPd {
            kp: v[10],
            kd: v[11],
        }
        .force2(&body, &target, dt),
    );
    let _ = named(
        BackwardPdTorque {
            kp: v[10],
            kd: v[11],
        }
        .torque2(&body, &target, dt),
    );
    let _ = named(one_step_force2(&body, target.position, dt));
    let _ = named(one_step_torque2(&body, v[12], dt));
    let mut missile = Missile {
        speed: v[12],
        ..Missile::default()
    };
    let _ = named(missile.control(&body, target.position, dt));
    let mut entity = MovingEntity {
        max_speed: v[12],
        ..MovingEntity::default()
    };
    let _ = named(entity.control(&body, target.position, dt));
    let mut b = body;
    let _ = named(b.step(DVec2::new(v[10], v[11]), v[12], dt));
}

/// The 3-D laws (force, torque, SPD, one-step, the printed listings, the submarine) and the 3-D body step, with a unit and a non-unit orientation, on 20 numbers.
pub fn spatial(v: &[f64], k: u8) {
    let v = padded::<20>(v);
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
    let unit = if q.length() > 0.0 && q.length().is_finite() {
        q.normalize()
    } else {
        DQuat::IDENTITY
    };
    let bodies = [
        body,
        Body3 {
            orientation: unit,
            ..body
        },
    ];
    let target = Target3 {
        orientation: DQuat::from_xyzw(v[17], v[4], v[18], v[6]),
        ..Target3::default()
    };
    let targets = [target, Target3::facing(unit)];
    let (kp, kd, dt) = (v[17], v[18], v[19]);
    for b in bodies {
        for t in targets {
            let _ = named(BackwardPd { kp, kd }.force3(&b, &t, dt));
            let _ = named(BackwardPdTorque { kp, kd }.torque(&b, &t, dt));
            let _ = named(SpdTorque { kp, kd }.torque(&b, &t, dt));
            let _ = named(SpdSimplifiedTorque { kp, kd }.torque(&b, &t, dt));
            let _ = named(one_step_force3(&b, t.position, dt));
            let _ = named(one_step_torque3(&b, t.orientation, dt));
            let _ = named(published::one_step_torque_as_printed(&b, t.orientation, dt));
            let _ = named(published::stable_torque_pd_as_printed(
                kp,
                kd,
                &b,
                t.orientation,
                dt,
            ));
            let _ = named(published::submarine_feed_forward_as_printed(
                &b,
                DVec3::splat(kp),
            ));
            let mut sub = SubmarineAttitude::new(SubmarineLaw::PidFeedForward, kp, kd, kp);
            let _ = named(sub.torque(&b, v[0], v[1], dt));
            let mut stepped = b;
            let _ = named(stepped.step(DVec3::splat(kp), DVec3::splat(kd), dt));
        }
    }
}

/// All four families on numbers read from `bytes` (the fuzz target's entry): the first
/// byte picks the family, the second the integrator or window.
pub fn from_bytes(bytes: &[u8]) {
    let mut n = crate::numbers::Numbers::new(bytes);
    let (family, k) = (n.byte(), n.byte());
    let v = n.numbers(20);
    match family % 4 {
        0 => one_dimensional(&v, k),
        1 => stateful(&v, usize::from(k % 40)),
        2 => planar(&v, k),
        _ => spatial(&v, k),
    }
}
