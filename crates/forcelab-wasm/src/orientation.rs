//! The orientation twin, callable from JavaScript (chapter 11's figure). Conversion
//! only: the drives, their settings, parameters, the turn and what is read off it are
//! the core's (`forcelab::engines::orientation`).

use crate::config::{from_js, to_js};
use crate::error::js;
use forcelab::design::orientation::TurnWish;
#[cfg(feature = "orientation-tune")]
use forcelab::design::{orientation::tune_turn, Objective};
use forcelab::engines::orientation::axes::{statement, AxisStatement};
use forcelab::engines::orientation::exact::{report_exact, ExactNumbers, Numbers};
use forcelab::engines::orientation::{
    path_deviation, turn_effective, turned_about_axis, OrientationIntent, OrientationReport,
    MAX_STEPS,
};
use forcelab::engines::Parameter;
use forcelab::error::Error;
use glam::DQuat;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Points along the shortest path.
const PATH_POINTS: usize = 48;

fn wxyz(q: DQuat) -> [f64; 4] {
    [q.w, q.x, q.y, q.z]
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DriveJs {
    id: &'static str,
    engine: &'static str,
    engine_name: &'static str,
    api: &'static str,
    variant: &'static str,
    is_default: bool,
    settings: Vec<(&'static str, &'static str)>,
    changed: Vec<&'static str>,
    parameters: Vec<Parameter>,
    orientations: Vec<[f64; 4]>,
    /// rad, after each step.
    angles: Vec<f64>,
    resets: Vec<usize>,
    diverged_after: Option<usize>,
    /// rad.
    deviation: f64,
    /// degrees, signed and unwrapped.
    turned: Option<f64>,
    /// How the turn really moves along its axis, or `None` when no fit reads it.
    effective: Option<EffectiveJs>,
    /// With exact numbers asked: the frequency (Hz) and damping ratio handed to the
    /// drive's formula, or `None` when there are none (`exact_refused` says why).
    exact: Option<EffectiveJs>,
    exact_refused: Option<String>,
    /// With a wish asked: the tuner's answer for this drive.
    tuned: Option<TunedJs>,
    /// For a drive stepped: the spring its numbers make about each principal axis
    /// (`forcelab::engines::orientation::axes::statement`).
    axes: Option<AxisStatement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TunedJs {
    feasible: bool,
    /// Hz, handed to the drive's formula.
    frequency: f64,
    damping_ratio: f64,
    /// s, or `None` when not within 2 degrees by the end.
    settle: Option<f64>,
    overshoot_degrees: f64,
    /// N m.
    peak_torque: f64,
    binding: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EffectiveJs {
    /// Hz.
    frequency: f64,
    damping_ratio: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TurnJs {
    target: [f64; 4],
    shortest: Vec<[f64; 4]>,
    /// degrees, the shortest turn's angle (past 180 the other way round reads negative).
    shortest_degrees: f64,
    steps: usize,
    drives: Vec<DriveJs>,
}

/// Every orientation drive turning a body for `seconds` by `intent` (`{ frequency (Hz),
/// dampingRatio, inertia: [x, y, z] (kg m^2), axis: [x, y, z], degrees, dt (s), spin:
/// [x, y, z] (rad/s) }`, the figure's start for what is left out): `{ target: [w, x, y,
/// z], shortest: [[w, x, y, z], ...], shortestDegrees, steps, drives: [{ id, engine,
/// engineName, api, variant, isDefault, settings: [[key, value]], changed, parameters,
/// orientations: [[w, x, y, z] after each step], angles (rad to the target), resets,
/// divergedAfter, deviation (rad from the shortest path), turned (degrees about the
/// axis), effective: { frequency (Hz), dampingRatio } | null (the turn's fit) }] }`. With
/// `shown` (`["id/variant", ...]`) only those are stepped; the others come back with no
/// steps, so the list still names every drive and variant. With `exact`, each drive
/// stepped is handed its discrete-exact numbers for this turn where they exist
/// (`exact: { frequency, dampingRatio }` handed to its formula; `parameters` and the turn
/// are at those), or keeps the documented ones and says why in `exactRefused`. With
/// `wish` (`{ settle (s), overshootDegrees, maxTorque (N m) }`, each optional) instead,
/// each drive stepped is tuned for it over the run (`tuned: { feasible, frequency,
/// dampingRatio, settle, overshootDegrees, peakTorque, binding }`; `parameters` and the
/// turn are the tuned ones). A bad field is refused by name.
#[wasm_bindgen(js_name = orientationTurn)]
pub fn orientation_turn(
    intent: JsValue,
    seconds: f64,
    shown: Option<Vec<String>>,
    exact: Option<bool>,
    wish: JsValue,
) -> Result<JsValue, JsError> {
    let intent: OrientationIntent = from_js("intent", intent)?;
    js(intent.validate())?;
    let steps = seconds / intent.dt;
    if !(seconds > 0.0 && steps <= MAX_STEPS as f64) {
        return Err(JsError::new(&format!(
            "seconds must be above 0 and at most {MAX_STEPS} steps long, got {seconds}"
        )));
    }
    let steps = (steps.round() as usize).max(1);
    let target = intent.target();
    let keep = |id: &str, variant: &str| {
        shown
            .as_ref()
            .is_none_or(|s| s.iter().any(|k| k.split_once('/') == Some((id, variant))))
    };
    let numbers = if exact.unwrap_or(false) {
        Numbers::Exact
    } else {
        Numbers::Documented
    };
    let wish = read_wish(wish)?;
    let mut runs = Vec::new();
    // A tuned drive is stepped by its tuner: the list only names it.
    let listed = |id: &str, variant: &str| wish.is_none() && keep(id, variant);
    for e in js(report_exact(&intent, steps, listed, numbers))? {
        let kept = keep(e.report.drive.id, e.report.variant);
        match wish {
            Some(w) if kept => {
                let (report, answer) =
                    tuned(e.report.drive.id, e.report.variant, &intent, seconds, &w)?;
                runs.push((report, None, Some(answer)));
            }
            _ => runs.push((e.report, e.numbers, None)),
        }
    }
    let drives = runs
        .into_iter()
        .map(|(r, numbers, tuned)| {
            let kept = keep(r.drive.id, r.variant);
            Ok(DriveJs {
                axes: if kept {
                    Some(js(axes_of(&intent, &r, &numbers, &tuned))?)
                } else {
                    None
                },
                tuned,
                exact: numbers
                    .as_ref()
                    .and_then(|n| n.as_ref().ok())
                    .map(|n| EffectiveJs {
                        frequency: n.frequency,
                        damping_ratio: n.damping_ratio,
                    }),
                exact_refused: numbers.and_then(|n| n.err()).map(|e| e.to_string()),
                id: r.drive.id,
                engine: r.drive.engine.id(),
                engine_name: r.drive.engine.name(),
                api: r.drive.api,
                variant: r.variant,
                is_default: r.changed.is_empty(),
                angles: r.predicted.angle_to(target),
                deviation: path_deviation(&r.predicted.orientations, &intent),
                turned: turned_about_axis(&r.predicted.orientations, &intent),
                effective: turn_effective(&r.predicted.orientations, &r.predicted.resets, &intent)
                    .map(|e| EffectiveJs {
                        frequency: e.natural_frequency / core::f64::consts::TAU,
                        damping_ratio: e.damping_ratio,
                    }),
                orientations: r.predicted.orientations.iter().copied().map(wxyz).collect(),
                resets: r.predicted.resets,
                diverged_after: r.predicted.diverged_after,
                settings: r.settings,
                changed: r.changed,
                parameters: r.parameters,
            })
        })
        .collect::<Result<Vec<_>, JsError>>()?;
    let shortest = intent.shortest_turn();
    to_js(&TurnJs {
        target: wxyz(target),
        shortest: intent
            .shortest_path(PATH_POINTS)
            .into_iter()
            .map(wxyz)
            .collect(),
        shortest_degrees: shortest.dot(intent.unit_axis()).to_degrees(),
        steps,
        drives,
    })
}

/// The statement about the principal axes of a drive's numbers: the intent's, or the
/// exact or tuned frequency and damping ratio handed to its formula.
fn axes_of(
    intent: &OrientationIntent,
    r: &OrientationReport,
    exact: &Option<Result<ExactNumbers, Error>>,
    tuned: &Option<TunedJs>,
) -> Result<AxisStatement, Error> {
    let (frequency, damping_ratio) = match (exact, tuned) {
        (_, Some(t)) => (t.frequency, t.damping_ratio),
        (Some(Ok(n)), _) => (n.frequency, n.damping_ratio),
        _ => (intent.frequency, intent.damping_ratio),
    };
    statement(
        &intent.asking(frequency, damping_ratio),
        r.drive.id,
        r.variant,
    )
}

/// The wish of a call: `undefined` or `null` for none, refused by name when not one.
#[cfg(feature = "orientation-tune")]
fn read_wish(wish: JsValue) -> Result<Option<TurnWish>, JsError> {
    if wish.is_undefined() || wish.is_null() {
        return Ok(None);
    }
    let every = TurnWish {
        settle: Some(1.0),
        overshoot_degrees: Some(1.0),
        max_torque: Some(1.0),
    };
    Ok(Some(crate::config::from_js_known("wish", wish, &every)?))
}

/// Why this build refuses a wish.
#[cfg(not(feature = "orientation-tune"))]
const NO_TUNER: &str =
    "wish: this build of the orientation twin has no tuner (web/pkg-orientation-tune has)";

/// This build has no tuner (web/pkg-orientation-tune has): any wish is refused by name,
/// unread.
#[cfg(not(feature = "orientation-tune"))]
fn read_wish(wish: JsValue) -> Result<Option<TurnWish>, JsError> {
    if wish.is_undefined() || wish.is_null() {
        return Ok(None);
    }
    Err(JsError::new(NO_TUNER))
}

/// Drive `id` at `variant` tuned for `wish` on the turn, and the tuner's answer.
#[cfg(feature = "orientation-tune")]
fn tuned(
    id: &str,
    variant: &str,
    intent: &OrientationIntent,
    seconds: f64,
    wish: &TurnWish,
) -> Result<(OrientationReport, TunedJs), JsError> {
    let d = tune_turn(id, variant, intent, seconds, wish, Objective::Gentlest)
        .map_err(|e| JsError::new(&e.0))?;
    let answer = TunedJs {
        feasible: d.feasible,
        frequency: d.frequency,
        damping_ratio: d.damping_ratio,
        settle: d.settle,
        overshoot_degrees: d.overshoot_degrees,
        peak_torque: d.peak_torque,
        binding: d.binding,
    };
    Ok((d.report, answer))
}

/// This build has no tuner: [`read_wish`] has already refused any wish.
#[cfg(not(feature = "orientation-tune"))]
fn tuned(
    _: &str,
    _: &str,
    _: &OrientationIntent,
    _: f64,
    _: &TurnWish,
) -> Result<(OrientationReport, TunedJs), JsError> {
    Err(JsError::new(NO_TUNER))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TargetJs {
    axis: [f64; 3],
    degrees: f64,
    /// degrees, x, y, z.
    euler: [f64; 3],
    quaternion: [f64; 4],
}

/// `intent`'s target set from `values` read as `form`: `"euler"` (x, y, z in degrees,
/// `R = Rx Ry Rz`), `"quaternion"` (w, x, y, z; normalised within 1e-3 of unit length),
/// `"pointing"` (the direction for the body's long axis), or `""` for the intent's own;
/// returned in every form the page shows: `{ axis, degrees, euler, quaternion }`. The
/// conversions are the core's (`OrientationIntent::with_target_euler`,
/// `with_target_quaternion`, `with_target_pointing`); a bad value is refused by name.
#[wasm_bindgen(js_name = orientationTarget)]
pub fn orientation_target(
    intent: JsValue,
    form: &str,
    values: Vec<f64>,
) -> Result<JsValue, JsError> {
    let intent: OrientationIntent = from_js("intent", intent)?;
    let count = |n: usize| {
        if values.len() == n {
            Ok(())
        } else {
            Err(JsError::new(&format!(
                "{form}: {n} numbers, got {}",
                values.len()
            )))
        }
    };
    let set = match form {
        "" => intent,
        "euler" => {
            count(3)?;
            js(intent.with_target_euler([values[0], values[1], values[2]]))?
        }
        "quaternion" => {
            count(4)?;
            js(intent.with_target_quaternion([values[0], values[1], values[2], values[3]]))?
        }
        "pointing" => {
            count(3)?;
            js(intent.with_target_pointing([values[0], values[1], values[2]]))?
        }
        other => {
            return Err(JsError::new(&format!(
                "form: one of euler, quaternion and pointing, got {other:?}"
            )))
        }
    };
    js(set.validate())?;
    to_js(&TargetJs {
        axis: set.axis,
        degrees: set.degrees,
        euler: set.target_euler_degrees(),
        quaternion: wxyz(set.target()),
    })
}
