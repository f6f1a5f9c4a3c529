//! The presets of the chapter figures that are not Lab runs and have no settings type
//! of their own: the Simpson table (chapter 6) and the translator's intent (chapter 10).
//! (The atlas, convergence, chase, dive and tumble figures start from their settings'
//! `Default`: `AtlasSpec`, `ConvergenceSpec`, `PursuitSettings`, `DiveSettings`,
//! `TumbleSettings`.)

use crate::engines::Intent;

/// Article 001's window integral on a constant error of 1 (`"simpson"`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct SimpsonWindow {
    /// Sample spacing, s (the article's default).
    pub dt: f64,
    /// Samples in the window (the article's default).
    pub window: usize,
}

/// The article's defaults: 7 samples 0.01 s apart.
pub const SIMPSON: SimpsonWindow = SimpsonWindow {
    dt: 0.01,
    window: 7,
};

/// The translator's starting intent (`"translator"`): 3 Hz at damping ratio 0.2 on 1 kg
/// at 60 Hz, underdamped enough that every engine's overshoot differs visibly.
pub const TRANSLATOR_INTENT: Intent = Intent {
    frequency: 3.0,
    damping_ratio: 0.2,
    mass: 1.0,
    dt: 1.0 / 60.0,
    angular: false,
};
