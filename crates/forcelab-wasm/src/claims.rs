//! Every claim of the articles measured by the core, for JavaScript. The site reads the
//! native run from `web/src/core/claims.json` (no page downloads the claims' code);
//! this binding is in the full build, where `claims.test.ts` measures them again in
//! wasm and holds the two equal.

use crate::config::to_js;
use wasm_bindgen::prelude::*;

/// Every claim of the five articles with the figure the core measures and its
/// verdict: `[{ id, article, chapter, preset, claim, figure, unit, integrator, verdict,
/// conditions }]`.
#[wasm_bindgen]
pub fn claims() -> Result<JsValue, JsError> {
    to_js(&forcelab::claims::all_claims())
}
