use super::{Coordinate, LawId, PlantId, LAWS};
use crate::catalogue::Law;

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
        }
    }
}
