//! The core's law catalogue for JavaScript: ids read from the page are parsed here,
//! with the core's own lists of what is allowed where, and the whole catalogue is
//! handed to the page as data so that it keeps no list of laws of its own.

use forcelab::catalogue::{atlas_laws, linear_laws, LawId, PlantId};
use forcelab::Integrator;
use wasm_bindgen::prelude::*;

/// The law `id` among `allowed`, or an error naming `field`, the value and the choices.
pub fn law(field: &'static str, id: &str, allowed: &[LawId]) -> Result<LawId, JsError> {
    LawId::parse(field, id, allowed).map_err(|e| JsError::new(&e.to_string()))
}

/// The plant `id`, or an error naming the field `plant`, the value and the choices.
pub fn plant(id: &str) -> Result<PlantId, JsError> {
    PlantId::parse(id).map_err(|e| JsError::new(&e))
}

/// The linear law with id `id`: one of the core's linear laws
/// (`forcelab::catalogue::linear_laws`), or an error naming `law` and the choices.
pub fn linear_law(id: &str) -> Result<LawId, JsError> {
    crate::catalogue::law("law", id, &linear_laws())
}

/// The atlas law with id `id`: one of the laws the atlas covers
/// (`forcelab::catalogue::atlas_laws`), or an error naming `law` and the choices.
pub fn atlas_law(id: &str) -> Result<LawId, JsError> {
    crate::catalogue::law("law", id, &atlas_laws())
}

/// The integrator with id `id` (`"semi-implicit-euler"`, `"explicit-euler"`, `"rk4"`).
pub fn integrator(id: &str) -> Result<Integrator, JsError> {
    Integrator::parse(id).map_err(|e| JsError::new(&e))
}

/// The catalogue as data: `{ laws: [{ id, label, shortLabel, gains: [{ key, label,
/// unit }], integral, printedTwin, printedOf, erratum, plants, linear, planar }],
/// plants: [{ id, label, laws }] }`, laws in menu order.
#[cfg(feature = "api")]
#[wasm_bindgen]
pub fn catalogue() -> Result<JsValue, JsError> {
    crate::config::to_js(&forcelab::catalogue::Catalogue::get())
}
