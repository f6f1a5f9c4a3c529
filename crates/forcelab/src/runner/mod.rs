//! The one runner of one law per body: a body with its law stepped by an input
//! ([`Stepper`]), and the one loop that steps many and stops those that fail
//! ([`advance`]). The Lab's plants, [`crate::World1`], [`crate::World3`] and the dive
//! all step through it; the SIMD worlds (World2, the swarms) keep their own lanes.

mod cubes;

pub use cubes::{CubeSlot, Cubes};

use crate::controllers::Target1;
use crate::error::Error;
use crate::limits::DIVERGED_LIMIT;

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

/// One body with its law, advanced one step at a time by an input: what every runner of
/// one law per body steps (the Lab's plants, [`crate::World1`], [`crate::World3`], the
/// dive), through the one loop [`advance`], which owns what happens when a step fails.
pub trait Stepper {
    /// One body with its controller state.
    type Slot;
    /// The body alone (what [`advance`] puts back when a step fails).
    type Body: Copy;
    /// What one step hands a slot (the target, the disturbances, the step's length).
    type Input;
    /// What the law applied (its terms), reported for a slot that stepped.
    type Output;
    /// Controls, disturbs and advances `slot` by one step; returns what the law applied.
    /// On error the law's memory may have advanced; [`advance`] puts the body back and
    /// stops it.
    fn drive(&self, slot: &mut Self::Slot, input: &Self::Input) -> Result<Self::Output, Error>;
    /// The slot's body.
    fn body(&self, slot: &Self::Slot) -> Self::Body;
    /// Replaces the slot's body.
    fn set_body(&self, slot: &mut Self::Slot, body: Self::Body);
    /// Every state value finite and within [`crate::limits::DIVERGED_LIMIT`].
    fn bounded(&self, slot: &Self::Slot) -> bool;
}

/// Why a body that stepped without error is stopped: its state passed the bound.
pub const DIVERGED: Error = Error::Unsupported {
    field: "state",
    reason: "the body went past 1e9 (it diverged) and was stopped there",
};

/// The one loop of every one-law-per-body runner: each slot not yet stopped is driven one
/// step by `input(k)`; one whose law refuses, or whose state leaves the bound
/// ([`Stepper::bounded`], then [`DIVERGED`]), is put back where it was and stopped with
/// the reason in `failures[k]`; `stepped(k, output, slot)` sees every slot that stepped.
/// `input` is asked of every slot in order, stopped or not, so a body that stops changes
/// no other body's input (a noise sample drawn per body stays with its body).
pub fn advance<S: Stepper>(
    stepper: &S,
    slots: &mut [S::Slot],
    failures: &mut [Option<Error>],
    mut input: impl FnMut(usize) -> S::Input,
    mut stepped: impl FnMut(usize, S::Output, &S::Slot),
) {
    for (k, (slot, failure)) in slots.iter_mut().zip(failures.iter_mut()).enumerate() {
        let input = input(k);
        if failure.is_some() {
            continue;
        }
        // Only the body is kept back: a stopped body's law never runs again.
        let before = stepper.body(slot);
        let reason = match stepper.drive(slot, &input) {
            Ok(output) if stepper.bounded(slot) => {
                stepped(k, output, slot);
                continue;
            }
            // Not a value to show: the bound was passed, by however much.
            Ok(_) => DIVERGED,
            Err(e) => e,
        };
        stepper.set_body(slot, before);
        *failure = Some(reason);
    }
}

/// Every value within [`DIVERGED_LIMIT`] (NaN is not).
pub(crate) fn within(values: &[f64]) -> bool {
    values.iter().all(|v| v.abs() <= DIVERGED_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter that adds its input; an input below zero is refused, a count past 10
    /// is out of bounds.
    struct Counters;

    impl Stepper for Counters {
        type Slot = i32;
        type Body = i32;
        type Input = i32;
        type Output = i32;

        fn drive(&self, slot: &mut i32, input: &i32) -> Result<i32, Error> {
            *slot += input;
            if *input < 0 {
                return Err(Error::Unsupported {
                    field: "input",
                    reason: "below zero",
                });
            }
            Ok(*slot * 100)
        }

        fn body(&self, slot: &i32) -> i32 {
            *slot
        }

        fn set_body(&self, slot: &mut i32, body: i32) {
            *slot = body;
        }

        fn bounded(&self, slot: &i32) -> bool {
            *slot <= 10
        }
    }

    #[test]
    fn a_refused_or_unbounded_body_is_put_back_and_stopped_with_its_reason() {
        let mut slots = [1, 2, 9, 4];
        let mut failures = [None, None, None, None];
        let mut asked = Vec::new();
        let mut stepped = Vec::new();
        let inputs = [1, -1, 5, 1];
        advance(
            &Counters,
            &mut slots,
            &mut failures,
            |k| {
                asked.push(k);
                inputs[k]
            },
            |k, out, slot| stepped.push((k, out, *slot)),
        );
        assert_eq!(
            slots,
            [2, 2, 9, 5],
            "the refused and unbounded bodies put back"
        );
        assert_eq!(stepped, [(0, 200, 2), (3, 500, 5)]);
        assert_eq!(failures[0], None);
        assert_eq!(failures[1].unwrap().field(), "input");
        assert_eq!(failures[2], Some(DIVERGED));
        // A stopped body stays stopped, but its input is still asked for, in order.
        asked.clear();
        stepped.clear();
        advance(
            &Counters,
            &mut slots,
            &mut failures,
            |k| {
                asked.push(k);
                1
            },
            |k, _, _| stepped.push((k, 0, 0)),
        );
        assert_eq!(asked, [0, 1, 2, 3]);
        assert_eq!(stepped, [(0, 0, 0), (3, 0, 0)]);
        assert_eq!(slots, [3, 2, 9, 6]);
    }
}
