//! The Lab's flat bodies, the cube and the plate (the box is `box_plant`). All three
//! share one meaning for the gains: `kp` (N/m) and `kd` (N s/m) are those of the cube of
//! `mass` kg; the turning parts use the same spring per unit inertia (`kp I / m`,
//! `kd I / m`), so a move and a turn with the same gains have the same natural
//! frequency and damping ratio and can be compared. A limit among a law's options (N)
//! scales the same way.

use super::{LawGains, LawOptions, Plant};
use crate::angle;
use crate::body::{Body1, Body2};
use crate::controllers::{Controller1, LawId, Target1, Terms};
use crate::error::{positive, Error};
use crate::integrator::Integrator;
use crate::runner::{within, CubeSlot, Cubes, Drive, Stepper};
use glam::DVec2;

/// One law of `kind` for a body of `mass`, its options' efforts times `effort_scale`.
fn law(
    kind: LawId,
    g: LawGains,
    options: &LawOptions,
    mass: f64,
    effort_scale: f64,
) -> Result<Controller1, Error> {
    let mut c = Controller1::new(kind, g.kp, g.kd, mass)?;
    c.set_integral_gain(g.ki)?;
    options.apply(&mut c, effort_scale)?;
    Ok(c)
}

/// Laws with their options left at the defaults.
pub(super) fn plain(laws: &[(LawId, LawGains)]) -> Vec<(LawId, LawGains, LawOptions)> {
    laws.iter()
        .map(|&(k, g)| (k, g, LawOptions::default()))
        .collect()
}

fn set(c: &mut Controller1, g: LawGains, mass: f64) -> Result<(), Error> {
    let mut trial = c.clone();
    trial.set_gains(g.kp, g.kd, mass)?;
    trial.set_integral_gain(g.ki)?;
    *c = trial;
    Ok(())
}

fn scaled(g: LawGains, s: f64) -> LawGains {
    LawGains {
        kp: g.kp * s,
        kd: g.kd * s,
        ki: g.ki * s,
    }
}

/// A cube on a line: the response is its position (m).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubePlant {
    /// Mass, kg.
    pub mass: f64,
    /// How the cube is stepped.
    pub integrator: Integrator,
}

impl CubePlant {
    /// A plant of `mass` kg cubes.
    pub fn new(mass: f64, integrator: Integrator) -> Result<CubePlant, Error> {
        positive("mass", mass)?;
        Ok(CubePlant { mass, integrator })
    }

    /// Cubes at rest at 0, one per controller.
    pub fn slots(&self, controllers: Vec<Controller1>) -> Result<Vec<CubeSlot>, Error> {
        controllers
            .into_iter()
            .map(|controller| {
                controller.validate()?;
                Ok(CubeSlot::new(
                    Body1 {
                        x: 0.0,
                        v: 0.0,
                        mass: self.mass,
                        integrator: self.integrator,
                    },
                    controller,
                ))
            })
            .collect()
    }

    /// Cubes from kinds and raw gains (see [`Controller1::new`]).
    pub fn slots_of(&self, laws: &[(LawId, LawGains)]) -> Result<Vec<CubeSlot>, Error> {
        self.slots_with(&plain(laws))
    }

    /// Cubes from kinds, raw gains and options.
    pub fn slots_with(
        &self,
        laws: &[(LawId, LawGains, LawOptions)],
    ) -> Result<Vec<CubeSlot>, Error> {
        let cs = laws
            .iter()
            .map(|(k, g, o)| law(*k, *g, o, self.mass, 1.0))
            .collect::<Result<Vec<_>, _>>()?;
        self.slots(cs)
    }
}

impl Stepper for CubePlant {
    type Slot = CubeSlot;
    type Body = Body1;
    type Input = Drive;
    type Output = Terms;

    fn drive(&self, slot: &mut CubeSlot, d: &Drive) -> Result<Terms, Error> {
        Cubes.drive(slot, d)
    }

    fn body(&self, slot: &CubeSlot) -> Body1 {
        slot.body
    }

    fn set_body(&self, slot: &mut CubeSlot, body: Body1) {
        slot.body = body;
    }

    fn bounded(&self, slot: &CubeSlot) -> bool {
        Cubes.bounded(slot)
    }
}

impl Plant for CubePlant {
    const POSE: usize = 1;

    fn response(&self, slot: &CubeSlot, _target: f64) -> (f64, f64) {
        (slot.body.x, slot.body.v)
    }

    fn pose(&self, slot: &CubeSlot, out: &mut Vec<f64>) {
        out.push(slot.body.x);
    }

    fn set_gains(&self, slot: &mut CubeSlot, gains: LawGains) -> Result<(), Error> {
        let mut law = slot.controller.clone();
        set(&mut law, gains, self.mass)?;
        slot.set_controller(law);
        Ok(())
    }
}

/// A 1 m x 0.5 m plate in the plane that moves to `(s, 0)` and turns to heading `s`
/// rad, where `s` is the Lab's target: one 1-D law per coordinate (x, y, angle), the
/// angle's error taken the short way round. The response is x (m). A sideswipe also
/// spins it (`dw = J / m` rad/s); the load pushes along x; the noise offsets x, y and
/// the angle alike.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlanarPlant {
    /// Mass, kg.
    pub mass: f64,
    /// Moment of inertia, kg m^2: `m (1 + 0.25) / 12`.
    pub inertia: f64,
    /// How the plate is stepped.
    pub integrator: Integrator,
}

/// A plate with its three laws.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanarSlot {
    /// The plate.
    pub body: Body2,
    /// Laws on x, y and the angle.
    pub laws: [Controller1; 3],
}

impl PlanarPlant {
    /// A plant of `mass` kg plates.
    pub fn new(mass: f64, integrator: Integrator) -> Result<PlanarPlant, Error> {
        positive("mass", mass)?;
        Ok(PlanarPlant {
            mass,
            inertia: mass * 1.25 / 12.0,
            integrator,
        })
    }

    /// Plates at rest at the origin facing +x, one per law.
    pub fn slots_of(&self, laws: &[(LawId, LawGains)]) -> Result<Vec<PlanarSlot>, Error> {
        self.slots_with(&plain(laws))
    }

    /// Plates from kinds, raw gains and options (the turn's efforts per unit inertia).
    pub fn slots_with(
        &self,
        laws: &[(LawId, LawGains, LawOptions)],
    ) -> Result<Vec<PlanarSlot>, Error> {
        let s = self.inertia / self.mass;
        laws.iter()
            .map(|(kind, g, o)| {
                let linear = law(*kind, *g, o, self.mass, 1.0)?;
                let turn = law(*kind, scaled(*g, s), o, self.inertia, s)?;
                Ok(PlanarSlot {
                    body: Body2 {
                        mass: self.mass,
                        inertia: self.inertia,
                        integrator: self.integrator,
                        ..Body2::default()
                    },
                    laws: [linear.clone(), linear, turn],
                })
            })
            .collect()
    }
}

impl Stepper for PlanarPlant {
    type Slot = PlanarSlot;
    type Body = Body2;
    type Input = Drive;
    type Output = Terms;

    fn drive(&self, slot: &mut PlanarSlot, d: &Drive) -> Result<Terms, Error> {
        let b = slot.body;
        let channel = |x: f64, v: f64, mass: f64| Body1 {
            x: x + d.noise,
            v,
            mass,
            integrator: b.integrator,
        };
        let heading = b.angle + angle::difference(b.angle, d.target.x);
        let fx = slot.laws[0].force(
            &channel(b.position.x, b.velocity.x, b.mass),
            &d.target,
            d.dt,
        )?;
        let fy = slot.laws[1].force(
            &channel(b.position.y, b.velocity.y, b.mass),
            &Target1::at(0.0),
            d.dt,
        )?;
        let turn = slot.laws[2].force(
            &channel(b.angle, b.angular_velocity, b.inertia),
            &Target1 {
                x: heading,
                v: d.target.v,
            },
            d.dt,
        )?;
        let body = &mut slot.body;
        body.velocity.x += d.impulse / body.mass;
        body.angular_velocity += d.impulse / body.mass;
        body.step(DVec2::new(fx.total + d.load, fy.total), turn.total, d.dt)?;
        Ok(fx)
    }

    fn body(&self, slot: &PlanarSlot) -> Body2 {
        slot.body
    }

    fn set_body(&self, slot: &mut PlanarSlot, body: Body2) {
        slot.body = body;
    }

    fn bounded(&self, slot: &PlanarSlot) -> bool {
        let b = &slot.body;
        within(&[
            b.position.x,
            b.position.y,
            b.angle,
            b.velocity.x,
            b.velocity.y,
            b.angular_velocity,
        ])
    }
}

impl Plant for PlanarPlant {
    const POSE: usize = 3;

    fn response(&self, slot: &PlanarSlot, _target: f64) -> (f64, f64) {
        (slot.body.position.x, slot.body.velocity.x)
    }

    fn pose(&self, slot: &PlanarSlot, out: &mut Vec<f64>) {
        out.extend([slot.body.position.x, slot.body.position.y, slot.body.angle]);
    }

    fn set_gains(&self, slot: &mut PlanarSlot, gains: LawGains) -> Result<(), Error> {
        let mut laws = slot.laws.clone();
        set(&mut laws[0], gains, self.mass)?;
        set(&mut laws[1], gains, self.mass)?;
        set(
            &mut laws[2],
            scaled(gains, self.inertia / self.mass),
            self.inertia,
        )?;
        slot.laws = laws;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::BoxPlant;
    use crate::lab::{Disturbances, Lab};
    use crate::rotation::from_rotation_vector;
    use crate::testing::ALGEBRA_TOL;

    const DT: f64 = 1.0 / 60.0;

    fn pd(kp: f64, kd: f64) -> LawGains {
        LawGains { kp, kd, ki: 0.0 }
    }

    #[test]
    fn a_turn_and_a_move_with_the_same_gains_settle_together() {
        let plant = PlanarPlant::new(2.0, Integrator::SemiImplicitEuler).unwrap();
        let slots = plant
            .slots_of(&[(LawId::BackwardPd, pd(200.0, 30.0))])
            .unwrap();
        let mut lab = Lab::with_plant(plant, slots, DT, Disturbances::default()).unwrap();
        for _ in 0..240 {
            lab.step(1);
            let b = lab.slots()[0].body;
            // Same spring per unit inertia: the angle (rad) follows x (m) exactly.
            assert!((b.angle - b.position.x).abs() < ALGEBRA_TOL, "{b:?}");
        }
    }

    #[test]
    fn the_plate_turns_the_short_way_round() {
        let plant = PlanarPlant::new(1.0, Integrator::SemiImplicitEuler).unwrap();
        let slots = plant.slots_of(&[(LawId::Spd, pd(100.0, 20.0))]).unwrap();
        let d = Disturbances {
            target_start: 4.0,
            ..Disturbances::default()
        };
        let mut lab = Lab::with_plant(plant, slots, DT, d).unwrap();
        lab.step(600);
        let b = lab.slots()[0].body;
        assert!(
            (b.angle - (4.0 - core::f64::consts::TAU)).abs() < 1e-6,
            "{}",
            b.angle
        );
        assert!((b.position.x - 4.0).abs() < 1e-6);
    }

    /// The catalogue's other coordinates of the plate name the pose values that hold
    /// them: the page plots them from the pose by these indices.
    #[test]
    fn the_catalogue_reads_the_plates_y_and_heading_from_its_pose() {
        use crate::catalogue::PlantId;
        let plant = PlanarPlant::new(1.0, Integrator::SemiImplicitEuler).unwrap();
        let slots = plant.slots_of(&[(LawId::Spd, pd(100.0, 20.0))]).unwrap();
        let d = Disturbances {
            sideswipe: Some((0.1, 2.0)),
            ..Disturbances::default()
        };
        let mut lab = Lab::with_plant(plant, slots, DT, d).unwrap();
        lab.step(30);
        let b = lab.slots()[0].body;
        let pose = &lab.trace().pose;
        let last = &pose[pose.len() - PlanarPlant::POSE..];
        let coordinates = PlantId::Plate.other_coordinates();
        assert_eq!(coordinates.len(), 2);
        let read = |name: &str| {
            last[coordinates
                .iter()
                .find(|c| c.name == name)
                .unwrap()
                .pose_index]
        };
        assert_eq!(read("y position"), b.position.y);
        assert_eq!(read("heading"), b.angle);
        assert!(b.angle != 0.0);
    }

    #[test]
    fn the_box_turns_about_its_axis_like_the_cube_moves() {
        let laws = [
            (LawId::BackwardPd, pd(100.0, 20.0)),
            (LawId::Spd, pd(100.0, 20.0)),
        ];
        let plant = BoxPlant::new(1.0, Integrator::SemiImplicitEuler).unwrap();
        let slots = plant.slots_of(&laws).unwrap();
        let mut lab = Lab::with_plant(plant, slots, DT, Disturbances::default()).unwrap();
        lab.step(600);
        for m in lab.metrics() {
            assert!(m.steady_state_error < 1e-6, "{m:?}");
            assert!(!m.diverged);
        }
        let q = lab.slots()[0].body.orientation;
        let goal = from_rotation_vector(plant.axis);
        assert!(crate::rotation::error_vector(q, goal).length() < 1e-6);
    }

    #[test]
    fn a_law_that_refuses_the_integrator_stops_with_its_reason() {
        let plant = BoxPlant::new(1.0, Integrator::ExplicitEuler).unwrap();
        let slots = plant
            .slots_of(&[
                (LawId::OneStep, pd(1.0, 1.0)),
                (LawId::Spd, pd(100.0, 20.0)),
            ])
            .unwrap();
        let mut lab = Lab::with_plant(plant, slots, DT, Disturbances::default()).unwrap();
        lab.step(10);
        assert_eq!(lab.failures()[0].as_ref().unwrap().field(), "integrator");
        assert!(lab.failures()[1].is_none());
    }

    /// A live gain edit on a cube takes from the next step, and a reset then runs the
    /// new gains from the start: bit for bit a lab built with them.
    #[test]
    fn a_live_gain_edit_on_the_cube_takes_at_once_and_stays_for_the_next_run() {
        let plant = CubePlant::new(2.0, Integrator::SemiImplicitEuler).unwrap();
        let slots = |g| plant.slots_of(&[(LawId::Spd, g)]).unwrap();
        let (soft, stiff) = (pd(100.0, 10.0), pd(400.0, 30.0));
        let mut edited = Lab::with_plant(plant, slots(soft), DT, Disturbances::default()).unwrap();
        let mut fresh = Lab::with_plant(plant, slots(stiff), DT, Disturbances::default()).unwrap();
        let mut alone = Lab::with_plant(plant, slots(soft), DT, Disturbances::default()).unwrap();
        edited.step(30);
        alone.step(30);
        edited.set_gains(0, stiff).unwrap();
        edited.step(1);
        alone.step(1);
        let last = |l: &Lab<CubePlant>| *l.trace().force.last().unwrap();
        assert_ne!(last(&edited), last(&alone), "the edit took no effect");
        edited.reset();
        edited.step(120);
        fresh.step(120);
        assert_eq!(edited.trace().x, fresh.trace().x);
        assert_eq!(edited.trace().force, fresh.trace().force);
    }

    /// A plate spun or thrown past the bound is stopped as diverged, put back where it
    /// was (within the bound on every coordinate).
    #[test]
    fn a_plate_past_the_bound_is_stopped_as_diverged() {
        let plant = PlanarPlant::new(1.0, Integrator::SemiImplicitEuler).unwrap();
        let slots = plant.slots_of(&[(LawId::ForwardPd, pd(1e6, 0.0))]).unwrap();
        let mut lab = Lab::with_plant(plant, slots, DT, Disturbances::default()).unwrap();
        lab.step(600);
        assert_eq!(lab.failures()[0], Some(crate::runner::DIVERGED));
        let b = lab.slots()[0].body;
        for v in [
            b.position.x,
            b.position.y,
            b.angle,
            b.velocity.x,
            b.velocity.y,
            b.angular_velocity,
        ] {
            assert!(v.abs() <= crate::limits::DIVERGED_LIMIT, "{b:?}");
        }
        assert!(
            b.position.x.abs().max(b.velocity.x.abs()) > 1e6,
            "stopped near the bound: {b:?}"
        );
    }
}
