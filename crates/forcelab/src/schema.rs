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

/// `types`, written as the page's `types.ts`: a header saying where it comes from, the
/// id types it needs, then each interface.
pub fn typescript(types: &[&TsType]) -> String {
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
    out
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
        let file = typescript(&[&POINT, &POINT]);
        assert!(file.starts_with("// Written by the core"));
        assert_eq!(file.matches("export interface Point").count(), 2);
        assert!(
            file.contains("import type { GainFormId, IntegratorId, LawId, PlantId } from './ids';")
        );
    }
}
