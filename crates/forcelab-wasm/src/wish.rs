//! The quick mode of "Tune for me" (the tuner's door): two sliders as requirements.

use crate::config::to_js;
use wasm_bindgen::prelude::*;

/// The requirements two quick sliders stand for (`forcelab::design::quick_wish`):
/// `responseTime` (s) and `robustness` in [0, 1] in, `{ requirements: { settle,
/// overshoot, ... }, robustness: { massFactors, stepRange } }` out; a bad slider is named.
#[wasm_bindgen(js_name = quickWish)]
pub fn quick_wish(response_time: f64, robustness: f64) -> Result<JsValue, JsError> {
    to_js(&forcelab::design::quick_wish(response_time, robustness).map_err(|e| JsError::new(&e.0))?)
}
