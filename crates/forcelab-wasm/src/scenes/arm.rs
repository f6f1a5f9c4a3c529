//! The arm of issue 48 (chapter 12): the scene and its metrics (the `arm` door), and its
//! stability map, sag and breaking table (the `arm-analysis` door: the figures below the
//! scene, which a first visit of the chapter or an embedded scene does not download).
//! Its tuner is `arm_tune.rs`, a door of its own.

#[cfg(any(feature = "arm", feature = "arm-analysis"))]
use crate::config::{from_js, to_js};
#[cfg(any(feature = "arm", feature = "arm-analysis"))]
use crate::error::js;
#[cfg(feature = "arm-analysis")]
use forcelab::controllers::chain::ChainLawId;
use forcelab::scenes::Arm;
#[cfg(any(feature = "arm", feature = "arm-analysis"))]
use forcelab::scenes::ArmSettings;
#[cfg(feature = "arm-analysis")]
use forcelab::scenes::{ArmMapGrid, SagAxis};
use wasm_bindgen::prelude::*;

/// The arm of issue 48: one arm (two or three links) per chain law lifted from hanging to a pose
/// under gravity; an arm that blows up is frozen and flagged, the others go on.
/// Settings `{ links: [{ length, mass, com, inertia }, ...], gravity, start, target,
/// laws, kp, kd, ki, dt, integrator, seconds }` (`forcelab::scenes::ArmSettings`).
#[wasm_bindgen]
// The tuner's and the analysis' doors (`arm-tune`, `arm-analysis`) export only the
// class's static functions: there no scene is built, so its fields go unread.
#[cfg_attr(not(feature = "arm"), allow(dead_code))]
pub struct ArmScene(Arm, Vec<f64>);

#[cfg(feature = "arm")]
scene_methods!(ArmScene);

#[cfg(feature = "arm")]
#[wasm_bindgen]
impl ArmScene {
    /// Every arm at rest at the start; `undefined` gives the defaults.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<ArmScene, JsError> {
        let settings: ArmSettings = from_js("settings", settings)?;
        Ok(ArmScene(js(Arm::new(settings))?, Vec::new()))
    }

    /// Numbers per arm in `state()`: 2 + 5 per joint (the core's `Arm::stride`).
    pub fn stride(&self) -> usize {
        self.0.stride()
    }

    /// Joints per arm.
    #[wasm_bindgen(getter)]
    pub fn joints(&self) -> usize {
        self.0.chain.dofs()
    }

    /// Where each link ends at the target pose, `[x, y]` per joint, m (the shoulder at
    /// the origin): the pose every arm is sent to.
    #[wasm_bindgen(js_name = targetPoints)]
    pub fn target_points(&self) -> Vec<f64> {
        self.0.target_points()
    }

    /// The arm's full reach, m.
    pub fn reach(&self) -> f64 {
        self.0.reach()
    }

    /// The default settings of an arm of `links` links (2 or 3: `linkCounts()`), as an
    /// object: `forcelab::scenes::ArmSettings::with_links` (two: the scene's defaults;
    /// three: the same arm with a hand, at the same gains and step).
    #[wasm_bindgen(js_name = withLinks)]
    pub fn with_links(links: f64) -> Result<JsValue, JsError> {
        // A count from a page is a number: anything but a whole one is refused by name.
        let count = if links.fract() == 0.0 && (0.0..=1e6).contains(&links) {
            links as usize
        } else {
            0
        };
        match ArmSettings::with_links(count) {
            Ok(s) => to_js(&s),
            Err(_) => Err(JsError::new(&format!(
                "links must be one of {:?}, got {links}",
                forcelab::scenes::ARM_LINK_COUNTS
            ))),
        }
    }

    /// The counts of links `withLinks` takes (`forcelab::scenes::ARM_LINK_COUNTS`).
    #[wasm_bindgen(js_name = linkCounts)]
    pub fn link_counts() -> Vec<u32> {
        forcelab::scenes::ARM_LINK_COUNTS
            .iter()
            .map(|&n| n as u32)
            .collect()
    }

    /// Within this of its target (rad) every joint counts as there, for the settle time
    /// (`forcelab::scenes::ARM_SETTLED`).
    #[wasm_bindgen(js_name = settledBand)]
    pub fn settled_band() -> f64 {
        forcelab::scenes::ARM_SETTLED
    }

    /// Each law's run of the arm of `settings` (undefined: the defaults) summed up:
    /// `[{ law, label, settle (s, or null: never), finalError (rad), peakTorque (N m),
    /// blewUpAt (s, or null) }]` (`forcelab::scenes::arm_metrics`).
    pub fn metrics(settings: JsValue) -> Result<JsValue, JsError> {
        let settings: ArmSettings = from_js("settings", settings)?;
        to_js(&js(forcelab::scenes::arm_metrics(&settings))?)
    }

    /// Why arm `k` blew up (the core's message), or undefined while it holds or for no such arm.
    pub fn failure(&self, k: usize) -> Option<String> {
        let (_, e) = self.0.arms.get(k)?.failed?;
        Some(format!("{}: {e}", e.field()))
    }
}

#[cfg(any(feature = "arm", feature = "arm-analysis"))]
#[wasm_bindgen]
impl ArmScene {
    /// Every chain law, `[{ id, label }]`, in the order the core lists them
    /// (`ChainLawId::ALL`): the names a figure shows for the ids in `settings().laws`.
    pub fn laws() -> Result<JsValue, JsError> {
        #[derive(serde::Serialize)]
        struct Entry {
            id: &'static str,
            label: &'static str,
        }
        let all: Vec<Entry> = forcelab::controllers::chain::ChainLawId::ALL
            .into_iter()
            .map(|l| Entry {
                id: l.id(),
                label: l.label(),
            })
            .collect();
        to_js(&all)
    }
}

#[cfg(feature = "arm-analysis")]
#[wasm_bindgen]
impl ArmScene {
    /// Refuses `settings` by name as the scene would (`forcelab::scenes::Arm::new`),
    /// building no scene: the map's gain fields check a value with it before they take it.
    #[wasm_bindgen(js_name = checkSettings)]
    pub fn check_settings(settings: JsValue) -> Result<(), JsError> {
        let settings: ArmSettings = from_js("settings", settings)?;
        js(Arm::new(settings)).map(|_| ())
    }

    /// Where each law of `settings` (undefined: the defaults) first blows up at 30, 60 and
    /// 120 Hz with `kd = kdPerKpDt kp dt`: `[{ law, label, kp: [N m/rad or null (held to
    /// 1e6), ...] }]` (`forcelab::scenes::breaking_table`).
    pub fn breaking(
        settings: JsValue,
        #[wasm_bindgen(js_name = kdPerKpDt)] kd_per_kp_dt: f64,
    ) -> Result<JsValue, JsError> {
        let settings: ArmSettings = from_js("settings", settings)?;
        to_js(&js(forcelab::scenes::breaking_table(
            &settings,
            kd_per_kp_dt,
        ))?)
    }

    /// The rates of [`ArmScene::breaking`]'s columns, Hz.
    #[wasm_bindgen(js_name = breakingRates)]
    pub fn breaking_rates() -> Vec<f64> {
        forcelab::scenes::BREAKING_RATES.to_vec()
    }

    /// Law `law`'s stability map on the arm of `settings` (undefined: the defaults) over
    /// `grid` (undefined: `ArmMapGrid::default()`; else `{ kpMin, kpMax, kdMin, kdMax,
    /// points }`): `{ law, label, grid, kp: [N m/rad per row], kd: [N m s/rad per
    /// column], radii: [row-major, null where the loop has no rest pose near the target],
    /// stableLimit }` (`forcelab::scenes::arm_map`).
    pub fn map(settings: JsValue, law: &str, grid: JsValue) -> Result<JsValue, JsError> {
        let settings: ArmSettings = from_js("settings", settings)?;
        let grid: ArmMapGrid = from_js("grid", grid)?;
        let law = ChainLawId::parse(law).map_err(|e| JsError::new(&e))?;
        to_js(&js(forcelab::scenes::arm_map(&settings, law, &grid))?)
    }

    /// How far each law of `settings` (undefined: the defaults) lets the arm sag under
    /// its weight at each stiffness of `axis` (undefined: `SagAxis::default()`; else
    /// `{ kpMin, kpMax, points }`): `{ kp: [N m/rad], laws: [{ law, label, sag: [per kp,
    /// q* - q_rest per joint, rad, or null where no pose holds] }], predicted: [per kp,
    /// G(q*) / kp per joint] }` (`forcelab::scenes::arm_sag`).
    pub fn sag(settings: JsValue, axis: JsValue) -> Result<JsValue, JsError> {
        let settings: ArmSettings = from_js("settings", settings)?;
        let axis: SagAxis = from_js("axis", axis)?;
        to_js(&js(forcelab::scenes::arm_sag(&settings, &axis))?)
    }

    /// The spectral radius of law `law`'s loop on the arm of `settings` at its own `kp`
    /// and `kd` (`forcelab::scenes::arm_loop`, then `ChainLoop::spectral_radius`): below
    /// 1 a small error about the rest pose dies out. Refused by name where there is no
    /// rest pose near the target (`kp`) or a setting cannot be.
    pub fn radius(settings: JsValue, law: &str) -> Result<f64, JsError> {
        let settings: ArmSettings = from_js("settings", settings)?;
        let law = ChainLawId::parse(law).map_err(|e| JsError::new(&e))?;
        js(js(forcelab::scenes::arm_loop(&settings, law))?.spectral_radius())
    }
}
