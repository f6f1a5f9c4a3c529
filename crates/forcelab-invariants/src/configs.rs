//! Invariant: every config object the page sends the core, whether as JSON text or as a
//! dynamic (JavaScript-like) value, is either refused (a parse error, or an `Error`
//! whose message names the field) or builds something that steps without panicking,
//! and whose state stays finite after every step the core accepts.
//!
//! Config kinds, in the order a fuzzer's first byte picks them: see [`KINDS`].

use crate::laws::named;
use crate::runs::{assert_finite, step_dive, step_lab, step_pursuit, step_tumble};
use forcelab::analysis::{convergence_sweep, Atlas, AtlasSpec, ConvergenceSpec};
use forcelab::analysis::{MetricsOptions, StepMetrics};
use forcelab::controllers::{
    HeadingController, Missile, MovingEntity, Pid, SteeringOutput, SubmarineAttitude, WindowedPid,
};
use forcelab::engines::{entries, report, translate, Intent};
use forcelab::lab::Disturbances;
use forcelab::scenes::{default_waypoints, Dive, DiveSettings, Orders, Pursuit};
use forcelab::scenes::{PursuitSettings, Tumble, TumbleSettings};
use forcelab::{Body2, Body3, Integrator};
use glam::DVec2;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The config types, by the name the bindings give their argument.
pub const KINDS: [&str; 14] = [
    "pursuit",
    "dive",
    "tumble",
    "disturbances",
    "intent",
    "pid",
    "windowedPid",
    "heading",
    "missile",
    "entity",
    "submarine",
    "atlas",
    "convergence",
    "metrics",
];

/// Parses `text` as config kind `kind` (modulo [`KINDS`]) and exercises what it builds.
pub fn json(kind: u8, text: &str) {
    dispatch(kind, Source::Text(text));
}

/// Reads `value` (as a JavaScript object arrives) as config kind `kind` and exercises it.
pub fn value(kind: u8, value: &Value) {
    dispatch(kind, Source::Value(value));
}

/// A default config of `kind` as a dynamic value: the template a structure-aware fuzzer
/// mutates field by field.
pub fn template(kind: u8) -> Value {
    fn to<T: serde::Serialize + Default>() -> Value {
        serde_json::to_value(T::default()).expect("defaults serialise")
    }
    match usize::from(kind) % KINDS.len() {
        0 => to::<PursuitSettings>(),
        1 => to::<DiveSettings>(),
        2 => to::<TumbleSettings>(),
        3 => to::<Disturbances>(),
        4 => to::<Intent>(),
        5 => to::<Pid>(),
        6 => to::<WindowedPid>(),
        7 => to::<HeadingController>(),
        8 => to::<Missile>(),
        9 => to::<MovingEntity>(),
        10 => to::<SubmarineAttitude>(),
        11 => to::<AtlasSpec>(),
        12 => to::<ConvergenceSpec>(),
        _ => to::<MetricsOptions>(),
    }
}

#[derive(Clone, Copy)]
enum Source<'a> {
    Text(&'a str),
    Value(&'a Value),
}

impl Source<'_> {
    fn get<T: DeserializeOwned>(self) -> Option<T> {
        match self {
            Source::Text(text) => serde_json::from_str(text).ok(),
            Source::Value(value) => T::deserialize(value).ok(),
        }
    }
}

fn dispatch(kind: u8, source: Source) {
    match usize::from(kind) % KINDS.len() {
        0 => source.get().into_iter().for_each(pursuit),
        1 => source.get().into_iter().for_each(dive),
        2 => source.get().into_iter().for_each(tumble),
        3 => source.get().into_iter().for_each(disturbances),
        4 => source.get().into_iter().for_each(intent),
        5 => source.get().into_iter().for_each(pid),
        6 => source.get().into_iter().for_each(windowed),
        7 => source.get().into_iter().for_each(heading),
        8 => source.get().into_iter().for_each(missile),
        9 => source.get().into_iter().for_each(entity),
        10 => source.get().into_iter().for_each(submarine),
        11 => source.get().into_iter().for_each(atlas),
        12 => source.get().into_iter().for_each(convergence),
        _ => source.get().into_iter().for_each(metrics),
    }
}

const STEPS: usize = 60;

fn pursuit(s: PursuitSettings) {
    if let Some(mut p) = named(Pursuit::new(s, default_waypoints())) {
        step_pursuit(&mut p, STEPS);
    }
}

fn dive(s: DiveSettings) {
    if s.boats.len() > 16 {
        return; // a long list only costs time; each boat is checked alike
    }
    if let Some(mut d) = named(Dive::new(s)) {
        let _ = named(d.set_orders(Orders {
            pitch: 0.3,
            roll: 0.2,
            rudder: 1.0,
        }));
        step_dive(&mut d, STEPS);
    }
}

fn tumble(s: TumbleSettings) {
    if let Some(mut t) = named(Tumble::new(s)) {
        step_tumble(&mut t, STEPS);
    }
}

fn disturbances(d: Disturbances) {
    step_lab(&[100.0, 20.0, 1.0, 1.0 / 60.0, 1.0], &[0, 1, 2, 3], Some(d));
}

fn intent(i: Intent) {
    if let Some(rows) = named(translate(&i)) {
        for row in &rows {
            assert_finite("engine gains", &[row.kp, row.kd]);
        }
        // Every engine twin at its defaults: a diverging run stops its trace instead of
        // reporting a non-finite position.
        for entry in entries() {
            if let Some(r) = named(report(
                entry,
                &i,
                "default",
                &entry.default_settings(),
                STEPS,
            )) {
                assert_finite("engine twin", &r.predicted.positions);
                if let Some(exact) = &r.predicted_exact {
                    assert_finite("engine twin (discrete-exact)", &exact.positions);
                }
            }
        }
    }
}

fn pid(mut p: Pid) {
    for k in 0..STEPS {
        if let Some(terms) = named(p.step(1.0, k as f64 * 0.01, 1.0 / 60.0)) {
            assert_finite("pid terms", &[terms.total]);
        }
    }
}

fn windowed(mut w: WindowedPid) {
    if w.window > 10_000 {
        return; // memory, not a law: the page caps the window
    }
    for k in 0..STEPS {
        if let Some(terms) = named(w.add_sample(1.0 - k as f64 * 0.01)) {
            assert_finite("windowed terms", &[terms.total]);
        }
    }
}

fn heading(mut h: HeadingController) {
    let body = Body2::default();
    for k in 0..STEPS {
        let _ = named(h.torque(&body, 0.0, k as f64 * 0.1));
    }
}

fn missile(mut m: Missile) {
    chase("missile", |body| {
        m.control(body, DVec2::new(5.0, 3.0), 1.0 / 60.0)
    });
}

fn entity(mut m: MovingEntity) {
    chase("entity", |body| {
        m.control(body, DVec2::new(5.0, 3.0), 1.0 / 60.0)
    });
}

/// A body at rest steered by `control` for [`STEPS`] steps; it stays finite.
fn chase(what: &str, mut control: impl FnMut(&Body2) -> Result<SteeringOutput, forcelab::Error>) {
    let mut body = Body2::default();
    for _ in 0..STEPS {
        let Some(out) = named(control(&body)) else {
            return;
        };
        if named(body.step(out.force, out.torque.total, 1.0 / 60.0)).is_none() {
            return;
        }
        assert_finite(what, &[body.position.x, body.position.y, body.angle]);
    }
}

fn submarine(mut s: SubmarineAttitude) {
    let body = Body3::default();
    for _ in 0..STEPS {
        let _ = named(s.torque(&body, 0.3, -0.2, 1.0 / 60.0));
    }
}

fn atlas(spec: AtlasSpec) {
    if spec.points > 64 {
        return; // a 4096-point atlas is legal but takes a second: too slow per input
    }
    for law in forcelab::catalogue::linear_laws() {
        if let Some(a) = named(Atlas::compute(law, Integrator::SemiImplicitEuler, spec)) {
            assert!(a.radii.iter().all(|r| !r.is_nan()), "a NaN spectral radius");
        }
    }
}

fn convergence(spec: ConvergenceSpec) {
    if let Some(series) = named(convergence_sweep(&spec)) {
        for s in series {
            for (t, landed) in s.points {
                assert_finite("convergence", &[t, landed.unwrap_or(0.0)]);
            }
        }
    }
}

fn metrics(options: MetricsOptions) {
    let times = [0.0, 0.1, 0.2, 0.3, 0.4];
    let values = [0.0, 0.6, 1.1, 0.98, 1.0];
    let _ = named(StepMetrics::of(&times, &values, &values, 0.0, 1.0, options));
}

/// The first byte picks the kind; the rest is the JSON text (the fuzz target's entry).
pub fn json_from_bytes(bytes: &[u8]) {
    if let Some((&kind, text)) = bytes.split_first() {
        json(kind, &String::from_utf8_lossy(text));
    }
}

/// The first byte picks the kind; the rest decides, leaf by leaf, whether each field of
/// its default config keeps its value or becomes a number, null, a string or a boolean
/// (the fuzz target's entry).
pub fn value_from_bytes(bytes: &[u8]) {
    let mut n = crate::numbers::Numbers::new(bytes);
    let kind = n.byte();
    let v = replace_leaves(&template(kind), &mut n);
    value(kind, &v);
}

fn replace_leaves(template: &Value, n: &mut crate::numbers::Numbers) -> Value {
    match template {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| (k.clone(), replace_leaves(v, n)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|v| replace_leaves(v, n)).collect()),
        leaf => match n.byte() % 8 {
            0..=2 => leaf.clone(),
            // serde_json writes a non-finite number as null, as JSON.stringify does.
            3..=5 => serde_json::Number::from_f64(n.number()).map_or(Value::Null, Value::Number),
            6 => Value::from(u64::from(n.byte()) * 1000),
            _ => [
                Value::Null,
                Value::from("abc"),
                Value::from(true),
                Value::from(-1),
            ][usize::from(n.byte() % 4)]
            .clone(),
        },
    }
}
