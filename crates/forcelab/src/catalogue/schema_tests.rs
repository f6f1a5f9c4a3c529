//! Each of the catalogue's TypeScript declarations (`TS_TYPES`, `TS_ALIASES`) held to
//! what serde writes for every law, option, plant, integrator and gain form there is.

use super::*;
use crate::gain_forms::{FormField, GainFormEntry};
use crate::schema::checks::{fits, holds, json};

#[test]
fn every_entry_of_the_catalogue_is_what_its_declaration_says() {
    let catalogue = Catalogue::get();
    for law in catalogue.laws {
        holds(&Law::TS, &json(law));
        for gain in law.gains {
            holds(&Gain::TS, &json(gain));
        }
        for option in law.options {
            holds(&LawOption::TS, &json(option));
            // The value is the variant its tag names, and that variant only.
            let value = json(&option.value);
            let variant = match option.value {
                OptionValue::Number { .. } => &OptionValue::TS_NUMBER,
                OptionValue::Limit { .. } => &OptionValue::TS_LIMIT,
                OptionValue::Choice { .. } => &OptionValue::TS_CHOICE,
            };
            holds(variant, &value);
            assert!(OptionValue::TS.variants.contains(&variant));
        }
    }
    for plant in &catalogue.plants {
        holds(&PlantEntry::TS, &json(plant));
        for c in plant.other_coordinates {
            holds(&Coordinate::TS, &json(c));
        }
    }
    for integrator in &catalogue.integrators {
        holds(&IntegratorEntry::TS, &json(integrator));
    }
    for form in &catalogue.gain_forms {
        holds(&GainFormEntry::TS, &json(form));
        for f in form.fields {
            holds(&FormField::TS, &json(f));
        }
    }
    // Every kind of option and a plant with other coordinates are among them.
    let options: Vec<_> = catalogue.laws.iter().flat_map(|l| l.options).collect();
    assert!(options
        .iter()
        .any(|o| matches!(o.value, OptionValue::Number { .. })));
    assert!(options
        .iter()
        .any(|o| matches!(o.value, OptionValue::Limit { .. })));
    assert!(options
        .iter()
        .any(|o| matches!(o.value, OptionValue::Choice { .. })));
    assert!(catalogue
        .plants
        .iter()
        .any(|p| !p.other_coordinates.is_empty()));
}

#[test]
fn a_literal_or_a_union_is_checked_by_value() {
    assert!(fits("'log'", &serde_json::json!("log")));
    assert!(!fits("'log'", &serde_json::json!("linear")));
    assert!(fits("'linear' | 'log'", &serde_json::json!("linear")));
    assert!(!fits("'linear' | 'log'", &serde_json::json!("cubic")));
    assert!(fits("LawId | null", &serde_json::Value::Null));
    assert!(fits("[string, string][]", &serde_json::json!([["a", "b"]])));
    assert!(!fits("[string, string][]", &serde_json::json!([["a"]])));
}
