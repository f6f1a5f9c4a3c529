//! Named bodies and settings that tests, the claims table and the page share, so that a
//! scene is data in the core rather than something only the page knows. [`registry`]
//! lists every preset by id; a claim names the one it measures.

mod captions;
pub mod claim_setups;
mod cube_scene;
mod figure_hashes;
mod figures;
mod lab_figures;
mod registry;

pub use captions::{figure_caption, Caption, CAPTIONS};
pub use cube_scene::{CubeScene, CUBE_SCENE};
pub use figure_hashes::FIGURE_HASHES;
pub use figures::{SimpsonWindow, SIMPSON, TRANSLATOR_INTENT};
pub use lab_figures::{lab_figure, LabFigure, PresetLaw, LAB_FIGURES};
pub use registry::{
    figure_pages, figure_words, preset, registry, FigureWords, PresetEntry, PresetKind,
    OTHER_PRESETS,
};

use crate::engines::orientation::OrientationIntent;
use crate::engines::Intent;

/// Every preset the page reads, as one value: what `examples/core_data.rs` writes to
/// `web/src/core/presets.json`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Presets {
    /// The chapters' Lab figures.
    pub lab_figures: &'static [LabFigure],
    /// The index page's and the embed's cube scene.
    pub cube_scene: &'static CubeScene,
    /// Chapter 6's Simpson table.
    pub simpson: SimpsonWindow,
    /// Chapter 10's translator.
    pub translator: Intent,
    /// Chapter 11's orientation figure at its start.
    pub orientation: OrientationIntent,
    /// Every preset by id, with its kind and chapter (its words: [`figure_words`]).
    pub registry: Vec<PresetEntry>,
}

/// The presets.
pub fn presets() -> Presets {
    Presets {
        lab_figures: &LAB_FIGURES,
        cube_scene: &CUBE_SCENE,
        simpson: SIMPSON,
        translator: TRANSLATOR_INTENT,
        orientation: OrientationIntent::default(),
        registry: registry(),
    }
}

use crate::body::{Body3, Gyroscopic};
use glam::DVec3;

/// Article 004's submarine, simplified to a rigid body: 1,000 kg, principal moments
/// 400 (pitch, x), 420 (yaw, y) and 60 (roll, z) kg m^2 with the inertia frame set to
/// the body frame (as the article does), light angular damping 0.05 /s (the water),
/// implicit gyroscopic term.
pub fn submarine_hull() -> Body3 {
    Body3 {
        mass: 1000.0,
        inertia: DVec3::new(400.0, 420.0, 60.0),
        angular_damping: 0.05,
        gyroscopic: Gyroscopic::Implicit,
        ..Body3::default()
    }
}
