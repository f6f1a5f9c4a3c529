//! The Lab's 3-D body: a box turning about a tilted axis, with its full inertia.

use super::plants::{plain, within};
use super::{Drive, LawGains, LawOptions, Plant};
use crate::angle;
use crate::body::Body3;
use crate::controllers::{Controller3, LawId, Target3, Terms};
use crate::error::{positive, Error};
use crate::integrator::Integrator;
use crate::math;
use crate::rotation::{from_rotation_vector, integrate_exact};
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
    pub law: Controller3,
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

    /// [`BoxPlant::slots_of`]; the box's laws take no options, so any set is refused.
    pub fn slots_with(
        &self,
        laws: &[(LawId, LawGains, LawOptions)],
    ) -> Result<Vec<BoxSlot>, Error> {
        if laws.iter().any(|l| l.2 != LawOptions::NONE) {
            return Err(Error::Unsupported {
                field: "options",
                reason: "the box's laws take no options",
            });
        }
        laws.iter()
            .map(|&(kind, g, _)| {
                Ok(BoxSlot {
                    body: self.start,
                    law: self.law(kind, g)?,
                })
            })
            .collect()
    }

    fn law(&self, kind: LawId, g: LawGains) -> Result<Controller3, Error> {
        if g.ki != 0.0 {
            return Err(Error::Unsupported {
                field: "ki",
                reason: "the box's laws have no integral term",
            });
        }
        let s = self.axis_inertia / self.mass;
        Controller3::new(kind, g.kp * s, g.kd * s, self.axis_inertia)
    }

    /// The twist (rad) of orientation `q` about the plant's axis `a`, in (-pi, pi]:
    /// `2 atan2(v . a, w)` with `q = (v, w)` taken with `w >= 0` (the swing-twist split).
    pub fn twist(&self, q: DQuat) -> f64 {
        let q = if q.w < 0.0 { -q } else { q };
        2.0 * math::atan2(DVec3::new(q.x, q.y, q.z).dot(self.axis), q.w)
    }
}

impl Plant for BoxPlant {
    type Slot = BoxSlot;
    type Body = Body3;
    const POSE: usize = 4;

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
        let s = self.axis_inertia / self.mass;
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
        slot.law = self.law(slot.law.kind, gains)?;
        Ok(())
    }

    fn bounded(&self, slot: &BoxSlot) -> bool {
        let b = &slot.body;
        within(&b.angular_velocity.to_array()) && b.orientation.is_finite()
    }
}
