use super::{one_step_torque3, BackwardPdTorque, SpdSimplifiedTorque, SpdTorque, Target3, Terms3};
use crate::body::Body3;
use crate::catalogue::{LawId, PlantId};
use crate::error::{non_negative, positive, Error};
use crate::gains::{to_wu, Gains};
use crate::program::TorqueProgram;
use crate::published::{one_step_torque_as_printed, stable_torque_pd_as_printed};
use crate::rotation::error_vector;
use glam::DVec3;

/// Why a law that does not drive the box is refused.
const NOT_A_TORQUE_LAW: Error = Error::Unsupported {
    field: "kind",
    reason: "this law does not drive a 3-D orientation (see LawId::driving)",
};

/// Any of the 3-D orientation laws behind one type, built from raw gains so that all
/// can be compared at the same stiffness `kp` (N m/rad) and damping `kd` (N m s/rad)
/// about a reference axis of inertia `inertia` (kg m^2). Laws whose gains are per unit
/// inertia (Wu's, the simplified SPD, the forward PD here) take `kp / inertia` and
/// `kd / inertia` and multiply by the body's full inertia tensor, so on that axis all
/// of them give the same spring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Controller3 {
    /// The law.
    pub kind: LawId,
    /// Stiffness, N m/rad.
    pub kp: f64,
    /// Damping, N m s/rad.
    pub kd: f64,
    /// The reference inertia the per-unit-inertia laws divide by, kg m^2.
    pub inertia: f64,
}

impl Controller3 {
    /// A validated controller.
    pub fn new(kind: LawId, kp: f64, kd: f64, inertia: f64) -> Result<Controller3, Error> {
        let c = Controller3 {
            kind,
            kp,
            kd,
            inertia,
        };
        c.validate()?;
        Ok(c)
    }

    /// The laws a `Controller3` runs: those that drive the box, less the PID, which
    /// keeps memory ([`super::PidTorque`]).
    pub fn laws() -> Vec<LawId> {
        LawId::driving(PlantId::Box)
            .into_iter()
            .filter(|&l| l != LawId::Pid)
            .collect()
    }

    /// Checks the law (a memoryless one that drives the box), the gains (finite, not
    /// negative) and the reference inertia (positive).
    pub fn validate(&self) -> Result<(), Error> {
        if !self.kind.drives(PlantId::Box) {
            return Err(NOT_A_TORQUE_LAW);
        }
        // The PID drives the box too, but only as a `PidTorque`: say so by name.
        if self.kind == LawId::Pid {
            return Err(Error::Unsupported {
                field: "kind",
                reason: "the PID keeps memory between steps: use PidTorque",
            });
        }
        non_negative("kp", self.kp)?;
        non_negative("kd", self.kd)?;
        positive("inertia", self.inertia)?;
        Ok(())
    }

    /// The gains per unit inertia `(kp', kd')` (1/s^2, 1/s) with which this law turns the
    /// body about a principal axis of inertia `axis_inertia` (kg m^2), linearised at rest:
    /// SPD's gains are torques, so `(kp, kd) / axis_inertia`; the others scale their
    /// torque by the body's own inertia, so `(kp, kd) / inertia` about every axis.
    pub fn unit_gains(&self, axis_inertia: f64) -> (f64, f64) {
        let per = if self.kind == LawId::Spd {
            axis_inertia
        } else {
            self.inertia
        };
        (self.kp / per, self.kd / per)
    }

    /// The world torque (N m) on `body` toward `target` for a step of `dt` s.
    ///
    /// Forward PD: `tau = I_w (kp' theta + kd' (w_t - w))` with `kp' = kp / inertia`,
    /// `kd' = kd / inertia`, `theta` the shortest rotation vector. The as-printed
    /// stable torque PD takes Wu's `(frequency, damping)` of `(kp', kd')`.
    ///
    /// An output that overflows (infinite or NaN) is refused with an error.
    pub fn torque(&self, body: &Body3, target: &Target3, dt: f64) -> Result<Terms3, Error> {
        self.unchecked_torque(body, target, dt)?.finite()
    }

    fn unchecked_torque(&self, body: &Body3, target: &Target3, dt: f64) -> Result<Terms3, Error> {
        self.validate()?;
        let (kpu, kdu) = (self.kp / self.inertia, self.kd / self.inertia);
        let only = |t: DVec3| Terms3::sum(t, DVec3::ZERO, DVec3::ZERO, DVec3::ZERO);
        match self.kind {
            LawId::ForwardPd => {
                body.validate()?;
                target.validate()?;
                let theta = error_vector(body.orientation, target.orientation);
                Ok(Terms3::sum(
                    body.inertia_times(kpu * theta),
                    DVec3::ZERO,
                    body.inertia_times(kdu * (target.angular_velocity - body.angular_velocity)),
                    DVec3::ZERO,
                ))
            }
            LawId::BackwardPd => BackwardPdTorque { kp: kpu, kd: kdu }.torque(body, target, dt),
            LawId::BackwardPdAsPrinted => {
                if kpu <= 0.0 {
                    return Err(Error::NotPositive {
                        field: "kp",
                        value: self.kp,
                    });
                }
                let (frequency, damping) = to_wu(Gains { kp: kpu, kd: kdu }, 1.0)?;
                stable_torque_pd_as_printed(frequency, damping, body, target.orientation, dt)
                    .map(only)
            }
            LawId::Spd => SpdTorque {
                kp: self.kp,
                kd: self.kd,
            }
            .torque(body, target, dt),
            LawId::SpdSimplified => {
                SpdSimplifiedTorque { kp: kpu, kd: kdu }.torque(body, target, dt)
            }
            LawId::OneStep => one_step_torque3(body, next(target, dt), dt).map(only),
            LawId::OneStepAsPrinted => {
                one_step_torque_as_printed(body, next(target, dt), dt).map(only)
            }
            // `validate` above refused these already; a torque of zero would hide it.
            _ => Err(NOT_A_TORQUE_LAW),
        }
    }
}

/// Where the target will be after `dt`: the one-step laws aim there.
fn next(target: &Target3, dt: f64) -> glam::DQuat {
    crate::rotation::integrate_exact(target.orientation, target.angular_velocity, dt)
}

/// This law on the box written out for engines that do not run forcelab (see
/// [`program`](crate::program)); the page's unit test holds it to the 1-D law on a unit
/// mass, per unit inertia.
pub(crate) const TORQUE_PROGRAM: TorqueProgram = TorqueProgram {
    source: "crates/forcelab/src/controllers/controller3.rs (forward PD, gains per unit inertia)",
    lines: &[("stiffness", "kpu"), ("damping", "kdu")],
    printed_angle: false,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spd_turns_with_torque_gains_the_others_with_gains_per_unit_inertia() {
        for kind in Controller3::laws() {
            let c = Controller3::new(kind, 6.0, 3.0, 2.0).unwrap();
            let expected = if kind == LawId::Spd {
                (2.0, 1.0)
            } else {
                (3.0, 1.5)
            };
            assert_eq!(c.unit_gains(3.0), expected, "{}", kind.id());
        }
    }
    use crate::rotation::from_rotation_vector;
    use crate::testing::ROUND_OFF;

    fn settle(kind: LawId, kp: f64, kd: f64, steps: usize) -> (Body3, f64) {
        let mut body = Body3::default();
        let target = Target3::facing(from_rotation_vector(DVec3::new(0.4, -0.8, 0.6)));
        let c = Controller3::new(kind, kp, kd, body.inertia.y).unwrap();
        let dt = 1.0 / 60.0;
        for _ in 0..steps {
            let t = c.torque(&body, &target, dt).unwrap().total;
            body.step(DVec3::ZERO, t, dt).unwrap();
        }
        (
            body,
            error_vector(body.orientation, target.orientation).length(),
        )
    }

    #[test]
    fn ids_round_trip() {
        for k in LawId::ALL {
            assert_eq!(LawId::from_id(k.id()), Some(k));
        }
        assert!(!LawId::WindowedPid.drives(PlantId::Box));
        assert_eq!(
            Controller3::new(LawId::WindowedPid, 1.0, 1.0, 1.0).map(|_| ()),
            Err(Error::Unsupported {
                field: "kind",
                reason: "this law does not drive a 3-D orientation (see LawId::driving)",
            })
        );
        assert_eq!(
            Controller3::new(LawId::Pid, 1.0, 1.0, 1.0)
                .unwrap_err()
                .field(),
            "kind"
        );
    }

    #[test]
    fn the_corrected_laws_settle_at_moderate_gains() {
        for k in [
            LawId::ForwardPd,
            LawId::BackwardPd,
            LawId::Spd,
            LawId::SpdSimplified,
            LawId::OneStep,
        ] {
            let (_, error) = settle(k, 2.0, 0.4, 900);
            assert!(error < 1e-4, "{}: {error}", k.id());
        }
    }

    #[test]
    fn wu_stays_bounded_where_the_printed_listing_blows_up() {
        let (kp, kd) = (1e4, 10.0);
        let (_, wu) = settle(LawId::BackwardPd, kp, kd, 600);
        assert!(wu < 1e-6, "{wu}");
        let mut body = Body3::default();
        let target = Target3::facing(from_rotation_vector(DVec3::new(0.4, -0.8, 0.6)));
        let c = Controller3::new(LawId::BackwardPdAsPrinted, kp, kd, body.inertia.y).unwrap();
        let mut blew_up = false;
        for _ in 0..600 {
            let Ok(t) = c.torque(&body, &target, 1.0 / 60.0) else {
                blew_up = true;
                break;
            };
            if body.step(DVec3::ZERO, t.total, 1.0 / 60.0).is_err()
                || body.angular_velocity.length() > 1e6
            {
                blew_up = true;
                break;
            }
        }
        assert!(
            blew_up,
            "the printed law runs the forward gains and diverges"
        );
    }

    #[test]
    fn per_unit_inertia_laws_match_the_torque_unit_law_on_the_reference_axis() {
        // About a principal axis with I = inertia, Wu's law in torque units is kp theta.
        let body = Body3::default();
        let target = Target3::facing(glam::DQuat::from_rotation_y(0.3));
        let c = Controller3::new(LawId::ForwardPd, 5.0, 0.0, body.inertia.y).unwrap();
        let t = c.torque(&body, &target, 0.01).unwrap().total;
        assert!((t.y - 5.0 * 0.3).abs() < ROUND_OFF, "{t}");
    }
}
