use super::WindowedPidAsPrinted;
use super::{
    one_step_force, BackwardPd, ForwardPd, ImplicitPd, Pid, Prepared1, SecondOrder, SoftStep, Spd,
    SpdSimplified, Target1, Terms, WindowedPid,
};
use crate::body::Body1;
use crate::catalogue::LawId;
use crate::error::{positive, Error};
use crate::math;
use crate::published::one_step_force_as_printed;
use core::f64::consts::PI;

/// Any of the 1-D force laws behind one type, so that a world or a lab can hold a mix.
#[derive(Clone, Debug, PartialEq)]
pub enum Controller1 {
    /// Forward PD, `F = kp e + kd e'` on the current state.
    ForwardPd(ForwardPd),
    /// Wu's backward PD, evaluated on the next state.
    BackwardPd(BackwardPd),
    /// SPD in the paper's form.
    Spd(Spd),
    /// Article 000's simplified SPD (gains per unit mass).
    SpdSimplified(SpdSimplified),
    /// Bloom's implicit PD (its force part).
    ImplicitPd(ImplicitPd),
    /// Second-order dynamics.
    SecondOrder(SecondOrder),
    /// Box2D's soft step.
    SoftStep(SoftStep),
    /// PID on position.
    Pid(Pid),
    /// Article 001's windowed PID (corrected), output as force.
    WindowedPid(WindowedPid),
    /// Article 001's windowed PID as printed.
    WindowedPidAsPrinted(WindowedPidAsPrinted),
    /// The force that lands on the target next step.
    OneStep,
    /// Article 002's printed one-step force.
    OneStepAsPrinted,
}

/// The refusal of a nonzero `ki` on a law without an integral term.
pub const NO_INTEGRAL: Error = Error::Unsupported {
    field: "ki",
    reason: "only the PIDs have an integral term",
};

impl Controller1 {
    /// A controller of `kind` from a stiffness `kp` (N/m) and damping `kd` (N s/m) for a
    /// body of `mass` kg, so every law can be compared at the same raw gains:
    /// per-unit-mass laws divide by the mass; Bloom's takes `K = 1`,
    /// `T = 6 sqrt(m/kp)`, `D = kd T / (9 m)`; second-order and soft step take
    /// `w = sqrt(kp/m)`, `zeta = kd / (2 sqrt(kp m))`; the PIDs take `kp`, `kd` as their
    /// gains with no integral (set it on the returned value); the one-step laws ignore
    /// the gains.
    pub fn new(kind: LawId, kp: f64, kd: f64, mass: f64) -> Result<Controller1, Error> {
        super::ForwardPd { kp, kd }.validate()?;
        positive("mass", mass)?;
        let c = match kind {
            LawId::ForwardPd => Controller1::ForwardPd(ForwardPd { kp, kd }),
            LawId::BackwardPd => Controller1::BackwardPd(BackwardPd { kp, kd }),
            LawId::Spd => Controller1::Spd(Spd { kp, kd }),
            LawId::SpdSimplified => Controller1::SpdSimplified(SpdSimplified {
                kp: kp / mass,
                kd: kd / mass,
            }),
            LawId::ImplicitPd => {
                positive("kp", kp)?;
                let time_scale = 6.0 * math::sqrt(mass / kp);
                Controller1::ImplicitPd(ImplicitPd {
                    k: 1.0,
                    d: kd * time_scale / (9.0 * mass),
                    time_scale,
                    min_velocity: 0.0,
                })
            }
            LawId::SecondOrder | LawId::SoftStep => {
                positive("kp", kp)?;
                let w = math::sqrt(kp / mass);
                let zeta = kd / (2.0 * math::sqrt(kp * mass));
                if kind == LawId::SecondOrder {
                    Controller1::SecondOrder(SecondOrder {
                        frequency: w / (2.0 * PI),
                        zeta,
                        response: 0.0,
                    })
                } else {
                    Controller1::SoftStep(SoftStep {
                        hertz: w / (2.0 * PI),
                        damping_ratio: zeta,
                    })
                }
            }
            LawId::Pid => Controller1::Pid(Pid::new(kp, 0.0, kd)),
            LawId::WindowedPid => Controller1::WindowedPid(WindowedPid::new(kp, 0.0, kd)),
            LawId::WindowedPidAsPrinted => {
                Controller1::WindowedPidAsPrinted(WindowedPidAsPrinted::new(kp, 0.0, kd))
            }
            LawId::OneStep => Controller1::OneStep,
            LawId::OneStepAsPrinted => Controller1::OneStepAsPrinted,
            LawId::BackwardPdAsPrinted => {
                return Err(Error::Unsupported {
                    field: "kind",
                    reason: "the printed torque listing drives the box only",
                })
            }
        };
        c.validate()?;
        Ok(c)
    }

    /// Which law this is.
    pub fn kind(&self) -> LawId {
        match self {
            Controller1::ForwardPd(_) => LawId::ForwardPd,
            Controller1::BackwardPd(_) => LawId::BackwardPd,
            Controller1::Spd(_) => LawId::Spd,
            Controller1::SpdSimplified(_) => LawId::SpdSimplified,
            Controller1::ImplicitPd(_) => LawId::ImplicitPd,
            Controller1::SecondOrder(_) => LawId::SecondOrder,
            Controller1::SoftStep(_) => LawId::SoftStep,
            Controller1::Pid(_) => LawId::Pid,
            Controller1::WindowedPid(_) => LawId::WindowedPid,
            Controller1::WindowedPidAsPrinted(_) => LawId::WindowedPidAsPrinted,
            Controller1::OneStep => LawId::OneStep,
            Controller1::OneStepAsPrinted => LawId::OneStepAsPrinted,
        }
    }

    /// Checks the settings.
    pub fn validate(&self) -> Result<(), Error> {
        match self {
            Controller1::ForwardPd(c) => c.validate(),
            Controller1::BackwardPd(c) => c.validate(),
            Controller1::Spd(c) => c.validate(),
            Controller1::SpdSimplified(c) => c.validate(),
            Controller1::ImplicitPd(c) => c.validate(),
            Controller1::SecondOrder(c) => c.validate(),
            Controller1::SoftStep(c) => c.validate(),
            Controller1::Pid(c) => c.validate(),
            Controller1::WindowedPid(c) => c.validate(),
            Controller1::WindowedPidAsPrinted(c) => c.0.validate(),
            Controller1::OneStep | Controller1::OneStepAsPrinted => Ok(()),
        }
    }

    /// Sets the raw gains (as in [`Controller1::new`]) for a body of `mass` kg. The PIDs
    /// keep their memory (a live gain change does not restart them); the other laws are
    /// rebuilt, which is the same thing since they have none.
    pub fn set_gains(&mut self, kp: f64, kd: f64, mass: f64) -> Result<(), Error> {
        let fresh = Controller1::new(self.kind(), kp, kd, mass)?;
        match self {
            Controller1::Pid(c) => {
                c.kp = kp;
                c.kd = kd;
            }
            Controller1::WindowedPid(c) => {
                c.kp = kp;
                c.kd = kd;
            }
            Controller1::WindowedPidAsPrinted(c) => {
                c.0.kp = kp;
                c.0.kd = kd;
            }
            _ => *self = fresh,
        }
        Ok(())
    }

    /// Sets the integral gain `ki` (N/(m s)) of the PIDs, keeping their memory; the
    /// other laws have no integral term and accept only 0.
    pub fn set_integral_gain(&mut self, ki: f64) -> Result<(), Error> {
        crate::error::non_negative("ki", ki)?;
        match self {
            Controller1::Pid(c) => c.ki = ki,
            Controller1::WindowedPid(c) => c.ki = ki,
            Controller1::WindowedPidAsPrinted(c) => c.0.ki = ki,
            _ if ki == 0.0 => {}
            _ => return Err(NO_INTEGRAL),
        }
        Ok(())
    }

    /// Forgets any memory (integrals, error windows).
    pub fn reset(&mut self) {
        match self {
            Controller1::Pid(c) => c.reset(),
            Controller1::WindowedPid(c) => c.reset(),
            Controller1::WindowedPidAsPrinted(c) => c.0.reset(),
            _ => {}
        }
    }

    /// This law made ready for many steps of `dt` s on a body of `mass` kg: its
    /// constants worked out once and every setting checked by name, for a world that
    /// checks its other inputs on the way in (see [`Prepared1`]). `None` for the laws
    /// with memory or that are not linear (the PIDs, the one-step forces), which keep
    /// the checked [`Controller1::force`].
    pub fn prepare(&self, mass: f64, dt: f64) -> Result<Option<Prepared1>, Error> {
        positive("mass", mass)?;
        positive("dt", dt)?;
        Ok(Some(match self {
            Controller1::ForwardPd(c) => c.prepare()?,
            Controller1::BackwardPd(c) => c.prepare(mass, dt)?,
            Controller1::Spd(c) => c.prepare(mass, dt)?,
            Controller1::SpdSimplified(c) => c.prepare(mass, dt)?,
            Controller1::ImplicitPd(c) => c.prepare(mass, dt)?,
            Controller1::SecondOrder(c) => c.prepare(mass, dt)?,
            Controller1::SoftStep(c) => c.prepare(mass, dt)?,
            Controller1::Pid(_)
            | Controller1::WindowedPid(_)
            | Controller1::WindowedPidAsPrinted(_)
            | Controller1::OneStep
            | Controller1::OneStepAsPrinted => return Ok(None),
        }))
    }

    /// The force (N) this law applies to `body` toward `target` for a step of `dt` s.
    /// Stateful laws (the PIDs) advance their memory; their sample time follows `dt`.
    /// An output that overflows (infinite or NaN) is refused with an error, never
    /// returned.
    pub fn force(&mut self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        self.unchecked_force(body, target, dt)?.finite()
    }

    fn unchecked_force(&mut self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        match self {
            Controller1::ForwardPd(c) => c.force(body, target),
            Controller1::BackwardPd(c) => c.force(body, target, dt),
            Controller1::Spd(c) => c.force(body, target, dt),
            Controller1::SpdSimplified(c) => c.force(body, target, dt),
            Controller1::ImplicitPd(c) => c.force(body, target, dt),
            Controller1::SecondOrder(c) => c.force(body, target, dt),
            Controller1::SoftStep(c) => c.force(body, target, dt),
            Controller1::Pid(c) => {
                target.validate()?;
                c.step(target.x, body.x, dt)
            }
            Controller1::WindowedPid(c) => {
                target.validate()?;
                c.dt = dt;
                c.add_sample(target.x - body.x)
            }
            Controller1::WindowedPidAsPrinted(c) => {
                target.validate()?;
                c.0.dt = dt;
                let total = c.add_sample(target.x - body.x)?;
                Ok(Terms::sum(total, 0.0, 0.0, 0.0))
            }
            Controller1::OneStep => {
                let f = one_step_force(body, target.x + target.v * dt, dt)?;
                Ok(Terms::sum(f, 0.0, 0.0, 0.0))
            }
            Controller1::OneStepAsPrinted => {
                let f = one_step_force_as_printed(
                    body.mass,
                    body.x,
                    body.v,
                    target.x + target.v * dt,
                    dt,
                )?;
                Ok(Terms::sum(f, 0.0, 0.0, 0.0))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::PlantId;
    use crate::testing::ALGEBRA_TOL;

    #[test]
    fn a_law_that_does_not_drive_a_cube_is_refused_by_name() {
        assert!(!LawId::BackwardPdAsPrinted.drives(PlantId::Cube));
        assert_eq!(
            Controller1::new(LawId::BackwardPdAsPrinted, 1.0, 1.0, 1.0),
            Err(Error::Unsupported {
                field: "kind",
                reason: "the printed torque listing drives the box only",
            })
        );
    }

    #[test]
    fn ids_round_trip() {
        for kind in LawId::driving(PlantId::Cube) {
            assert_eq!(LawId::from_id(kind.id()), Some(kind));
            let c = Controller1::new(kind, 100.0, 20.0, 2.0).unwrap();
            assert_eq!(c.kind(), kind);
        }
        assert_eq!(LawId::from_id("nope"), None);
    }

    #[test]
    fn pd_like_laws_agree_on_the_raw_gains() {
        // Bloom's, the soft step and Wu's law are the same backward Euler spring.
        let body = Body1 {
            x: 0.2,
            v: -0.4,
            mass: 2.0,
            ..Body1::default()
        };
        let target = Target1::at(1.0);
        let dt = 1.0 / 60.0;
        let force = |kind| {
            Controller1::new(kind, 300.0, 25.0, 2.0)
                .unwrap()
                .force(&body, &target, dt)
                .unwrap()
                .total
        };
        let wu = force(LawId::BackwardPd);
        for kind in [LawId::ImplicitPd, LawId::SoftStep] {
            assert!(
                (force(kind) - wu).abs() < ALGEBRA_TOL * wu.abs(),
                "{}",
                kind.id()
            );
        }
    }

    #[test]
    fn every_law_settles_a_step_at_moderate_gains() {
        for kind in LawId::driving(PlantId::Cube) {
            if kind == LawId::OneStepAsPrinted || kind == LawId::WindowedPidAsPrinted {
                continue;
            }
            let mut c = Controller1::new(kind, 100.0, 20.0, 1.0).unwrap();
            let mut b = Body1::default();
            for _ in 0..1200 {
                let f = c.force(&b, &Target1::at(1.0), 1.0 / 60.0).unwrap().total;
                b.step(f, 1.0 / 60.0).unwrap();
            }
            assert!((b.x - 1.0).abs() < 1e-3, "{}: {}", kind.id(), b.x);
        }
    }

    #[test]
    fn reset_forgets_every_law_s_memory() {
        let body = Body1::default();
        let target = Target1 { x: 1.0, v: 0.0 };
        for kind in LawId::driving(PlantId::Cube) {
            let mut fresh = Controller1::new(kind, 100.0, 20.0, 2.0).unwrap();
            let mut used = fresh.clone();
            for _ in 0..5 {
                used.force(&body, &Target1 { x: -3.0, v: 0.0 }, 0.01)
                    .unwrap();
            }
            used.reset();
            assert_eq!(
                used.force(&body, &target, 0.01).unwrap(),
                fresh.force(&body, &target, 0.01).unwrap(),
                "{kind:?}"
            );
        }
    }
}
