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
//!
//! A law on the box is a program of the same form whose step computes `torque` (N m,
//! world) in vectors: see [`Statement::LetVector`] and the vocabulary in
//! [`VECTOR_INPUTS`] and [`VECTOR_FUNCTIONS`], which each template spells in its
//! language's vector types.

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
    /// A new local vector of three numbers (a rotation vector, rad; an angular velocity,
    /// rad/s; a torque, N m), in a box law's step.
    LetVector(&'static str, &'static str),
    /// A new local orientation (a unit quaternion), in a box law's step.
    LetOrientation(&'static str, &'static str),
    /// A new local list of numbers, one per joint (`Zeros(n)`, `Solve(A, b)`), in a chain
    /// law's step ([`crate::controllers::chain::CHAIN_FUNCTIONS`]).
    LetList(&'static str, &'static str),
    /// A new local square matrix of numbers, indexed `A[i][j]` (`Copy(M)`), in a chain
    /// law's step.
    LetMatrix(&'static str, &'static str),
    /// A comment line that says why the next statements are as they are.
    Note(&'static str),
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
    /// A vector of three numbers, zero on reset (a box law's).
    Vector,
    /// An orientation, the identity on reset (a box law's).
    Orientation,
    /// A number per joint, zeros on reset (a chain law's).
    Joints,
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

/// What a box law's step reads, by name, with what it is (each template spells it in
/// its engine's terms: `body.angularVelocity` in Unity, `angular_velocity` in Godot).
/// The target is at rest, so where it will be after the step is where it is.
pub const VECTOR_INPUTS: &[(&str, &str, &str)] = &[
    ("q", "orientation", "the body's orientation (world)"),
    ("omega", "vector", "the body's angular velocity, rad/s (world)"),
    ("qt", "orientation", "the target's orientation (world)"),
    ("principal", "orientation", "the body's principal frame r = q frame (world), in which the inertia is diagonal"),
    ("frame", "orientation", "the principal frame's rotation within the body (the identity where the engine keeps the inertia along the body's axes)"),
    ("inertia", "vector", "the principal moments of inertia, kg m^2 (a vector)"),
    ("mass", "number", "the body's mass, kg"),
    ("dt", "number", "the fixed step, s"),
    ("Scale", "number", "the Lab's per-kg gains to torque gains: the inertia about the turning axis a = (1, 2, 3)/|(1, 2, 3)| over the mass, m^2"),
    ("ZERO", "vector", "the zero vector"),
    ("ONE", "vector", "the vector (1, 1, 1)"),
];

/// The operations a box law's step may call: the name, the kind of the result and what
/// it computes; `a * b`
/// is also a rotation's product with a rotation or a vector, and a number's with a
/// vector. Each template spells them in its language (a method, an operator or a helper
/// function it defines).
pub const VECTOR_FUNCTIONS: &[(&str, &str, &str)] = &[
    ("Cross", "vector", "Cross(a, b): the cross product a x b"),
    ("Dot", "number", "Dot(a, b): the dot product a . b"),
    ("Times", "vector", "Times(a, b): a and b multiplied per component (a diagonal matrix times a vector)"),
    ("Over", "vector", "Over(a, b): a divided by b per component (a diagonal matrix solved)"),
    ("Length", "number", "Length(a): |a|"),
    ("ClampLength", "vector", "ClampLength(a, limit): a shortened to the length limit when longer, if the card switched that limit on; else a as it is"),
    ("Inverse", "orientation", "Inverse(r): the inverse rotation r^-1"),
    ("Tan", "number", "Tan(x): the tangent of x rad"),
    ("RotationVector", "vector", "RotationVector(from, to): the shortest rotation vector (rad, world) that turns from into to, read with atan2 (rotation::error_vector)"),
    ("PrintedRotation", "vector", "PrintedRotation(from, to): the rotation from from to to as the engine's angle-axis reads it, its angle up to 2 pi (article 002's listings: the long way past pi)"),
    ("Advanced", "orientation", "Advanced(r, w, dt): r turned by the world angular velocity w held for dt, exp(w dt / 2) r (rotation::integrate_exact)"),
    ("InertiaTimes", "vector", "InertiaTimes(v): the world inertia times a world vector, R (I o (R^-1 v)) with R the principal frame"),
];

/// A law written out for engines: on the cube and the plate its step computes `force`
/// (N) from the body, the target, the mass, the step and its settings; on the box it
/// computes `torque` (N m, world) in vectors, from [`VECTOR_INPUTS`] and its settings.
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
/// step `dt`; its [`step`](TorqueProgram::step) then applies `tau = I_w (stiffness theta
/// + damping (w_t - w))`, with `theta` the shortest rotation vector to the target (or,
/// with `printed_angle`, article 002's angle-axis, up to 360 degrees: the long way past
/// 180) and `I_w` the world inertia.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TorqueProgram {
    /// Where the law lives in the core, and what it does.
    pub source: &'static str,
    /// `name = expression` statements, in order.
    pub lines: &'static [(&'static str, &'static str)],
    /// Whether the angle is the printed listing's (the long way past 180 degrees).
    pub printed_angle: bool,
}

impl TorqueProgram {
    /// The law's whole step in vectors, as a box program's (its last local is `torque`,
    /// N m, world): the gains per unit inertia, `lines`, then `alpha = stiffness theta +
    /// damping (0 - w)` (the target at rest) and `tau = I_w alpha`.
    pub fn step(&self) -> Vec<Statement> {
        use Statement::{Let, LetVector, Note};
        let theta: &[Statement] = if self.printed_angle {
            &[
                Note("theta as the listing reads it: the engine's angle-axis angle runs to 360"),
                Note("degrees, so past 180 this turns the long way round."),
                LetVector("theta", "PrintedRotation(q, qt)"),
            ]
        } else {
            &[
                Note("theta: the shortest rotation (rad, world) from the body to the target."),
                LetVector("theta", "RotationVector(q, qt)"),
            ]
        };
        let gains = [
            Note("The gains per unit inertia: kp I/m about any axis, divided by I."),
            Let("kpu", "kp / mass"),
            Let("kdu", "kd / mass"),
        ];
        let lines = self.lines.iter().map(|&(name, be)| Let(name, be));
        let apply = [
            LetVector("alpha", "stiffness * theta + damping * (ZERO - omega)"),
            LetVector("torque", "InertiaTimes(alpha)"),
        ];
        gains
            .into_iter()
            .chain(lines)
            .chain(theta.iter().copied())
            .chain(apply)
            .collect()
    }
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
                Statement::LetInt(name, be) => typed(&mut map, name, be, "int")?,
                Statement::LetVector(name, be) => typed(&mut map, name, be, "vector")?,
                Statement::LetOrientation(name, be) => typed(&mut map, name, be, "orientation")?,
                Statement::LetList(name, be) => typed(&mut map, name, be, "list")?,
                Statement::LetMatrix(name, be) => typed(&mut map, name, be, "matrix")?,
                Statement::Note(text) => map.serialize_entry("note", text)?,
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

    /// A local of a type other than a number: `{ let, be, type }`.
    fn typed<M: SerializeMap>(
        map: &mut M,
        name: &str,
        be: &str,
        kind: &str,
    ) -> Result<(), M::Error> {
        map.serialize_entry("let", name)?;
        map.serialize_entry("be", be)?;
        map.serialize_entry("type", kind)
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
                MemoryKind::Vector => "vector",
                MemoryKind::Orientation => "orientation",
                MemoryKind::Joints => "joints",
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

    impl Serialize for TorqueProgram {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(4))?;
            map.serialize_entry("source", self.source)?;
            map.serialize_entry("lines", self.lines)?;
            map.serialize_entry("printedAngle", &self.printed_angle)?;
            map.serialize_entry("step", &self.step())?;
            map.end()
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
