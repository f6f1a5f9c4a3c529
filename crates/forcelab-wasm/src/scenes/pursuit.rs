//! Article 001's chase (chapter 6).

use crate::config::from_js;
use crate::error::js;
use forcelab::scenes::{default_waypoints, Goal, Pursuit, PursuitSettings};
use glam::DVec2;
use wasm_bindgen::prelude::*;

scene_methods!(PursuitScene);
fixed_stride!(PursuitScene, Pursuit);
retune_method!(PursuitScene, PursuitSettings);

/// Article 001's chase: a missile and an entity (and, if asked, a missile whose PID
/// integrates as printed) steering toward a point or round a loop of waypoints.
/// Settings `{ heading: { pid, maxAngularAcceleration, integralAsPrinted },
/// missileSpeed, entitySpeed, entityForce, arriveRadius, waypointRadius, dt,
/// withPrintedMissile, jumpAt, sideswipeAt, sideswipe }`.
#[wasm_bindgen]
pub struct PursuitScene(Pursuit, Vec<f64>);

#[wasm_bindgen]
impl PursuitScene {
    /// A chase from the start toward `target` `[x, y]` (m), or round the default
    /// waypoints when `target` is undefined.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue, target: Option<Vec<f64>>) -> Result<PursuitScene, JsError> {
        let settings: PursuitSettings = from_js("settings", settings)?;
        let goal = match target {
            None => default_waypoints(),
            Some(t) => Goal::Point(crate::layout::vec2_arg("target", &t)?),
        };
        Ok(PursuitScene(js(Pursuit::new(settings, goal))?, Vec::new()))
    }

    /// Moves the goal to the point (`x`, `y`) m; the chase leaves the waypoints.
    #[wasm_bindgen(js_name = setTarget)]
    pub fn set_target(&mut self, x: f64, y: f64) -> Result<(), JsError> {
        js(self.0.set_point(DVec2::new(x, y)))
    }

    /// The waypoints `[x0, y0, x1, y1, ...]` (m), empty when chasing a point.
    pub fn waypoints(&self) -> Vec<f64> {
        match &self.0.goal {
            Goal::Point(_) => Vec::new(),
            Goal::Waypoints(w) => w.iter().flat_map(|p| [p.x, p.y]).collect(),
        }
    }
}
