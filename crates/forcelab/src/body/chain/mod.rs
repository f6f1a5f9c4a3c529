//! Jointed bodies: a planar chain of links hinged end to end (an arm, a leg, a tail),
//! in reduced coordinates (one angle per joint). The dynamics are
//! `M(q) qdd + C(q, qd) = tau`: the mass matrix by composite bodies
//! ([`mass_matrix`]), the bias by Newton-Euler ([`bias`], [`inverse_dynamics`]), the
//! motion by a Cholesky solve ([`forward_dynamics`]), stepped by the Lab's three
//! integrators ([`ChainState::step`]). Each algorithm is written in planar spatial
//! vectors at the world origin ([`planar_spatial`]), following Featherstone's
//! *Rigid Body Dynamics Algorithms* (2008).

mod chain3;
mod chain3_state;
mod chain_state;
mod dynamics3;
mod forward_dynamics;
mod inverse_dynamics;
mod joint_error;
mod joint_limits;
mod mass_matrix;
mod planar_chain;
pub mod planar_spatial;
pub mod spatial;
#[cfg(test)]
mod strategies;

pub use chain3::{Chain3, Joint3, JointPosition, Link3, Pose3, MAX_LINKS_3D};
pub use chain3_state::{advanced3, Chain3State};
pub use chain_state::ChainState;
pub use dynamics3::{bias3, forward_dynamics3, gravity3, inverse_dynamics3, mass_matrix3};
pub use forward_dynamics::{cholesky, cholesky_solve, forward_dynamics};
pub use inverse_dynamics::{bias, inverse_dynamics};
pub use joint_error::{ball_error, joint_errors3};
pub use joint_limits::JointLimit;
pub use mass_matrix::mass_matrix;
pub use planar_chain::{Link, PlanarChain, Pose, MAX_LINKS, MIN_LINKS, STANDARD_GRAVITY};

/// A chain's kinetic energy (J) at rates `qd` where its mass matrix is `m`:
/// `qd^T M qd / 2`.
pub fn kinetic(m: &[Vec<f64>], qd: &[f64]) -> f64 {
    m.iter()
        .zip(qd)
        .map(|(row, a)| a * row.iter().zip(qd).map(|(mij, b)| mij * b).sum::<f64>())
        .sum::<f64>()
        / 2.0
}

/// Why a chain step was refused: its mass matrix could not be factored or its state
/// left f64 (the chain is left as it was).
const STEP_FAILS: &str = "this step would leave the chain at an infinite or NaN state, so it was not taken; lower dt or the torques";
