//! Article 004's submarines (chapter 7).

use crate::config::{from_js, to_js};
use crate::error::js;
use forcelab::controllers::SubmarineLaw;
use forcelab::scenes::{Dive, DiveSettings, Orders};
use wasm_bindgen::prelude::*;

scene_methods!(DiveScene);
fixed_stride!(DiveScene, Dive);
retune_method!(DiveScene, DiveSettings);

/// Article 004's submarines: one hull per attitude controller, all under the same
/// orders and load. Settings `{ boats: [{ law, kp, ki, kd, rateCoefficients,
/// maxIntegral, maxTorque }, ...], load, rudderTorque, dt, loadStepAt, loadStep,
/// sensorNoise, seed }`; `undefined` gives the four generations.
#[wasm_bindgen]
pub struct DiveScene(Dive, Vec<f64>);

#[wasm_bindgen]
impl DiveScene {
    /// The largest pitch (rad) an order may ask for (`forcelab::scenes::MAX_PITCH`).
    #[wasm_bindgen(js_name = maxPitch)]
    pub fn max_pitch() -> f64 {
        forcelab::scenes::MAX_PITCH
    }

    /// The largest roll (rad) an order may ask for (`forcelab::scenes::MAX_ROLL`).
    #[wasm_bindgen(js_name = maxRoll)]
    pub fn max_roll() -> f64 {
        forcelab::scenes::MAX_ROLL
    }

    /// Every attitude law of the scene, `[{ id, label, gains: [{ key, label, unit }] }]`:
    /// its name and the numbers it reads (`SubmarineLaw::label`, `SubmarineLaw::gains`),
    /// so a figure offers a field only for a number that changes the law.
    pub fn laws() -> Result<JsValue, JsError> {
        #[derive(serde::Serialize)]
        struct Entry {
            id: SubmarineLaw,
            label: &'static str,
            gains: &'static [forcelab::controllers::SubmarineGain],
        }
        let all: Vec<Entry> = SubmarineLaw::ALL
            .into_iter()
            .map(|id| Entry {
                id,
                label: id.label(),
                gains: id.gains(),
            })
            .collect();
        to_js(&all)
    }

    /// The orders the figure opens on, `[pitch, roll, rudder]` (rad, rad, -1 to 1):
    /// `forcelab::scenes::FIRST_ORDERS`, the ones the claims measure.
    #[wasm_bindgen(js_name = firstOrders)]
    pub fn first_orders() -> Vec<f64> {
        let o = forcelab::scenes::FIRST_ORDERS;
        vec![o.pitch, o.roll, o.rudder]
    }

    /// Level hulls at rest.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<DiveScene, JsError> {
        let settings: DiveSettings = from_js("settings", settings)?;
        Ok(DiveScene(js(Dive::new(settings))?, Vec::new()))
    }

    /// Orders `pitch` and `roll` (rad) and `rudder` (-1 to 1); refused orders leave the
    /// old ones in force.
    #[wasm_bindgen(js_name = setOrders)]
    pub fn set_orders(&mut self, pitch: f64, roll: f64, rudder: f64) -> Result<(), JsError> {
        js(self.0.set_orders(Orders {
            pitch,
            roll,
            rudder,
        }))
    }
}
