//! The cube's step, shared by the Lab's [`crate::lab::CubePlant`] and [`crate::World1`]: a
//! cube with its 1-D law, the law's constants worked out once per mass and `dt`.

use super::{within, Drive, Stepper};
use crate::body::Body1;
use crate::controllers::{Controller1, Prepared1, Terms};
use crate::error::Error;

/// A cube with its controller.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeSlot {
    /// The cube.
    pub body: Body1,
    /// Its controller.
    pub controller: Controller1,
    /// The law's constants at the cube's mass and the last step's `dt`, worked out
    /// again when either changes.
    prepared: Prepared,
}

/// A linear law's constants ([`Prepared1`]) at one `dt` (0: not worked out yet; `law`
/// is `None` for a law with memory, or settings its checked step refuses).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Prepared {
    dt: f64,
    law: Option<Prepared1>,
}

impl CubeSlot {
    /// `controller` driving `body` (settings checked by the law's first step).
    pub fn new(body: Body1, controller: Controller1) -> CubeSlot {
        CubeSlot {
            body,
            controller,
            prepared: Prepared::default(),
        }
    }

    /// Replaces the law (its gains or the body's mass changed): its constants are
    /// worked out again at the next step.
    pub fn set_controller(&mut self, controller: Controller1) {
        self.controller = controller;
        self.prepared = Prepared::default();
    }

    /// Sets the cube's mass, kg (the law's gains are the caller's to follow).
    pub fn set_mass(&mut self, mass: f64) {
        self.body.mass = mass;
        self.prepared = Prepared::default();
    }

    /// The constants for a step of `dt`, worked out when `dt` is new.
    fn prepared(&mut self, dt: f64) -> Option<Prepared1> {
        if self.prepared.dt != dt {
            self.prepared = Prepared {
                dt,
                law: self.controller.prepare(self.body.mass, dt).ok().flatten(),
            };
        }
        self.prepared.law
    }
}

/// Cubes stepped each at its own mass and by its own integrator (the [`Body1`] in each
/// slot says which): the step of [`crate::lab::CubePlant`] and of [`crate::World1`].
///
/// A linear law runs as its [`Prepared1`] (its constants worked out once per mass and
/// `dt`, no per-step checks); the PIDs and the one-step forces take their checked
/// [`Controller1::force`]. Both give the bits of [`Controller1::force`] and
/// [`Body1::step`] called one by one; a prepared step whose outcome is not finite is
/// taken again on the checked path, so a refusal names what the checked path names.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cubes;

impl Stepper for Cubes {
    type Slot = CubeSlot;
    type Body = Body1;
    type Input = Drive;
    type Output = Terms;

    // Inlined into the runner's loop: left a call, World1's SPD cube-step cost 45 % more
    // than its own loop did (criterion, one sitting); inlined, the slowest linear law is
    // 6.1 µs per 1,024 cubes against the old loop's 6.6.
    #[inline(always)]
    fn drive(&self, slot: &mut CubeSlot, d: &Drive) -> Result<Terms, Error> {
        let before = slot.body;
        if let Some(law) = slot.prepared(d.dt) {
            let t = law.force(before.x + d.noise, before.v, &d.target);
            let body = &mut slot.body;
            body.v += d.impulse / body.mass;
            body.advance(t.total + d.load, d.dt);
            // Whatever left f64 on the way (the target, which moves by itself and can
            // overflow; a force; the state) leaves the velocity or the position infinite
            // or NaN (every law reads both the target's position and rate, and the mass
            // and dt are positive and finite), so the checked step is taken for its
            // verdict.
            if body.x.is_finite() && body.v.is_finite() {
                return Ok(t);
            }
            slot.body = before;
        }
        let measured = Body1 {
            x: before.x + d.noise,
            ..before
        };
        let t = slot.controller.force(&measured, &d.target, d.dt)?;
        slot.body.v += d.impulse / slot.body.mass;
        slot.body.step(t.total + d.load, d.dt)?;
        Ok(t)
    }

    fn body(&self, slot: &CubeSlot) -> Body1 {
        slot.body
    }

    fn set_body(&self, slot: &mut CubeSlot, body: Body1) {
        slot.body = body;
    }

    fn bounded(&self, slot: &CubeSlot) -> bool {
        within(&[slot.body.x, slot.body.v])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{LawId, PlantId};
    use crate::controllers::Target1;
    use crate::integrator::Integrator;
    use crate::random::SplitMix64;

    /// The checked step alone: the law's `force` on the measured cube, the kick, the
    /// body's checked `step`.
    fn checked(slot: &mut CubeSlot, d: &Drive) -> Result<Terms, Error> {
        let measured = Body1 {
            x: slot.body.x + d.noise,
            ..slot.body
        };
        let t = slot.controller.force(&measured, &d.target, d.dt)?;
        slot.body.v += d.impulse / slot.body.mass;
        slot.body.step(t.total + d.load, d.dt)?;
        Ok(t)
    }

    /// Every law that drives a cube, under every integrator, with noise, kicks, a load,
    /// a moving target, a `dt` that changes and comes back, gains and a mass edited
    /// mid-run, and stiff cubes that run away past f64: the prepared step gives the
    /// checked step's bits, and refuses where it refuses with the same error.
    #[test]
    fn the_prepared_step_gives_the_checked_steps_bits_and_refusals() {
        let integrators = [
            Integrator::SemiImplicitEuler,
            Integrator::ExplicitEuler,
            Integrator::Rk4,
        ];
        let mut refused = 0;
        for kind in LawId::driving(PlantId::Cube) {
            for (j, integrator) in integrators.into_iter().enumerate() {
                for kp in [300.0, 4e7] {
                    let body = Body1 {
                        x: -0.3 * j as f64,
                        mass: 1.5,
                        integrator,
                        ..Body1::default()
                    };
                    let law = Controller1::new(kind, kp, 12.0, 1.5).unwrap();
                    let (mut fast, mut alone) = (CubeSlot::new(body, law.clone()), law);
                    let mut body = body;
                    let mut rng = SplitMix64::new(7);
                    let mut target = Target1 { x: 1.0, v: 0.5 };
                    for step in 0..400 {
                        if step == 100 {
                            let mut edited = fast.controller.clone();
                            edited.set_gains(kp / 2.0, 30.0, 0.5).unwrap();
                            alone.set_gains(kp / 2.0, 30.0, 0.5).unwrap();
                            fast.set_controller(edited);
                            fast.set_mass(0.5);
                            body.mass = 0.5;
                        }
                        let d = Drive {
                            target,
                            noise: 0.01 * rng.next_normal(),
                            impulse: if step % 50 == 7 { 2.0 } else { 0.0 },
                            load: -3.0,
                            dt: if (60..70).contains(&step) {
                                0.05
                            } else {
                                1.0 / 60.0
                            },
                        };
                        let at = format!("{} {integrator:?} kp {kp} step {step}", kind.id());
                        let got = Cubes.drive(&mut fast, &d);
                        let mut reference = CubeSlot::new(body, alone.clone());
                        let want = checked(&mut reference, &d);
                        alone = reference.controller.clone();
                        match (got, want) {
                            (Ok(g), Ok(w)) => {
                                for (a, b) in [(g.p, w.p), (g.i, w.i), (g.d, w.d), (g.ff, w.ff)] {
                                    assert_eq!(a.to_bits(), b.to_bits(), "{at}");
                                }
                                assert_eq!(g.total.to_bits(), w.total.to_bits(), "{at}");
                                assert_eq!(
                                    fast.body.x.to_bits(),
                                    reference.body.x.to_bits(),
                                    "{at}"
                                );
                                assert_eq!(
                                    fast.body.v.to_bits(),
                                    reference.body.v.to_bits(),
                                    "{at}"
                                );
                                body = reference.body;
                            }
                            (Err(g), Err(w)) => {
                                assert_eq!(g, w, "{at}");
                                refused += 1;
                                break;
                            }
                            (g, w) => panic!("{at}: {g:?} against {w:?}"),
                        }
                        target.x += target.v * d.dt;
                    }
                }
            }
        }
        assert!(refused > 0, "no cube ran away: the refusals went untested");
    }

    /// A target that ran off past f64 (it moves by itself, so it can) is refused as the
    /// checked step refuses it, by every law, and the cube is left as it was by `advance`.
    #[test]
    fn a_target_past_f64_is_refused_as_the_checked_step_refuses_it() {
        for kind in LawId::driving(PlantId::Cube) {
            for target in [
                Target1 {
                    x: f64::INFINITY,
                    v: 1.0,
                },
                Target1 {
                    x: 1.0,
                    v: f64::NAN,
                },
            ] {
                let law = Controller1::new(kind, 300.0, 0.0, 1.0).unwrap();
                let d = Drive {
                    target,
                    noise: 0.0,
                    impulse: 0.0,
                    load: 0.0,
                    dt: 1.0 / 60.0,
                };
                let mut fast = CubeSlot::new(Body1::default(), law.clone());
                let mut alone = CubeSlot::new(Body1::default(), law);
                let want = checked(&mut alone, &d).unwrap_err();
                // Compared as written: a NaN in an error is not equal to itself.
                let got = Cubes.drive(&mut fast, &d).unwrap_err();
                assert_eq!(got.to_string(), want.to_string(), "{}", kind.id());
            }
        }
    }

    /// A linear law's constants are worked out at the first step's `dt`, kept while
    /// `dt` stays, worked out again for a new `dt`, and dropped when the law or the mass
    /// changes; a law with memory has none (it takes the checked step).
    #[test]
    fn the_constants_follow_the_step_the_law_and_the_mass() {
        let d = |dt: f64| Drive {
            target: Target1::at(1.0),
            noise: 0.0,
            impulse: 0.0,
            load: 0.0,
            dt,
        };
        let law = Controller1::new(LawId::Spd, 300.0, 20.0, 2.0).unwrap();
        let body = Body1 {
            mass: 2.0,
            ..Body1::default()
        };
        let mut slot = CubeSlot::new(body, law.clone());
        assert_eq!(slot.prepared, Prepared::default());
        let at = |slot: &CubeSlot, dt: f64| Prepared {
            dt,
            law: slot.controller.prepare(slot.body.mass, dt).unwrap(),
        };
        Cubes.drive(&mut slot, &d(0.01)).unwrap();
        assert_eq!(slot.prepared, at(&slot, 0.01));
        assert!(slot.prepared.law.is_some());
        Cubes.drive(&mut slot, &d(0.02)).unwrap();
        assert_eq!(slot.prepared, at(&slot, 0.02));
        slot.set_mass(3.0);
        assert_eq!(slot.prepared, Prepared::default());
        Cubes.drive(&mut slot, &d(0.02)).unwrap();
        assert_eq!(slot.prepared, at(&slot, 0.02));
        slot.set_controller(Controller1::new(LawId::Pid, 300.0, 20.0, 3.0).unwrap());
        assert_eq!(slot.prepared, Prepared::default());
        Cubes.drive(&mut slot, &d(0.02)).unwrap();
        assert_eq!(
            slot.prepared,
            Prepared {
                dt: 0.02,
                law: None
            }
        );
    }
}
