//! Invariant: a Lab, a scene or a world built from any numbers either refuses them with
//! an error naming the field, or runs without panicking; and every number it reports
//! (what the page plots and draws) is finite: a body that blows up is frozen and
//! flagged, never drawn at NaN.

use crate::laws::named;
use crate::numbers::Numbers;
use forcelab::catalogue::{LawId, PlantId};
use forcelab::lab::{BoxPlant, CubePlant, Disturbances, Lab, LawGains, PlanarPlant, Plant, Trace};
use forcelab::rotation::unit_error;
use forcelab::scenes::{default_waypoints, Dive, DiveSettings, Orders, Pursuit, PursuitSettings};
use forcelab::scenes::{Tumble, TumbleSettings};
use forcelab::world::{MissileSwarm, PlanarBody, SwarmGains};
use forcelab::{Body1, Integrator, World1, World2};
use glam::{DVec2, DVec3};

/// Panics unless every value is finite, naming what it checked and where.
pub fn assert_finite(what: &str, values: &[f64]) {
    if let Some(k) = values.iter().position(|v| !v.is_finite()) {
        panic!("{what}[{k}] = {} is not finite", values[k]);
    }
}

/// Steps a chase `steps` times (stopping at the first refusal); the chasers stay finite.
pub fn step_pursuit(p: &mut Pursuit, steps: usize) {
    for _ in 0..steps {
        if named(p.step()).is_none() {
            return;
        }
        for c in &p.chasers {
            let b = &c.body;
            assert_finite(
                "chaser",
                &[
                    b.position.x,
                    b.position.y,
                    b.angle,
                    b.velocity.x,
                    b.velocity.y,
                    b.angular_velocity,
                ],
            );
        }
    }
}

/// Steps the hulls `steps` times; every hull's state stays finite and its orientation
/// a unit quaternion.
pub fn step_dive(d: &mut Dive, steps: usize) {
    for _ in 0..steps {
        if named(d.step()).is_none() {
            return;
        }
        for h in &d.hulls {
            assert_finite("hull orientation", &h.orientation.to_array());
            assert_finite("hull angular velocity", &h.angular_velocity.to_array());
            assert!(
                unit_error(h.orientation) < 1e-9,
                "hull orientation not unit"
            );
        }
    }
}

/// Steps the free bodies `steps` times; they stay finite and unit.
pub fn step_tumble(t: &mut Tumble, steps: usize) {
    for _ in 0..steps {
        if named(t.step()).is_none() {
            return;
        }
        for b in &t.bodies {
            assert_finite("tumbling body", &b.orientation.to_array());
            assert_finite("tumbling body", &b.angular_velocity.to_array());
        }
        for k in 0..3 {
            assert_finite("axis cosine", &[t.axis_cosine(k), t.energy_ratio(k)]);
        }
    }
}

fn check_trace(trace: &Trace) {
    assert_finite("trace.time", &trace.time);
    assert_finite("trace.target", &trace.target);
    assert_finite("trace.x", &trace.x);
    assert_finite("trace.v", &trace.v);
    assert_finite("trace.force", &trace.force);
    assert_finite("trace.p", &trace.p);
    assert_finite("trace.i", &trace.i);
    assert_finite("trace.d", &trace.d);
    assert_finite("trace.ff", &trace.ff);
    assert_finite("trace.pose", &trace.pose);
}

fn run_lab<P: Plant>(
    plant: P,
    slots: Result<Vec<P::Slot>, forcelab::Error>,
    dt: f64,
    d: Disturbances,
    steps: u32,
) {
    let Some(slots) = named(slots) else { return };
    if let Some(mut lab) = named(Lab::with_plant(plant, slots, dt, d)) {
        lab.step(steps);
        check_trace(lab.trace());
        lab.reset();
        lab.step(1);
        check_trace(lab.trace());
    }
}

/// A Lab on the plant `kinds[0] % 3` (cube, plate, box) with the laws `kinds[1..]`, on
/// numbers `[kp, kd, mass, dt, ki]` and the given (or default) disturbances, 120 steps.
pub fn step_lab(v: &[f64], kinds: &[u8], disturbances: Option<Disturbances>) {
    let at = |k: usize| v.get(k).copied().unwrap_or(0.0);
    let gains = LawGains {
        kp: at(0),
        kd: at(1),
        ki: at(4),
    };
    let (mass, dt) = (at(2), at(3));
    let d = disturbances.unwrap_or_default();
    let (plant, laws) = kinds.split_first().map_or((0, &[][..]), |(p, l)| (*p, l));
    let laws = &laws[..laws.len().min(8)];
    // A dt this small costs time only (the Lab refuses nothing for it): not a law.
    if dt > 0.0 && dt < 1e-5 {
        return;
    }
    let integrator = Integrator::ALL[usize::from(plant / 3) % 3];
    let flat = LawId::driving(PlantId::Cube);
    let laws_1d: Vec<_> = laws
        .iter()
        .map(|&k| (flat[usize::from(k) % flat.len()], gains))
        .collect();
    match plant % 3 {
        0 => {
            if let Some(p) = named(CubePlant::new(mass, integrator)) {
                let slots = p.slots_of(&laws_1d);
                run_lab(p, slots, dt, d, 120);
            }
        }
        1 => {
            if let Some(p) = named(PlanarPlant::new(mass, integrator)) {
                let slots = p.slots_of(&laws_1d);
                run_lab(p, slots, dt, d, 120);
            }
        }
        _ => {
            let spatial = LawId::driving(PlantId::Box);
            let l: Vec<_> = laws
                .iter()
                .map(|&k| (spatial[usize::from(k) % spatial.len()], gains))
                .collect();
            if let Some(p) = named(BoxPlant::new(mass, integrator)) {
                let slots = p.slots_of(&l);
                run_lab(p, slots, dt, d, 120);
            }
        }
    }
}

/// Every scene, Lab and world built from the numbers in `bytes`.
pub fn from_bytes(bytes: &[u8]) {
    let mut n = Numbers::new(bytes);
    let choice = n.byte();
    match choice % 6 {
        0 => {
            let v = n.numbers(5);
            let kinds: Vec<u8> = (0..1 + n.byte() % 9).map(|_| n.byte()).collect();
            let d = Disturbances {
                target_start: n.number(),
                target_step: Some((n.number(), n.number())).filter(|_| n.byte() % 2 == 0),
                target_velocity: n.number(),
                sideswipe: Some((n.number(), n.number())).filter(|_| n.byte() % 2 == 0),
                constant_force: n.number(),
                noise: n.number(),
                seed: u64::from(n.byte()),
                dt_spike: Some((n.number(), n.number())).filter(|_| n.byte() % 2 == 0),
            };
            step_lab(&v, &kinds, Some(d));
        }
        1 => {
            let mut s = PursuitSettings {
                missile_speed: n.number(),
                entity_speed: n.number(),
                entity_force: n.number(),
                arrive_radius: n.number(),
                waypoint_radius: n.number(),
                dt: n.number(),
                with_printed_missile: n.byte() % 2 == 0,
                ..PursuitSettings::default()
            };
            s.heading.pid.kp = n.number();
            s.heading.pid.ki = n.number();
            s.heading.pid.kd = n.number();
            s.heading.pid.window = usize::from(n.byte());
            s.heading.max_angular_acceleration = n.number();
            s.heading.integral_as_printed = n.byte() % 2 == 0;
            let goal = if n.byte() % 2 == 0 {
                default_waypoints()
            } else {
                forcelab::scenes::Goal::Point(DVec2::new(n.number(), n.number()))
            };
            if let Some(mut p) = named(Pursuit::new(s, goal)) {
                step_pursuit(&mut p, 120);
                let _ = named(p.set_point(DVec2::new(n.number(), n.number())));
                step_pursuit(&mut p, 20);
            }
        }
        2 => {
            let s = DiveSettings {
                load: n.number(),
                rudder_torque: n.number(),
                dt: n.number(),
                ..DiveSettings::default()
            };
            if let Some(mut d) = named(Dive::new(s)) {
                let _ = named(d.set_orders(Orders {
                    pitch: n.number(),
                    roll: n.number(),
                    rudder: n.number(),
                }));
                step_dive(&mut d, 120);
            }
        }
        3 => {
            let s = TumbleSettings {
                spin: n.number(),
                nudge: n.number(),
                inertia: DVec3::new(n.number(), n.number(), n.number()),
                dt: n.number(),
                kick_at: Some(n.number()),
                kick: n.number(),
            };
            if let Some(mut t) = named(Tumble::new(s)) {
                step_tumble(&mut t, 120);
            }
        }
        4 => worlds(&mut n),
        _ => {
            let gains = SwarmGains {
                kp: n.number(),
                ki: n.number(),
                kd: n.number(),
                integral_limit: n.number(),
                max_angular_acceleration: n.number(),
            };
            let count = usize::from(n.byte()) * 4;
            let targets = usize::from(n.byte());
            if let Some(mut s) = named(MissileSwarm::new(count, targets, 7, n.number(), gains)) {
                s.step(30);
                assert_finite("swarm checksum", &[s.checksum()]);
            }
        }
    }
}

fn worlds(n: &mut Numbers) {
    let dt = n.number();
    if let Some(mut w) = named(World1::new(dt)) {
        for k in 0..3 {
            let body = Body1 {
                mass: n.number(),
                x: n.number(),
                ..Body1::default()
            };
            let flat = LawId::driving(PlantId::Cube);
            let kind = flat[usize::from(n.byte()) % flat.len()];
            let _ = named(w.add(body, kind, n.number(), n.number()));
            let _ = named(w.set_gains(k, n.number(), n.number()));
        }
        let _ = named(w.set_target(forcelab::Target1 {
            x: n.number(),
            v: n.number(),
        }));
        w.step(100);
        for (k, gone) in w.diverged().iter().enumerate() {
            if !gone {
                assert_finite(
                    "world1 body",
                    &[w.positions()[k], w.velocities()[k], w.forces()[k]],
                );
            }
        }
    }
    let law = [LawId::ForwardPd, LawId::BackwardPd][usize::from(n.byte() % 2)];
    if let Some(mut w) = named(World2::new(n.number(), law)) {
        for k in 0..3 {
            let b = PlanarBody {
                x: n.number(),
                y: n.number(),
                angle: n.number(),
                mass: n.number(),
                inertia: n.number(),
                kp: n.number(),
                kd: n.number(),
            };
            let _ = named(w.add(b));
            let _ = named(w.set_target(k, n.number(), n.number(), n.number()));
        }
        w.step(100);
        for (k, gone) in w.diverged().iter().enumerate() {
            if *gone == 0 {
                assert_finite(
                    "world2 body",
                    &[
                        w.x()[k],
                        w.y()[k],
                        w.angle()[k],
                        w.vx()[k],
                        w.vy()[k],
                        w.angular_velocity()[k],
                    ],
                );
            }
        }
    }
}
