//! A Lab on whichever plant its spec names, behind one type, so a caller that reads
//! the plant at run time (the bindings, a URL) steps, edits and reads it without
//! matching on the plant itself.

use super::spec::{at, SpecError};
use super::{Lab, LawGains, Plant, StepResponse, Trace};
use crate::analysis::StepMetrics;
use crate::controllers::Target1;
use crate::error::Error;

/// The most steps one [`AnyLab::step`] call takes: a call returns to the page within a
/// frame or two, and a long run is many calls.
pub const MAX_STEPS_PER_CALL: u32 = 100_000;

/// A Lab on the cube, the plate or the box ([`super::LabSpec::build`]): those of the
/// three that this build holds (the features `lab-cube`, `lab-plate`, `lab-box`).
#[derive(Clone, Debug)]
pub enum AnyLab {
    /// On the 1-D cube.
    #[cfg(feature = "lab-cube")]
    Cube(Box<Lab<super::CubePlant>>),
    /// On the 2-D plate.
    #[cfg(feature = "lab-plate")]
    Plate(Box<Lab<super::PlanarPlant>>),
    /// On the 3-D box.
    #[cfg(feature = "lab-box")]
    Box(Box<Lab<super::BoxPlant>>),
}

#[cfg(not(any(feature = "lab-cube", feature = "lab-plate", feature = "lab-box")))]
compile_error!("forcelab's Lab needs at least one plant: enable lab-cube, lab-plate or lab-box");

macro_rules! each {
    ($self:expr, $lab:ident => $e:expr) => {
        match $self {
            #[cfg(feature = "lab-cube")]
            AnyLab::Cube($lab) => $e,
            #[cfg(feature = "lab-plate")]
            AnyLab::Plate($lab) => $e,
            #[cfg(feature = "lab-box")]
            AnyLab::Box($lab) => $e,
        }
    };
}

impl AnyLab {
    /// Number of bodies (one per controller).
    pub fn len(&self) -> usize {
        each!(self, l => l.len())
    }

    /// Whether it has no body.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Values per body in [`Trace::pose`]: 1 (cube), 3 (plate) or 4 (box).
    pub fn pose_size(&self) -> usize {
        each!(self, l => pose_size_of(&**l))
    }

    /// Simulated time, s.
    pub fn time(&self) -> f64 {
        each!(self, l => l.time())
    }

    /// Advances every body by `steps` steps (at most [`MAX_STEPS_PER_CALL`]).
    pub fn step(&mut self, steps: u32) -> Result<(), SpecError> {
        if steps > MAX_STEPS_PER_CALL {
            return Err(SpecError(format!(
                "steps must be at most {MAX_STEPS_PER_CALL} per call, got {steps}"
            )));
        }
        each!(self, l => l.step(steps));
        Ok(())
    }

    /// Records only what [`AnyLab::metrics`] reads from now on, and starts over
    /// ([`Lab::record_response_only`]).
    pub fn record_response_only(&mut self) {
        each!(self, l => l.record_response_only())
    }

    /// Back to the start; the same spec replays the same trace bit for bit.
    pub fn reset(&mut self) {
        each!(self, l => l.reset());
    }

    /// Sets controller `index`'s gains live (kept by `reset`).
    pub fn set_gains(&mut self, index: usize, gains: LawGains) -> Result<(), SpecError> {
        each!(self, l => l.set_gains(index, gains)).map_err(|e| at(index, e))
    }

    /// Moves the target, from now on.
    pub fn set_target(&mut self, target: Target1) -> Result<(), Error> {
        each!(self, l => l.set_target(target))
    }

    /// The recorded run.
    pub fn trace(&self) -> &Trace {
        each!(self, l => l.trace())
    }

    /// Whether each body has stopped (diverged or refused by its law).
    pub fn diverged(&self) -> Vec<bool> {
        each!(self, l => l.diverged())
    }

    /// Why each body stopped, if it did.
    pub fn failures(&self) -> &[Option<Error>] {
        each!(self, l => l.failures())
    }

    /// Step metrics of each body so far, for the target's first step
    /// ([`Lab::metrics`]).
    pub fn metrics(&self) -> Vec<StepMetrics> {
        each!(self, l => l.metrics())
    }

    /// Step metrics for each step of the target so far ([`Lab::step_responses`]).
    pub fn step_responses(&self) -> Vec<StepResponse> {
        each!(self, l => l.step_responses())
    }
}

fn pose_size_of<P: Plant>(_: &Lab<P>) -> usize {
    P::POSE
}
