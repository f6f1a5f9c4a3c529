//! Config objects from JavaScript, through serde-wasm-bindgen, with the path of the bad
//! field in every error ("config.kp: invalid type: string \"abc\", expected f64").

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Reads `value` as a `T`; `undefined` or `null` gives `T::default()`, a missing field
/// its default, an unknown field (a typo that would otherwise be dropped in silence)
/// an error naming it.
pub fn from_js<T: DeserializeOwned + Serialize + Default>(
    name: &str,
    value: JsValue,
) -> Result<T, JsError> {
    from_js_known(name, value, &T::default())
}

/// [`from_js`], with the known fields those of `known` serialised: for a type whose
/// default leaves optional fields out (a law's options), a value with them all set.
pub fn from_js_known<T: DeserializeOwned + Serialize + Default>(
    name: &str,
    value: JsValue,
    known: &T,
) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    known_fields_only(name, &value, &to_js(known)?)?;
    let de = serde_wasm_bindgen::Deserializer::from(value);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." {
            name.to_string()
        } else {
            format!("{name}.{path}")
        };
        // serde-wasm-bindgen's errors are JS Errors whose text starts "Error: ".
        let text = e.into_inner().to_string();
        let text = text.strip_prefix("Error: ").unwrap_or(&text);
        JsError::new(&format!("{at}: {text}"))
    })
}

/// Fails on the first key of `value` (recursively through plain objects) that the
/// template `known` (a default value serialised) does not have. serde-wasm-bindgen
/// reads only the fields it knows, so serde's `deny_unknown_fields` never fires.
pub fn known_fields_only(path: &str, value: &JsValue, known: &JsValue) -> Result<(), JsError> {
    let plain = |v: &JsValue| v.is_object() && !js_sys::Array::is_array(v);
    if !plain(value) || !plain(known) {
        return Ok(());
    }
    let known_keys: Vec<String> = js_sys::Object::keys(known.unchecked_ref::<js_sys::Object>())
        .iter()
        .filter_map(|k| k.as_string())
        .collect();
    for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known_keys.contains(&key) {
            return Err(JsError::new(&format!(
                "{path}.{key} is not a known field (known: {})",
                known_keys.join(", ")
            )));
        }
        let get =
            |o: &JsValue| js_sys::Reflect::get(o, &JsValue::from_str(&key)).unwrap_or_default();
        known_fields_only(&format!("{path}.{key}"), &get(value), &get(known))?;
    }
    Ok(())
}

/// `value` as a plain JavaScript object (maps become objects, `None` becomes `null`).
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}
