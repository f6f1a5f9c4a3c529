use crate::controllers::{Target1, Terms};
use crate::error::Error;

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

/// What one lockstep step hands every body alike.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drive {
    /// The target on the plant's primary coordinate (m, or rad for a turn).
    pub target: Target1,
    /// This step's measurement noise, added to every measured coordinate.
    pub noise: f64,
    /// An impulse (N s) the body receives at the start of this step, 0 if none.
    pub impulse: f64,
    /// A constant load (N, or N m) along the primary coordinate.
    pub load: f64,
    /// This step's length, s.
    pub dt: f64,
}

/// A kind of body the Lab can drive, with the controller(s) one body needs. The Lab
/// owns the lockstep loop, the disturbances and the trace; a plant says how a
/// disturbance and a control law act on its body, and which scalar is its response.
pub trait Plant: Clone + core::fmt::Debug {
    /// One body with its controller state.
    type Slot: Clone + core::fmt::Debug;
    /// The body alone (what the Lab puts back when a step fails).
    type Body: Copy;
    /// Values per body in [`crate::lab::Trace::pose`].
    const POSE: usize;
    /// Controls, disturbs and advances `slot` by one step; returns the primary
    /// coordinate's terms. On error the law's memory may have advanced; the Lab puts
    /// the body back and stops it.
    fn drive(&self, slot: &mut Self::Slot, drive: &Drive) -> Result<Terms, Error>;
    /// The slot's body.
    fn body(&self, slot: &Self::Slot) -> Self::Body;
    /// Replaces the slot's body.
    fn set_body(&self, slot: &mut Self::Slot, body: Self::Body);
    /// The primary coordinate and its rate, continuous near `target` (m and m/s, or
    /// rad and rad/s).
    fn response(&self, slot: &Self::Slot, target: f64) -> (f64, f64);
    /// Appends [`Plant::POSE`] values that draw the body.
    fn pose(&self, slot: &Self::Slot, out: &mut Vec<f64>);
    /// Sets the raw gains (see each plant) live, keeping memory.
    fn set_gains(&self, slot: &mut Self::Slot, gains: LawGains) -> Result<(), Error>;
    /// Every state value finite and within [`crate::limits::DIVERGED_LIMIT`].
    fn bounded(&self, slot: &Self::Slot) -> bool;
}
