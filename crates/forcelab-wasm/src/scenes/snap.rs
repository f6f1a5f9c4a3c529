//! Bloom's minimum-velocity snap (chapter 5).

use crate::config::from_js;
use crate::error::js;
use forcelab::scenes::{Snap, SnapSettings};
use wasm_bindgen::prelude::*;

scene_methods!(SnapScene);
fixed_stride!(SnapScene, Snap);

/// Bloom's minimum-velocity snap: two bodies at rest the same distance from the target,
/// stepped by the article's update with and without the minimum velocity. Settings
/// `{ law: { k, d, timeScale, minVelocity }, distance, dt }`.
#[wasm_bindgen]
pub struct SnapScene(Snap, Vec<f64>);

#[wasm_bindgen]
impl SnapScene {
    /// Both bodies at rest at `-distance`; `undefined` gives the defaults.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<SnapScene, JsError> {
        let settings: SnapSettings = from_js("settings", settings)?;
        Ok(SnapScene(js(Snap::new(settings))?, Vec::new()))
    }
}
