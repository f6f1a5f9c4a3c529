//! The catalogue of laws: one identifier per law ([`LawId`]) and one entry per law
//! ([`Law`]) with its label, the gains it takes, what it can do (an integral, a
//! printed twin, which plants it drives, whether the stability atlas covers it) and,
//! for a printed listing, its erratum. The worlds, the Lab, the atlas, the bindings and
//! the page all read laws from here; a law is added by its controller file, its entry
//! in [`LAWS`] and its tests.
//!
//! The constructors are [`crate::controllers::Controller1::new`] (cube and plate) and
//! [`crate::controllers::Controller3::new`] (box), keyed by [`LawId`]. This module
//! depends on nothing but the error type, so every layer can use it.

mod export;
mod law_id;
mod laws;
mod options;
mod plant_id;

pub use export::{typescript_ids, Catalogue, IntegratorEntry, PlantEntry, TS_ALIASES, TS_TYPES};
#[cfg(all(test, feature = "serde"))]
mod schema_tests;
pub use law_id::{LawId, UnknownLaw};
pub use laws::{atlas_laws, gainless_laws, linear_laws, planar_laws, Gain, Law, LAWS};
pub use options::{LawOption, OptionValue, EFFORT, PID_OPTIONS, WINDOW_OPTIONS};
pub use plant_id::{Coordinate, PlantId};
