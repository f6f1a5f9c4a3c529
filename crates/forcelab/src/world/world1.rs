use crate::body::Body1;
use crate::controllers::{Controller1, LawId, Target1};
use crate::error::{finite, positive, Error};
use crate::runner::{advance, CubeSlot, Cubes, Drive};

pub use crate::limits::DIVERGED_LIMIT;

/// Several 1-D bodies, each driven by its own controller toward one shared target,
/// stepped together at a fixed `dt`, endlessly (nothing recorded).
///
/// State is kept as parallel arrays (positions, velocities, forces) so that a caller
/// can read it without copying. A body whose state leaves [`DIVERGED_LIMIT`] is frozen
/// where it was and flagged, so a diverging controller shows as "diverged" rather than
/// filling the screen with infinities.
///
/// The bodies step as the Lab's cubes do, through the one runner of one law per body
/// ([`crate::lab::advance`] over [`Cubes`], each at its own mass): every input is
/// checked on the way in (a body when added or placed, gains and mass when set, `dt`
/// when set, the target when moved), and the linear laws run with their constants
/// worked out once, giving the bits of [`Controller1::force`] and [`Body1::step`]
/// called one by one.
#[derive(Clone, Debug)]
pub struct World1 {
    dt: f64,
    time: f64,
    target: Target1,
    slots: Vec<CubeSlot>,
    failures: Vec<Option<Error>>,
    gains: Vec<(f64, f64)>,
    positions: Vec<f64>,
    velocities: Vec<f64>,
    forces: Vec<f64>,
    diverged: Vec<bool>,
}

impl World1 {
    /// An empty world stepping at `dt` seconds, target at rest at 0.
    pub fn new(dt: f64) -> Result<World1, Error> {
        positive("dt", dt)?;
        Ok(World1 {
            dt,
            time: 0.0,
            target: Target1::default(),
            slots: Vec::new(),
            failures: Vec::new(),
            gains: Vec::new(),
            positions: Vec::new(),
            velocities: Vec::new(),
            forces: Vec::new(),
            diverged: Vec::new(),
        })
    }

    /// Adds `body` driven by a controller of `kind` with raw gains `kp` (N/m) and `kd`
    /// (N s/m) (see [`Controller1::new`]); returns its index.
    pub fn add(&mut self, body: Body1, kind: LawId, kp: f64, kd: f64) -> Result<usize, Error> {
        body.validate()?;
        let controller = Controller1::new(kind, kp, kd, body.mass)?;
        self.slots.push(CubeSlot::new(body, controller));
        self.failures.push(None);
        self.gains.push((kp, kd));
        self.positions.push(body.x);
        self.velocities.push(body.v);
        self.forces.push(0.0);
        self.diverged.push(false);
        Ok(self.slots.len() - 1)
    }

    /// Number of bodies.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when the world holds no body.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The physics step, s.
    pub fn dt(&self) -> f64 {
        self.dt
    }

    /// Changes the physics step (s); the state carries on.
    pub fn set_dt(&mut self, dt: f64) -> Result<(), Error> {
        self.dt = positive("dt", dt)?;
        Ok(())
    }

    /// Simulated time since the start, s.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// The shared target.
    pub fn target(&self) -> Target1 {
        self.target
    }

    /// Moves the shared target.
    pub fn set_target(&mut self, target: Target1) -> Result<(), Error> {
        target.validate()?;
        self.target = target;
        Ok(())
    }

    /// Body `index`, or an error naming the index.
    pub fn body(&self, index: usize) -> Result<&Body1, Error> {
        crate::error::index(index, self.slots.len()).map(|i| &self.slots[i].body)
    }

    /// The controller of body `index`.
    pub fn controller(&self, index: usize) -> Result<&Controller1, Error> {
        self.body(index)?;
        Ok(&self.slots[index].controller)
    }

    /// The raw gains `(kp, kd)` of body `index`.
    pub fn gains(&self, index: usize) -> Result<(f64, f64), Error> {
        self.body(index)?;
        Ok(self.gains[index])
    }

    /// Sets the raw gains of body `index` (edited live: the state carries on).
    pub fn set_gains(&mut self, index: usize, kp: f64, kd: f64) -> Result<(), Error> {
        let mass = self.body(index)?.mass;
        let mut law = self.slots[index].controller.clone();
        law.set_gains(kp, kd, mass)?;
        self.slots[index].set_controller(law);
        self.gains[index] = (kp, kd);
        Ok(())
    }

    /// Sets the mass (kg) of body `index`; laws whose gains act per unit mass follow.
    pub fn set_mass(&mut self, index: usize, mass: f64) -> Result<(), Error> {
        self.body(index)?;
        positive("mass", mass)?;
        let (kp, kd) = self.gains[index];
        let slot = &mut self.slots[index];
        let mut law = slot.controller.clone();
        law.set_gains(kp, kd, mass)?;
        slot.set_controller(law);
        slot.set_mass(mass);
        Ok(())
    }

    /// Puts body `index` at `x` (m) with velocity `v` (m/s) and clears its diverged flag.
    pub fn place(&mut self, index: usize, x: f64, v: f64) -> Result<(), Error> {
        self.body(index)?;
        finite("x", x)?;
        finite("v", v)?;
        let slot = &mut self.slots[index];
        slot.body.x = x;
        slot.body.v = v;
        slot.controller.reset();
        self.positions[index] = x;
        self.velocities[index] = v;
        self.forces[index] = 0.0;
        self.failures[index] = None;
        self.diverged[index] = false;
        Ok(())
    }

    /// Restarts the clock at zero (bodies stay where they are).
    pub fn reset_time(&mut self) {
        self.time = 0.0;
    }

    /// Positions, m, one per body.
    pub fn positions(&self) -> &[f64] {
        &self.positions
    }

    /// Velocities, m/s, one per body.
    pub fn velocities(&self) -> &[f64] {
        &self.velocities
    }

    /// The force (N) each controller applied during the last step.
    pub fn forces(&self) -> &[f64] {
        &self.forces
    }

    /// Whether each body has diverged (and is frozen).
    pub fn diverged(&self) -> &[bool] {
        &self.diverged
    }

    /// Why each frozen body stopped (`None` while it runs): the law's refusal, or
    /// [`crate::lab::DIVERGED`].
    pub fn failures(&self) -> &[Option<Error>] {
        &self.failures
    }

    /// Advances every body by `steps` steps of `dt`. The target moves with its own
    /// velocity (`x_t += v_t dt`) after each step.
    pub fn step(&mut self, steps: u32) {
        for _ in 0..steps {
            self.step_once();
        }
    }

    fn step_once(&mut self) {
        let drive = Drive {
            target: self.target,
            noise: 0.0,
            impulse: 0.0,
            load: 0.0,
            dt: self.dt,
        };
        let (positions, velocities, forces) =
            (&mut self.positions, &mut self.velocities, &mut self.forces);
        advance(
            &Cubes,
            &mut self.slots,
            &mut self.failures,
            |_| drive,
            |k, terms, slot| {
                positions[k] = slot.body.x;
                velocities[k] = slot.body.v;
                forces[k] = terms.total;
            },
        );
        for (flag, failure) in self.diverged.iter_mut().zip(&self.failures) {
            *flag = failure.is_some();
        }
        self.target.x += self.target.v * self.dt;
        self.time += self.dt;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LawId;
    use crate::testing::ROUND_OFF;

    fn world(kp: f64, kd: f64, dt: f64) -> World1 {
        let mut w = World1::new(dt).unwrap();
        for kind in [LawId::ForwardPd, LawId::BackwardPd, LawId::Spd] {
            w.add(Body1::default(), kind, kp, kd).unwrap();
        }
        w.set_target(Target1::at(1.0)).unwrap();
        w
    }

    #[test]
    fn stepping_the_world_equals_stepping_each_body_alone() {
        let dt = 1.0 / 60.0;
        let mut w = world(100.0, 20.0, dt);
        w.step(30);
        let kinds = [LawId::ForwardPd, LawId::BackwardPd, LawId::Spd];
        for (i, kind) in kinds.into_iter().enumerate() {
            let mut c = Controller1::new(kind, 100.0, 20.0, 1.0).unwrap();
            let mut b = Body1::default();
            for _ in 0..30 {
                let f = c.force(&b, &Target1::at(1.0), dt).unwrap().total;
                b.step(f, dt).unwrap();
            }
            assert_eq!(w.positions()[i], b.x, "{}", kind.id());
            assert_eq!(w.velocities()[i], b.v, "{}", kind.id());
        }
        assert!((w.time() - 0.5).abs() < ROUND_OFF);
    }

    /// The world's prepared step is the checked one, bit for bit, for every law that
    /// drives a cube, under every integrator, through live edits of the gains, the mass
    /// and `dt`, with a moving target and bodies that run away.
    #[test]
    fn the_prepared_step_gives_the_checked_steps_bits_through_every_edit() {
        use crate::catalogue::PlantId;
        use crate::integrator::Integrator;
        let integrators = [
            Integrator::SemiImplicitEuler,
            Integrator::ExplicitEuler,
            Integrator::Rk4,
        ];
        let mut w = World1::new(1.0 / 60.0).unwrap();
        let mut alone = Vec::new();
        for (k, kind) in LawId::driving(PlantId::Cube).into_iter().enumerate() {
            for (j, integrator) in integrators.into_iter().enumerate() {
                // Every fourth body stiff enough to run away under some integrators.
                let kp = if (k + j) % 4 == 0 { 4e5 } else { 300.0 };
                let body = Body1 {
                    x: -0.3 * j as f64,
                    mass: 1.5,
                    integrator,
                    ..Body1::default()
                };
                w.add(body, kind, kp, 12.0).unwrap();
                alone.push((Controller1::new(kind, kp, 12.0, 1.5).unwrap(), body, false));
            }
        }
        let mut target = Target1 { x: 1.0, v: 0.5 };
        w.set_target(target).unwrap();
        let mut dt = w.dt();
        for step in 0..120 {
            match step {
                30 => {
                    for (i, (law, body, _)) in alone.iter_mut().enumerate() {
                        w.set_gains(i, 150.0, 30.0).unwrap();
                        law.set_gains(150.0, 30.0, body.mass).unwrap();
                    }
                }
                60 => {
                    for (i, (law, body, _)) in alone.iter_mut().enumerate() {
                        w.set_mass(i, 0.5).unwrap();
                        law.set_gains(150.0, 30.0, 0.5).unwrap();
                        body.mass = 0.5;
                    }
                }
                90 => {
                    dt = 1.0 / 240.0;
                    w.set_dt(dt).unwrap();
                }
                _ => {}
            }
            w.step(1);
            for (law, body, diverged) in alone.iter_mut().filter(|a| !a.2) {
                let stepped = law.force(body, &target, dt).and_then(|t| {
                    let mut next = *body;
                    next.step(t.total, dt).map(|()| next)
                });
                match stepped {
                    Ok(next)
                        if next.x.abs() <= DIVERGED_LIMIT && next.v.abs() <= DIVERGED_LIMIT =>
                    {
                        *body = next
                    }
                    _ => *diverged = true,
                }
            }
            target.x += target.v * dt;
            for (i, (_, body, diverged)) in alone.iter().enumerate() {
                let at = format!(
                    "body {i} ({}), step {step}",
                    w.controller(i).unwrap().kind().id()
                );
                assert_eq!(w.positions()[i].to_bits(), body.x.to_bits(), "{at}");
                assert_eq!(w.velocities()[i].to_bits(), body.v.to_bits(), "{at}");
                assert_eq!(w.diverged()[i], *diverged, "{at}");
            }
        }
        assert!(w.diverged().contains(&true) && w.diverged().contains(&false));
    }

    #[test]
    fn a_diverging_body_is_frozen_and_flagged_while_others_go_on() {
        let mut w = world(1e6, 10.0, 1.0 / 60.0);
        w.step(600);
        assert_eq!(w.diverged(), &[true, false, true]);
        for (i, &x) in w.positions().iter().enumerate() {
            assert!(x.is_finite() && x.abs() <= DIVERGED_LIMIT);
            // Frozen where it was: the body itself, not only the array a caller reads.
            let body = w.body(i).unwrap();
            assert_eq!((body.x, body.v), (x, w.velocities()[i]), "body {i}");
        }
        assert_eq!(w.failures()[0], Some(crate::runner::DIVERGED));
        assert_eq!(w.failures()[1], None);
        w.place(0, 0.0, 0.0).unwrap();
        assert!(!w.diverged()[0]);
        assert_eq!(w.failures()[0], None);
    }

    #[test]
    fn the_target_moves_with_its_velocity() {
        let mut w = world(100.0, 20.0, 0.1);
        w.set_target(Target1 { x: 1.0, v: 2.0 }).unwrap();
        w.step(5);
        assert!((w.target().x - 2.0).abs() < ROUND_OFF);
    }

    #[test]
    fn bad_settings_are_refused_and_change_nothing() {
        let mut w = world(100.0, 20.0, 0.1);
        assert!(matches!(
            w.set_dt(0.0),
            Err(Error::NotPositive { field: "dt", .. })
        ));
        assert!(matches!(
            w.set_mass(1, -2.0),
            Err(Error::NotPositive { field: "mass", .. })
        ));
        assert!(matches!(
            w.set_mass(7, 1.0),
            Err(Error::OutOfRange { field: "index", .. })
        ));
        assert!(matches!(
            w.set_target(Target1::at(f64::INFINITY)),
            Err(Error::NotFinite {
                field: "target.x",
                ..
            })
        ));
        assert_eq!(w.dt(), 0.1);
        assert_eq!(w.body(1).unwrap().mass, 1.0);
    }

    #[test]
    fn each_body_added_is_given_the_next_index() {
        let mut w = World1::new(0.01).unwrap();
        assert!(w.is_empty());
        assert_eq!(w.len(), 0);
        for k in 0..3 {
            let body = Body1 {
                x: k as f64,
                ..Body1::default()
            };
            assert_eq!(w.add(body, LawId::Spd, 10.0, 1.0).unwrap(), k);
            assert_eq!(w.len(), k + 1);
            assert_eq!(w.body(k).unwrap().x, k as f64);
        }
        assert!(!w.is_empty());
    }
}
