//! Invariant: every stable controller, on its scene, driven for as many steps as asked
//! (10^7 in `npm run soak`), stays finite and bounded, and every orientation stays a
//! unit quaternion within 1e-12.
//!
//! "Stable" means the laws the chapters recommend, at the gains their scenes use: the
//! forward PD and the listings as printed are left out on purpose (they are the ones the
//! chapters show diverging). Targets keep moving (a sine plus a square wave, a spinning
//! orientation, changing orders), so a run never settles into a rest that proves
//! nothing.

use forcelab::controllers::{Controller3, LawId, Target3};
use forcelab::rotation::{from_rotation_vector, integrate_exact, unit_error};
use forcelab::scenes::{default_waypoints, Dive, DiveSettings, Orders, Pursuit, PursuitSettings};
use forcelab::scenes::{Tumble, TumbleSettings};
use forcelab::{Body1, Body3, Controller1, Gyroscopic, Target1};
use glam::{DQuat, DVec3};

/// How far from unit length an orientation may drift.
pub const UNIT_TOLERANCE: f64 = 1e-12;

/// The 1-D laws soaked on the cube.
pub const STABLE_1D: [LawId; 9] = [
    LawId::BackwardPd,
    LawId::Spd,
    LawId::SpdSimplified,
    LawId::ImplicitPd,
    LawId::SecondOrder,
    LawId::SoftStep,
    LawId::Pid,
    LawId::WindowedPid,
    LawId::OneStep,
];

/// The torque laws soaked on the spinning box.
pub const STABLE_3D: [LawId; 4] = [
    LawId::BackwardPd,
    LawId::Spd,
    LawId::SpdSimplified,
    LawId::OneStep,
];

/// What one soak run saw: its worst values over every step.
#[derive(Clone, Debug, PartialEq)]
pub struct Soaked {
    /// The controller and scene.
    pub name: String,
    /// Steps run.
    pub steps: u64,
    /// The largest tracking error (m or rad) once settled: sampled at the end of every
    /// 5 s (just before the square wave flips), so the jumps' transients are left out.
    pub worst_error: f64,
    /// The largest speed (m/s or rad/s).
    pub worst_speed: f64,
    /// The largest `| |q| - 1 |` seen (0 for 1-D runs).
    pub worst_unit: f64,
}

const DT: f64 = 1.0 / 60.0;

/// The last step of each 5 s (300-step) stretch.
fn settled(n: u64) -> bool {
    (n + 1) % 300 == 0
}

fn check(name: &str, step: u64, what: &str, value: f64, bound: f64) {
    assert!(
        value.is_finite() && value.abs() <= bound,
        "{name}: {what} = {value} at step {step} (bound {bound})"
    );
}

/// A target that never rests: `sin(0.7 t)` plus a unit square wave of period 10 s.
fn moving_target(t: f64) -> Target1 {
    let square = if (t / 5.0) as u64 % 2 == 0 { 1.0 } else { -1.0 };
    Target1 {
        x: forcelab::math::sin(0.7 * t) + square,
        v: 0.7 * forcelab::math::cos(0.7 * t),
    }
}

/// The cube (1 kg) under `kind` with kp = 100, kd = 20 at 60 Hz, for `steps` steps.
pub fn cube(kind: LawId, steps: u64) -> Soaked {
    let name = format!("cube/{}", kind.id());
    let mut body = Body1 {
        mass: 1.0,
        ..Body1::default()
    };
    let mut law = Controller1::new(kind, 100.0, 20.0, body.mass).expect("valid gains");
    let (mut worst_error, mut worst_speed) = (0.0f64, 0.0f64);
    for n in 0..steps {
        let t = n as f64 * DT;
        let target = moving_target(t);
        let force = law
            .force(&body, &target, DT)
            .expect("the law accepts its state")
            .total;
        body.step(force, DT).expect("the body steps");
        check(&name, n, "force", force, 1e6);
        check(&name, n, "x", body.x, 100.0);
        check(&name, n, "v", body.v, 1e4);
        if settled(n) {
            worst_error = worst_error.max((body.x - target.x).abs());
        }
        worst_speed = worst_speed.max(body.v.abs());
    }
    Soaked {
        name,
        steps,
        worst_error,
        worst_speed,
        worst_unit: 0.0,
    }
}

/// A box with a tilted inertia frame and the implicit gyroscopic term, tracking an
/// orientation that spins at a constant rate, under `kind` for `steps` steps.
pub fn spinning_box(kind: LawId, steps: u64) -> Soaked {
    let name = format!("box/{}", kind.id());
    let mut body = Body3 {
        inertia_rotation: from_rotation_vector(DVec3::new(0.2, -0.3, 0.1)),
        angular_velocity: DVec3::new(0.5, -2.0, 1.0),
        gyroscopic: Gyroscopic::Implicit,
        ..Body3::cuboid(2.0, DVec3::new(1.0, 0.4, 0.2))
    };
    let axis_inertia = body.inertia.length() / 3f64.sqrt();
    let law = Controller3::new(kind, 60.0, 8.0, axis_inertia).expect("valid gains");
    let spin = DVec3::new(0.3, 1.2, -0.4);
    let mut target = Target3 {
        orientation: from_rotation_vector(DVec3::new(1.0, 0.0, 2.0)),
        angular_velocity: spin,
        ..Target3::default()
    };
    let (mut worst_error, mut worst_speed, mut worst_unit) = (0.0f64, 0.0f64, 0.0f64);
    for n in 0..steps {
        let torque = law
            .torque(&body, &target, DT)
            .expect("the law accepts its state")
            .total;
        body.step(DVec3::ZERO, torque, DT).expect("the body steps");
        target.orientation = integrate_exact(target.orientation, spin, DT);
        let unit = unit_error(body.orientation);
        check(&name, n, "| |q| - 1 |", unit, UNIT_TOLERANCE);
        check(&name, n, "|w|", body.angular_velocity.length(), 1e3);
        check(&name, n, "|torque|", torque.length(), 1e6);
        if settled(n) {
            worst_error = worst_error.max(angle_between(body.orientation, target.orientation));
        }
        worst_speed = worst_speed.max(body.angular_velocity.length());
        worst_unit = worst_unit.max(unit);
    }
    Soaked {
        name,
        steps,
        worst_error,
        worst_speed,
        worst_unit,
    }
}

fn angle_between(a: DQuat, b: DQuat) -> f64 {
    let d = a.dot(b).abs().min(1.0);
    2.0 * forcelab::math::acos(d)
}

/// Article 004's four hulls under orders that change every 7 s, with the steady load.
pub fn dive(steps: u64) -> Soaked {
    let name = "dive/four generations".to_string();
    let mut d = Dive::new(DiveSettings::default()).expect("default settings");
    let (mut worst_speed, mut worst_unit) = (0.0f64, 0.0f64);
    let orders = [
        Orders {
            pitch: 0.3,
            roll: 0.2,
            rudder: 0.0,
        },
        Orders {
            pitch: -0.2,
            roll: -0.3,
            rudder: 1.0,
        },
        Orders {
            pitch: 0.0,
            roll: 0.0,
            rudder: -1.0,
        },
    ];
    for n in 0..steps {
        if n % 420 == 0 {
            d.set_orders(orders[(n / 420) as usize % 3])
                .expect("orders in range");
        }
        d.step().expect("the hulls step");
        for h in &d.hulls {
            let unit = unit_error(h.orientation);
            check(&name, n, "| |q| - 1 |", unit, UNIT_TOLERANCE);
            check(&name, n, "|w|", h.angular_velocity.length(), 1e3);
            worst_speed = worst_speed.max(h.angular_velocity.length());
            worst_unit = worst_unit.max(unit);
        }
    }
    Soaked {
        name,
        steps,
        worst_error: 0.0,
        worst_speed,
        worst_unit,
    }
}

/// The tennis-racket flip's body with the implicit gyroscopic term (the stable one of
/// the three; the explicit one gains energy until it overflows, as chapter 7 shows, so
/// it is stepped on its own here): its energy may fall but never grow past 1 % above
/// the start.
pub fn tumble(steps: u64) -> Soaked {
    let name = "tumble/implicit".to_string();
    let t = Tumble::new(TumbleSettings::default()).expect("default settings");
    let mut b = t.bodies[2];
    assert_eq!(b.gyroscopic, Gyroscopic::Implicit);
    let (mut worst_error, mut worst_speed, mut worst_unit) = (0.0f64, 0.0f64, 0.0f64);
    for n in 0..steps {
        b.step(DVec3::ZERO, DVec3::ZERO, t.settings.dt)
            .expect("the body steps");
        let unit = unit_error(b.orientation);
        let ratio = b.kinetic_energy() / t.start_energy;
        check(&name, n, "| |q| - 1 |", unit, UNIT_TOLERANCE);
        check(&name, n, "energy ratio", ratio, 1.01);
        worst_error = worst_error.max((ratio - 1.0).abs());
        worst_speed = worst_speed.max(b.angular_velocity.length());
        worst_unit = worst_unit.max(unit);
    }
    Soaked {
        name,
        steps,
        worst_error,
        worst_speed,
        worst_unit,
    }
}

/// The missile and the entity going round article 001's waypoint loop.
pub fn pursuit(steps: u64) -> Soaked {
    let name = "pursuit/waypoints".to_string();
    let mut p = Pursuit::new(PursuitSettings::default(), default_waypoints()).expect("defaults");
    let mut worst_speed = 0.0f64;
    for n in 0..steps {
        p.step().expect("the chasers step");
        for c in &p.chasers {
            check(&name, n, "x", c.body.position.x, 1e3);
            check(&name, n, "y", c.body.position.y, 1e3);
            check(&name, n, "speed", c.body.velocity.length(), 1e3);
            worst_speed = worst_speed.max(c.body.velocity.length());
        }
    }
    Soaked {
        name,
        steps,
        worst_error: 0.0,
        worst_speed,
        worst_unit: 0.0,
    }
}

/// Every soak above, `steps` steps each.
pub fn all(steps: u64) -> Vec<Soaked> {
    let mut out: Vec<Soaked> = STABLE_1D.iter().map(|&k| cube(k, steps)).collect();
    out.extend(STABLE_3D.iter().map(|&k| spinning_box(k, steps)));
    out.push(dive(steps));
    out.push(tumble(steps));
    out.push(pursuit(steps));
    out
}
