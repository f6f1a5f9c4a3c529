//! Named bodies and settings that tests, the claims table and the page share, so that a
//! scene is data in the core rather than something only the page knows.

mod cube_scene;
mod lab_figures;

pub use cube_scene::{CubeScene, CUBE_SCENE};
pub use lab_figures::{lab_figure, LabFigure, PresetLaw, LAB_FIGURES};

/// Every preset the page mounts, as one value: what `examples/core_data.rs` writes to
/// `web/src/core/presets.json`.
#[derive(Clone, Copy, Debug, PartialEq)]
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
}

/// The presets.
pub const PRESETS: Presets = Presets {
    lab_figures: &LAB_FIGURES,
    cube_scene: &CUBE_SCENE,
};

use crate::body::{Body3, Gyroscopic};
use crate::rotation::from_rotation_vector;
use glam::{DQuat, DVec3};

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

/// A box with unequal moments (0.2, 1, 2.5 kg m^2) whose principal frame is turned 0.6
/// rad about the body z axis, at rest, and a goal orientation about 1 rad away: the
/// case where article 002's one-step torque as printed and the corrected one part ways.
pub fn tilted_box_and_goal() -> (Body3, DQuat) {
    let body = Body3 {
        inertia: DVec3::new(0.2, 1.0, 2.5),
        inertia_rotation: from_rotation_vector(DVec3::new(0.0, 0.0, 0.6)),
        ..Body3::default()
    };
    (body, from_rotation_vector(DVec3::new(0.3, 0.9, -0.4)))
}
