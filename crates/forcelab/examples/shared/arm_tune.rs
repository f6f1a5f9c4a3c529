//! `chain --tune`: the arm's tuning table (`forcelab::design::tune_arm`) as JSON.
use super::json;
use forcelab::design::{ArmTuning, ArmWish};

/// `{settle, overshoot, maxTorque}`, `null` where free.
fn wish(out: &mut String, w: &ArmWish) {
    out.push_str("{\"settle\":");
    json::number(out, w.settle.unwrap_or(f64::NAN));
    out.push_str(",\"overshoot\":");
    json::number(out, w.overshoot.unwrap_or(f64::NAN));
    out.push_str(",\"maxTorque\":");
    json::number(out, w.max_torque.unwrap_or(f64::NAN));
    out.push('}');
}

/// One object per drive: `drive`, `label`, `kp`, `kd`, `ki`, `meets`, `settle`,
/// `overshoot` (per joint), `peakTorque`, `finalError`, `failed`, `margins`, `binding`,
/// `nearest`, `evaluated`.
pub fn table(rows: &[ArmTuning]) -> String {
    let mut out = String::from("[");
    for (k, r) in rows.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push_str("{\"drive\":");
        json::string(&mut out, r.drive);
        out.push_str(",\"label\":");
        json::string(&mut out, r.label);
        for (key, x) in [("kp", r.gains.kp), ("kd", r.gains.kd), ("ki", r.gains.ki)] {
            out.push_str(&format!(",\"{key}\":"));
            json::number(&mut out, x);
        }
        out.push_str(&format!(",\"meets\":{}", r.meets));
        let f = &r.figures;
        out.push_str(",\"settle\":");
        json::number(&mut out, f.settle.unwrap_or(f64::NAN));
        out.push_str(",\"overshoot\":");
        json::numbers(&mut out, &f.overshoot);
        out.push_str(",\"peakTorque\":");
        json::number(&mut out, f.peak_torque);
        out.push_str(",\"finalError\":");
        json::number(&mut out, f.final_error);
        out.push_str(&format!(",\"failed\":{}", f.failed));
        out.push_str(",\"margins\":");
        let m = &r.margins;
        wish(
            &mut out,
            &ArmWish {
                settle: m.settle,
                overshoot: m.overshoot,
                max_torque: m.max_torque,
            },
        );
        out.push_str(",\"binding\":");
        match r.binding {
            Some(b) => json::string(&mut out, b),
            None => out.push_str("null"),
        }
        out.push_str(",\"nearest\":");
        match &r.nearest {
            Some(w) => wish(&mut out, w),
            None => out.push_str("null"),
        }
        out.push_str(&format!(",\"evaluated\":{}}}", r.evaluated));
    }
    out.push(']');
    out
}
