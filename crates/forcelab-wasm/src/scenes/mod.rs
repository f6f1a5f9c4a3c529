//! The articles' demos as classes (see `forcelab::scenes`): a page makes one from a
//! settings object, steps it and reads its flat state through a view on a buffer the
//! class reuses (the layout and stride are the core's `state_into` and `STRIDE`); all
//! the physics is the core's. One file per class, each behind the cargo feature of its
//! chapter's door (Cargo.toml), so that a page downloads the scenes it shows and no other.

use wasm_bindgen::prelude::*;

/// The methods every scene class has, over the core scene in its field 0 and the buffer
/// its state is written to in field 1: `step(n)`, `time`, `state()` (a view of the
/// core's `state_into`; the layout is in that method's doc) and `settings()`.
#[allow(unused_macros)] // not every door holds a scene that takes it
macro_rules! scene_methods {
    ($class:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// Takes `n` steps.
            pub fn step(&mut self, n: u32) -> Result<(), JsError> {
                $crate::scenes::step_n(n, || self.0.step())
            }

            /// Simulated time, s.
            #[wasm_bindgen(getter)]
            pub fn time(&self) -> f64 {
                self.0.time
            }

            /// View: the flat state, `stride()` numbers per body, as the core's
            /// `state_into` writes it; valid until the next call into the module.
            pub fn state(&mut self) -> js_sys::Float64Array {
                self.0.state_into(&mut self.1);
                $crate::views::f64s(&self.1)
            }

            /// The settings in force, as an object.
            pub fn settings(&self) -> Result<JsValue, JsError> {
                $crate::config::to_js(&self.0.settings)
            }
        }
    };
}

/// `stride()` for a scene whose bodies each take the same count of numbers whatever
/// its settings (the core's `STRIDE`).
#[allow(unused_macros)] // not every door holds a scene that takes it
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

/// `retune(settings)` for a scene whose core can take new settings mid-run (the core's
/// `retune`: what can change live changes, the run carries on; a setting that can change
/// only from the start is refused by name, and the settings in force stay).
#[allow(unused_macros)] // not every door holds a scene that takes it
macro_rules! retune_method {
    ($class:ident, $settings:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// Puts `settings` (a whole settings object) in force mid-run.
            pub fn retune(&mut self, settings: JsValue) -> Result<(), JsError> {
                let settings: $settings = $crate::config::from_js("settings", settings)?;
                $crate::error::js(self.0.retune(settings))
            }
        }
    };
}

/// The most steps one call may take, so a bad argument cannot hang the page.
#[allow(dead_code)] // the tuner's door alone steps no scene
const MAX_STEPS: u32 = 100_000;

/// Runs `step` `n` times, stopping at the first error.
#[allow(dead_code)] // the tuner's door alone steps no scene
fn step_n(n: u32, mut step: impl FnMut() -> Result<(), forcelab::Error>) -> Result<(), JsError> {
    if n > MAX_STEPS {
        return Err(JsError::new(&format!(
            "steps must be at most {MAX_STEPS}, got {n}"
        )));
    }
    (0..n).try_for_each(|_| crate::error::js(step()))
}

#[cfg(any(feature = "arm", feature = "arm-analysis", feature = "arm-tune"))]
mod arm;
#[cfg(feature = "arm-tune")]
mod arm_tune;
#[cfg(feature = "submarine")]
mod dive;
#[cfg(feature = "chase")]
mod pursuit;
#[cfg(feature = "snap")]
mod snap;
#[cfg(feature = "submarine")]
mod tumble;

#[cfg(any(feature = "arm", feature = "arm-analysis", feature = "arm-tune"))]
pub use arm::ArmScene;
#[cfg(feature = "submarine")]
pub use dive::DiveScene;
#[cfg(feature = "chase")]
pub use pursuit::PursuitScene;
#[cfg(feature = "snap")]
pub use snap::SnapScene;
#[cfg(feature = "submarine")]
pub use tumble::TumbleScene;
