//! Article 001's Simpson window integral, as printed and corrected, for chapter 6's
//! Simpson figure (the `simpson` feature: no settings, no scene) and the library's API.

use crate::error::js;
use forcelab::published;
use wasm_bindgen::prelude::*;

/// Article 001's printed Simpson window integral of `errors` sampled every `dt`.
#[wasm_bindgen(js_name = simpsonAsPrinted)]
pub fn simpson_as_printed(errors: &[f64], dt: f64) -> Result<f64, JsError> {
    window("errors", errors, dt)?;
    Ok(published::simpson_as_printed(errors, dt))
}

/// The corrected composite Simpson integral of `errors` sampled every `dt`.
#[wasm_bindgen]
pub fn simpson(errors: &[f64], dt: f64) -> Result<f64, JsError> {
    window("errors", errors, dt)?;
    Ok(forcelab::controllers::simpson(errors, dt))
}

fn window(field: &'static str, errors: &[f64], dt: f64) -> Result<(), JsError> {
    js(forcelab::error::positive("dt", dt))?;
    for &e in errors {
        js(forcelab::error::finite(field, e))?;
    }
    Ok(())
}
