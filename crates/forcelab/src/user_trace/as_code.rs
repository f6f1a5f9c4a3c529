//! "Copy as code" for a trace's explanation (issue 47, item 4): the numbers to set, as
//! assignments in the engine's own field names, with the settings that differ from the
//! engine's defaults, for pasting beside the engine's drive setup.

use super::explain::Match;
use crate::catalogue::LawId;
use crate::engines::settings::Value;
use crate::engines::{entry, Parameter};

/// The lines to paste: a comment naming the API (or the Lab's law) and its settings,
/// then `name = value; // unit` for each of `parameters` (the match's own, or what to
/// set instead), then each setting the match's variant changes from the defaults.
/// `why` says what the numbers are for, in a few words.
pub fn as_code(m: &Match, parameters: &[Parameter], why: &str) -> String {
    let (api, settings) = match entry(m.id) {
        Some(e) => (
            e.api.to_string(),
            e.variant(m.variant)
                .map(|s| {
                    s.values()
                        .into_iter()
                        .filter(|(k, _)| m.changed.contains(k))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default(),
        ),
        None => (
            LawId::from_id(m.id).map_or(m.id.to_string(), |l| {
                format!("forcelab's {} ({} integrator)", l.law().label, m.variant)
            }),
            Vec::new(),
        ),
    };
    let mut out = format!("// {api}: {why}\n");
    for p in parameters {
        let unit = if p.unit.is_empty() {
            String::new()
        } else {
            format!(" // {}", p.unit)
        };
        out.push_str(&format!("{} = {};{unit}\n", p.name, p.value));
    }
    if !settings.is_empty() {
        out.push_str("// settings that differ from the engine's defaults:\n");
        for (key, value) in settings {
            let text = match value {
                Value::Number(x) => format!("{x}"),
                Value::Flag(b) => format!("{b}"),
                Value::Choice(c) => format!("{c:?}"),
            };
            out.push_str(&format!("{key} = {text};\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_match(id: &'static str, variant: &'static str, changed: Vec<&'static str>) -> Match {
        Match {
            id,
            variant,
            changed,
            knobs: [2.0, 0.5],
            parameters: vec![
                Parameter {
                    name: "hertz",
                    value: 2.0,
                    unit: "Hz",
                },
                Parameter {
                    name: "dampingRatio",
                    value: 0.5,
                    unit: "",
                },
            ],
            rms_error: 0.0,
            max_error: 0.0,
            exact: true,
            target: 1.0,
        }
    }

    #[test]
    fn the_code_names_the_api_the_numbers_and_the_changed_settings() {
        let changed = entry("box2d-v3")
            .unwrap()
            .variant("sub-steps-1")
            .unwrap()
            .changed();
        assert_eq!(changed.len(), 1);
        let m = a_match("box2d-v3", "sub-steps-1", changed.clone());
        let code = as_code(&m, &m.parameters, "what explains your trace");
        assert!(code.starts_with("// Box2D"), "{code}");
        assert!(
            code.contains("hertz = 2; // Hz\ndampingRatio = 0.5;\n"),
            "{code}"
        );
        assert!(code.contains(&format!("{} = 1;", changed[0])), "{code}");
        let lab = a_match("spd", "rk4", vec!["integrator"]);
        let code = as_code(&lab, &lab.parameters, "x");
        assert!(
            code.contains("forcelab's") && code.contains("rk4"),
            "{code}"
        );
    }
}

/// One sentence per setting the match's variant changes from the engine's defaults (issue
/// 47, item 3): its label, the value and the default, and what it does to the drive's
/// motion (the setting's own note, declared once with the setting). For a Lab law, the
/// integrator it was stepped with when that is not the Lab's default.
pub fn differences(m: &Match) -> Vec<String> {
    let text = |v: Value| match v {
        Value::Number(x) => format!("{x}"),
        Value::Flag(b) => (if b { "on" } else { "off" }).to_string(),
        Value::Choice(c) => c.to_string(),
    };
    let Some(e) = entry(m.id) else {
        return m
            .changed
            .iter()
            .map(|_| {
                format!(
                    "Stepped by {}, not the Lab's semi-implicit Euler.",
                    m.variant
                )
            })
            .collect();
    };
    let Some(settings) = e.variant(m.variant) else {
        return Vec::new();
    };
    let values = settings.values();
    settings
        .defs()
        .iter()
        .filter(|d| m.changed.contains(&d.key))
        .filter_map(|d| {
            let (_, v) = values.iter().find(|(k, _)| *k == d.key)?;
            Some(format!(
                "{} is {} here, {} by default: {}",
                d.label,
                text(*v),
                text(d.default),
                d.note
            ))
        })
        .collect()
}

#[cfg(test)]
mod difference_tests {
    use super::*;

    #[test]
    fn each_changed_setting_is_said_with_its_default_and_what_it_does() {
        let e = entry("box2d-v3").unwrap();
        let settings = e.variant("sub-steps-1").unwrap();
        let m = Match {
            id: "box2d-v3",
            variant: "sub-steps-1",
            changed: settings.changed(),
            knobs: [1.0, 1.0],
            parameters: Vec::new(),
            rms_error: 0.0,
            max_error: 0.0,
            exact: true,
            target: 1.0,
        };
        let said = differences(&m);
        assert_eq!(said.len(), 1);
        let def = settings
            .defs()
            .iter()
            .find(|d| d.key == m.changed[0])
            .unwrap();
        assert!(
            said[0].starts_with(def.label) && said[0].ends_with(def.note),
            "{said:?}"
        );
        assert!(said[0].contains(" is 1 here, 4 by default"), "{said:?}");
        let lab = Match {
            id: "spd",
            variant: "rk4",
            changed: vec!["integrator"],
            ..m
        };
        assert_eq!(
            differences(&lab),
            ["Stepped by rk4, not the Lab's semi-implicit Euler."]
        );
    }
}
