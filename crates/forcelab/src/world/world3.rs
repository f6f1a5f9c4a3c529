use crate::body::Body3;
use crate::controllers::{Controller3, Target3};
use crate::error::{positive, Error};
use crate::limits::DIVERGED_LIMIT;
use crate::runner::{advance, Stepper};
use glam::DVec3;

/// Many 3-D bodies, each turned toward its own target orientation by its own
/// [`Controller3`], stepped together at a fixed `dt` through the one runner of one law
/// per body ([`crate::lab::advance`]). Orientations (`[x, y, z, w]` per body) and angular
/// velocities (`[x, y, z]`) are kept as flat arrays a caller reads without copying. A
/// body whose law fails or whose rate passes [`DIVERGED_LIMIT`] is frozen and flagged.
#[derive(Clone, Debug, Default)]
pub struct World3 {
    dt: f64,
    slots: Vec<Turn>,
    failures: Vec<Option<Error>>,
    orientations: Vec<f64>,
    angular_velocities: Vec<f64>,
    torques: Vec<f64>,
    diverged: Vec<u8>,
}

/// One body of a [`World3`] with its law and its own target.
#[derive(Clone, Copy, Debug)]
struct Turn {
    body: Body3,
    law: Controller3,
    target: Target3,
}

/// The step of a [`World3`]'s bodies: each slot's law toward its own target, a step of
/// the input's `dt` (s); the output is the world torque applied, N m.
struct Turns;

impl Stepper for Turns {
    type Slot = Turn;
    type Body = Body3;
    type Input = f64;
    type Output = DVec3;

    fn drive(&self, slot: &mut Turn, dt: &f64) -> Result<DVec3, Error> {
        let t = slot.law.torque(&slot.body, &slot.target, *dt)?;
        slot.body.step(DVec3::ZERO, t.total, *dt)?;
        Ok(t.total)
    }

    fn body(&self, slot: &Turn) -> Body3 {
        slot.body
    }

    fn set_body(&self, slot: &mut Turn, body: Body3) {
        slot.body = body;
    }

    /// Only the rate is bounded: an orientation stays a unit quaternion.
    fn bounded(&self, slot: &Turn) -> bool {
        slot.body.angular_velocity.abs().max_element() <= DIVERGED_LIMIT
    }
}

impl World3 {
    /// An empty world stepping at `dt` s.
    pub fn new(dt: f64) -> Result<World3, Error> {
        positive("dt", dt)?;
        Ok(World3 {
            dt,
            ..World3::default()
        })
    }

    /// Number of bodies.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Adds `body` turned by `law` toward its current orientation; returns its index.
    pub fn add(&mut self, body: Body3, law: Controller3) -> Result<usize, Error> {
        body.validate()?;
        law.validate()?;
        self.slots.push(Turn {
            body,
            law,
            target: Target3::facing(body.orientation),
        });
        self.failures.push(None);
        self.orientations.extend(body.orientation.to_array());
        self.angular_velocities
            .extend(body.angular_velocity.to_array());
        self.torques.extend([0.0; 3]);
        self.diverged.push(0);
        Ok(self.len() - 1)
    }

    fn check(&self, index: usize) -> Result<(), Error> {
        crate::error::index(index, self.len()).map(|_| ())
    }

    /// Sets body `index`'s target (a unit orientation and a world angular velocity).
    pub fn set_target(&mut self, index: usize, target: Target3) -> Result<(), Error> {
        self.check(index)?;
        target.validate()?;
        self.slots[index].target = target;
        Ok(())
    }

    /// Replaces body `index`'s law.
    pub fn set_law(&mut self, index: usize, law: Controller3) -> Result<(), Error> {
        self.check(index)?;
        law.validate()?;
        self.slots[index].law = law;
        Ok(())
    }

    /// Body `index` as it is now.
    pub fn body(&self, index: usize) -> Result<&Body3, Error> {
        self.check(index)?;
        Ok(&self.slots[index].body)
    }

    /// Orientations, `[x, y, z, w]` per body.
    pub fn orientations(&self) -> &[f64] {
        &self.orientations
    }

    /// World angular velocities, rad/s, `[x, y, z]` per body.
    pub fn angular_velocities(&self) -> &[f64] {
        &self.angular_velocities
    }

    /// The last torques applied, N m, `[x, y, z]` per body.
    pub fn torques(&self) -> &[f64] {
        &self.torques
    }

    /// 1 for each frozen body, else 0.
    pub fn diverged(&self) -> &[u8] {
        &self.diverged
    }

    /// Advances every body by `steps` steps; targets turn at their angular velocity.
    pub fn step(&mut self, steps: u32) {
        let dt = self.dt;
        for _ in 0..steps {
            let (orientations, rates, torques) = (
                &mut self.orientations,
                &mut self.angular_velocities,
                &mut self.torques,
            );
            advance(
                &Turns,
                &mut self.slots,
                &mut self.failures,
                |_| dt,
                |k, torque, slot| {
                    orientations[4 * k..4 * k + 4]
                        .copy_from_slice(&slot.body.orientation.to_array());
                    rates[3 * k..3 * k + 3].copy_from_slice(&slot.body.angular_velocity.to_array());
                    torques[3 * k..3 * k + 3].copy_from_slice(&torque.to_array());
                },
            );
            for (flag, failure) in self.diverged.iter_mut().zip(&self.failures) {
                *flag = u8::from(failure.is_some());
            }
            for t in self.slots.iter_mut().map(|s| &mut s.target) {
                t.orientation =
                    crate::rotation::integrate_exact(t.orientation, t.angular_velocity, dt);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LawId;
    use crate::rotation::{error_vector, from_rotation_vector};
    use glam::DVec3;

    #[test]
    fn each_body_follows_its_own_spinning_target() {
        let mut w = World3::new(1.0 / 60.0).unwrap();
        let body = Body3::default();
        for (k, kind) in [LawId::BackwardPd, LawId::Spd].into_iter().enumerate() {
            let law = Controller3::new(kind, 5.0, 1.0, body.inertia.y).unwrap();
            w.add(body, law).unwrap();
            let target = Target3 {
                orientation: from_rotation_vector(DVec3::new(0.0, 1.0 + k as f64, 0.0)),
                angular_velocity: DVec3::new(0.0, 0.0, 0.5),
                ..Target3::default()
            };
            w.set_target(k, target).unwrap();
        }
        w.step(1200);
        for k in 0..2 {
            let q = w.body(k).unwrap().orientation;
            let t = w.slots[k].target.orientation;
            assert!(
                error_vector(q, t).length() < 0.05,
                "{k}: {}",
                error_vector(q, t)
            );
            assert_eq!(&w.orientations()[4 * k..4 * k + 4], &q.to_array());
        }
    }

    #[test]
    fn a_failing_law_freezes_only_its_body() {
        let mut w = World3::new(1.0 / 60.0).unwrap();
        let explicit = Body3 {
            integrator: crate::integrator::Integrator::ExplicitEuler,
            ..Body3::default()
        };
        let law = Controller3::new(LawId::OneStep, 1.0, 1.0, 0.1).unwrap();
        w.add(explicit, law).unwrap();
        w.add(
            Body3::default(),
            Controller3::new(LawId::BackwardPd, 1.0, 1.0, 0.1).unwrap(),
        )
        .unwrap();
        w.set_target(1, Target3::facing(from_rotation_vector(DVec3::X)))
            .unwrap();
        w.step(5);
        assert_eq!(w.diverged(), &[1, 0]);
        assert_eq!(
            w.set_target(2, Target3::default()).unwrap_err().field(),
            "index"
        );
    }

    /// A law stiff enough to spin its body past the bound in one step stops it as
    /// diverged, put back where it was (the body itself and the arrays a caller reads),
    /// while the other body goes on.
    #[test]
    fn a_body_spun_past_the_bound_is_put_back_and_stopped_as_diverged() {
        let mut w = World3::new(1.0 / 60.0).unwrap();
        // Not the default body: a body put back as the default would pass for this one.
        let body = Body3 {
            orientation: from_rotation_vector(DVec3::new(0.3, 0.0, 0.0)),
            angular_velocity: DVec3::new(0.0, 0.2, 0.0),
            ..Body3::default()
        };
        for kp in [1e12, 1.0] {
            let law = Controller3::new(LawId::ForwardPd, kp, 0.0, body.inertia.y).unwrap();
            w.add(body, law).unwrap();
        }
        let turn = Target3::facing(from_rotation_vector(DVec3::new(0.0, 1.0, 0.0)));
        w.set_target(0, turn).unwrap();
        w.set_target(1, turn).unwrap();
        w.step(1);
        assert_eq!(w.diverged(), &[1, 0]);
        assert_eq!(w.failures[0], Some(crate::runner::DIVERGED));
        assert_eq!(*w.body(0).unwrap(), body, "put back where it was");
        assert_eq!(&w.orientations()[..4], &body.orientation.to_array());
        assert_ne!(w.body(1).unwrap().angular_velocity, DVec3::ZERO);
    }

    /// Bodies are counted as added, and a law replaced mid-run turns its body from the
    /// next step: at the same moment the other body, left with its law, moves differently.
    #[test]
    fn bodies_are_counted_and_a_law_replaced_takes_from_the_next_step() {
        let mut w = World3::new(1.0 / 60.0).unwrap();
        assert!(w.is_empty());
        let body = Body3::default();
        let soft = Controller3::new(LawId::BackwardPd, 2.0, 1.0, body.inertia.y).unwrap();
        for _ in 0..2 {
            w.add(body, soft).unwrap();
        }
        assert_eq!(w.len(), 2);
        assert!(!w.is_empty());
        let turn = Target3::facing(from_rotation_vector(DVec3::new(0.0, 1.0, 0.0)));
        w.set_target(0, turn).unwrap();
        w.set_target(1, turn).unwrap();
        w.step(10);
        assert_eq!(w.body(0).unwrap(), w.body(1).unwrap());
        let stiff = Controller3::new(LawId::BackwardPd, 50.0, 5.0, body.inertia.y).unwrap();
        w.set_law(1, stiff).unwrap();
        w.step(1);
        assert_ne!(w.body(0).unwrap(), w.body(1).unwrap());
        assert_eq!(w.set_law(5, stiff).unwrap_err().field(), "index");
    }
}
