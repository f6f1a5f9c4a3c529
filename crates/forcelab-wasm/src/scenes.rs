//! The articles' demos as classes (see `forcelab::scenes`): a page makes one from a
//! settings object, steps it and reads its flat state through a view on a buffer the
//! class reuses (the layout and stride are the core's `state_into` and `STRIDE`); all
//! the physics is the core's.

use crate::config::{from_js, to_js};
use crate::error::js;
use crate::views::f64s;
use forcelab::controllers::chain::ChainLawId;
use forcelab::controllers::SubmarineLaw;
use forcelab::scenes::{
    default_waypoints, Arm, ArmMapGrid, ArmSettings, Dive, DiveSettings, Goal, Orders, Pursuit,
    PursuitSettings, SagAxis, Snap, SnapSettings, Tumble, TumbleSettings,
};
use glam::DVec2;
use js_sys::Float64Array;
use wasm_bindgen::prelude::*;

/// The methods every scene class has, over the core scene in its field 0 and the buffer
/// its state is written to in field 1: `step(n)`, `time`, `state()` (a view of the
/// core's `state_into`; the layout is in that method's doc) and `settings()`.
macro_rules! scene_methods {
    ($class:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// Takes `n` steps.
            pub fn step(&mut self, n: u32) -> Result<(), JsError> {
                step_n(n, || self.0.step())
            }

            /// Simulated time, s.
            #[wasm_bindgen(getter)]
            pub fn time(&self) -> f64 {
                self.0.time
            }

            /// View: the flat state, `stride()` numbers per body, as the core's
            /// `state_into` writes it; valid until the next call into the module.
            pub fn state(&mut self) -> Float64Array {
                self.0.state_into(&mut self.1);
                f64s(&self.1)
            }

            /// The settings in force, as an object.
            pub fn settings(&self) -> Result<JsValue, JsError> {
                to_js(&self.0.settings)
            }
        }
    };
}

scene_methods!(PursuitScene);
scene_methods!(DiveScene);
scene_methods!(TumbleScene);
scene_methods!(SnapScene);
scene_methods!(ArmScene);

/// `stride()` for a scene whose bodies each take the same count of numbers whatever
/// its settings (the core's `STRIDE`).
macro_rules! fixed_stride {
    ($class:ident, $core:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// Numbers per body in `state()` (the page reads it here, not a copy of its own).
            pub fn stride() -> usize {
                $core::STRIDE
            }
        }
    };
}

fixed_stride!(PursuitScene, Pursuit);
fixed_stride!(DiveScene, Dive);
fixed_stride!(TumbleScene, Tumble);
fixed_stride!(SnapScene, Snap);

/// `retune(settings)` for a scene whose core can take new settings mid-run (the core's
/// `retune`: what can change live changes, the run carries on; a setting that can change
/// only from the start is refused by name, and the settings in force stay).
macro_rules! retune_method {
    ($class:ident, $settings:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// Puts `settings` (a whole settings object) in force mid-run.
            pub fn retune(&mut self, settings: JsValue) -> Result<(), JsError> {
                let settings: $settings = from_js("settings", settings)?;
                js(self.0.retune(settings))
            }
        }
    };
}

retune_method!(PursuitScene, PursuitSettings);
retune_method!(DiveScene, DiveSettings);
retune_method!(TumbleScene, TumbleSettings);

/// The most steps one call may take, so a bad argument cannot hang the page.
const MAX_STEPS: u32 = 100_000;

/// Runs `step` `n` times, stopping at the first error.
fn step_n(n: u32, mut step: impl FnMut() -> Result<(), forcelab::Error>) -> Result<(), JsError> {
    if n > MAX_STEPS {
        return Err(JsError::new(&format!(
            "steps must be at most {MAX_STEPS}, got {n}"
        )));
    }
    (0..n).try_for_each(|_| js(step()))
}

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

/// The tennis-racket flip: three free bodies with the gyroscopic term off, explicit
/// and implicit. Settings `{ spin, nudge, inertia: [x, y, z], dt, kickAt, kick }`.
#[wasm_bindgen]
pub struct TumbleScene(Tumble, Vec<f64>);

#[wasm_bindgen]
impl TumbleScene {
    /// The three bodies at the start of the spin.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<TumbleScene, JsError> {
        let settings: TumbleSettings = from_js("settings", settings)?;
        Ok(TumbleScene(js(Tumble::new(settings))?, Vec::new()))
    }
}

/// Bloom's minimum-velocity snap: two bodies at rest the same distance from the target,
/// stepped by the article's update with and without the minimum velocity. Settings
/// `{ law: { k, d, timeScale, minVelocity }, distance, dt }`.
#[wasm_bindgen]
pub struct SnapScene(Snap, Vec<f64>);

#[wasm_bindgen]
impl SnapScene {
    /// Both bodies at rest at `-distance`; `undefined` gives the defaults.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<SnapScene, JsError> {
        let settings: SnapSettings = from_js("settings", settings)?;
        Ok(SnapScene(js(Snap::new(settings))?, Vec::new()))
    }
}

/// The arm of issue 48: one arm (two or three links) per chain law lifted from hanging to a pose
/// under gravity; an arm that blows up is frozen and flagged, the others go on.
/// Settings `{ links: [{ length, mass, com, inertia }, ...], gravity, start, target,
/// laws, kp, kd, ki, dt, integrator, seconds }` (`forcelab::scenes::ArmSettings`).
#[wasm_bindgen]
pub struct ArmScene(Arm, Vec<f64>);

#[wasm_bindgen]
impl ArmScene {
    /// Every arm at rest at the start; `undefined` gives the defaults.
    #[wasm_bindgen(constructor)]
    pub fn new(settings: JsValue) -> Result<ArmScene, JsError> {
        let settings: ArmSettings = from_js("settings", settings)?;
        Ok(ArmScene(js(Arm::new(settings))?, Vec::new()))
    }

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

    /// The wish chapter 12's tuner opens on (`forcelab::design::ArmWish::FIGURE`):
    /// `{ settle (s), overshoot (fraction of each joint's move), maxTorque (N m) }`.
    #[wasm_bindgen(js_name = figureWish)]
    pub fn figure_wish() -> Result<JsValue, JsError> {
        to_js(&forcelab::design::ArmWish::FIGURE)
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

    /// The ids of what `tune` tunes on the arm of `settings` when asked for no drive in
    /// particular, in its order (`forcelab::design::ArmTuneSpec::new`: every law of
    /// `settings.laws`, then every engine's drive), so a page can ask for one row at a
    /// time and stay responsive between them.
    #[wasm_bindgen(js_name = tuneDrives)]
    pub fn tune_drives(settings: JsValue) -> Result<Vec<String>, JsError> {
        use forcelab::design::{ArmTuneSpec, ArmWish};
        let settings: ArmSettings = from_js("settings", settings)?;
        let spec = ArmTuneSpec::new(settings, ArmWish::FIGURE);
        Ok(spec.drives.iter().map(|d| d.id().to_string()).collect())
    }

    /// The arm of `settings` (undefined: the defaults) tuned for `wish` `{ settle (s),
    /// overshoot (fraction of each joint's move), maxTorque (N m) }`, each optional, by
    /// `drives` (chain law ids and `mujoco-euler`, `mujoco-implicitfast`, `physx-drive`,
    /// `physx-joint-pd`; empty: every law of `settings.laws`, then the engines):
    /// `[{ drive, label, gains: { kp, kd, ki }, figures: { settle, overshoot: [per
    /// joint], peakTorque, finalError, failed }, meets, margins: { settle, overshoot,
    /// maxTorque }, binding, nearest, evaluated }]` (`forcelab::design::tune_arm`). A bad
    /// wish or setting is refused naming the field.
    pub fn tune(settings: JsValue, wish: JsValue, drives: Vec<String>) -> Result<JsValue, JsError> {
        use forcelab::design::{tune_arm, ArmDrive, ArmTuneSpec, ArmWish};
        let settings: ArmSettings = from_js("settings", settings)?;
        let wish: ArmWish = from_js("wish", wish)?;
        let mut spec = ArmTuneSpec::new(settings, wish);
        if !drives.is_empty() {
            spec.drives = drives
                .iter()
                .map(|d| ArmDrive::parse(d))
                .collect::<Result<_, _>>()
                .map_err(|e| JsError::new(&e))?;
        }
        to_js(&tune_arm(&spec).map_err(|e| JsError::new(&e.0))?)
    }

    /// Why arm `k` blew up (the core's message), or undefined while it holds or for no such arm.
    pub fn failure(&self, k: usize) -> Option<String> {
        let (_, e) = self.0.arms.get(k)?.failed?;
        Some(format!("{}: {e}", e.field()))
    }
}
