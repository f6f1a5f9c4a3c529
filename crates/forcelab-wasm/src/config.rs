//! Config objects from JavaScript, through serde-wasm-bindgen, with the path of the bad
//! field in every error ("config.kp: invalid type: string \"abc\", expected f64").

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Reads `value` as a `T`; `undefined` or `null` gives `T::default()`, a missing field
/// its default, an unknown field an error naming it.
pub fn from_js<T: DeserializeOwned + Default>(name: &str, value: JsValue) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    let de = serde_wasm_bindgen::Deserializer::from(value);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." {
            name.to_string()
        } else {
            format!("{name}.{path}")
        };
        JsError::new(&format!("{at}: {}", e.into_inner()))
    })
}

/// `value` as a plain JavaScript object (maps become objects, `None` becomes `null`).
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}
