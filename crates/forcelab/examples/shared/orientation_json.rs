//! The orientation command's JSON: one report per drive and variant, with its exact
//! numbers, its springs about each axis and its tuner's answer when asked.

use super::json::{number, numbers, optional, parameters, string, strings};
use forcelab::design::orientation::TurnDesign;
use forcelab::engines::orientation::axes::AxisStatement;
use forcelab::engines::orientation::exact::ExactNumbers;
use forcelab::engines::orientation::OrientationReport;
use forcelab::error::Error;
use std::fmt::Write;

/// One report as JSON; `exact` is the solve's answer and window when exact numbers were
/// asked, `axes` the springs its numbers make about each axis when asked.
pub fn json(
    r: &OrientationReport,
    exact: Option<(&Result<ExactNumbers, Error>, usize)>,
    axes: Option<&AxisStatement>,
) -> String {
    let mut o = String::from("{\"id\":");
    string(&mut o, r.drive.id);
    o.push_str(",\"engine\":");
    string(&mut o, r.drive.engine.id());
    o.push_str(",\"api\":");
    string(&mut o, r.drive.api);
    o.push_str(",\"variant\":");
    string(&mut o, r.variant);
    write!(o, ",\"isDefault\":{}", r.changed.is_empty()).unwrap();
    o.push_str(",\"settings\":{");
    for (i, (key, value)) in r.settings.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        string(&mut o, key);
        o.push(':');
        string(&mut o, value);
    }
    o.push_str("},\"changed\":");
    strings(&mut o, &r.changed);
    o.push_str(",\"parameters\":");
    parameters(&mut o, &r.parameters);
    o.push_str(",\"writtenFor\":");
    numbers(&mut o, &r.written_for);
    if let Some(a) = axes {
        axes_json(&mut o, a);
    }
    o.push_str(",\"predicted\":[");
    for (i, q) in r.predicted.orientations.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        o.push('[');
        for (j, x) in [q.w, q.x, q.y, q.z].into_iter().enumerate() {
            if j > 0 {
                o.push(',');
            }
            number(&mut o, x);
        }
        o.push(']');
    }
    o.push_str("],\"events\":{\"resets\":[");
    for (i, k) in r.predicted.resets.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        write!(o, "{k}").unwrap();
    }
    o.push(']');
    o.push_str(",\"divergedAfter\":");
    optional(&mut o, r.predicted.diverged_after);
    o.push('}');
    if let Some((_, steps)) = exact {
        write!(o, ",\"fitSteps\":{steps}").unwrap();
    }
    o.push_str(",\"numbers\":");
    match exact.map(|(numbers, _)| numbers) {
        Some(Ok(n)) => {
            o.push_str("\"exact\",\"asked\":{\"frequency\":");
            number(&mut o, n.frequency);
            o.push_str(",\"dampingRatio\":");
            number(&mut o, n.damping_ratio);
            o.push('}');
        }
        Some(Err(e)) => {
            o.push_str("\"documented\",\"exactRefused\":");
            string(&mut o, &e.to_string());
        }
        None => o.push_str("\"documented\""),
    }
    o.push('}');
    o
}

/// `,"axes":{...}` for one drive's statement.
fn axes_json(o: &mut String, a: &AxisStatement) {
    o.push_str(",\"axes\":{\"springs\":[");
    for (i, s) in a.springs.0.iter().enumerate() {
        if i > 0 {
            o.push(',');
        }
        match s {
            Some(s) => {
                o.push_str("{\"frequency\":");
                number(o, s.frequency);
                o.push_str(",\"dampingRatio\":");
                number(o, s.damping_ratio);
                write!(o, ",\"steps\":{}}}", s.steps).unwrap();
            }
            None => o.push_str("null"),
        }
    }
    o.push_str("],\"even\":");
    o.push_str(match a.even {
        Some(true) => "true",
        Some(false) => "false",
        None => "null",
    });
    o.push_str(",\"alternative\":");
    match a.alternative {
        Some(d) => {
            o.push_str("{\"id\":");
            string(o, d.id);
            o.push_str(",\"variant\":");
            string(o, d.variant);
            o.push('}');
        }
        None => o.push_str("null"),
    }
    o.push_str(",\"evenGains\":");
    match a.even_gains {
        Some((k, c)) => {
            o.push_str("{\"stiffness\":");
            numbers(o, &k);
            o.push_str(",\"damping\":");
            numbers(o, &c);
            o.push('}');
        }
        None => o.push_str("null"),
    }
    o.push('}');
}

/// A tuned drive's report with its `tuned` object.
pub fn tuned_json(d: &TurnDesign, axes: Option<&AxisStatement>) -> String {
    let mut o = json(&d.report, None, axes);
    o.pop();
    write!(o, ",\"tuned\":{{\"feasible\":{},\"frequency\":", d.feasible).unwrap();
    number(&mut o, d.frequency);
    o.push_str(",\"dampingRatio\":");
    number(&mut o, d.damping_ratio);
    o.push_str(",\"settle\":");
    match d.settle {
        Some(s) => number(&mut o, s),
        None => o.push_str("null"),
    }
    o.push_str(",\"overshootDegrees\":");
    number(&mut o, d.overshoot_degrees);
    o.push_str(",\"peakTorque\":");
    number(&mut o, d.peak_torque);
    o.push_str(",\"binding\":");
    match d.binding {
        Some(b) => string(&mut o, b),
        None => o.push_str("null"),
    }
    o.push_str("}}");
    o
}
