use super::{Coordinate, LawId, PlantId, LAWS};
use crate::catalogue::{Gain, Law, LawOption, OptionValue};
use crate::gain_forms::{GainForm, GainFormEntry};
use crate::integrator::Integrator;
use crate::schema::{field, TsAlias, TsType};

/// An integrator as the page lists it ([`Integrator`]'s id, names and Rust variant).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct IntegratorEntry {
    /// Its identifier ([`Integrator::id`]).
    pub id: &'static str,
    /// Its name in a sentence ([`Integrator::label`]).
    pub label: &'static str,
    /// Its name in a menu ([`Integrator::menu_label`]).
    pub menu_label: &'static str,
    /// Its Rust variant ([`Integrator::rust_name`]).
    pub rust: &'static str,
}

/// A plant as the page lists it: its id, its name and the laws it offers in menu order
/// (printed twins included; the page shows a twin as a toggle on its law).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PlantEntry {
    /// Its identifier.
    pub id: PlantId,
    /// Its name on the page.
    pub label: &'static str,
    /// The laws that drive it ([`LawId::driving`]).
    pub laws: Vec<LawId>,
    /// The unit of its response ([`PlantId::unit`]).
    pub unit: &'static str,
    /// The name of its response ([`PlantId::coordinate`]).
    pub coordinate: &'static str,
    /// Its other coordinates ([`PlantId::other_coordinates`]).
    pub other_coordinates: &'static [Coordinate],
    /// What a law's effort on it is, `"force"` or `"torque"` ([`PlantId::effort`]).
    pub effort: &'static str,
    /// The effort's unit, `"N"` or `"N·m"`.
    pub effort_unit: &'static str,
}

impl IntegratorEntry {
    /// Its shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS: TsType = TsType {
        name: "IntegratorEntry",
        rust: "catalogue::IntegratorEntry",
        doc: "An integrator",
        fields: &[
            field("id", "IntegratorId", ""),
            field("label", "string", "Its name in a sentence or a caption."),
            field(
                "menuLabel",
                "string",
                "Its name in a menu, with who uses it.",
            ),
            field("rust", "string", "Its variant's name in the Rust crate."),
        ],
    };
}

impl PlantEntry {
    /// Its shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS: TsType = TsType {
        name: "PlantEntry",
        rust: "catalogue::PlantEntry",
        doc: "A body the Lab drives",
        fields: &[
            field("id", "PlantId", ""),
            field("label", "string", ""),
            field("laws", "LawId[]", "The laws that drive it."),
            field(
                "unit",
                "string",
                "The unit of its response: `m`, or `rad` for the box's turn.",
            ),
            field(
                "coordinate",
                "string",
                "The name of its response, for a plot's axis.",
            ),
            field(
                "otherCoordinates",
                "Coordinate[]",
                "Its other coordinates, read from its pose and plotted beside the response.",
            ),
            field("effort", "string", "`force`, or `torque` on the box."),
            field("effortUnit", "string", "`N`, or `N·m`."),
        ],
    };
}

/// The whole catalogue as one value, what the bindings hand to the page and what
/// `examples/core_data.rs` writes to `web/src/core/catalogue.json`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Catalogue {
    /// Every law, in menu order.
    pub laws: &'static [Law],
    /// Every plant with its laws.
    pub plants: Vec<PlantEntry>,
    /// How many laws a Lab compares: `[MIN_LAWS, MAX_LAWS]`.
    pub lab_laws: [usize; 2],
    /// Every integrator, in menu order ([`Integrator::ALL`]).
    pub integrators: Vec<IntegratorEntry>,
    /// Every form of the gains, in menu order ([`GainForm::ALL`]).
    pub gain_forms: Vec<GainFormEntry>,
}

impl Catalogue {
    /// The catalogue.
    pub fn get() -> Catalogue {
        Catalogue {
            laws: &LAWS,
            plants: PlantId::ALL
                .into_iter()
                .map(|id| PlantEntry {
                    id,
                    label: id.label(),
                    laws: LawId::driving(id),
                    unit: id.unit(),
                    coordinate: id.coordinate(),
                    other_coordinates: id.other_coordinates(),
                    effort: id.effort().0,
                    effort_unit: id.effort().1,
                })
                .collect(),
            lab_laws: [crate::limits::MIN_LAWS, crate::limits::MAX_LAWS],
            integrators: Integrator::ALL
                .into_iter()
                .map(|i| IntegratorEntry {
                    id: i.id(),
                    label: i.label(),
                    menu_label: i.menu_label(),
                    rust: i.rust_name(),
                })
                .collect(),
            gain_forms: GainForm::ALL.into_iter().map(GainForm::entry).collect(),
        }
    }
}

/// The catalogue's data as the page types it (`web/src/core/types.ts`): every type of
/// `catalogue.json`'s laws, plants, integrators and gain forms.
pub const TS_TYPES: [&TsType; 11] = [
    &Gain::TS,
    &OptionValue::TS_NUMBER,
    &OptionValue::TS_LIMIT,
    &OptionValue::TS_CHOICE,
    &LawOption::TS,
    &Law::TS,
    &Coordinate::TS,
    &PlantEntry::TS,
    &IntegratorEntry::TS,
    &crate::gain_forms::FormField::TS,
    &GainFormEntry::TS,
];

/// The catalogue's unions as the page types them.
pub const TS_ALIASES: [&TsAlias; 1] = [&OptionValue::TS];

/// The page's TypeScript types for the ids the core accepts (`web/src/core/ids.ts`,
/// written by `npm run core-data`): a union per kind, so the page's compiler refuses an
/// id the core does not know and no page file keeps a list of its own.
pub fn typescript_ids() -> String {
    let union = |ids: &mut dyn Iterator<Item = &'static str>| {
        ids.map(|id| format!("'{id}'"))
            .collect::<Vec<_>>()
            .join(" | ")
    };
    format!(
        "// Written by the core (npm run core-data; npm test fails when it differs): the ids the\n\
         // core accepts, as TypeScript types. Edit the core, not this file.\n\
         /** A plant's id (`forcelab::catalogue::PlantId`). */\n\
         export type PlantId = {};\n\
         /** An integrator's id (`forcelab::integrator::Integrator`). */\n\
         export type IntegratorId = {};\n\
         /** A law's id (`forcelab::catalogue::LawId`). */\n\
         export type LawId = {};\n\
         /** A gain form's id (`forcelab::gain_forms::GainForm`). */\n\
         export type GainFormId = {};\n",
        union(&mut PlantId::ALL.into_iter().map(PlantId::id)),
        union(&mut Integrator::ALL.into_iter().map(Integrator::id)),
        union(&mut LawId::ALL.into_iter().map(LawId::id)),
        union(&mut GainForm::ALL.into_iter().map(GainForm::id)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_s_id_types_are_unions_of_the_core_s_ids() {
        let ts = typescript_ids();
        assert!(
            ts.contains("export type PlantId = 'cube' | 'plate' | 'box';"),
            "{ts}"
        );
        assert!(
            ts.contains(
                "export type IntegratorId = 'semi-implicit-euler' | 'explicit-euler' | 'rk4';"
            ),
            "{ts}"
        );
        assert!(
            ts.contains(
                "export type GainFormId = 'raw' | 'wu' | 'bloom' | 'natural' | 'half-life';"
            ),
            "{ts}"
        );
        let laws = LawId::ALL.map(|l| format!("'{}'", l.id())).join(" | ");
        assert!(ts.contains(&format!("export type LawId = {laws};")), "{ts}");
    }
}
