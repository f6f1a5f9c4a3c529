use crate::error::{finite, Error};

/// Where a 1-D body should be: position `x` (m) and velocity `v` (m/s).
///
/// A target moving at constant velocity is `x(t) = x0 + v t`; controllers that look one
/// step ahead predict it as `x + v dt`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Target1 {
    /// Target position, m.
    pub x: f64,
    /// Target velocity, m/s.
    pub v: f64,
}

impl Target1 {
    /// A target at rest at `x`.
    pub fn at(x: f64) -> Target1 {
        Target1 { x, v: 0.0 }
    }

    /// Checks that both values are finite.
    pub fn validate(&self) -> Result<(), Error> {
        finite("target.x", self.x)?;
        finite("target.v", self.v)?;
        Ok(())
    }
}
