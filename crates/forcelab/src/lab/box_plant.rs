//! The Lab's 3-D body: a box turning about a tilted axis, with its full inertia.

use super::plants::plain;
use super::{LawGains, LawOptions, Plant};
use crate::angle;
use crate::body::Body3;
use crate::controllers::{Controller3, LawId, Pid, PidTorque, Target3, Terms, Terms3};
use crate::error::{positive, Error};
use crate::integrator::Integrator;
use crate::math;
use crate::rotation::{from_rotation_vector, integrate_exact};
use crate::runner::{within, Drive, Stepper};
use glam::{DQuat, DVec3};

/// A 1 x 0.5 x 0.25 m box turning about a fixed tilted axis `a = (1, 2, 3) / |.|` to
/// the orientation "rotated by `s` rad about `a`", where `s` is the Lab's target. The
/// response is the box's twist about `a` (rad), read near the target; the laws get
/// torque gains `kp I_a / m`, `kd I_a / m` with `I_a` the inertia about `a`. A
/// sideswipe is an angular kick `J / m` rad/s about `a`; the load is a torque about
/// `a` (`load I_a / m`); the noise turns the measured orientation about `a`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxPlant {
    /// Mass, kg.
    pub mass: f64,
    /// The box at rest at its start.
    pub start: Body3,
    /// The turning axis (unit, world frame).
    pub axis: DVec3,
    /// The inertia about the axis, kg m^2.
    pub axis_inertia: f64,
}

/// A box with its law.
#[derive(Clone, Debug, PartialEq)]
pub struct BoxSlot {
    /// The box.
    pub body: Body3,
    /// Its law.
    pub law: BoxLaw,
}

/// A law on the box: one of the memoryless orientation laws, or the PID, which keeps
/// its integral and previous sample between steps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoxLaw {
    /// A law that reads only the body and the target ([`Controller3`]).
    Memoryless(Controller3),
    /// The 3-D PID.
    Pid(PidTorque),
}

impl BoxLaw {
    /// Its law id.
    pub fn kind(&self) -> LawId {
        match self {
            BoxLaw::Memoryless(c) => c.kind,
            BoxLaw::Pid(_) => LawId::Pid,
        }
    }

    /// The world torque (N m) toward `target` for a step of `dt` s.
    pub fn torque(&mut self, body: &Body3, target: &Target3, dt: f64) -> Result<Terms3, Error> {
        match self {
            BoxLaw::Memoryless(c) => c.torque(body, target, dt),
            BoxLaw::Pid(p) => p.torque(body, target, dt),
        }
    }
}

impl BoxPlant {
    /// A plant of `mass` kg boxes stepped by `integrator` with the gyroscopic term
    /// handled implicitly.
    pub fn new(mass: f64, integrator: Integrator) -> Result<BoxPlant, Error> {
        positive("mass", mass)?;
        let start = Body3 {
            integrator,
            ..Body3::cuboid(mass, DVec3::new(1.0, 0.5, 0.25))
        };
        let axis = DVec3::new(1.0, 2.0, 3.0).normalize();
        Ok(BoxPlant {
            mass,
            start,
            axis,
            axis_inertia: axis.dot(start.inertia_times(axis)),
        })
    }

    /// Boxes at rest, one per law, from raw cube gains.
    pub fn slots_of(&self, laws: &[(LawId, LawGains)]) -> Result<Vec<BoxSlot>, Error> {
        self.slots_with(&plain(laws))
    }

    /// [`BoxPlant::slots_of`] with each law's options. The PID's effort limits are
    /// torques in N m, as the Lab plots the box's effort, so unlike its gains they are
    /// not scaled.
    pub fn slots_with(
        &self,
        laws: &[(LawId, LawGains, LawOptions)],
    ) -> Result<Vec<BoxSlot>, Error> {
        laws.iter()
            .map(|&(kind, g, options)| {
                Ok(BoxSlot {
                    body: self.start,
                    law: self.law(kind, g, &options)?,
                })
            })
            .collect()
    }

    /// The torque gains' scale `I_a / m`: the cube's gains per kg become the box's per
    /// unit inertia about the axis.
    fn scale(&self) -> f64 {
        self.axis_inertia / self.mass
    }

    /// The law `kind` runs on this box with the cube's raw gains `g` and its `options`:
    /// the PID with torque gains `g I_a / m`, the others as [`Controller3`]s.
    pub fn law(&self, kind: LawId, g: LawGains, options: &LawOptions) -> Result<BoxLaw, Error> {
        let s = self.scale();
        if kind == LawId::Pid {
            let mut pid = Pid::new(g.kp * s, g.ki * s, g.kd * s);
            options.apply_to_pid(&mut pid, 1.0)?;
            return Ok(BoxLaw::Pid(PidTorque::new(pid)?));
        }
        if g.ki != 0.0 {
            return Err(Error::Unsupported {
                field: "ki",
                reason: "this law on the box has no integral term",
            });
        }
        if *options != LawOptions::NONE {
            return Err(Error::Unsupported {
                field: "options",
                reason: "this law on the box takes no options",
            });
        }
        let c = Controller3::new(kind, g.kp * s, g.kd * s, self.axis_inertia)?;
        Ok(BoxLaw::Memoryless(c))
    }

    /// The twist (rad) of orientation `q` about the plant's axis `a`, in (-pi, pi]:
    /// `2 atan2(v . a, w)` with `q = (v, w)` taken with `w >= 0` (the swing-twist split).
    pub fn twist(&self, q: DQuat) -> f64 {
        let q = if q.w < 0.0 { -q } else { q };
        2.0 * math::atan2(DVec3::new(q.x, q.y, q.z).dot(self.axis), q.w)
    }
}

impl Stepper for BoxPlant {
    type Slot = BoxSlot;
    type Body = Body3;
    type Input = Drive;
    type Output = Terms;

    fn drive(&self, slot: &mut BoxSlot, d: &Drive) -> Result<Terms, Error> {
        let a = self.axis;
        let target = Target3 {
            orientation: from_rotation_vector(a * d.target.x),
            angular_velocity: a * d.target.v,
            ..Target3::default()
        };
        let measured = Body3 {
            orientation: integrate_exact(slot.body.orientation, a * d.noise, 1.0),
            ..slot.body
        };
        let t = slot.law.torque(&measured, &target, d.dt)?;
        let s = self.scale();
        let body = &mut slot.body;
        body.angular_velocity += a * (d.impulse / self.mass);
        body.step(DVec3::ZERO, t.total + a * (d.load * s), d.dt)?;
        Ok(Terms {
            p: t.p.dot(a),
            i: t.i.dot(a),
            d: t.d.dot(a),
            ff: t.ff.dot(a),
            total: t.total.dot(a),
        })
    }

    fn body(&self, slot: &BoxSlot) -> Body3 {
        slot.body
    }

    fn set_body(&self, slot: &mut BoxSlot, body: Body3) {
        slot.body = body;
    }

    fn bounded(&self, slot: &BoxSlot) -> bool {
        let b = &slot.body;
        within(&b.angular_velocity.to_array()) && b.orientation.is_finite()
    }
}

impl Plant for BoxPlant {
    const POSE: usize = 4;

    fn response(&self, slot: &BoxSlot, target: f64) -> (f64, f64) {
        let twist = self.twist(slot.body.orientation);
        (
            target + angle::difference(target, twist),
            slot.body.angular_velocity.dot(self.axis),
        )
    }

    fn pose(&self, slot: &BoxSlot, out: &mut Vec<f64>) {
        out.extend(slot.body.orientation.to_array());
    }

    fn set_gains(&self, slot: &mut BoxSlot, gains: LawGains) -> Result<(), Error> {
        // A live edit keeps the PID's memory and settings, as on the cube.
        if let BoxLaw::Pid(p) = &mut slot.law {
            let s = self.scale();
            let mut trial = *p;
            trial.settings.kp = gains.kp * s;
            trial.settings.kd = gains.kd * s;
            trial.settings.ki = gains.ki * s;
            trial.settings.validate()?;
            *p = trial;
            return Ok(());
        }
        slot.law = self.law(slot.law.kind(), gains, &LawOptions::NONE)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::{Disturbances, Lab, LawGains};

    const DT: f64 = 1.0 / 60.0;

    fn lab(laws: &[(LawId, LawGains, LawOptions)], d: Disturbances) -> Lab<BoxPlant> {
        let plant = BoxPlant::new(1.0, Integrator::SemiImplicitEuler).unwrap();
        let slots = plant.slots_with(laws).unwrap();
        Lab::with_plant(plant, slots, DT, d).unwrap()
    }

    fn gains(ki: f64) -> LawGains {
        LawGains {
            kp: 100.0,
            kd: 20.0,
            ki,
        }
    }

    #[test]
    fn the_pid_s_integral_removes_the_error_a_steady_load_leaves_under_pd() {
        let load = Disturbances {
            constant_force: -20.0,
            ..Disturbances::default()
        };
        let mut l = lab(
            &[
                (LawId::Pid, gains(150.0), LawOptions::NONE),
                (LawId::Pid, gains(0.0), LawOptions::NONE),
            ],
            load,
        );
        l.step(1200);
        let m = l.metrics();
        assert!(m[0].steady_state_error < 1e-4, "{:?}", m[0]);
        assert!(m[1].steady_state_error > 0.05, "{:?}", m[1]);
    }

    #[test]
    fn the_pid_s_options_reach_the_box_in_the_effort_plot_s_units() {
        let limit = 2.0;
        let clamped = LawOptions {
            output_limit: Some(limit),
            ..LawOptions::NONE
        };
        let mut l = lab(
            &[
                (LawId::Pid, gains(50.0), clamped),
                (LawId::Pid, gains(50.0), LawOptions::NONE),
            ],
            Disturbances::default(),
        );
        l.step(600);
        let m = l.metrics();
        // The clamp bounds the torque's length, so its component about the axis too.
        assert!(m[0].peak_effort <= limit * (1.0 + 1e-12), "{:?}", m[0]);
        assert!(m[0].peak_effort > 0.9 * limit, "{:?}", m[0]);
        assert!(m[1].peak_effort > 3.0 * limit, "{:?}", m[1]);
        let BoxLaw::Pid(p) = l.slots()[0].law else {
            panic!("a PID on the box")
        };
        assert_eq!(p.settings.output_limit, limit);
        assert_eq!(p.settings.kp, 100.0 * l.plant().scale());
    }

    #[test]
    fn a_live_gain_edit_keeps_the_pid_s_memory_and_settings() {
        let clamped = LawOptions {
            output_limit: Some(5.0),
            ..LawOptions::NONE
        };
        let mut l = lab(
            &[(LawId::Pid, gains(50.0), clamped)],
            Disturbances::default(),
        );
        l.step(30);
        let BoxLaw::Pid(before) = l.slots()[0].law else {
            panic!()
        };
        l.set_gains(0, gains(80.0)).unwrap();
        let BoxLaw::Pid(after) = l.slots()[0].law else {
            panic!()
        };
        assert_eq!(after.integral(), before.integral());
        assert_eq!(after.settings.output_limit, before.settings.output_limit);
        assert_eq!(after.settings.ki, 80.0 * l.plant().scale());
    }

    #[test]
    fn other_laws_on_the_box_refuse_an_integral_and_options_by_name() {
        let plant = BoxPlant::new(1.0, Integrator::SemiImplicitEuler).unwrap();
        let refuse =
            |law: (LawId, LawGains, LawOptions)| plant.slots_with(&[law]).unwrap_err().field();
        assert_eq!(
            refuse((LawId::BackwardPd, gains(1.0), LawOptions::NONE)),
            "ki"
        );
        let clamp = LawOptions {
            output_limit: Some(1.0),
            ..LawOptions::NONE
        };
        assert_eq!(refuse((LawId::Spd, gains(0.0), clamp)), "options");
    }

    /// The box is within bounds while its rate is within 1e9 rad/s on every axis and
    /// its orientation is finite; either one failing stops it (the implicit gyroscopic
    /// step bleeds so much energy from a spin that fast that no disturbance the Lab
    /// accepts reaches the bound, so the bound is held here directly).
    #[test]
    fn the_box_is_bounded_by_its_rate_and_its_orientation() {
        let plant = BoxPlant::new(1.0, Integrator::SemiImplicitEuler).unwrap();
        let slot = plant
            .slots_of(&[(LawId::ForwardPd, gains(0.0))])
            .unwrap()
            .remove(0);
        let with = |angular_velocity: DVec3, orientation: DQuat| BoxSlot {
            body: Body3 {
                angular_velocity,
                orientation,
                ..slot.body
            },
            ..slot
        };
        let q = slot.body.orientation;
        assert!(plant.bounded(&with(DVec3::new(0.0, -1e9, 1e9), q)));
        assert!(!plant.bounded(&with(DVec3::new(0.0, -1.000001e9, 0.0), q)));
        assert!(!plant.bounded(&with(DVec3::new(0.0, 0.0, f64::NAN), q)));
        let nan = DQuat::from_xyzw(f64::NAN, 0.0, 0.0, 1.0);
        assert!(!plant.bounded(&with(DVec3::ZERO, nan)));
    }
}
