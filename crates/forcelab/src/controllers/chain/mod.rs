//! The laws on a jointed chain ([`crate::body::chain`]): one torque per rate toward a
//! target pose held at rest, from per-rate gains. Four treat each rate as a body of
//! its own (PD, the articles' SPD, PD with gravity cancelled, PID); one solves for the
//! whole chain at once (SPD with the mass matrix, as Tan, Liu and Turk's paper does).
//! Each is written once over [`JointSpace`], so the same arithmetic drives the planar
//! chain ([`crate::body::chain::PlanarChain`], one angle per joint) and the 3-D chain
//! ([`crate::body::chain::Chain3`]: a hinge's angle, or a ball's three rates about the
//! world axes, its error the world-axes turn `R_p rotvec(q* q^-1)` to the target).

#[cfg(test)]
mod chain3_stability_tests;
#[cfg(test)]
mod chain3_tests;
mod joint_pd;
mod joint_pid;
mod joint_space;
mod joint_spd;
mod mass_matrix_spd;
mod pd_gravity;
mod program;
#[cfg(test)]
mod stability_tests;

pub use joint_pd::joint_pd;
pub use joint_pid::joint_pid;
pub use joint_space::JointSpace;
pub use joint_spd::joint_spd;
pub use mass_matrix_spd::mass_matrix_spd;
pub use pd_gravity::pd_gravity;
pub use program::{chain_program_of, CHAIN_FUNCTIONS, CHAIN_INPUTS};

use super::Terms;
use crate::error::{non_negative, positive, Error};

/// A law that drives a chain, by its id (in JSON, its [`ChainLawId::id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum ChainLawId {
    /// PD on each joint: [`joint_pd`].
    JointPd,
    /// The articles' stable PD on each joint, as if alone: [`joint_spd`].
    JointSpd,
    /// Stable PD with the chain's mass matrix, as the paper solves it: [`mass_matrix_spd`].
    MassMatrixSpd,
    /// PD plus the torques that hold the chain's weight: [`pd_gravity`].
    PdGravity,
    /// PID on each joint: [`joint_pid`].
    JointPid,
}

impl ChainLawId {
    /// Every chain law, in the order the page lists them.
    pub const ALL: [ChainLawId; 5] = [
        ChainLawId::JointPd,
        ChainLawId::JointSpd,
        ChainLawId::MassMatrixSpd,
        ChainLawId::PdGravity,
        ChainLawId::JointPid,
    ];

    /// Its id in links and JSON.
    pub fn id(self) -> &'static str {
        match self {
            ChainLawId::JointPd => "joint-pd",
            ChainLawId::JointSpd => "joint-spd",
            ChainLawId::MassMatrixSpd => "mass-matrix-spd",
            ChainLawId::PdGravity => "pd-gravity",
            ChainLawId::JointPid => "joint-pid",
        }
    }

    /// Its name for a reader.
    pub fn label(self) -> &'static str {
        match self {
            ChainLawId::JointPd => "PD per joint",
            ChainLawId::JointSpd => "SPD per joint",
            ChainLawId::MassMatrixSpd => "SPD with the mass matrix",
            ChainLawId::PdGravity => "PD + gravity compensation",
            ChainLawId::JointPid => "PID per joint",
        }
    }

    /// The law with id `id`, or an error listing the ids.
    pub fn parse(id: &str) -> Result<ChainLawId, String> {
        ChainLawId::ALL
            .into_iter()
            .find(|l| l.id() == id)
            .ok_or_else(|| crate::error::not_one_of("law", id, ChainLawId::ALL.map(ChainLawId::id)))
    }
}

/// Per-rate gains, base joint first (one per joint on the planar chain; on a 3-D
/// chain one per hinge and three per ball, the same gain on each of a ball's world
/// axes or not, as given): stiffness `kp` (N m/rad), damping `kd` (N m s/rad) and, for
/// the PID, integral gain `ki` (N m/(rad s)).
#[derive(Clone, Debug, PartialEq)]
pub struct ChainGains {
    /// Stiffness per joint, N m/rad.
    pub kp: Vec<f64>,
    /// Damping per joint, N m s/rad.
    pub kd: Vec<f64>,
    /// Integral gain per joint, N m/(rad s) (the PID only; zeros otherwise).
    pub ki: Vec<f64>,
}

impl ChainGains {
    /// The same `kp`, `kd`, `ki` on each of `dofs` joints.
    pub fn uniform(dofs: usize, kp: f64, kd: f64, ki: f64) -> ChainGains {
        ChainGains {
            kp: vec![kp; dofs],
            kd: vec![kd; dofs],
            ki: vec![ki; dofs],
        }
    }

    /// Checks one finite gain of zero or more per rate of `chain`, naming the list.
    pub fn validate<C: JointSpace>(&self, chain: &C) -> Result<(), Error> {
        for (field, values) in [("kp", &self.kp), ("kd", &self.kd), ("ki", &self.ki)] {
            chain.check_per_rate(field, values)?;
            values
                .iter()
                .try_for_each(|&v| non_negative(field, v).map(|_| ()))?;
        }
        Ok(())
    }
}

/// A chain law with its gains and, for the PID, its memory (the integral of each
/// rate's error, rad s), for a planar or a 3-D chain ([`JointSpace`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ChainLaw {
    /// Which law.
    pub id: ChainLawId,
    /// Its gains.
    pub gains: ChainGains,
    /// The PID's integral of each rate's error, rad s (zeros for the others).
    pub integral: Vec<f64>,
}

impl ChainLaw {
    /// Law `id` with `gains` on `chain`, its memory empty; an error names a gain that cannot be.
    pub fn new<C: JointSpace>(
        id: ChainLawId,
        gains: ChainGains,
        chain: &C,
    ) -> Result<ChainLaw, Error> {
        gains.validate(chain)?;
        Ok(ChainLaw {
            id,
            integral: vec![0.0; chain.rates_count()],
            gains,
        })
    }

    /// Each rate's torque terms (N m) on `chain` in `state` toward the pose `target`
    /// (at rest) for a step of `dt` s; the PID's integral advances by the step. A
    /// target of the wrong length or kind, not finite, or a ball's quaternion not of
    /// unit length is refused naming `target`; gains not one per rate of this chain
    /// naming the list.
    pub fn torques<C: JointSpace>(
        &mut self,
        chain: &C,
        state: &C::State,
        target: &[C::Position],
        dt: f64,
    ) -> Result<Vec<Terms>, Error> {
        positive("dt", dt)?;
        chain.check_target(target)?;
        self.gains.validate(chain)?;
        chain.check_per_rate("integral", &self.integral)?;
        let g = &self.gains;
        let terms = match self.id {
            ChainLawId::JointPd => joint_pd(g, chain, state, target),
            ChainLawId::JointSpd => joint_spd(g, chain, state, target, dt),
            ChainLawId::MassMatrixSpd => mass_matrix_spd(g, chain, state, target, dt)?,
            ChainLawId::PdGravity => pd_gravity(g, chain, state, target),
            ChainLawId::JointPid => joint_pid(g, &mut self.integral, chain, state, target, dt),
        };
        terms.into_iter().map(Terms::finite).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::chain::{ChainState, Link, PlanarChain};

    #[test]
    fn every_law_is_found_by_its_id_and_an_unknown_one_is_named_with_the_choices() {
        for law in ChainLawId::ALL {
            assert_eq!(ChainLawId::parse(law.id()), Ok(law));
        }
        let e = ChainLawId::parse("spd").unwrap_err();
        assert!(e.contains("spd") && e.contains("mass-matrix-spd"), "{e}");
    }

    #[test]
    fn every_law_has_a_name_of_its_own_for_a_reader() {
        let labels: Vec<&str> = ChainLawId::ALL.iter().map(|l| l.label()).collect();
        assert_eq!(
            labels,
            [
                "PD per joint",
                "SPD per joint",
                "SPD with the mass matrix",
                "PD + gravity compensation",
                "PID per joint"
            ]
        );
    }

    #[test]
    fn gains_that_cannot_be_are_refused_naming_the_list() {
        let chain = PlanarChain::new(vec![Link::rod(1.0, 1.0); 2], 9.81).unwrap();
        let bad = |g: ChainGains| {
            ChainLaw::new(ChainLawId::JointPd, g, &chain)
                .unwrap_err()
                .field()
        };
        assert_eq!(bad(ChainGains::uniform(3, 1.0, 1.0, 0.0)), "kp");
        assert_eq!(
            bad(ChainGains {
                kd: vec![1.0, -1.0],
                ..ChainGains::uniform(2, 1.0, 1.0, 0.0)
            }),
            "kd"
        );
        assert_eq!(
            bad(ChainGains {
                ki: vec![f64::NAN, 0.0],
                ..ChainGains::uniform(2, 1.0, 1.0, 0.0)
            }),
            "ki"
        );
        let mut law = ChainLaw::new(
            ChainLawId::JointPd,
            ChainGains::uniform(2, 1.0, 1.0, 0.0),
            &chain,
        )
        .unwrap();
        let state = ChainState::at_rest(&chain, vec![0.0, 0.0]).unwrap();
        assert_eq!(
            law.torques(&chain, &state, &[0.0], 0.01)
                .unwrap_err()
                .field(),
            "target"
        );
        assert_eq!(
            law.torques(&chain, &state, &[0.0, 0.0], 0.0)
                .unwrap_err()
                .field(),
            "dt"
        );
    }
}
