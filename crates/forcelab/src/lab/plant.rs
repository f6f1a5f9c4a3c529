use crate::controllers::Terms;
use crate::error::Error;
use crate::runner::{Drive, Stepper};

/// The raw gains of one body's law, those of the cube of the plant's mass: stiffness
/// `kp` (N/m), damping `kd` (N s/m) and, for the PIDs, integral gain `ki` (N/(m s)).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct LawGains {
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
    /// Integral gain, N/(m s) (PIDs only).
    pub ki: f64,
}

/// A kind of body the Lab can drive, with the controller(s) one body needs. The Lab
/// owns the lockstep loop, the disturbances and the trace; a plant says how a
/// disturbance and a control law act on its body ([`Stepper::drive`] with a [`Drive`]),
/// and which scalar is its response.
pub trait Plant:
    Stepper<Input = Drive, Output = Terms, Slot: Clone + core::fmt::Debug> + Clone + core::fmt::Debug
{
    /// Values per body in [`crate::lab::Trace::pose`].
    const POSE: usize;
    /// The primary coordinate and its rate, continuous near `target` (m and m/s, or
    /// rad and rad/s).
    fn response(&self, slot: &Self::Slot, target: f64) -> (f64, f64);
    /// Appends [`Plant::POSE`] values that draw the body.
    fn pose(&self, slot: &Self::Slot, out: &mut Vec<f64>);
    /// Sets the raw gains (see each plant) live, keeping memory.
    fn set_gains(&self, slot: &mut Self::Slot, gains: LawGains) -> Result<(), Error>;
}
