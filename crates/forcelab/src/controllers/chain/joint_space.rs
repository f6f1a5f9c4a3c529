//! What a chain law needs of a chain, so one law's arithmetic drives both the planar
//! chain and the 3-D one: the error toward a target per rate, the position a step
//! ahead, the mass matrix, the bias and the gravity torques.

use crate::body::chain::{
    advanced3, bias, bias3, gravity3, joint_errors3, mass_matrix, mass_matrix3, Chain3,
    Chain3State, ChainState, JointPosition, PlanarChain,
};
use crate::error::{finite, Error};

/// A chain as its laws see it: [`PlanarChain`] (one angle per joint) or [`Chain3`]
/// (hinges and balls). Every list of numbers is one per rate (degree of freedom), in
/// joint order; the dynamics are `M(q) qdd + C(q, qd) = tau`.
pub trait JointSpace {
    /// One joint's position: an angle (rad), or a [`JointPosition`] in 3-D.
    type Position: Copy + core::fmt::Debug + PartialEq;
    /// The chain's state (positions and rates).
    type State;
    /// Rates in all.
    fn rates_count(&self) -> usize;
    /// The positions of `state`.
    fn positions(state: &Self::State) -> &[Self::Position];
    /// The rates of `state` (rad/s).
    fn rates(state: &Self::State) -> &[f64];
    /// Checks the target pose, naming `target` if it is not one finite position of the
    /// right kind per joint (a ball's quaternion of unit length).
    fn check_target(&self, target: &[Self::Position]) -> Result<(), Error>;
    /// The error per rate (rad) at `q` toward `target`, `e = q* - q` in the rates' terms
    /// (a ball's: [`crate::body::chain::ball_error`], in world axes).
    fn error(&self, q: &[Self::Position], target: &[Self::Position]) -> Vec<f64>;
    /// `q + qd dt`: the positions turned by the rates held over `dt` s.
    fn advanced(&self, q: &[Self::Position], qd: &[f64], dt: f64) -> Vec<Self::Position>;
    /// The mass matrix `M(q)`, kg m^2.
    fn mass_matrix(&self, q: &[Self::Position]) -> Vec<Vec<f64>>;
    /// The bias `C(q, qd)`: gravity, Coriolis and centrifugal torques, N m.
    fn bias(&self, q: &[Self::Position], qd: &[f64]) -> Vec<f64>;
    /// The gravity torques `G(q) = C(q, 0)`, N m.
    fn gravity_torques(&self, q: &[Self::Position]) -> Vec<f64> {
        self.bias(q, &vec![0.0; self.rates_count()])
    }
    /// Checks that `values` has one finite number per rate, naming `field` if not.
    fn check_per_rate(&self, field: &'static str, values: &[f64]) -> Result<(), Error> {
        let n = self.rates_count() as f64;
        crate::error::in_range(field, values.len() as f64, n, n)?;
        values
            .iter()
            .try_for_each(|&v| finite(field, v).map(|_| ()))
    }
}

/// The planar chain: positions are angles, `e = q* - q`, `q + qd dt` as written.
impl JointSpace for PlanarChain {
    type Position = f64;
    type State = ChainState;
    fn rates_count(&self) -> usize {
        self.dofs()
    }
    fn positions(state: &ChainState) -> &[f64] {
        &state.q
    }
    fn rates(state: &ChainState) -> &[f64] {
        &state.qd
    }
    fn check_target(&self, target: &[f64]) -> Result<(), Error> {
        self.check("target", target)
    }
    fn check_per_rate(&self, field: &'static str, values: &[f64]) -> Result<(), Error> {
        self.check(field, values)
    }
    fn error(&self, q: &[f64], target: &[f64]) -> Vec<f64> {
        q.iter().zip(target).map(|(q, t)| t - q).collect()
    }
    fn advanced(&self, q: &[f64], qd: &[f64], dt: f64) -> Vec<f64> {
        q.iter().zip(qd).map(|(q, v)| q + v * dt).collect()
    }
    fn mass_matrix(&self, q: &[f64]) -> Vec<Vec<f64>> {
        mass_matrix(self, q)
    }
    fn bias(&self, q: &[f64], qd: &[f64]) -> Vec<f64> {
        bias(self, q, qd)
    }
}

/// The 3-D chain: a hinge as the planar joint; a ball's error in world axes
/// ([`joint_errors3`]) and its `q + qd dt` the quaternion turned by its rate
/// ([`advanced3`]).
impl JointSpace for Chain3 {
    type Position = JointPosition;
    type State = Chain3State;
    fn rates_count(&self) -> usize {
        self.dofs()
    }
    fn positions(state: &Chain3State) -> &[JointPosition] {
        &state.q
    }
    fn rates(state: &Chain3State) -> &[f64] {
        &state.qd
    }
    fn check_target(&self, target: &[JointPosition]) -> Result<(), Error> {
        self.check_named("target", target)
    }
    fn error(&self, q: &[JointPosition], target: &[JointPosition]) -> Vec<f64> {
        joint_errors3(self, q, target)
    }
    fn advanced(&self, q: &[JointPosition], qd: &[f64], dt: f64) -> Vec<JointPosition> {
        advanced3(self, q, qd, dt)
    }
    fn mass_matrix(&self, q: &[JointPosition]) -> Vec<Vec<f64>> {
        mass_matrix3(self, q)
    }
    fn bias(&self, q: &[JointPosition], qd: &[f64]) -> Vec<f64> {
        bias3(self, q, qd)
    }
    fn gravity_torques(&self, q: &[JointPosition]) -> Vec<f64> {
        gravity3(self, q)
    }
}
