//! The engine twin's shared scenario and runner.
//!
//! Every engine model answers one question the same way: a body of mass `m` (or moment
//! of inertia `I` about the drive's axis) at rest at 0, joined to the world by a
//! one-axis joint whose spring drive pulls it toward 1 m (or 1 rad), no gravity, no
//! contacts, stepped at `dt`: where is it after each step? The body is a ball of radius
//! [`BODY_RADIUS`] (the radius matters only to the engines' sleep tests).
//!
//! Each engine module writes its step once, as a `Model`; `run` records it and
//! `linear_map` reads the step's linear part off the same code by stepping the two
//! unit states with every cap, clamp and sleep test switched off (`Mode::Linear`).

use super::discrete::Map2;

/// The radius of the ball every twin drives, m: Jolt's, Box2D's and Rapier's sleep
/// tests watch points on its surface.
pub const BODY_RADIUS: f64 = 0.5;

/// The drive's target, m or rad: a unit step from rest at 0.
pub const TARGET: f64 = 1.0;

/// Whether a step runs the whole engine or only its linear part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Everything the engine does: caps, clamps, sleep, exact rotation.
    Engine,
    /// The linear part only: no caps, clamps, sleep or resets; rotation integrated as
    /// `angle += h w`. Used to read the one-step map.
    Linear,
}

/// The body a drive moves, and the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Plant {
    /// kg, or kg m^2 when `angular`.
    pub mass: f64,
    /// The engine's step, s.
    pub dt: f64,
    /// A revolute drive (rad) rather than a prismatic one (m).
    pub angular: bool,
    /// Where the drive pulls, m or rad.
    pub target: f64,
}

/// What happened in one step besides the motion, for the page's plain sentences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Events {
    /// The body was put to sleep (frozen) at the end of this step.
    pub slept: bool,
    /// A speed or rotation cap clipped the velocity during this step.
    pub capped: bool,
    /// The engine reset the body (MuJoCo's autoreset of a diverged state).
    pub reset: bool,
}

/// One engine's step of a spring drive on one body, written from its source.
pub(crate) trait Model {
    /// The drive's own numbers, as the engine takes them.
    type Drive;
    /// The engine's settings that change the motion.
    type Settings;
    /// Everything the engine carries from one step to the next.
    type State;
    /// The body at `x` (m or rad) moving at `v`, as if just created there.
    fn start(x: f64, v: f64, plant: &Plant, settings: &Self::Settings) -> Self::State;
    /// One step of the engine (`world.step(dt)` and its kin).
    fn step(
        state: &mut Self::State,
        drive: &Self::Drive,
        plant: &Plant,
        settings: &Self::Settings,
        mode: Mode,
    ) -> Events;
    /// Position (m or rad, as the engine reports it) and velocity.
    fn read(state: &Self::State) -> [f64; 2];
}

/// A predicted step response, and the events that shaped it.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Prediction {
    /// Position (m or rad) after each step.
    pub positions: Vec<f64>,
    /// The step (1 = the first) after which the engine put the body to sleep.
    pub asleep_after: Option<usize>,
    /// How many steps a speed or rotation cap clipped.
    pub capped_steps: usize,
    /// The first step after which the engine reset a diverged body.
    pub reset_after: Option<usize>,
    /// The first step after which the position left `[-1e12, 1e12]` or stopped being a
    /// number (the trace stops there; MuJoCo resets its bodies before that, at 1e10).
    pub diverged_after: Option<usize>,
}

/// Runs `M` from rest for `steps` steps.
pub(crate) fn run<M: Model>(
    drive: &M::Drive,
    plant: &Plant,
    settings: &M::Settings,
    steps: usize,
) -> Prediction {
    let mut state = M::start(0.0, 0.0, plant, settings);
    let mut out = Prediction {
        positions: Vec::with_capacity(steps),
        ..Prediction::default()
    };
    for k in 1..=steps {
        let events = M::step(&mut state, drive, plant, settings, Mode::Engine);
        let [x, _] = M::read(&state);
        if events.slept && out.asleep_after.is_none() {
            out.asleep_after = Some(k);
        }
        if events.reset && out.reset_after.is_none() {
            out.reset_after = Some(k);
        }
        out.capped_steps += usize::from(events.capped);
        // Also true for NaN: a run that stopped being a number has diverged.
        if x.is_nan() || x.abs() > 1e12 {
            out.diverged_after = Some(k);
            break;
        }
        out.positions.push(x);
    }
    out
}

/// The linear part of one step of `M`: `[e', v'] = A [e, v]` with `e` the error from the
/// target, read by stepping `(1, 0)` and `(0, 1)` toward a target at 0 in
/// [`Mode::Linear`].
pub(crate) fn linear_map<M: Model>(
    drive: &M::Drive,
    plant: &Plant,
    settings: &M::Settings,
) -> Map2 {
    let toward_zero = Plant {
        target: 0.0,
        ..*plant
    };
    let column = |x, v| {
        let mut state = M::start(x, v, &toward_zero, settings);
        M::step(&mut state, drive, &toward_zero, settings, Mode::Linear);
        M::read(&state)
    };
    let (a, b) = (column(1.0, 0.0), column(0.0, 1.0));
    [[a[0], b[0]], [a[1], b[1]]]
}

/// `x` clipped to `[-limit, limit]`, and whether it was clipped.
pub(crate) fn cap(x: f64, limit: f64) -> (f64, bool) {
    if x.abs() > limit {
        (limit.copysign(x), true)
    } else {
        (x, false)
    }
}

/// `x` rounded to the nearest `f32`: where an engine's single precision decides a
/// branch (a sleep timer reaching 0.5 s), the twin rounds as the engine does.
pub(crate) fn f32r(x: f64) -> f64 {
    x as f32 as f64
}
