//! Chapter 12's tuner on the arm (`forcelab::design::tune_arm`), with the MuJoCo and
//! PhysX chain twins it tunes beside the chain laws: a door of its own (`arm-tune`), so
//! the arm's other figures do not download the search and the twins.

use super::ArmScene;
use crate::config::{from_js, to_js};
use forcelab::scenes::ArmSettings;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl ArmScene {
    /// The wish chapter 12's tuner opens on (`forcelab::design::ArmWish::FIGURE`):
    /// `{ settle (s), overshoot (fraction of each joint's move), maxTorque (N m) }`.
    #[wasm_bindgen(js_name = figureWish)]
    pub fn figure_wish() -> Result<JsValue, JsError> {
        to_js(&forcelab::design::ArmWish::FIGURE)
    }

    /// The ids of what `tune` tunes on the arm of `settings` when asked for no drive in
    /// particular, in its order (`forcelab::design::ArmTuneSpec::new`: every law of
    /// `settings.laws`, then every engine's drive), so a page can ask for one row at a
    /// time and stay responsive between them.
    #[wasm_bindgen(js_name = tuneDrives)]
    pub fn tune_drives(settings: JsValue) -> Result<Vec<String>, JsError> {
        use forcelab::design::{ArmTuneSpec, ArmWish};
        let settings: ArmSettings = from_js("settings", settings)?;
        let spec = ArmTuneSpec::new(settings, ArmWish::FIGURE);
        Ok(spec.drives.iter().map(|d| d.id().to_string()).collect())
    }

    /// The arm of `settings` (undefined: the defaults) tuned for `wish` `{ settle (s),
    /// overshoot (fraction of each joint's move), maxTorque (N m) }`, each optional, by
    /// `drives` (chain law ids and `mujoco-euler`, `mujoco-implicitfast`, `physx-drive`,
    /// `physx-joint-pd`; empty: every law of `settings.laws`, then the engines):
    /// `[{ drive, label, gains: { kp, kd, ki }, figures: { settle, overshoot: [per
    /// joint], peakTorque, finalError, failed }, meets, margins: { settle, overshoot,
    /// maxTorque }, binding, nearest, evaluated }]` (`forcelab::design::tune_arm`). A bad
    /// wish or setting is refused naming the field.
    pub fn tune(settings: JsValue, wish: JsValue, drives: Vec<String>) -> Result<JsValue, JsError> {
        use forcelab::design::{tune_arm, ArmDrive, ArmTuneSpec, ArmWish};
        let settings: ArmSettings = from_js("settings", settings)?;
        let wish: ArmWish = from_js("wish", wish)?;
        let mut spec = ArmTuneSpec::new(settings, wish);
        if !drives.is_empty() {
            spec.drives = drives
                .iter()
                .map(|d| ArmDrive::parse(d))
                .collect::<Result<_, _>>()
                .map_err(|e| JsError::new(&e))?;
        }
        to_js(&tune_arm(&spec).map_err(|e| JsError::new(&e.0))?)
    }
}
