//! Each of the Lab's TypeScript declarations (`TS_TYPES`) held to what serde writes:
//! the same keys, each value of the declared kind, with every
//! optional part both present and absent.

use super::*;
use crate::catalogue::LawId;
use crate::schema::checks::{fits, holds, json};
use crate::schema::TsType;
use serde_json::Value;

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
