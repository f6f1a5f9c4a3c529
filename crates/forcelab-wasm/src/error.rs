//! The core's errors as JavaScript errors: every message names the field and the value.

use wasm_bindgen::JsError;

/// The core's error as a JavaScript `Error` with the same message
/// ("kp must be a finite number, got NaN").
pub fn to_js(error: forcelab::Error) -> JsError {
    JsError::new(&error.to_string())
}

/// Converts a core result for JavaScript.
pub fn js<T>(result: Result<T, forcelab::Error>) -> Result<T, JsError> {
    result.map_err(to_js)
}
