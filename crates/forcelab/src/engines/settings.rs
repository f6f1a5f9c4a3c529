//! An engine's settings that change how a drive moves, declared once per setting: the
//! typed field, its public key, label, range, default and a sentence on what it does.
//! The command line, the bindings, the page's controls and the real-engine tests all
//! read settings through [`SettingDef`] and [`Value`], so none keeps its own list.

use crate::error::Error;

/// A setting's value, as a program outside Rust sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A count or a number (units in the setting's [`Kind`]).
    Number(f64),
    /// On or off.
    Flag(bool),
    /// One of the setting's named options.
    Choice(&'static str),
}

/// A number, `true`/`false` or the option's name, as JSON writes them.
#[cfg(feature = "serde")]
impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Value::Number(x) => s.serialize_f64(x),
            Value::Flag(b) => s.serialize_bool(b),
            Value::Choice(c) => s.serialize_str(c),
        }
    }
}

/// What values a setting takes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "camelCase")
)]
pub enum Kind {
    /// A whole number in `min..=max` (substeps, iterations).
    Count {
        /// Smallest accepted.
        min: u32,
        /// Largest accepted.
        max: u32,
    },
    /// A real number in `min..=max`, in `unit`.
    Number {
        /// Smallest accepted.
        min: f64,
        /// Largest accepted.
        max: f64,
        /// The unit ("" for a pure number).
        unit: &'static str,
    },
    /// On or off.
    Flag,
    /// One of these names.
    Choice {
        /// The names, in order.
        options: &'static [&'static str],
    },
}

/// One setting: its key (camelCase, as in JSON and links), label, kind, default and why
/// it matters.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SettingDef {
    /// The key in JSON, links and the command line.
    pub key: &'static str,
    /// For people, with the engine's own name for it.
    pub label: &'static str,
    /// What values it takes.
    pub kind: Kind,
    /// The engine's default.
    pub default: Value,
    /// What it does to the drive's motion, in a sentence or two.
    pub note: &'static str,
}

impl SettingDef {
    /// Checks `value` against the setting's kind; the error names the key and the value.
    pub fn check(&self, value: Value) -> Result<Value, Error> {
        let wrong = |reason| Error::Unsupported {
            field: self.key,
            reason,
        };
        match (self.kind, value) {
            (Kind::Count { min, max }, Value::Number(x)) => {
                crate::error::in_range(self.key, x, min as f64, max as f64)?;
                if x.fract() != 0.0 {
                    return Err(wrong("must be a whole number"));
                }
                Ok(value)
            }
            (Kind::Number { min, max, .. }, Value::Number(x)) => {
                crate::error::in_range(self.key, x, min, max).map(|_| value)
            }
            (Kind::Flag, Value::Flag(_)) => Ok(value),
            (Kind::Choice { options }, Value::Choice(name)) if options.contains(&name) => Ok(value),
            (Kind::Choice { .. }, Value::Choice(_)) => Err(wrong("is not one of the options")),
            (Kind::Count { .. } | Kind::Number { .. }, _) => Err(wrong("must be a number")),
            (Kind::Flag, _) => Err(wrong("must be true or false")),
            (Kind::Choice { .. }, _) => Err(wrong("must be one of the named options")),
        }
    }

    /// The option named `name` of a choice, as a `'static` name (for [`Value::Choice`]).
    pub fn option(&self, name: &str) -> Option<&'static str> {
        match self.kind {
            Kind::Choice { options } => options.iter().copied().find(|o| *o == name),
            _ => None,
        }
    }
}

/// A Rust type a setting can have.
pub trait SettingType: Copy {
    /// As a [`Value`].
    fn to_value(self) -> Value;
    /// From a [`Value`] already checked against the setting's kind.
    fn from_value(value: Value) -> Self;
}

impl SettingType for f64 {
    fn to_value(self) -> Value {
        Value::Number(self)
    }
    fn from_value(value: Value) -> Self {
        match value {
            Value::Number(x) => x,
            _ => unreachable!("checked against the kind"),
        }
    }
}

impl SettingType for u32 {
    fn to_value(self) -> Value {
        Value::Number(self as f64)
    }
    fn from_value(value: Value) -> Self {
        match value {
            Value::Number(x) => x as u32,
            _ => unreachable!("checked against the kind"),
        }
    }
}

impl SettingType for bool {
    fn to_value(self) -> Value {
        Value::Flag(self)
    }
    fn from_value(value: Value) -> Self {
        match value {
            Value::Flag(b) => b,
            _ => unreachable!("checked against the kind"),
        }
    }
}

/// Declares an enum whose variants are a setting's named options, with the names.
macro_rules! choice {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $( $(#[doc = $doc:literal])* $variant:ident = $text:literal, )* }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name { $( $(#[doc = $doc])* $variant, )* }

        impl $name {
            /// Every option's name, in order.
            pub const NAMES: &'static [&'static str] = &[$($text),*];
            /// This option's name.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text,)* }
            }
        }

        impl $crate::engines::settings::SettingType for $name {
            fn to_value(self) -> $crate::engines::settings::Value {
                $crate::engines::settings::Value::Choice(self.name())
            }
            fn from_value(value: $crate::engines::settings::Value) -> Self {
                match value {
                    $($crate::engines::settings::Value::Choice($text) => $name::$variant,)*
                    _ => unreachable!("checked against the kind"),
                }
            }
        }
    };
}
pub(crate) use choice;

/// Declares an engine's settings struct once: each field with its key, label, kind,
/// default and note. Generates the struct, `Default`, `DEFS`, `get`, `set` and `values`.
macro_rules! settings {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $field:ident: $ty:ty = $default:expr,
                    key $key:literal, label $label:literal, kind $kind:expr, note $note:literal;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct $name { $( $(#[doc = $doc])* pub $field: $ty, )* }

        impl Default for $name {
            fn default() -> Self {
                $name { $( $field: $default, )* }
            }
        }

        impl $name {
            /// Every setting, in the order the page shows them.
            pub fn defs() -> &'static [$crate::engines::settings::SettingDef] {
                use $crate::engines::settings::{SettingDef, SettingType};
                static DEFS: std::sync::OnceLock<Vec<SettingDef>> = std::sync::OnceLock::new();
                DEFS.get_or_init(|| {
                    let d = $name::default();
                    vec![$(SettingDef {
                        key: $key,
                        label: $label,
                        kind: $kind,
                        default: SettingType::to_value(d.$field),
                        note: $note,
                    },)*]
                })
            }

            /// The value of the setting `key`, if there is one.
            pub fn get(&self, key: &str) -> Option<$crate::engines::settings::Value> {
                use $crate::engines::settings::SettingType;
                match key {
                    $($key => Some(SettingType::to_value(self.$field)),)*
                    _ => None,
                }
            }

            /// Sets `key` to `value` after checking it; an unknown key or a value of the
            /// wrong kind or out of range is refused, naming the key.
            pub fn set(
                &mut self,
                key: &str,
                value: $crate::engines::settings::Value,
            ) -> Result<(), $crate::error::Error> {
                use $crate::engines::settings::SettingType;
                let def = $name::defs().iter().find(|d| d.key == key).ok_or(
                    $crate::error::Error::Unsupported {
                        field: "settings",
                        reason: "unknown setting for this engine",
                    },
                )?;
                let value = def.check(value)?;
                match key {
                    $($key => self.$field = SettingType::from_value(value),)*
                    _ => unreachable!("found in DEFS"),
                }
                Ok(())
            }

            /// Every setting's key and value, in `DEFS` order.
            pub fn values(&self) -> Vec<(&'static str, $crate::engines::settings::Value)> {
                use $crate::engines::settings::SettingType;
                vec![$(($key, SettingType::to_value(self.$field)),)*]
            }

            /// Checks every value against its kind (a struct built in Rust skips `set`).
            pub fn validate(&self) -> Result<(), $crate::error::Error> {
                for (def, (_, value)) in $name::defs().iter().zip(self.values()) {
                    def.check(value)?;
                }
                Ok(())
            }
        }
    };
}
pub(crate) use settings;

#[cfg(test)]
mod tests {
    use super::*;

    choice! {
        /// Test options.
        pub enum Solver { Pgs = "pgs", Tgs = "tgs", }
    }

    settings! {
        /// Test settings.
        pub struct Demo {
            /// Substeps.
            substeps: u32 = 4,
                key "substeps", label "Substeps", kind Kind::Count { min: 1, max: 64 }, note "more is stiffer";
            /// Damping.
            damping: f64 = 0.05,
                key "damping", label "Damping", kind Kind::Number { min: 0.0, max: 1e3, unit: "1/s" }, note "slows";
            /// Sleep.
            sleep: bool = true,
                key "sleep", label "Sleep", kind Kind::Flag, note "freezes";
            /// Solver.
            solver: Solver = Solver::Pgs,
                key "solver", label "Solver", kind Kind::Choice { options: Solver::NAMES }, note "which";
        }
    }

    #[test]
    fn defaults_are_declared_once_and_read_back() {
        let d = Demo::default();
        assert_eq!(Demo::defs().len(), 4);
        for (def, (key, value)) in Demo::defs().iter().zip(d.values()) {
            assert_eq!(def.key, key);
            assert_eq!(def.default, value);
            assert_eq!(d.get(key), Some(value));
        }
        assert_eq!(d.get("nope"), None);
    }

    #[test]
    fn set_checks_kind_and_range_and_names_the_key() {
        let mut d = Demo::default();
        d.set("substeps", Value::Number(8.0)).unwrap();
        d.set("solver", Value::Choice("tgs")).unwrap();
        d.set("sleep", Value::Flag(false)).unwrap();
        assert_eq!((d.substeps, d.solver, d.sleep), (8, Solver::Tgs, false));
        let e = d.set("substeps", Value::Number(0.0)).unwrap_err();
        assert_eq!(e.field(), "substeps");
        assert_eq!(e.to_string(), "substeps must be between 1 and 64, got 0");
        let e = d.set("substeps", Value::Number(2.5)).unwrap_err();
        assert_eq!(e.to_string(), "substeps: must be a whole number");
        let e = d.set("damping", Value::Flag(true)).unwrap_err();
        assert_eq!(e.to_string(), "damping: must be a number");
        let e = d.set("damping", Value::Number(f64::NAN)).unwrap_err();
        assert_eq!(e.to_string(), "damping must be a finite number, got NaN");
        assert_eq!(
            d.set("what", Value::Flag(true)).unwrap_err().field(),
            "settings"
        );
        assert_eq!(Demo::defs()[3].option("tgs"), Some("tgs"));
        assert_eq!(Demo::defs()[3].option("xyz"), None);
        // Refused values leave the settings as they were.
        assert_eq!((d.substeps, d.damping), (8, 0.05));
        let bad = Demo {
            damping: -1.0,
            ..Demo::default()
        };
        assert_eq!(bad.validate().unwrap_err().field(), "damping");
    }
}
