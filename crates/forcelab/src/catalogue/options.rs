//! The settings a law takes beyond its gains, declared once: the PID's clamps,
//! derivative, filter and anti-windup; the windowed PIDs' window and plant gain. The
//! Lab's config reads them (`lab::LawOptions`), checks them against these ranges, and
//! the page draws each law's controls from this list.

use crate::schema::{field, TsAlias, TsType};

/// How one option's value is given, with its range.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(
        tag = "type",
        rename_all = "camelCase",
        rename_all_fields = "camelCase"
    )
)]
pub enum OptionValue {
    /// A number, `default` when left out, accepted in `min..=max`; a slider spans
    /// `slider` (logarithmic when `log`); whole numbers only when `integer`.
    Number {
        /// The value the law runs with when the option is left out.
        default: f64,
        /// Smallest accepted value.
        min: f64,
        /// Largest accepted value.
        max: f64,
        /// The slider's span.
        slider: [f64; 2],
        /// Whether the slider is logarithmic.
        log: bool,
        /// Whether only whole numbers are accepted.
        integer: bool,
    },
    /// A limit: none when left out, else a positive number up to `max`; `typical` is
    /// what the page offers when the reader switches it on.
    Limit {
        /// The value offered when the limit is switched on.
        typical: f64,
        /// Largest accepted value.
        max: f64,
        /// The slider's span (logarithmic).
        slider: [f64; 2],
    },
    /// One of `choices` (`[id, label]`), `default` when left out.
    Choice {
        /// The ids and their labels.
        choices: &'static [[&'static str; 2]],
        /// The choice the law runs with when the option is left out.
        default: &'static str,
    },
}

/// One option of a law.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct LawOption {
    /// Its key in a Lab config's `options` (camelCase, as `lab::LawOptions` spells it).
    pub key: &'static str,
    /// Its short key in a Lab link (followed by the controller's index: `il0`).
    pub url_key: &'static str,
    /// Its name on the page.
    pub label: &'static str,
    /// Its unit; empty for a pure number, `"effort"` for the plant's effort unit (N on
    /// a moving body, N·m on a turning one, see `PlantId::effort`).
    pub unit: &'static str,
    /// What it does, in a sentence.
    pub help: &'static str,
    /// Its value's kind and range.
    pub value: OptionValue,
    /// Read only while another option has this choice (`[key, choice]`), as the
    /// back-calculation gain is read only with back-calculation.
    pub shown_when: Option<[&'static str; 2]>,
}

impl OptionValue {
    /// A number's shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS_NUMBER: TsType = TsType {
        name: "NumberOption",
        rust: "catalogue::OptionValue::Number",
        doc: "An option given as a number",
        fields: &[
            field("type", "'number'", ""),
            field("default", "number", ""),
            field("min", "number", "The least a reader may give."),
            field("max", "number", "The most a reader may give."),
            field("slider", "[number, number]", "The slider's range."),
            field("log", "boolean", "A slider over decades."),
            field("integer", "boolean", "Whole numbers only."),
        ],
    };
    /// A limit's shape on the page (`types.ts`).
    pub const TS_LIMIT: TsType = TsType {
        name: "LimitOption",
        rust: "catalogue::OptionValue::Limit",
        doc: "An option that is a limit, off unless given (in the plant's effort unit)",
        fields: &[
            field("type", "'limit'", ""),
            field("typical", "number", "Where it starts when switched on."),
            field("max", "number", "The most a reader may give."),
            field("slider", "[number, number]", "The slider's range."),
        ],
    };
    /// A choice's shape on the page (`types.ts`).
    pub const TS_CHOICE: TsType = TsType {
        name: "ChoiceOption",
        rust: "catalogue::OptionValue::Choice",
        doc: "An option that is one of a few choices",
        fields: &[
            field("type", "'choice'", ""),
            field("choices", "[string, string][]", "`[value, label]` each."),
            field("default", "string", ""),
        ],
    };
    /// The union on the page (`types.ts`).
    pub const TS: TsAlias = TsAlias {
        name: "OptionValue",
        rust: "catalogue::OptionValue",
        doc: "How a law option's value is given",
        variants: &[&Self::TS_NUMBER, &Self::TS_LIMIT, &Self::TS_CHOICE],
    };
}

impl LawOption {
    /// Its shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS: TsType = TsType {
        name: "LawOption",
        rust: "catalogue::LawOption",
        doc: "A setting of a law beyond its gains",
        fields: &[
            field("key", "string", "Its key in the core Lab's `options`."),
            field(
                "urlKey",
                "string",
                "Its key in a Lab link, followed by the controller's index.",
            ),
            field("label", "string", ""),
            field(
                "unit",
                "string",
                "Its unit; `effort` for the plant's effort unit.",
            ),
            field("help", "string", ""),
            field("value", "OptionValue", ""),
            field(
                "shownWhen",
                "[string, string] | null",
                "Read only while option `[0]` has choice `[1]`.",
            ),
        ],
    };
}

/// The effort unit marker of [`LawOption::unit`].
pub const EFFORT: &str = "effort";

/// The PID's options (`controllers::Pid`).
pub const PID_OPTIONS: &[LawOption] = &[
    LawOption {
        key: "integralLimit",
        url_key: "il",
        label: "integral clamp",
        unit: EFFORT,
        help: "The integral term's contribution is held within ± this.",
        value: OptionValue::Limit {
            typical: 20.0,
            max: 1e12,
            slider: [0.1, 1e4],
        },
        shown_when: None,
    },
    LawOption {
        key: "outputLimit",
        url_key: "ol",
        label: "output clamp",
        unit: EFFORT,
        help: "The actuator's limit: the output is held within ± this.",
        value: OptionValue::Limit {
            typical: 50.0,
            max: 1e12,
            slider: [0.1, 1e4],
        },
        shown_when: None,
    },
    LawOption {
        key: "derivativeOn",
        url_key: "don",
        label: "derivative on",
        unit: "",
        help: "On the error, a target step gives a one-step spike (derivative kick); on the measurement it gives none.",
        value: OptionValue::Choice {
            choices: &[["measurement", "measurement"], ["error", "error"]],
            default: "measurement",
        },
        shown_when: None,
    },
    LawOption {
        key: "derivativeFilter",
        url_key: "tf",
        label: "derivative filter",
        unit: "s",
        help: "Time constant of a first-order low-pass on the derivative term (0: none).",
        value: OptionValue::Number {
            default: 0.0,
            min: 0.0,
            max: 10.0,
            slider: [0.0, 0.5],
            log: false,
            integer: false,
        },
        shown_when: None,
    },
    LawOption {
        key: "antiWindup",
        url_key: "aw",
        label: "anti-windup",
        unit: "",
        help: "What stops the integral growing while the output is clamped.",
        value: OptionValue::Choice {
            choices: &[
                ["conditional-integration", "conditional integration"],
                ["back-calculation", "back-calculation"],
                ["clamp", "integral clamp only"],
            ],
            default: "conditional-integration",
        },
        shown_when: None,
    },
    LawOption {
        key: "kt",
        url_key: "kt",
        label: "tracking gain kt",
        unit: "1/s",
        help: "Back-calculation feeds kt × (clamped − unclamped output) back into the integral.",
        value: OptionValue::Number {
            default: 5.0,
            min: 0.0,
            max: 1e6,
            slider: [0.0, 50.0],
            log: false,
            integer: false,
        },
        shown_when: Some(["antiWindup", "back-calculation"]),
    },
];

/// The windowed PIDs' options (`controllers::WindowedPid`).
pub const WINDOW_OPTIONS: &[LawOption] = &[
    LawOption {
        key: "window",
        url_key: "win",
        label: "window",
        unit: "samples",
        help: "How many of the latest errors the integral keeps.",
        value: OptionValue::Number {
            default: 7.0,
            min: 3.0,
            max: 1000.0,
            slider: [3.0, 60.0],
            log: false,
            integer: true,
        },
        shown_when: None,
    },
    LawOption {
        key: "plantGain",
        url_key: "pg",
        label: "plant gain",
        unit: "",
        help: "Scales every term of the output.",
        value: OptionValue::Number {
            default: 1.0,
            min: -1000.0,
            max: 1000.0,
            slider: [0.0, 4.0],
            log: false,
            integer: false,
        },
        shown_when: None,
    },
];

impl LawOption {
    /// The option `key` among `options`.
    pub fn find(options: &'static [LawOption], key: &str) -> Option<&'static LawOption> {
        options.iter().find(|o| o.key == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_defaults_lie_in_range() {
        for set in [PID_OPTIONS, WINDOW_OPTIONS] {
            for (i, o) in set.iter().enumerate() {
                assert!(set[..i]
                    .iter()
                    .all(|p| p.key != o.key && p.url_key != o.url_key));
                match o.value {
                    OptionValue::Number {
                        default,
                        min,
                        max,
                        slider,
                        ..
                    } => {
                        assert!(min <= default && default <= max, "{}", o.key);
                        assert!(min <= slider[0] && slider[1] <= max, "{}", o.key);
                    }
                    OptionValue::Limit { typical, max, .. } => {
                        assert!(0.0 < typical && typical <= max)
                    }
                    OptionValue::Choice { choices, default } => {
                        assert!(choices.iter().any(|c| c[0] == default), "{}", o.key)
                    }
                }
                if let Some([on, choice]) = o.shown_when {
                    let other = LawOption::find(set, on).expect("shown_when names an option");
                    let OptionValue::Choice { choices, .. } = other.value else {
                        panic!("{} depends on a choice", o.key)
                    };
                    assert!(choices.iter().any(|c| c[0] == choice));
                }
            }
        }
    }
}
