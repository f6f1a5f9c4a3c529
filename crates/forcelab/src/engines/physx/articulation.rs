//! The twin of a PhysX articulation drive on one link of a fixed-base articulation.

use super::*;

/// The twin of a PhysX articulation drive.
pub(crate) struct PhysxArticulation;

/// The link's joint position and speed.
#[derive(Clone, Debug)]
pub(crate) struct JointState {
    q: f64,
    v: f64,
    asleep: bool,
    /// The counter ran out last step: the articulation runs this one more step, then
    /// sleeps (measured on the real engine: it freezes one step after a rigid body
    /// would).
    falling_asleep: bool,
    sleep: Sleep,
}

impl Model for PhysxArticulation {
    type Drive = Drive;
    type Settings = ArticulationConfig;
    type State = JointState;

    fn start(q: f64, v: f64, _: &Plant, _: &ArticulationConfig) -> JointState {
        JointState {
            q,
            v,
            asleep: false,
            falling_asleep: false,
            sleep: Sleep::new(),
        }
    }

    fn step(
        state: &mut JointState,
        d: &Drive,
        plant: &Plant,
        s: &ArticulationConfig,
        mode: Mode,
    ) -> Events {
        let mut events = Events::default();
        if state.asleep {
            return events;
        }
        let engine = mode == Mode::Engine;
        let (m, dt) = (plant.mass, plant.dt);
        let q0 = state.q;
        let (damping, link_cap) = if plant.angular {
            (s.angular_damping, s.max_angular_velocity)
        } else {
            (s.linear_damping, s.max_linear_velocity)
        };
        let mut v = state.v;
        let over = if engine && v.abs() > link_cap {
            events.capped = true;
            1.0 - link_cap / v.abs()
        } else {
            0.0
        };
        v -= (damping.min(1.0 / dt) * dt + over) * v;
        let r = 1.0 / m;
        let cfm = if plant.angular { 0.0 } else { 0.025 / m };
        let recip = 1.0 / (r + cfm);
        let e = plant.target - state.q;
        let tgs = s.solver == Solver::Tgs;
        let h = if tgs {
            dt / s.position_iterations as f64
        } else {
            dt
        };
        let (k, c) = (d.stiffness, d.damping);
        let a = h * (h * k + c);
        let (x, vel_mul, bias) = if d.acceleration {
            let x = 1.0 / (1.0 + a);
            (x, -x * a * recip, k * x * recip * h)
        } else {
            let x = 1.0 / (1.0 + a * r);
            (x, -x * a, k * x * h)
        };
        let imp_mul = if tgs { 1.0 } else { 1.0 - x };
        let constant = bias * e;
        let max_impulse = match (engine, s.drive_limits_are_forces) {
            (false, _) => f64::INFINITY,
            (true, true) => s.force_limit * dt,
            (true, false) => s.force_limit,
        };
        let (mut acc, mut dq) = (0.0, 0.0);
        let mut solve = |v: &mut f64, velocity_iteration: bool, dq: f64, events: &mut Events| {
            let unclamped = if tgs && velocity_iteration {
                acc
            } else {
                acc * imp_mul + *v * vel_mul + constant - dq * bias
            };
            let f = unclamped.clamp(-max_impulse, max_impulse);
            *v += (f - acc) * r;
            acc = f;
            if engine && v.abs() > s.max_joint_velocity {
                let capped = s.max_joint_velocity.copysign(*v);
                *v += (capped - *v) * recip * r;
                events.capped = true;
            }
        };
        if tgs {
            for _ in 0..s.position_iterations {
                solve(&mut v, false, dq, &mut events);
                state.q += v * h;
                dq += v * h;
            }
            for _ in 0..s.velocity_iterations {
                solve(&mut v, true, dq, &mut events);
            }
        } else {
            for i in 0..s.position_iterations + s.velocity_iterations {
                solve(&mut v, i >= s.position_iterations, dq, &mut events);
            }
            state.q += v * dt;
        }
        state.v = v;
        // Sc::ArticulationSim::sleepCheck: each link's counter, the fixed root's runs
        // out on its own; an articulation joint is no counted interaction (cluster 1).
        let sleep_velocity = if tgs { (state.q - q0) / dt } else { v };
        if engine && state.falling_asleep {
            state.asleep = true;
            state.v = 0.0;
            events.slept = true;
        } else if engine
            && state
                .sleep
                .check(sleep_velocity, dt, s.sleep_threshold, 1.0)
        {
            state.falling_asleep = true;
        }
        events
    }

    fn read(state: &JointState) -> [f64; 2] {
        [state.q, state.v]
    }
}
