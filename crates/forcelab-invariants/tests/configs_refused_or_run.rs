//! Invariant: every config the page sends, as JSON text or as a JavaScript-like value,
//! is refused (a parse error, or an error naming its field) or builds something that
//! steps, whose state stays finite after every step the core accepts. The fuzz targets
//! `config_json` and `config_values` check the same on bytes; inputs they once broke
//! on are kept below.

use forcelab_invariants::configs::{self, KINDS};
use proptest::prelude::*;
use serde_json::Value;

/// A number the way JSON or JavaScript could carry it (non-finite ones arrive as null).
fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-1e3..1e3f64).prop_map(Value::from),
        proptest::num::f64::NORMAL.prop_map(Value::from),
        Just(Value::from(0.0)),
        Just(Value::from(-0.0)),
        Just(Value::from(1e308)),
        Just(Value::from(5e-324)),
        Just(Value::Null),
        Just(Value::from("abc")),
        Just(Value::from(true)),
        (0u64..5000).prop_map(Value::from),
    ]
}

/// `template` with some of its leaves (numbers, strings, booleans) replaced.
fn mutate(template: &Value, picks: &mut impl Iterator<Item = Option<Value>>) -> Value {
    match template {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| (k.clone(), mutate(v, picks)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|v| mutate(v, picks)).collect()),
        leaf => picks.next().flatten().unwrap_or_else(|| leaf.clone()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        // Seeded, so a run is reproducible; `npm run fuzz` explores beyond these cases.
        rng_seed: proptest::test_runner::RngSeed::Fixed(20261121),
        failure_persistence: None,
        ..ProptestConfig::with_cases(1000)
    })]

    #[test]
    fn every_config_value_is_refused_or_runs(kind in 0..KINDS.len() as u8, picks in proptest::collection::vec(proptest::option::weighted(0.3, number()), 64)) {
        let value = mutate(&configs::template(kind), &mut picks.into_iter());
        configs::value(kind, &value);
    }

    #[test]
    fn every_config_text_is_refused_or_runs(kind in 0..KINDS.len() as u8, text in "\\{(\"[a-zA-Z]{1,14}\": ?(-?[0-9]{1,5}(\\.[0-9]{1,3})?(e-?[0-9]{1,3})?|null|true|\"x\"), ?){0,4}\\}") {
        configs::json(kind, &text);
    }
}

#[test]
fn every_default_config_runs() {
    for kind in 0..KINDS.len() as u8 {
        configs::value(kind, &configs::template(kind));
        configs::json(kind, &configs::template(kind).to_string());
    }
}

// Inputs that broke the invariant once, each with what was wrong and the fix.

/// A tumble with dt = 1e308: the body stepped to a NaN orientation and reported
/// success. Bodies now step on a copy and refuse a step whose result is not finite.
#[test]
fn regression_tumble_with_a_huge_dt() {
    configs::json(2, r#"{"dt": 1e308}"#);
}

/// An atlas with dt = 1e308: the cells' gains underflowed to 0 times infinity and the
/// radii were NaN. The atlas now takes dt in [1e-6, 1] s and axes in [1e-9, 1e9].
#[test]
fn regression_atlas_with_a_huge_dt() {
    configs::json(11, r#"{"dt": 1e308}"#);
    configs::json(11, r#"{"max": 1e308}"#);
}

/// A windowed PID with dt = 1e308: its integral overflowed to infinity and was returned
/// as a force. Every law's output is now checked and an overflow refused.
#[test]
fn regression_windowed_pid_with_a_huge_dt() {
    configs::json(6, r#"{"dt": 1e308}"#);
}

/// A convergence sweep with dt = 5e-324 ran (for ever, in effect): 30 s of steps that
/// small. The sweep now refuses more than 200,000 steps per run.
#[test]
fn regression_convergence_with_a_tiny_dt_is_refused_at_once() {
    let spec = forcelab::analysis::ConvergenceSpec {
        dt: 5e-324,
        ..Default::default()
    };
    let err = forcelab::analysis::convergence_sweep(&spec).unwrap_err();
    assert_eq!(err.field(), "dt");
}

/// Found by `npm run fuzz` (config_values): a tumble whose nudge was 1e300 started with
/// infinite energy, and its energy ratio was inf/inf. Tumble settings are now bounded
/// (spin and nudge within 200 rad/s, moments within 1e-6..1e6, dt within 1e-6..1 s).
#[test]
fn regression_fuzz_tumble_with_a_huge_nudge() {
    configs::value_from_bytes(&[
        0x3a, 0x08, 0x20, 0x28, 0x1e, 0x4b, 0x1e, 0xb2, 0xb2, 0x0a, 0xf0, 0x7f, 0x4f,
    ]);
}

/// Found by `npm run fuzz` (config_values, 60 s): a tumble with a tiny smallest moment
/// (0.00274 kg m^2) let the explicit body's spin grow until its energy, a square,
/// overflowed while the spin itself stayed finite. The tumble now stops with an error
/// at that step instead of reporting an infinite energy ratio.
#[test]
fn regression_fuzz_tumble_whose_energy_overflows() {
    configs::value_from_bytes(&[0x1e, 0xda, 0xb4, 0x0a, 0xb4, 0x0a]);
}
