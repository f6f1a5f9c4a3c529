use super::{Prepared1, Target1, Terms};
use crate::body::Body1;
use crate::error::{non_negative, Error};
use crate::program::{Program, Statement::Let, Text};

/// The textbook ("forward", explicit) PD controller: a spring and a damper evaluated
/// on the current state,
///
/// `F = kp (x_target - x) + kd (v_target - v)`.
///
/// Under semi-implicit Euler with mass `m` it is stable only while the gains are small
/// against the step: `kd dt / m < 2` and `kp dt^2 / m < 4 - 2 kd dt / m`
/// (the closed-loop map's spectral radius stays at most 1).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ForwardPd {
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
}

impl Default for ForwardPd {
    /// `kp = 100 N/m`, `kd = 20 N s/m`: critically damped on a 1 kg body
    /// (`kd = 2 sqrt(kp m)`), settling in about half a second.
    fn default() -> Self {
        ForwardPd {
            kp: 100.0,
            kd: 20.0,
        }
    }
}

impl ForwardPd {
    /// Checks that both gains are finite and not negative.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("kd", self.kd)?;
        Ok(())
    }

    /// This law as [`Prepared1::Gains`], refusing bad gains by name.
    pub fn prepare(&self) -> Result<Prepared1, Error> {
        self.validate()?;
        Ok(self.constants())
    }

    fn constants(&self) -> Prepared1 {
        Prepared1::Gains {
            p: self.kp,
            d: self.kd,
        }
    }

    /// The force (N) on `body` toward `target`; `p` is the spring, `d` the damper.
    pub fn force(&self, body: &Body1, target: &Target1) -> Result<Terms, Error> {
        self.validate()?;
        body.validate()?;
        target.validate()?;
        Ok(self.constants().force(body.x, body.v, target))
    }
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit tests hold
/// it to by running it against the core.
pub(crate) const PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/controllers/forward_pd.rs")],
    &[Let("force", "kp * (xt - x) + kd * (vt - v)")],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::{Controller1, LawId};
    use crate::testing::{final_error, run};

    #[test]
    fn force_is_spring_plus_damper() {
        let body = Body1 {
            x: 0.5,
            v: -1.0,
            ..Body1::default()
        };
        let t = ForwardPd { kp: 10.0, kd: 3.0 }
            .force(&body, &Target1 { x: 2.0, v: 1.0 })
            .unwrap();
        assert_eq!(t.p, 15.0);
        assert_eq!(t.d, 6.0);
        assert_eq!(t.total, 21.0);
    }

    #[test]
    fn default_gains_settle_on_a_step() {
        let c = Controller1::ForwardPd(ForwardPd::default());
        let trace = run(c, Body1::default(), Target1::at(1.0), 1.0 / 60.0, 300);
        assert!(final_error(&trace) < 1e-4);
    }

    #[test]
    fn diverges_at_high_gains() {
        // kd dt / m = 0.17 but kp dt^2 / m = 278 > 4: outside the stable region.
        let c = Controller1::new(LawId::ForwardPd, 1e6, 10.0, 1.0).unwrap();
        let trace = run(c, Body1::default(), Target1::at(1.0), 1.0 / 60.0, 600);
        assert!(trace.len() < 600, "left 1e12 after {} steps", trace.len());
    }

    #[test]
    fn refuses_bad_gains_by_name() {
        let b = Body1::default();
        let t = Target1::at(1.0);
        let e = ForwardPd {
            kp: f64::NAN,
            kd: 1.0,
        }
        .force(&b, &t)
        .unwrap_err();
        assert_eq!(e.field(), "kp");
        assert!(e.value().unwrap().is_nan());
        let e = ForwardPd { kp: 1.0, kd: -1.0 }.force(&b, &t).unwrap_err();
        assert_eq!(
            e,
            Error::Negative {
                field: "kd",
                value: -1.0
            }
        );
    }
}
