//! Config objects from JavaScript, through serde-wasm-bindgen, with the path of the bad
//! field in every error ("config.kp: invalid type: string \"abc\", expected f64").
//!
//! The path is found after the fact (`culprit`) rather than tracked while reading: a
//! tracking deserializer wraps every visitor of every settings type, about 5 KB gzipped
//! in each door of the site (issue 49), where a refused setting is rare and can afford a
//! few more reads.

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
    read::<T>(&value).map_err(|e| {
        // serde-wasm-bindgen's errors are JS Errors whose text starts "Error: ".
        let text = e.to_string();
        let text = text.strip_prefix("Error: ").unwrap_or(&text).to_string();
        let fails_as = |v: &JsValue| read::<T>(v).err().map(|e| e.to_string());
        let at = culprit(&value, &fails_as);
        JsError::new(&format!("{name}{at}: {text}"))
    })
}

/// `value` read as a `T`. Never inlined: its two callers would each hold a copy of
/// `T`'s whole deserializer.
#[inline(never)]
fn read<T: DeserializeOwned>(value: &JsValue) -> Result<T, serde_wasm_bindgen::Error> {
    T::deserialize(serde_wasm_bindgen::Deserializer::from(value.clone()))
}

/// One step into a JavaScript value: a key of a plain object or an index of an array.
#[derive(Clone)]
enum Step {
    Key(String),
    Index(u32),
}

/// Where in `value` the field that fails to read sits, written as serde's paths are
/// (".controllers[1].kind"; empty when it is `value` itself). `fails_as` reads a value
/// and gives its error's text, `None` when it reads.
///
/// Every settings struct takes its default for a missing field (`serde(default)`), so
/// the culprit is the child whose removal (a key deleted, an element spliced out) either
/// lets the value read or moves the error on to another field (the next bad one); the
/// search then goes down into that child. A value with two bad fields that report the
/// same text stops at their parent.
fn culprit(value: &JsValue, fails_as: &dyn Fn(&JsValue) -> Option<String>) -> String {
    let Some(first) = fails_as(value) else {
        return String::new();
    };
    let moved = |v: &JsValue| fails_as(v).as_ref() != Some(&first);
    let mut path: Vec<Step> = Vec::new();
    let mut here = value.clone();
    while let Some(step) = steps(&here).into_iter().find(|step| {
        let mut below = path.clone();
        below.push(step.clone());
        moved(&without(value, &below))
    }) {
        here = child(&here, &step);
        path.push(step);
    }
    path.iter()
        .map(|s| match s {
            Step::Key(k) => format!(".{k}"),
            Step::Index(i) => format!("[{i}]"),
        })
        .collect()
}

/// The own enumerable keys of the object `value`, in JavaScript's order.
fn keys(value: &JsValue) -> Vec<String> {
    js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>())
        .iter()
        .filter_map(|k| k.as_string())
        .collect()
}

/// The children of `value`: the keys of a plain object, the indices of an array.
fn steps(value: &JsValue) -> Vec<Step> {
    if js_sys::Array::is_array(value) {
        (0..value.unchecked_ref::<js_sys::Array>().length())
            .map(Step::Index)
            .collect()
    } else if value.is_object() {
        keys(value).into_iter().map(Step::Key).collect()
    } else {
        Vec::new()
    }
}

/// The child of `value` one `step` down.
fn child(value: &JsValue, step: &Step) -> JsValue {
    match step {
        Step::Key(k) => js_sys::Reflect::get(value, &JsValue::from_str(k)).unwrap_or_default(),
        Step::Index(i) => value.unchecked_ref::<js_sys::Array>().get(*i),
    }
}

/// A copy of `value` without what `path` leads to (the caller's objects untouched: only
/// the objects and arrays along the path are copied, shallowly).
fn without(value: &JsValue, path: &[Step]) -> JsValue {
    let Some((step, rest)) = path.split_first() else {
        return JsValue::UNDEFINED;
    };
    match step {
        Step::Key(k) => {
            let copy = js_sys::Object::assign(&js_sys::Object::new(), value.unchecked_ref());
            let key = JsValue::from_str(k);
            if rest.is_empty() {
                js_sys::Reflect::delete_property(&copy, &key).unwrap_or_default();
            } else {
                let inner = without(&child(value, step), rest);
                js_sys::Reflect::set(&copy, &key, &inner).unwrap_or_default();
            }
            copy.into()
        }
        Step::Index(i) => {
            let copy = js_sys::Array::from(value);
            if rest.is_empty() {
                copy.splice_many(*i, 1, &[]);
            } else {
                copy.set(*i, without(&child(value, step), rest));
            }
            copy.into()
        }
    }
}

/// Fails on the first key of `value` (recursively through plain objects) that the
/// template `known` (a default value serialised) does not have. serde-wasm-bindgen
/// reads only the fields it knows, so serde's `deny_unknown_fields` never fires. An
/// array where `known` is an object is refused too: serde reads a struct from a sequence
/// field by field in order, so `[1, 2]` would pass as settings no reader meant.
pub fn known_fields_only(path: &str, value: &JsValue, known: &JsValue) -> Result<(), JsError> {
    let plain = |v: &JsValue| v.is_object() && !js_sys::Array::is_array(v);
    if plain(known) && js_sys::Array::is_array(value) {
        return Err(JsError::new(&format!(
            "{path} must be an object of named settings, got an array"
        )));
    }
    if !plain(value) || !plain(known) {
        return Ok(());
    }
    let known_keys = keys(known);
    for key in keys(value) {
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
