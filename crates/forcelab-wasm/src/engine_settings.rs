//! An engine API and its settings read from JavaScript, shared by the engines' door
//! (the twin) and the tuner's door (Tune for me for an engine). Conversion only.

use forcelab::engines::settings::{Kind, Value};
use forcelab::engines::{Entry, Settings};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `value` (a plain object `{ key: number | boolean | string }`, or undefined for the
/// defaults) as `entry`'s settings; an unknown key or a bad value is named.
pub(crate) fn settings(entry: &Entry, value: &JsValue) -> Result<Settings, JsError> {
    let mut s = entry.default_settings();
    if value.is_undefined() || value.is_null() {
        return Ok(s);
    }
    if !value.is_object() || js_sys::Array::is_array(value) {
        return Err(JsError::new("settings must be an object of setting: value"));
    }
    let defs = s.defs();
    let object: &js_sys::Object = value.unchecked_ref();
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        let def = defs.iter().find(|d| d.key == key).ok_or_else(|| {
            let known: Vec<&str> = defs.iter().map(|d| d.key).collect();
            JsError::new(&format!(
                "settings.{key} is not a setting of {} (known: {})",
                entry.id,
                known.join(", ")
            ))
        })?;
        let raw = js_sys::Reflect::get(value, &JsValue::from_str(&key)).unwrap_or_default();
        let parsed = if let Some(x) = raw.as_f64() {
            Value::Number(x)
        } else if let Some(b) = raw.as_bool() {
            Value::Flag(b)
        } else if let Some(text) = raw.as_string() {
            match def.kind {
                Kind::Choice { options } => Value::Choice(def.option(&text).ok_or_else(|| {
                    let field = format!("settings.{key}");
                    JsError::new(&forcelab::error::not_one_of(
                        &field,
                        &text,
                        options.iter().copied(),
                    ))
                })?),
                _ => {
                    return Err(JsError::new(&format!(
                        "settings.{key} must be a number or true/false, got {text:?}"
                    )))
                }
            }
        } else {
            return Err(JsError::new(&format!("settings.{key} has no value")));
        };
        s.set(&key, parsed)
            .map_err(|e| JsError::new(&format!("settings.{e}")))?;
    }
    Ok(s)
}
