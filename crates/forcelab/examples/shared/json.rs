//! The few JSON writers the core's commands share (the core has no JSON dependency):
//! numbers (`null` for a non-finite one), strings with their escapes, optional counts,
//! lists of numbers and of names, a drive's named parameters.
// Each command uses some of them.
#![allow(dead_code)]
use forcelab::engines::Parameter;
use std::fmt::Write;

/// `x`, or `null` when it is not finite (JSON has no NaN or infinity).
pub fn number(out: &mut String, x: f64) {
    if x.is_finite() {
        write!(out, "{x}").unwrap();
    } else {
        out.push_str("null");
    }
}

/// `s` quoted, with `"`, `\` and control characters escaped.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `n`, or `null`.
pub fn optional(out: &mut String, x: Option<usize>) {
    match x {
        Some(n) => write!(out, "{n}").unwrap(),
        None => out.push_str("null"),
    }
}

/// `[x, ...]`, each as [`number`].
pub fn numbers(out: &mut String, values: &[f64]) {
    out.push('[');
    for (i, &x) in values.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        number(out, x);
    }
    out.push(']');
}

/// `["a", ...]`.
pub fn strings(out: &mut String, values: &[&str]) {
    out.push('[');
    for (i, s) in values.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, s);
    }
    out.push(']');
}

/// `[{"name", "value", "unit"}, ...]`.
pub fn parameters(out: &mut String, ps: &[Parameter]) {
    out.push('[');
    for (i, p) in ps.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"name\":");
        string(out, p.name);
        out.push_str(",\"value\":");
        number(out, p.value);
        out.push_str(",\"unit\":");
        string(out, p.unit);
        out.push('}');
    }
    out.push(']');
}
