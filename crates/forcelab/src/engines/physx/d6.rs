//! The twin of a PhysX D6 joint drive on one rigid body (PGS and TGS), with the
//! body's damping, speed cap and sleep.

use super::*;

/// The D6 drive row for the pose `x`: its Jacobian along the body's axis and the error
/// it pulls on (`ExtD6Joint.cpp D6JointSolverPrep`). In [`Mode::Linear`] the rows are
/// taken at the target: `eTWIST` is `(1, x* - x)`, `eSLERP` `(1/2, (x* - x)/2)`.
pub(super) fn drive_row(
    x: f64,
    target: f64,
    angular: bool,
    drive: AngularDrive,
    mode: Mode,
) -> (f64, f64) {
    if !angular {
        return (1.0, target - x);
    }
    let d = if mode == Mode::Engine {
        let d = x - target;
        d - TAU * (d / TAU).round()
    } else {
        x - target
    };
    match (drive, mode) {
        (AngularDrive::Twist, Mode::Engine) => (1.0, -2.0 * math::sin(0.5 * d)),
        (AngularDrive::Twist, Mode::Linear) => (1.0, -d),
        (AngularDrive::Slerp, Mode::Engine) => (0.5 * math::cos(0.5 * d), -math::sin(0.5 * d)),
        (AngularDrive::Slerp, Mode::Linear) => (0.5, -0.5 * d),
    }
}

/// The spring row's solver constants (`compute1dConstraintSolverConstantsPGS` and
/// its TGS twin) for a step `h` and unit response `r`: `(x, velocity multiplier, bias
/// per unit error, impulse multiplier)`.
pub(super) fn spring_constants(
    k: f64,
    c: f64,
    h: f64,
    r: f64,
    acceleration: bool,
) -> (f64, f64, f64, f64) {
    let a = h * (h * k + c);
    if acceleration {
        let x = 1.0 / (1.0 + a);
        (x, -x * a / r, -x * k * h / r, 1.0 - x)
    } else {
        let x = 1.0 / (1.0 + a * r);
        (x, -x * a, -x * k * h, 1.0 - x)
    }
}

/// The twin of a PhysX D6 joint drive.
pub(crate) struct Physx;

/// What PhysX carries between steps for the body.
#[derive(Clone, Debug)]
pub(crate) struct State {
    x: f64,
    v: f64,
    asleep: bool,
    sleep: Sleep,
}

/// The wake counter of one body or link (`DySleep.cpp sleepCheck` for a rigid body,
/// `Sc::BodySim::updateWakeCounter` for an articulation link), in `f32` as PhysX keeps
/// it.
#[derive(Clone, Debug)]
pub(crate) struct Sleep {
    wake_counter: f64,
    velocity_sum: f64,
}

impl Sleep {
    /// A body just created: `sWakeCounterOnCreation = 20 * 0.02` s.
    pub(super) fn new() -> Sleep {
        Sleep {
            wake_counter: f32r(20.0 * 0.02),
            velocity_sum: 0.0,
        }
    }

    /// One step's check with the velocity `v` the solver reports; `cluster` is 1 plus
    /// the body's counted interactions (a D6 joint counts, an articulation joint does
    /// not). True when the counter has run out: the body goes to sleep.
    pub(super) fn check(&mut self, v: f64, dt: f64, threshold: f64, cluster: f64) -> bool {
        const RESET_TIME: f32 = 20.0 * 0.02; // wakeCounterResetTime
        let reset_time = RESET_TIME as f64;
        let dt = f32r(dt);
        let threshold_cluster = f32r(cluster * f32r(threshold));
        if self.wake_counter < f32r(reset_time * 0.5) || self.wake_counter < dt {
            self.velocity_sum = f32r(self.velocity_sum + v);
            let energy = f32r(0.5 * self.velocity_sum * self.velocity_sum);
            if energy >= threshold_cluster {
                let factor = if threshold_cluster == 0.0 {
                    2.0
                } else {
                    (energy / threshold_cluster).min(2.0)
                };
                self.wake_counter =
                    f32r(f32r(factor * 0.5 * reset_time) + f32r(dt * (cluster - 1.0)));
                self.velocity_sum = 0.0;
                return false;
            }
        }
        self.wake_counter = f32r(self.wake_counter - dt).max(0.0);
        if self.wake_counter == 0.0 {
            self.velocity_sum = 0.0;
            return true;
        }
        false
    }
}

impl Model for Physx {
    type Drive = Drive;
    type Settings = Config;
    type State = State;

    fn start(x: f64, v: f64, _: &Plant, _: &Config) -> State {
        State {
            x,
            v,
            asleep: false,
            sleep: Sleep::new(),
        }
    }

    fn step(state: &mut State, d: &Drive, plant: &Plant, s: &Config, mode: Mode) -> Events {
        let mut events = Events::default();
        if state.asleep {
            return events;
        }
        let engine = mode == Mode::Engine;
        let (m, dt) = (plant.mass, plant.dt);
        let (damping, limit) = if plant.angular {
            (s.angular_damping, s.max_angular_velocity)
        } else {
            (s.linear_damping, s.max_linear_velocity)
        };
        let mut v = state.v * (1.0 - damping * dt).max(0.0);
        if engine {
            let (capped, hit) = cap(v, limit);
            v = capped;
            events.capped = hit;
        }
        let (j, e) = drive_row(state.x, plant.target, plant.angular, s.angular_drive, mode);
        let r = j * j / m;
        let (k, c) = (d.stiffness, d.damping);
        let max_impulse = match (engine, s.drive_limits_are_forces) {
            (false, _) => f64::INFINITY,
            (true, true) => s.force_limit * dt,
            (true, false) => s.force_limit,
        };
        let clamp = |f: f64| f.clamp(-max_impulse, max_impulse);
        let x0 = state.x;
        let sleep_velocity;
        match s.solver {
            Solver::Pgs => {
                let (x, vel_mul, _, imp_mul) = spring_constants(k, c, dt, r, d.acceleration);
                let b = -dt * k * e;
                let constant = if d.acceleration { x * b / r } else { x * b } + (-j * v) * vel_mul;
                let (mut applied, mut dv) = (0.0, 0.0);
                for _ in 0..s.position_iterations + s.velocity_iterations {
                    let f = clamp(applied * imp_mul + vel_mul * (-j * dv) + constant);
                    dv -= j * (f - applied) / m;
                    applied = f;
                }
                v += dv;
                state.x += v * dt;
                sleep_velocity = v;
            }
            Solver::Tgs => {
                let n = s.position_iterations;
                let h = dt / n as f64;
                let (_, vel_mul, bias_k, _) = spring_constants(k, c, h, r, d.acceleration);
                let (mut moved, mut applied) = (0.0, 0.0);
                for _ in 0..n {
                    let mut bias = bias_k * (e - j * moved);
                    if s.legacy_tgs {
                        let max_bias = if plant.angular { 1.5 } else { 15.0 } / dt / r;
                        bias = bias.clamp(-max_bias, max_bias);
                    }
                    let f = clamp(applied + vel_mul * (-j * v) + bias);
                    v -= j * (f - applied) / m;
                    applied = f;
                    state.x += v * h;
                    moved += v * h;
                }
                if s.legacy_tgs {
                    for _ in 0..s.velocity_iterations {
                        let f = clamp(applied + vel_mul * (-j * v));
                        v -= j * (f - applied) / m;
                        applied = f;
                    }
                }
                sleep_velocity = (state.x - x0) / dt;
            }
        }
        state.v = v;
        // The body and its D6 joint, which counts as one interaction: a cluster of 2.
        if engine
            && state
                .sleep
                .check(sleep_velocity, dt, s.sleep_threshold, 2.0)
        {
            state.asleep = true;
            state.v = 0.0;
            events.slept = true;
        }
        events
    }

    fn read(state: &State) -> [f64; 2] {
        [state.x, state.v]
    }
}
