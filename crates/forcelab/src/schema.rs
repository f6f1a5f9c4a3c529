//! The core's data as TypeScript sees it. Each type the page reads or writes as JSON
//! (a Lab's spec, its disturbances, the Lab's defaults) declares, beside its Rust
//! definition, its fields as TypeScript types (`TS`); `npm run core-data` writes them
//! all to `web/src/core/types.ts`, which the page imports instead of declaring them, and
//! a test holds each declaration to what serde writes for it (every field, named as
//! serde names it, of the kind serde writes), so the two cannot drift apart.

/// One field of a [`TsType`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsField {
    /// Its JSON key, as serde writes it (`targetStart`).
    pub name: &'static str,
    /// Its TypeScript type (`number`, `[number, number] | null`, `PlantId`).
    pub ty: &'static str,
    /// Whether a reader may leave it out (serde fills in the default).
    pub optional: bool,
    /// What it is, in its unit: the doc comment the page's type carries.
    pub doc: &'static str,
}

/// A field every reader must give.
pub const fn field(name: &'static str, ty: &'static str, doc: &'static str) -> TsField {
    TsField {
        name,
        ty,
        optional: false,
        doc,
    }
}

/// A field a reader may leave out.
pub const fn optional(name: &'static str, ty: &'static str, doc: &'static str) -> TsField {
    TsField {
        name,
        ty,
        optional: true,
        doc,
    }
}

/// A Rust type as a TypeScript interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsType {
    /// The interface's name on the page (`LabSpec`).
    pub name: &'static str,
    /// Where it is declared in the core (`lab::LabSpec`).
    pub rust: &'static str,
    /// What it is.
    pub doc: &'static str,
    /// Its fields, in the order the page lists them.
    pub fields: &'static [TsField],
}

impl TsType {
    /// The interface, documented, as TypeScript source.
    pub fn typescript(&self) -> String {
        let mut out = format!(
            "/** {} (`forcelab::{}`). */\nexport interface {} {{\n",
            self.doc, self.rust, self.name
        );
        for f in self.fields {
            if !f.doc.is_empty() {
                out += &format!("  /** {} */\n", f.doc);
            }
            let mark = if f.optional { "?" } else { "" };
            out += &format!("  {}{mark}: {};\n", f.name, f.ty);
        }
        out + "}\n"
    }
}

/// A TypeScript name for a union of interfaces (a Rust enum serde tags by a field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsAlias {
    /// The name on the page (`OptionValue`).
    pub name: &'static str,
    /// Where it is declared in the core.
    pub rust: &'static str,
    /// What it is.
    pub doc: &'static str,
    /// The interfaces it is one of, each a variant (declared as [`TsType`]s).
    pub variants: &'static [&'static TsType],
}

impl TsAlias {
    /// The alias, documented, as TypeScript source.
    pub fn typescript(&self) -> String {
        let names: Vec<&str> = self.variants.iter().map(|v| v.name).collect();
        format!(
            "/** {} (`forcelab::{}`). */\nexport type {} = {};\n",
            self.doc,
            self.rust,
            self.name,
            names.join(" | ")
        )
    }
}

/// `types` and `aliases`, written as the page's `types.ts`: a header saying where it
/// comes from, the id types it needs, then each interface and each alias.
pub fn typescript(types: &[&TsType], aliases: &[&TsAlias]) -> String {
    let mut out = String::from(
        "// Written by the core (npm run core-data; npm test fails when it differs): the\n\
         // shapes of the core's data the page reads and writes, each declared beside its\n\
         // Rust type (`forcelab::schema`). Edit the core, not this file.\n\
         import type { GainFormId, IntegratorId, LawId, PlantId } from './ids';\n",
    );
    for t in types {
        out += "\n";
        out += &t.typescript();
    }
    for a in aliases {
        out += "\n";
        out += &a.typescript();
    }
    out
}

/// What the tests of each declaration share: whether serde's JSON is what a declaration says.
#[cfg(test)]
#[cfg(feature = "serde")]
pub(crate) mod checks {
    use super::TsType;
    use serde_json::Value;

    /// serde's JSON of `value`.
    pub(crate) fn json<T: serde::Serialize>(value: &T) -> Value {
        serde_json::to_value(value).expect("serialisable")
    }

    /// Whether `value` is what the TypeScript type `ty` says, for the types the
    /// declarations use: numbers, booleans, strings and the id unions, string literals,
    /// pairs, arrays, unions with `|`, a record of numbers and strings, and other declared
    /// interfaces (objects, each checked by its own declaration).
    pub(crate) fn fits(ty: &str, value: &Value) -> bool {
        if ty == "Record<string, number | string>" {
            return value
                .as_object()
                .is_some_and(|o| o.values().all(|v| v.is_number() || v.is_string()));
        }
        if ty.contains(" | ") {
            return ty.split(" | ").any(|part| fits(part, value));
        }
        if let Some(item) = ty.strip_suffix("[]") {
            return value
                .as_array()
                .is_some_and(|a| a.iter().all(|v| fits(item, v)));
        }
        if let Some(literal) = ty.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
            return value.as_str() == Some(literal);
        }
        match ty {
            "null" => value.is_null(),
            "number" => value.is_number(),
            "boolean" => value.is_boolean(),
            "string" | "PlantId" | "IntegratorId" | "GainFormId" | "LawId" => value.is_string(),
            "[number, number]" => value
                .as_array()
                .is_some_and(|a| a.len() == 2 && a.iter().all(Value::is_number)),
            "[string, string]" => value
                .as_array()
                .is_some_and(|a| a.len() == 2 && a.iter().all(Value::is_string)),
            _ => value.is_object(),
        }
    }

    /// Holds `ts` to serde's JSON of `value`: the same keys, each of its declared type.
    pub(crate) fn holds(ts: &TsType, value: &Value) {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    const POINT: TsType = TsType {
        name: "Point",
        rust: "test::Point",
        doc: "A point",
        fields: &[
            field("x", "number", "Across, m."),
            optional("label", "string", ""),
        ],
    };

    #[test]
    fn an_interface_lists_each_field_with_its_doc_and_marks_the_optional_ones() {
        assert_eq!(
            POINT.typescript(),
            "/** A point (`forcelab::test::Point`). */\nexport interface Point {\n  /** Across, m. */\n  x: number;\n  label?: string;\n}\n"
        );
        const EITHER: TsAlias = TsAlias {
            name: "Either",
            rust: "test::Either",
            doc: "One of two",
            variants: &[&POINT, &POINT],
        };
        let file = typescript(&[&POINT, &POINT], &[&EITHER]);
        assert!(file.starts_with("// Written by the core"));
        assert_eq!(file.matches("export interface Point").count(), 2);
        assert!(file.ends_with(
            "/** One of two (`forcelab::test::Either`). */\nexport type Either = Point | Point;\n"
        ));
        assert!(
            file.contains("import type { GainFormId, IntegratorId, LawId, PlantId } from './ids';")
        );
    }
}
