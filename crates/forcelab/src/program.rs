//! A law written as a small program for engines that do not run forcelab (Unity's C#,
//! Godot's GDScript) and for the JavaScript check that runs it against the core: each
//! law file declares its own [`Program`] beside its arithmetic, and the page's templates
//! only spell it in their language (`npm run core-data` writes every program to
//! `web/src/core/programs.json`).
//!
//! A step computes `force` (N) from `x`, `v` (the body's position, m, and velocity,
//! m/s), `xt`, `vt` (the target's), `m` (kg), `dt` (s) and the law's settings (its gains
//! first, as the catalogue lists them). Expressions use the syntax C#, GDScript and
//! JavaScript share (arithmetic, comparisons, `&&`, `||`, `!`, indexing, calls) with
//! `Abs`, `Min`, `Max`, `Sqrt`, `Len(list)`, `PI` and `INF`, which each language
//! translates, and `Clamp(value, limit)`: `value` held within `+-limit` when the card
//! switched that limit on, else `value` as it is. The choices a card makes (a limit on
//! or off, where the derivative acts, the anti-windup mode) pick statements with
//! [`Statement::When`]; the numbers stay settings a reader can edit.

/// A choice a Lab card made, which a program's [`Statement::When`] and its optional
/// settings and memory depend on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Choice {
    /// The option `key` is on: a number other than 0 (a limit set, a filter's time
    /// constant above 0); a limit switched off is `null`.
    On(&'static str),
    /// The option `key` has the value `value` (an enumeration: `derivativeOn`, `antiWindup`).
    Is(&'static str, &'static str),
    /// Every one of these holds.
    All(&'static [Choice]),
}

/// One statement of a law's step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Statement {
    /// A new local number.
    Let(&'static str, &'static str),
    /// A new local whole number (a count or an index).
    LetInt(&'static str, &'static str),
    /// Assigns a local or a memory field.
    Set(&'static str, &'static str),
    /// `if (condition) { then } else { otherwise }` (no `else` when it is empty).
    If(&'static str, &'static [Statement], &'static [Statement]),
    /// `for (int name = from; name < to; name++) { body }`.
    For(
        &'static str,
        &'static str,
        &'static str,
        &'static [Statement],
    ),
    /// Appends `value` to the memory list `list` and drops its oldest entries past `keep`.
    Push(&'static str, &'static str, &'static str),
    /// Written out as `then` when the card's choice holds, else as `otherwise`: a choice
    /// made once, not a branch of every step.
    When(Choice, &'static [Statement], &'static [Statement]),
}

/// Where a setting's value comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum From {
    /// The card's gain `ki` (the catalogue's gains `kp` and `kd` come first by themselves).
    Gain(&'static str),
    /// The card's option `key` (its own value, or the catalogue's default).
    Option(&'static str),
}

/// A setting of the law beyond kp and kd, with the reader's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setting {
    /// Its name in the program.
    pub name: &'static str,
    /// Where its value comes from.
    pub from: From,
    /// An effort (N) or effort rate: scaled by I/m with the gains on a turning coordinate.
    pub scaled: bool,
    /// A whole number (a count).
    pub integer: bool,
    /// What it is, with its unit, for the comment beside it.
    pub doc: &'static str,
    /// Present only when this holds (a limit switched on).
    pub when: Option<Choice>,
}

/// The kind of a value a law remembers between steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryKind {
    /// A number, 0 on reset.
    Number,
    /// A flag, false on reset.
    Bool,
    /// A list of numbers, empty on reset.
    List,
}

/// Something the law remembers between steps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Memory {
    /// Its name in the program.
    pub name: &'static str,
    /// Number, flag or list.
    pub kind: MemoryKind,
    /// What it holds, with its unit, for the comment beside it.
    pub doc: &'static str,
    /// Present only when this holds.
    pub when: Option<Choice>,
}

/// A piece of the sentence that says where a program comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Text {
    /// Words as they are.
    Words(&'static str),
    /// `then` when the card's choice holds, else `otherwise`.
    When(Choice, &'static [Text], &'static [Text]),
    /// The card's value of the option `key`.
    Value(&'static str),
}

/// A law written out for engines: its step computes `force` (N) from the body, the
/// target, the mass, the step and its settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Program {
    /// Where the law lives in the core (from `crates/forcelab/src/`), and what it does.
    pub source: &'static [Text],
    /// Its settings after the catalogue's gains.
    pub settings: &'static [Setting],
    /// What it keeps between steps.
    pub memory: &'static [Memory],
    /// One step.
    pub step: &'static [Statement],
}

impl Program {
    /// A program with no settings of its own and no memory: one step of `step`.
    pub const fn stateless(source: &'static [Text], step: &'static [Statement]) -> Program {
        Program {
            source,
            settings: &[],
            memory: &[],
            step,
        }
    }
}

/// A setting that is neither a whole number nor present only by a choice unless `when` says.
pub const fn setting(
    name: &'static str,
    from: From,
    scaled: bool,
    doc: &'static str,
    when: Option<Choice>,
) -> Setting {
    Setting {
        name,
        from,
        scaled,
        integer: false,
        doc,
        when,
    }
}

/// A memory field, present only by a choice when `when` says.
pub const fn memory(
    name: &'static str,
    kind: MemoryKind,
    doc: &'static str,
    when: Option<Choice>,
) -> Memory {
    Memory {
        name,
        kind,
        doc,
        when,
    }
}

/// A torque law of the box written out for engines, per unit inertia: `lines` give
/// `stiffness` (1/s^2) and `damping` (1/s) from `kpu = kp / m`, `kdu = kd / m` and the
/// step `dt`; each template then applies `tau = I_w (stiffness theta + damping (w_t -
/// w))`, with `theta` the shortest rotation vector to the target (or, with
/// `printed_angle`, article 002's angle-axis, up to 360 degrees: the long way past 180)
/// and `I_w` the world inertia.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct TorqueProgram {
    /// Where the law lives in the core, and what it does.
    pub source: &'static str,
    /// `name = expression` statements, in order.
    pub lines: &'static [(&'static str, &'static str)],
    /// Whether the angle is the printed listing's (the long way past 180 degrees).
    pub printed_angle: bool,
}

/// A box law that predicts the next step in the body's principal frame (the SPDs, the
/// one-step laws): each template writes out its step in its own vector types; this says
/// where the law lives and whether it reads the gains.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PredictingProgram {
    /// Where the law lives in the core, and what it does.
    pub source: &'static str,
    /// Whether it reads the Lab's gains (the one-step laws have none).
    pub gains: bool,
}

#[cfg(feature = "serde")]
mod json {
    //! The programs as the page's templates read them (`engine-program.ts`'s types).
    use super::*;
    use serde::ser::{SerializeMap, Serializer};
    use serde::Serialize;

    impl Serialize for Choice {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(1))?;
            match self {
                Choice::On(key) => map.serialize_entry("on", key)?,
                Choice::Is(key, value) => map.serialize_entry("is", &[key, value])?,
                Choice::All(all) => map.serialize_entry("all", all)?,
            }
            map.end()
        }
    }

    impl Serialize for Statement {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(None)?;
            match self {
                Statement::Let(name, be) => {
                    map.serialize_entry("let", name)?;
                    map.serialize_entry("be", be)?;
                }
                Statement::LetInt(name, be) => {
                    map.serialize_entry("let", name)?;
                    map.serialize_entry("be", be)?;
                    map.serialize_entry("type", "int")?;
                }
                Statement::Set(name, to) => {
                    map.serialize_entry("set", name)?;
                    map.serialize_entry("to", to)?;
                }
                Statement::If(condition, then, otherwise) => {
                    map.serialize_entry("if", condition)?;
                    map.serialize_entry("then", then)?;
                    if !otherwise.is_empty() {
                        map.serialize_entry("else", otherwise)?;
                    }
                }
                Statement::For(name, from, to, body) => {
                    map.serialize_entry("for", name)?;
                    map.serialize_entry("from", from)?;
                    map.serialize_entry("to", to)?;
                    map.serialize_entry("do", body)?;
                }
                Statement::Push(list, value, keep) => {
                    map.serialize_entry("push", list)?;
                    map.serialize_entry("value", value)?;
                    map.serialize_entry("keep", keep)?;
                }
                Statement::When(choice, then, otherwise) => {
                    map.serialize_entry("when", choice)?;
                    map.serialize_entry("then", then)?;
                    if !otherwise.is_empty() {
                        map.serialize_entry("else", otherwise)?;
                    }
                }
            }
            map.end()
        }
    }

    impl Serialize for Setting {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(None)?;
            map.serialize_entry("name", self.name)?;
            match self.from {
                From::Gain(key) => map.serialize_entry("gain", key)?,
                From::Option(key) => map.serialize_entry("option", key)?,
            }
            map.serialize_entry("scaled", &self.scaled)?;
            if self.integer {
                map.serialize_entry("integer", &true)?;
            }
            map.serialize_entry("doc", self.doc)?;
            if let Some(when) = &self.when {
                map.serialize_entry("when", when)?;
            }
            map.end()
        }
    }

    impl Serialize for Memory {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(None)?;
            map.serialize_entry("name", self.name)?;
            let kind = match self.kind {
                MemoryKind::Number => "number",
                MemoryKind::Bool => "bool",
                MemoryKind::List => "list",
            };
            map.serialize_entry("type", kind)?;
            map.serialize_entry("doc", self.doc)?;
            if let Some(when) = &self.when {
                map.serialize_entry("when", when)?;
            }
            map.end()
        }
    }

    impl Serialize for Text {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Text::Words(words) => s.serialize_str(words),
                Text::Value(key) => {
                    let mut map = s.serialize_map(Some(1))?;
                    map.serialize_entry("value", key)?;
                    map.end()
                }
                Text::When(choice, then, otherwise) => {
                    let mut map = s.serialize_map(Some(3))?;
                    map.serialize_entry("when", choice)?;
                    map.serialize_entry("then", then)?;
                    map.serialize_entry("else", otherwise)?;
                    map.end()
                }
            }
        }
    }

    impl Serialize for Program {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(4))?;
            map.serialize_entry("source", self.source)?;
            map.serialize_entry("settings", self.settings)?;
            map.serialize_entry("memory", self.memory)?;
            map.serialize_entry("step", self.step)?;
            map.end()
        }
    }
}
