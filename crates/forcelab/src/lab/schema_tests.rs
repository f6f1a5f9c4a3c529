//! Each of the Lab's TypeScript declarations (`TS_TYPES`) held to what serde writes:
//! the same keys, each value of the declared kind, with every
//! optional part both present and absent.

use super::*;
use crate::catalogue::LawId;
use crate::schema::TsType;
use serde_json::Value;

/// Whether `value` is what the TypeScript type `ty` says, for the types `TS_TYPES` use.
fn fits(ty: &str, value: &Value) -> bool {
    if let Some(some) = ty.strip_suffix(" | null") {
        return value.is_null() || fits(some, value);
    }
    if let Some(item) = ty.strip_suffix("[]") {
        return value
            .as_array()
            .is_some_and(|a| a.iter().all(|v| fits(item, v)));
    }
    match ty {
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "string" | "PlantId" | "IntegratorId" | "GainFormId" | "LawId" => value.is_string(),
        "[number, number]" => value
            .as_array()
            .is_some_and(|a| a.len() == 2 && a.iter().all(Value::is_number)),
        "Record<string, number | string>" => value
            .as_object()
            .is_some_and(|o| o.values().all(|v| v.is_number() || v.is_string())),
        // Another declared interface: an object, checked by its own declaration.
        _ => value.is_object(),
    }
}

/// Holds `ts` to serde's JSON of `value`: the same keys, each of its declared type.
fn holds(ts: &TsType, value: &Value) {
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("{} is written as an object", ts.name));
    // serde_json's map sorts its keys: the sets are compared, the order is the declaration's.
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    let mut declared: Vec<&str> = ts.fields.iter().map(|f| f.name).collect();
    keys.sort_unstable();
    declared.sort_unstable();
    assert_eq!(
        keys, declared,
        "{}: serde's keys and the declaration's",
        ts.name
    );
    for f in ts.fields {
        assert!(
            fits(f.ty, &object[f.name]),
            "{}.{}: {} is not {}",
            ts.name,
            f.name,
            object[f.name],
            f.ty
        );
    }
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("serialisable")
}

#[test]
fn every_declared_type_is_what_serde_writes_with_its_optional_parts_present_and_absent() {
    let busy = Disturbances {
        target_step: Some((3.0, 0.0)),
        sideswipe: Some((1.0, 2.0)),
        dt_spike: Some((1.0, 4.0)),
        ..Disturbances::default()
    };
    holds(&Disturbances::TS, &json(&Disturbances::default()));
    holds(&Disturbances::TS, &json(&busy));
    let options = LawOptions {
        output_limit: Some(5.0),
        ..LawOptions::default()
    };
    let law = LawSpec {
        kind: LawId::Pid.id().into(),
        kp: 100.0,
        kd: 10.0,
        ki: 1.0,
        options,
    };
    holds(&LawSpec::TS, &json(&law));
    holds(&LawSpec::TS, &json(&LawSpec::default()));
    let spec = LabSpec {
        controllers: vec![law],
        disturbances: busy,
        ..LabSpec::default()
    };
    holds(&LabSpec::TS, &json(&spec));
    holds(&LabSpec::TS, &json(&LabSpec::default()));
    holds(&SwitchedOn::TS, &json(&LAB_DEFAULTS.switched_on));
    holds(&LabDefaults::TS, &json(&LAB_DEFAULTS));
    // A run that settles (every figure a number) and one that never rises (nulls).
    let mut lab = spec.build().expect("builds");
    lab.step(600).expect("steps");
    let responses = lab.step_responses();
    for r in &responses {
        holds(&StepResponse::TS, &json(r));
        for m in &r.metrics {
            holds(&crate::analysis::StepMetrics::TS, &json(m));
        }
    }
    let never = crate::analysis::StepMetrics::of(
        &[0.0, 1.0],
        &[0.0, 0.0],
        &[],
        0.0,
        1.0,
        Default::default(),
    )
    .expect("a trace");
    assert!(never.rise_time.is_none());
    holds(&crate::analysis::StepMetrics::TS, &json(&never));
    // Every type the page reads is in the list core-data writes.
    let names: Vec<&str> = TS_TYPES.iter().map(|t| t.name).collect();
    assert_eq!(
        names,
        [
            "CoreDisturbances",
            "LawSpec",
            "LabSpec",
            "SwitchedOn",
            "LabDefaults",
            "Metrics",
            "StepResponse"
        ]
    );
}

#[test]
fn a_declaration_that_drifts_from_serde_is_caught() {
    // A field renamed in Rust, or typed wrongly in the declaration, fails `holds`.
    const WRONG: TsType = TsType {
        fields: &[crate::schema::field("kind", "number", "")],
        ..LawSpec::TS
    };
    let wrong = WRONG;
    let caught = std::panic::catch_unwind(|| holds(&wrong, &json(&LawSpec::default())));
    assert!(caught.is_err());
    assert!(!fits("number", &Value::Null));
    assert!(fits("[number, number] | null", &Value::Null));
    assert!(!fits("[number, number]", &serde_json::json!([1.0])));
}
