//! The tennis-racket flip (chapter 7).

use crate::config::from_js;
use crate::error::js;
use forcelab::scenes::{Tumble, TumbleSettings};
use wasm_bindgen::prelude::*;

scene_methods!(TumbleScene);
fixed_stride!(TumbleScene, Tumble);
retune_method!(TumbleScene, TumbleSettings);

/// The tennis-racket flip: three free bodies with the gyroscopic term off, explicit
/// and implicit. Settings `{ spin, nudge, inertia: [x, y, z], dt, kickAt, kick }`.
#[wasm_bindgen]
pub struct TumbleScene(Tumble, Vec<f64>);

#[wasm_bindgen]
impl TumbleScene {
    /// The three bodies at the start of the spin.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<TumbleScene, JsError> {
        let settings: TumbleSettings = from_js("settings", settings)?;
        Ok(TumbleScene(js(Tumble::new(settings))?, Vec::new()))
    }
}
